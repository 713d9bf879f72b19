package labels

import "testing"

func TestChargeFilingTypesAreReadWithoutTheirFormVariants(t *testing.T) {
	tests := []struct {
		name, key, want string
	}{
		{"a charge created by deed", "create-charge-with-deed", "Charge registered"},
		{"an old charge", "create-charge-pre-2006-companies-act", "Charge registered"},
		{"a Northern Irish form", "create-charge-northern-ireland-pre-2006-companies-act-form-402DF", "Charge registered"},
		{"a late registration says so", "create-charge-with-deed-with-charles-court-order-limited-liability-partnership", "Charge registered (late, with the court's leave)"},
		{"a satisfaction", "charge-satisfaction", "Satisfaction of the charge"},
		{"an old Scottish satisfaction", "charge-satisfaction-scotland-pre-april-2013", "Satisfaction of the charge"},
		{"part satisfied", "charge-part-satisfaction-limited-liability-partnership", "Satisfaction of part of the charge"},
		{"a release with a doubled hyphen", "charge-part-or-whole-release-pre-april-2013--limited-liability-partnership-scotland", "Property released from the charge, in part or in whole"},
		{"a floating charge released", "charge-released-floating-charge-in-scotland-pre-april-2013", "Property released from a floating charge"},
		{"an acquisition", "acquire-charge-limited-liability-partnership-pre-april-2013-scotland", "Charge registered on property the company acquired"},
		{"a receiver by the court", "liquidation-appointment-of-receiver-by-court-scotland", "Receiver or manager appointed by the court"},
		{"a trustee", "trustee-acting-as-limited-liability-partnership", "The company acts as trustee on the charge"},
		{"an unknown type is humanised", "charge-eaten-by-goat", "Charge eaten by goat"},
		{"nothing stays nothing", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ChargeTransaction(tt.key); got != tt.want {
				t.Errorf("ChargeTransaction(%q) = %q, want %q", tt.key, got, tt.want)
			}
		})
	}
}

func TestChargeStatusesAreWordsAndSatisfiedOnesAreTold(t *testing.T) {
	tests := []struct {
		status, want string
		satisfied    bool
	}{
		{"outstanding", "Outstanding", false},
		{"part-satisfied", "Partly satisfied", false},
		{"fully-satisfied", "Fully satisfied", true},
		{" Satisfied ", "Satisfied", true},
		{"written-off", "Written off", false},
	}
	for _, tt := range tests {
		if got := ChargeStatus(tt.status); got != tt.want {
			t.Errorf("ChargeStatus(%q) = %q, want %q", tt.status, got, tt.want)
		}
		if got := ChargeSatisfied(tt.status); got != tt.satisfied {
			t.Errorf("ChargeSatisfied(%q) = %v", tt.status, got)
		}
	}
}
