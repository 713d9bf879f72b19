package labels

import "testing"

func TestHumanize(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"a hyphenated key becomes a sentence-case phrase", "active-proposal-to-strike-off", "Active proposal to strike off"},
		{"underscores separate words too", "made_up_date", "Made up date"},
		{"an empty key stays empty", "", ""},
		{"separators alone give nothing", " -_- ", ""},
		{"odd case and padding are normalised", "  BRAND-New_Status ", "Brand new status"},
		{"runs of separators collapse", "a--b__c", "A b c"},
		{"LLP stays an acronym even first", "llp-member", "LLP member"},
		{"UK stays an acronym mid-phrase", "transferred-from-uk", "Transferred from UK"},
		{"PSC and CIC stay acronyms", "psc-cic-manager", "PSC CIC manager"},
		{"SE is upper-cased only as a whole word", "transformed-to-se", "Transformed to SE"},
		{"words merely containing se are untouched", "secretary-seat", "Secretary seat"},
		{"form codes are upper-cased", "second-filing-cs01", "Second filing CS01"},
		{"ordinals are not mistaken for form codes", "1st-notice", "1st notice"},
		{"non-ASCII letters are capitalised safely", "élan-vital", "Élan vital"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Humanize(tt.in); got != tt.want {
				t.Errorf("Humanize(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
