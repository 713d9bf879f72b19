package api

import (
	"context"
	"sort"
)

// Exemptions are what a company is exempt from: mostly keeping a register
// of persons with significant control, because its shares trade on a
// regulated market. Exemptions is keyed by the exemption's member name
// (psc_exempt_as_trading_on_regulated_market...); a key the registry adds
// later is kept too.
type Exemptions struct {
	DocumentInfo
	Links struct {
		Self string `json:"self"`
	} `json:"links"`
	Exemptions map[string]Exemption `json:"exemptions"`
}

// The exemptions the registry is known to send, in the order Keys lists
// them.
const (
	ExemptPSCTradingOnRegulatedMarket   = "psc_exempt_as_trading_on_regulated_market"
	ExemptPSCSharesAdmittedOnMarket     = "psc_exempt_as_shares_admitted_on_market"
	ExemptPSCTradingOnUKRegulatedMarket = "psc_exempt_as_trading_on_uk_regulated_market"
	ExemptPSCTradingOnEURegulatedMarket = "psc_exempt_as_trading_on_eu_regulated_market"
	ExemptDisclosureTransparencyRules   = "disclosure_transparency_rules_chapter_five_applies"
)

var exemptionOrder = []string{
	ExemptPSCTradingOnUKRegulatedMarket, ExemptPSCTradingOnRegulatedMarket, ExemptPSCTradingOnEURegulatedMarket,
	ExemptPSCSharesAdmittedOnMarket, ExemptDisclosureTransparencyRules,
}

// Exemption is one exemption and the periods it applied for. ExemptionType
// is the same key written with hyphens.
type Exemption struct {
	ExemptionType string            `json:"exemption_type"`
	Items         []ExemptionPeriod `json:"items"`
}

// ExemptionPeriod is a period of exemption; an empty ExemptTo means it
// still applies.
type ExemptionPeriod struct {
	ExemptFrom string `json:"exempt_from"`
	ExemptTo   string `json:"exempt_to"`
}

// Current reports whether the exemption applies now: one of its periods
// has no end.
func (e Exemption) Current() bool {
	for _, p := range e.Items {
		if p.ExemptTo == "" {
			return true
		}
	}
	return false
}

// Keys lists the exemptions present: the known ones in a fixed order, then
// any others by name.
func (e *Exemptions) Keys() []string {
	var keys []string
	for _, k := range exemptionOrder {
		if _, ok := e.Exemptions[k]; ok {
			keys = append(keys, k)
		}
	}
	var others []string
	for k := range e.Exemptions {
		known := false
		for _, o := range exemptionOrder {
			known = known || k == o
		}
		if !known {
			others = append(others, k)
		}
	}
	sort.Strings(others)
	return append(keys, others...)
}

// Exemptions fetches the exemptions a profile (or a PSC list) links to.
// The registry answers 404 when there are none, which is an answer with
// Empty set.
func (c *Client) Exemptions(ctx context.Context, link string) (*Exemptions, error) {
	return fetchAs[*Exemptions](ctx, c, ResExemptions, link, Page{})
}
