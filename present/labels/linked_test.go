package labels

import "testing"

// The tables for the pages a profile links to give clean labels for every
// key they know, and a humanised one for a key they do not.
func TestEveryLinkedResourceLabelIsClean(t *testing.T) {
	lookups := []struct {
		fn    string
		table map[string]string
		say   func(string) string
	}{
		{"ChargeStatus", chargeStatuses(), ChargeStatus},
		{"ChargeDescriptionType", chargeDescriptionTypes(), ChargeDescriptionType},
		{"AssetsCeasedReleased", assetsCeasedReleased(), AssetsCeasedReleased},
		{"ChargeTransaction", chargeTransactions(), ChargeTransaction},
		{"InsolvencyCase", insolvencyCases(), InsolvencyCase},
		{"InsolvencyDate", insolvencyDates(), InsolvencyDate},
		{"PractitionerRole", practitionerRoles(), PractitionerRole},
		{"Exemption", exemptions(), Exemption},
		{"Register", registers(), Register},
		{"FilingCategory", filingCategories(), FilingCategory},
		{"IdentificationType", identificationTypes(), IdentificationType},
		{"SuperSecure", superSecure(), SuperSecure},
	}
	for _, l := range lookups {
		for k := range l.table {
			if why := cleanLabel(l.say(k)); why != "" {
				t.Errorf("%s(%q) = %q: %s", l.fn, k, l.say(k), why)
			}
		}
		if got := l.say("a-key-from-next-year"); got != "A key from next year" {
			t.Errorf("%s of an unknown key = %q", l.fn, got)
		}
	}
	for k := range registerPlaces() {
		for _, got := range []string{RegisterPlace(k), RegisterMove(k)} {
			if why := cleanLabel(got); why != "" {
				t.Errorf("register place %q: %q: %s", k, got, why)
			}
		}
	}
}

func TestInsolvencyDatesReadBeforeTheirDate(t *testing.T) {
	tests := map[string]string{
		"wound-up-on":            "Wound up on",
		"petitioned-on":          "Petitioned on",
		"due-to-be-dissolved-on": "Due to be dissolved on",
		"struck-by-lightning-on": "Struck by lightning on",
	}
	for k, want := range tests {
		if got := InsolvencyDate(k); got != want {
			t.Errorf("InsolvencyDate(%q) = %q, want %q", k, got, want)
		}
	}
}

func TestExemptionsAndRegistersAreNamedEitherWay(t *testing.T) {
	for _, k := range []string{"psc_exempt_as_trading_on_uk_regulated_market", "psc-exempt-as-trading-on-uk-regulated-market"} {
		if got := Exemption(k); got != "Its shares trade on a UK regulated market" || !IsPSCExemption(k) {
			t.Errorf("Exemption(%q) = %q, PSC %v", k, got, IsPSCExemption(k))
		}
	}
	if IsPSCExemption("exempt-from-paying-for-lunch") {
		t.Error("an unknown exemption taken for a PSC one")
	}
	for _, k := range []string{"usual_residential_address", "usual-residential-address"} {
		if got := Register(k); got != "Register of directors' home addresses" {
			t.Errorf("Register(%q) = %q", k, got)
		}
	}
	if got := RegisterMove("the-moon"); got != "Moved to: The moon" {
		t.Errorf("an unknown place: %q", got)
	}
}
