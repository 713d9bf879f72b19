package labels

import "testing"

func TestPSCKindsAreNamedLongAndShort(t *testing.T) {
	tests := []struct {
		name, kind, long, short string
	}{
		{"an individual", "individual-person-with-significant-control", "Individual", "Individual"},
		{"a corporate entity", "corporate-entity-person-with-significant-control", "Company or other corporate body", "Corporate"},
		{"a legal person", "legal-person-person-with-significant-control", "Legal person that is not a company (such as a public body)", "Legal person"},
		{"a super-secure person", "super-secure-person-with-significant-control", "Protected person", "Protected"},
		{"a beneficial owner", "individual-beneficial-owner", "Beneficial owner: an individual", "Individual"},
		{"a protected beneficial owner", "super-secure-beneficial-owner", "Beneficial owner: a protected person", "Protected"},
		{"a kind added later loses its suffix", "trust-person-with-significant-control", "Trust", "Trust"},
		{"a beneficial-owner kind added later too", "nominee-beneficial-owner", "Nominee", "Nominee"},
		{"anything else is humanised", "something-else", "Something else", "Something else"},
		{"no kind is no words", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PSCKind(tt.kind); got != tt.long {
				t.Errorf("PSCKind(%q) = %q, want %q", tt.kind, got, tt.long)
			}
			if got := PSCKindShort(tt.kind); got != tt.short {
				t.Errorf("PSCKindShort(%q) = %q, want %q", tt.kind, got, tt.short)
			}
		})
	}
}

func TestAProtectedPersonsDescriptionIsExplained(t *testing.T) {
	for _, d := range []string{"super-secure-persons-with-significant-control", "super-secure-person-with-significant-control", "super-secure-beneficial-owner"} {
		if got := SuperSecure(d); len(got) < 40 || got[len(got)-1] != '.' {
			t.Errorf("SuperSecure(%q) = %q, want a sentence", d, got)
		}
	}
	if got := SuperSecure("protected-for-a-new-reason"); got != "Protected for a new reason" {
		t.Errorf("an unknown description: %q", got)
	}
}
