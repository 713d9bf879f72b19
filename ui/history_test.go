package ui

import "testing"

func TestHistoryBackForwardAndBranching(t *testing.T) {
	h := newHistory()
	a := place{kind: kindProfile, number: "00000001"}
	b := place{kind: kindOfficers, number: "00000001", link: "/company/00000001/officers"}
	c := place{kind: kindProfile, number: "00000002"}
	h.push(a)
	h.push(b)
	h.push(c)
	if p, ok := h.peek(-1); !ok || !p.same(b) {
		t.Fatalf("back from c is %+v", p)
	}
	h.move(-1)
	h.move(-1)
	if p := h.places[h.at]; !p.same(a) {
		t.Fatalf("two steps back is %+v", p)
	}
	if _, ok := h.peek(-1); ok {
		t.Fatal("back from the first page")
	}
	h.move(1)
	if p := h.places[h.at]; !p.same(b) {
		t.Fatalf("forward is %+v", p)
	}
	// Opening something new from b drops c, as a browser does.
	d := place{kind: kindFilings, number: "00000001", link: "/company/00000001/filing-history"}
	h.push(d)
	if _, ok := h.peek(1); ok {
		t.Fatal("forward still possible after opening a new page")
	}
	if len(h.places) != 3 {
		t.Fatalf("%d places, want 3", len(h.places))
	}
}

func TestHistorySaveKeepsTheViewOfTheCurrentPageOnly(t *testing.T) {
	h := newHistory()
	a := place{kind: kindProfile, number: "00000001"}
	h.push(a)
	a.tab, a.cursor = 4, 2
	h.save(a)
	h.save(place{kind: kindProfile, number: "00000009", tab: 3}) // not the current page
	p := h.places[h.at]
	if p.tab != 4 || p.cursor != 2 || p.number != "00000001" {
		t.Fatalf("current is %+v", p)
	}
}

func TestHistoryIsBounded(t *testing.T) {
	h := newHistory()
	for i := range historyLimit + 50 {
		h.push(place{kind: kindProfile, cursor: i})
	}
	if len(h.places) != historyLimit || h.at != historyLimit-1 {
		t.Fatalf("%d places, at %d", len(h.places), h.at)
	}
}

func TestRoute(t *testing.T) {
	for _, tc := range []struct {
		link   string
		kind   pageKind
		number string
	}{
		{"/company/00006400", kindProfile, "00006400"},
		{"/company/SC006405/officers", kindOfficers, "SC006405"},
		{"/company/00006400/filing-history", kindFilings, "00006400"},
		{"/company/00006400/filing-history?items_per_page=5", kindFilings, "00006400"},
		{"/company/00006400/persons-with-significant-control-statements", kindPSC, "00006400"},
		{"/officers/abc-DEF_123/appointments", kindAppointments, ""},
		{"/company/00006400/charges", kindJSON, "00006400"},
		{"/company/00006400/filing-history/MzAxNTk", kindJSON, "00006400"},
		{"/document/xyz", kindJSON, ""},
	} {
		kind, number := route(tc.link)
		if kind != tc.kind || number != tc.number {
			t.Errorf("route(%q) = %v %q, want %v %q", tc.link, kind, number, tc.kind, tc.number)
		}
	}
}
