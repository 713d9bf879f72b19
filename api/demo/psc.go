package demo

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// addPSCs takes in a company's persons with significant control: a list
// file, {"items":[...]}, optionally with "counts_missing": true to serve
// the list without its counts, as live when the registry's counts service
// fails. Each PSC is filed under its self link; a super-secure one is
// filed in the shape the live service gives a single super-secure PSC,
// which differs from its list item (see singleSuperSecure).
func (c *company) addPSCs(data []byte, items map[string]json.RawMessage) error {
	l, err := readList(c.number, data, items)
	if err != nil {
		return err
	}
	c.pscs, c.pscsCountsMissing = l.Items, l.CountsMissing
	for i, raw := range l.Items {
		var p struct {
			Kind     string `json:"kind"`
			CeasedOn string `json:"ceased_on"`
			Ceased   bool   `json:"ceased"`
			Links    struct {
				Self string `json:"self"`
			} `json:"links"`
		}
		if err := json.Unmarshal(raw, &p); err != nil {
			return fmt.Errorf("item %d: %w", i, err)
		}
		if p.Ceased != (p.CeasedOn != "") {
			return fmt.Errorf("item %d: ceased is %v but ceased_on is %q; the registry derives one from the other", i, p.Ceased, p.CeasedOn)
		}
		if p.Ceased {
			c.pscsCeased++
		} else {
			c.pscsActive++
		}
		if strings.HasPrefix(p.Kind, "super-secure-") {
			single, err := singleSuperSecure(raw)
			if err != nil {
				return fmt.Errorf("item %d: %w", i, err)
			}
			items[p.Links.Self] = single
		}
	}
	return nil
}

// singleSuperSecure is a super-secure PSC as the live service answers at
// its self link: only kind, description, etag, links and "ceased", which
// is the string "0" or "1" there rather than the list's boolean.
func singleSuperSecure(item json.RawMessage) (json.RawMessage, error) {
	var p struct {
		Etag        string          `json:"etag"`
		Kind        string          `json:"kind"`
		Description string          `json:"description"`
		Ceased      bool            `json:"ceased"`
		Links       json.RawMessage `json:"links"`
	}
	if err := json.Unmarshal(item, &p); err != nil {
		return nil, err
	}
	ceased := "0"
	if p.Ceased {
		ceased = "1"
	}
	return json.Marshal(struct {
		Ceased      string          `json:"ceased"`
		Description string          `json:"description"`
		Etag        string          `json:"etag"`
		Kind        string          `json:"kind"`
		Links       json.RawMessage `json:"links"`
	}{ceased, p.Description, p.Etag, p.Kind, p.Links})
}

// pscExemptions are the exemptions that excuse a company from keeping a
// PSC register; while one is in force, the live PSC list links to the
// company's exemptions.
var pscExemptions = []string{
	"psc_exempt_as_trading_on_regulated_market",
	"psc_exempt_as_shares_admitted_on_market",
	"psc_exempt_as_trading_on_uk_regulated_market",
	"psc_exempt_as_trading_on_eu_regulated_market",
}

// readExemptions notes whether the company's exemptions document has a PSC
// exemption in force (a period with no end).
func (c *company) readExemptions() error {
	data, ok := c.documents["exemptions"]
	if !ok {
		return nil
	}
	var doc struct {
		Exemptions map[string]struct {
			Items []struct {
				ExemptTo string `json:"exempt_to"`
			} `json:"items"`
		} `json:"exemptions"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return fmt.Errorf("exemptions.json: %w", err)
	}
	for _, key := range pscExemptions {
		for _, period := range doc.Exemptions[key].Items {
			if period.ExemptTo == "" {
				c.pscExempt = true
			}
		}
	}
	return nil
}

type pscList struct {
	ItemsPerPage int               `json:"items_per_page"`
	StartIndex   int               `json:"start_index"`
	TotalResults *int              `json:"total_results,omitempty"`
	ActiveCount  *int              `json:"active_count,omitempty"`
	CeasedCount  *int              `json:"ceased_count,omitempty"`
	Links        pscListLinks      `json:"links"`
	Items        []json.RawMessage `json:"items"`
}

type pscListLinks struct {
	Self       string `json:"self"`
	Exemptions string `json:"exemptions,omitempty"`
}

// pscs serves a page of the company's persons with significant control.
// A company with none gets 200, an empty list and zero counts, as live
// (the service answered 404 in the past).
func (h *handler) pscs(w http.ResponseWriter, r *http.Request) {
	c := h.company(w, r)
	if c == nil {
		return
	}
	p, ok := pscsPaging.parsePage(w, r.URL.Query())
	if !ok {
		return
	}
	// register_view=true is the register as held on the public register,
	// 404 for a company that keeps it itself, as live. The registry then
	// also leaves out PSCs that ceased before the register moved; no demo
	// company has one, so the list is the same.
	if r.URL.Query().Get("register_view") == "true" && !c.registerHeldAtRegistry("persons_with_significant_control") {
		notFound(w)
		return
	}
	list := pscList{
		ItemsPerPage: p.size,
		StartIndex:   p.start,
		Links:        pscListLinks{Self: "/company/" + c.number + "/persons-with-significant-control"},
		Items:        cut(c.pscs, p),
	}
	if c.pscExempt {
		list.Links.Exemptions = "/company/" + c.number + "/exemptions"
	}
	// The live service always counts an empty list; only a list with
	// items depends on the counts service.
	if !c.pscsCountsMissing || len(c.pscs) == 0 {
		total, active, ceased := len(c.pscs), c.pscsActive, c.pscsCeased
		list.TotalResults, list.ActiveCount, list.CeasedCount = &total, &active, &ceased
	}
	writeJSON(w, http.StatusOK, list)
}
