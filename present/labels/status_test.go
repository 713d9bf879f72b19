package labels

import "testing"

func TestStatus(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"active is active", "active", "Active"},
		{"liquidation reads as a state", "liquidation", "In liquidation"},
		{"converted-closed is spelled out", "converted-closed", "Converted or closed"},
		{"case and padding are ignored", "  DISSOLVED ", "Dissolved"},
		{"an unknown status is humanised", "brand-new-status", "Brand new status"},
		{"an empty status stays empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Status(tt.in); got != tt.want {
				t.Errorf("Status(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestStatusDetail(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"a proposed strike-off is named", "active-proposal-to-strike-off", "Strike-off proposed"},
		{"a UK societas conversion is named", "converted-to-uk-societas", "Converted to a UK societas"},
		{"a detail repeating the status is dropped", "active", ""},
		{"an unknown detail is humanised", "moved-to-mars", "Moved to mars"},
		{"an empty detail stays empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := StatusDetail(tt.in); got != tt.want {
				t.Errorf("StatusDetail(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestCessationLabel(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"a dissolved company was dissolved", "dissolved", "Dissolved on"},
		{"a converted-closed company was closed", "converted-closed", "Closed on"},
		{"a closed establishment was closed", "closed", "Closed on"},
		{"a removed entity was removed", "removed", "Removed on"},
		{"a restored active company has merely ceased", "active", "Ceased on"},
		{"an unknown status has ceased", "", "Ceased on"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CessationLabel(tt.in); got != tt.want {
				t.Errorf("CessationLabel(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
