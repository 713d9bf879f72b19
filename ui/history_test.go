package ui

import (
	"testing"

	"coview/api"
	"coview/ui/common"
)

func listPlace(kind api.ResourceKind, n api.Number, link string) common.Place {
	return common.Place{Res: api.Resource{Kind: kind, Number: n, Link: link}, Company: n}
}

func TestHistoryBackForwardAndBranching(t *testing.T) {
	t.Parallel()
	h := newHistory()
	a := common.CompanyPlace("00000001")
	b := listPlace(api.ResOfficers, "00000001", "/company/00000001/officers")
	c := common.CompanyPlace("00000002")
	h.push(a)
	h.push(b)
	h.push(c)
	if p, ok := h.peek(-1); !ok || !p.Same(b) {
		t.Fatalf("back from c is %+v", p)
	}
	h.move(-1)
	h.move(-1)
	if p := h.places[h.at]; !p.Same(a) {
		t.Fatalf("two steps back is %+v", p)
	}
	if _, ok := h.peek(-1); ok {
		t.Fatal("back from the first page")
	}
	h.move(1)
	if p := h.places[h.at]; !p.Same(b) {
		t.Fatalf("forward is %+v", p)
	}
	// Opening something new from b drops c, as a browser does.
	d := listPlace(api.ResFilings, "00000001", "/company/00000001/filing-history")
	h.push(d)
	if _, ok := h.peek(1); ok {
		t.Fatal("forward still possible after opening a new page")
	}
	if len(h.places) != 3 {
		t.Fatalf("%d places, want 3", len(h.places))
	}
}

func TestHistorySaveKeepsTheViewOfTheCurrentPageOnly(t *testing.T) {
	t.Parallel()
	h := newHistory()
	a := common.CompanyPlace("00000001")
	h.push(a)
	a.Tab, a.Cursor = 4, 2
	h.save(a)
	other := common.CompanyPlace("00000009")
	other.Tab = 3
	h.save(other) // not the current page
	p := h.places[h.at]
	if p.Tab != 4 || p.Cursor != 2 || p.Company != "00000001" {
		t.Fatalf("current is %+v", p)
	}
}

func TestHistoryIsBounded(t *testing.T) {
	t.Parallel()
	h := newHistory()
	for i := range historyLimit + 50 {
		p := common.CompanyPlace("00000001")
		p.Cursor = i
		h.push(p)
	}
	if len(h.places) != historyLimit || h.at != historyLimit-1 {
		t.Fatalf("%d places, at %d", len(h.places), h.at)
	}
}
