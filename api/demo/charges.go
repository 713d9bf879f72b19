package demo

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// addCharges takes in a company's charges, a list file {"items":[...]}:
// each charge is filed under its self link and its status noted, so that
// the counts and ?filter=outstanding are worked out from the items.
func (c *company) addCharges(data []byte, items map[string]json.RawMessage) error {
	l, err := readList(c.number, data, items)
	if err != nil {
		return err
	}
	c.charges = l.Items
	c.chargesEtag = etag(c.number, chargesFile, string(data))
	for i, raw := range l.Items {
		var ch struct {
			Status statusValue `json:"status"`
		}
		if err := json.Unmarshal(raw, &ch); err != nil {
			return fmt.Errorf("item %d: %w", i, err)
		}
		switch ch.Status {
		case "satisfied", "fully-satisfied":
			c.chargesSatisfied++
		case "part-satisfied":
			c.chargesPartSatisfied++
		case "outstanding":
		default:
			return fmt.Errorf("item %d: unexpected status %q", i, ch.Status)
		}
		c.chargeStatuses = append(c.chargeStatuses, string(ch.Status))
	}
	return nil
}

// statusValue reads a status sent as a string or as a one-element array,
// both of which the live registry does.
type statusValue string

func (s *statusValue) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		*s = statusValue(one)
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil || len(many) != 1 {
		return fmt.Errorf("status is neither a string nor one string in an array: %s", b)
	}
	*s = statusValue(many[0])
	return nil
}

// chargeList is the live charges list. It has no paging members: the
// page is the one asked for.
type chargeList struct {
	Etag               string            `json:"etag"`
	TotalCount         int               `json:"total_count"`
	UnfilteredCount    int               `json:"unfiltered_count"`
	SatisfiedCount     int               `json:"satisfied_count"`
	PartSatisfiedCount int               `json:"part_satisfied_count"`
	Items              []json.RawMessage `json:"items"`
}

// charges serves a page of the company's charges. ?filter=outstanding (not
// in the spec, but served live) leaves out satisfied and fully satisfied
// charges and counts only what is left in total_count; the other counts
// are always of the whole register. A company with no charges (no charges
// file, or one with no items) gets 200 with total_count 0 and no items, as
// live.
func (h *handler) charges(w http.ResponseWriter, r *http.Request) {
	c := h.company(w, r)
	if c == nil {
		return
	}
	p, ok := chargesPaging.parsePage(w, r.URL.Query())
	if !ok {
		return
	}
	list := c.charges
	if r.URL.Query().Get("filter") == "outstanding" {
		list = nil
		for i, item := range c.charges {
			if s := c.chargeStatuses[i]; s != "satisfied" && s != "fully-satisfied" {
				list = append(list, item)
			}
		}
	}
	writeJSON(w, http.StatusOK, chargeList{
		Etag:               c.chargesEtag,
		TotalCount:         len(list),
		UnfilteredCount:    len(c.charges),
		SatisfiedCount:     c.chargesSatisfied,
		PartSatisfiedCount: c.chargesPartSatisfied,
		Items:              cut(list, p),
	})
}
