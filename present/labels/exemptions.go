package labels

import (
	"strings"
	"sync"
)

// exemptions say why a company is exempt. All the registry sends today
// exempt it from keeping a register of people with significant control,
// because the market its shares trade on already makes it disclose who
// holds them. The registry names them both ways: with underscores as
// members of the exemptions object, with hyphens as their exemption_type.
var exemptions = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"psc-exempt-as-trading-on-regulated-market":          "Its shares trade on a regulated market",
		"psc-exempt-as-trading-on-uk-regulated-market":       "Its shares trade on a UK regulated market",
		"psc-exempt-as-trading-on-eu-regulated-market":       "Its shares trade on a regulated market in the EU",
		"psc-exempt-as-shares-admitted-on-market":            "Its shares are admitted to trading on a specified market",
		"disclosure-transparency-rules-chapter-five-applies": "Its major shareholdings are disclosed under chapter 5 of the Disclosure and Transparency Rules",
	}
})

// Exemption says why an exemption applies; unknown ones are humanised.
func Exemption(v string) string {
	return words(exemptions(), enumExemptionDescriptionsExemptionType, strings.ReplaceAll(v, "_", "-"))
}

// IsPSCExemption reports whether an exemption is from keeping a register
// of people with significant control, which is why a company may list
// none.
func IsPSCExemption(v string) bool {
	k := strings.ReplaceAll(norm(v), "_", "-")
	return strings.HasPrefix(k, "psc-exempt") || k == "disclosure-transparency-rules-chapter-five-applies"
}
