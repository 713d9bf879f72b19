package labels

import (
	"strings"
	"testing"
)

func TestNaturesOfControlAreReadFromTheirParts(t *testing.T) {
	tests := []struct {
		name, key, want string
	}{
		{"a band of shares", "ownership-of-shares-25-to-50-percent", "owns 25–50% of shares"},
		{"the top band of votes", "voting-rights-75-to-100-percent", "holds 75–100% of voting rights"},
		{"the right to appoint directors", "right-to-appoint-and-remove-directors", "can appoint or remove directors"},
		{"significant influence", "significant-influence-or-control", "has significant influence or control"},
		{"shares held by a trust the person controls", "ownership-of-shares-75-to-100-percent-as-trust", "controls a trust that holds 75–100% of shares"},
		{"votes held by a firm the person controls", "voting-rights-25-to-50-percent-as-firm", "controls a firm that holds 25–50% of voting rights"},
		{"influence through a trust", "significant-influence-or-control-as-trust", "controls a trust that has significant influence or control"},
		{"an LLP's surplus assets", "right-to-share-surplus-assets-50-to-75-percent-limited-liability-partnership", "is entitled to 50–75% of surplus assets"},
		{"an LLP's surplus assets through a trust", "right-to-share-surplus-assets-25-to-50-percent-as-trust-limited-liability-partnership", "controls a trust that is entitled to 25–50% of surplus assets"},
		{"an LLP's members", "right-to-appoint-and-remove-members-limited-liability-partnership", "can appoint or remove the members who manage it"},
		{"an LLP's influence through a firm", "significant-influence-or-control-as-firm-limited-liability-partnership", "controls a firm that has significant influence or control"},
		{"a Scottish partnership's surplus assets", "part-right-to-share-surplus-assets-75-to-100-percent", "is entitled to 75–100% of the partnership's surplus assets"},
		{"a Scottish partnership's managers", "right-to-appoint-and-remove-person-as-firm", "controls a firm that can appoint or remove those who manage the partnership"},
		{"an overseas entity's shares", "ownership-of-shares-more-than-25-percent-registered-overseas-entity", "owns more than 25% of shares"},
		{"an overseas entity's owner as trustee", "voting-rights-more-than-25-percent-as-trust-registered-overseas-entity", "is a trustee of a trust that holds more than 25% of voting rights"},
		{"an overseas entity's owner as member of a firm", "right-to-appoint-and-remove-directors-as-firm-registered-overseas-entity", "is a member of a firm that can appoint or remove directors"},
		{"an overseas entity's owner through a trust", "ownership-of-shares-more-than-25-percent-as-control-over-trust-registered-overseas-entity", "controls a trust that holds more than 25% of shares"},
		{"an overseas entity's owner through a firm", "significant-influence-or-control-as-control-over-firm-registered-overseas-entity", "controls a firm that has significant influence or control"},
		{"land held as nominee", "registered-owner-as-nominee-person-england-wales-registered-overseas-entity", "the entity owns land in England and Wales as their nominee"},
		{"land held for another entity", "registered-owner-as-nominee-another-entity-northern-ireland-registered-overseas-entity", "the entity owns land in Northern Ireland as nominee for another entity they own"},
		{"odd case and padding", "  Ownership-Of-Shares-50-To-75-Percent ", "owns 50–75% of shares"},
		{"a band on a kind that has none is not invented", "right-to-appoint-and-remove-directors-25-to-50-percent", "Right to appoint and remove directors 25 to 50 percent"},
		{"a band that is not a number", "ownership-of-shares-some-to-most-percent", "Ownership of shares some to most percent"},
		{"a nature added later is humanised", "right-to-name-the-company-cat", "Right to name the company cat"},
		{"nothing stays nothing", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := NatureOfControl(tt.key); got != tt.want {
				t.Errorf("NatureOfControl(%q) = %q, want %q", tt.key, got, tt.want)
			}
		})
	}
}

// Every combination of the parts that the registry uses reads as words of
// our own: no key is humanised and no placeholder is left over.
func TestEveryCombinationOfKnownPartsReadsAsWords(t *testing.T) {
	bands := []string{"-25-to-50-percent", "-50-to-75-percent", "-75-to-100-percent"}
	for kind, k := range controlKinds() {
		for _, body := range []string{"", bodyLLP, bodyOverseas} {
			for _, capacity := range append([]string{""}, controlCapacities...) {
				withBands := []string{""}
				if k.owns != "" {
					withBands = bands
					if body == bodyOverseas {
						withBands = []string{"-more-than-25-percent"}
					}
				}
				for _, band := range withBands {
					key := kind + band + capacity + body
					got := NatureOfControl(key)
					if got == Humanize(key) || strings.Contains(got, "%s") || got != strings.TrimSpace(got) {
						t.Errorf("NatureOfControl(%q) = %q", key, got)
					}
				}
			}
		}
	}
}
