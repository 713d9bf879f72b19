package table

import (
	"fmt"
	"testing"

	"coview/api"
	"coview/present"
)

// shown is an answer as the browser's cache keeps it: in rows.
func shown(a *api.Answer) *present.Page { return present.Show(a, nil) }

func TestListPageCountsPagesAndKnowsWhenItIsDone(t *testing.T) {
	all := makeOfficers(250)
	total, active := 250, 250
	var l *Rows
	for start := 0; l == nil || !l.Done; start = l.Loaded {
		end := min(start+100, len(all))
		pg := shown(api.NewAnswer(api.Resource{Kind: api.ResOfficers}, nil, &api.Officers{Items: all[start:end], TotalResults: &total, ActiveCount: &active}))
		if l == nil {
			l = New(pg)
		} else {
			l.Add(pg)
		}
		if start > 300 {
			t.Fatal("never done")
		}
	}
	if l.Count != 250 || l.Loaded != 250 || l.Total != 250 {
		t.Fatalf("rows %d loaded %d total %d", l.Count, l.Loaded, l.Total)
	}
	if l.Summary != "250 officers: 250 active" {
		t.Fatalf("summary %q", l.Summary)
	}
}

func TestListPageStopsOnAnEmptyPageWhenTheTotalIsUnknown(t *testing.T) {
	l := New(shown(api.NewAnswer(api.Resource{Kind: api.ResFilings}, nil, &api.FilingHistory{Items: makeFilings(100)})))
	if l.Done {
		t.Fatal("done after a full page with no total")
	}
	l.Add(shown(api.NewAnswer(api.Resource{Kind: api.ResFilings}, nil, &api.FilingHistory{})))
	if !l.Done || l.Count != 100 {
		t.Fatalf("done %v with %d rows", l.Done, l.Count)
	}
}

func TestListPageKeepsTheWidestCellOfEachColumn(t *testing.T) {
	officers := makeOfficers(2)
	officers[1].Name = "A MUCH LONGER NAME THAN THE OTHERS, Wilhelmina"
	officers[1].OfficerRole = "llp-designated-member"
	l := New(shown(api.NewAnswer(api.Resource{Kind: api.ResOfficers}, nil, &api.Officers{Items: officers[:1]})))
	l.Add(shown(api.NewAnswer(api.Resource{Kind: api.ResOfficers}, nil, &api.Officers{Items: officers[1:]})))
	if want := len(officers[1].Name); l.Widest[0] != want {
		t.Fatalf("widest name %d, want %d", l.Widest[0], want)
	}
	if want := len("LLP designated member"); l.Widest[1] != want {
		t.Fatalf("widest role %d, want %d", l.Widest[1], want)
	}
}

func makeOfficers(n int) []api.Officer {
	out := make([]api.Officer, n)
	for i := range out {
		out[i] = api.Officer{Name: fmt.Sprintf("PERSON %04d, Test", i), OfficerRole: "director", AppointedOn: "2020-01-01"}
	}
	return out
}

func makeFilings(n int) []api.FilingItem {
	out := make([]api.FilingItem, n)
	for i := range out {
		out[i] = api.FilingItem{Date: "2026-01-02", Type: "CS01", Description: "confirmation-statement-with-no-updates"}
	}
	return out
}

// Issue 20, item 10: rows beyond what the page counts are trusted over
// the count, whatever present made of it; and a page sent again is not
// paged through for ever.
func TestRowsAreTrustedOverACountThatCannotBeRight(t *testing.T) {
	items := []present.Item{{Cells: []string{"a"}, Link: "/company/00000001"}, {Cells: []string{"b"}, Link: "/company/00000002"}, {Cells: []string{"c"}, Link: "/company/00000003"}}
	l := New(&present.Page{Columns: []present.Column{{Title: "Name"}}, Items: items, Total: 0})
	if l.Total != -1 || l.Len() != 3 || l.Done {
		t.Fatalf("total %d, %d rows, done %v after 3 rows counted as 0", l.Total, l.Len(), l.Done)
	}
	l.Add(&present.Page{Items: items, Total: -1})
	if l.Len() != 3 || !l.Done || l.Caveat != NothingNew {
		t.Fatalf("the same page again gave %d rows, done %v, saying %q", l.Len(), l.Done, l.Caveat)
	}
}

// Issue 31, item 11: the browser pages by the rule every search pages by
// on the command line: a page that brings nothing new ends the list,
// pages sent before in another order and mixed included, and the list
// says so; a page with one new row goes on.
func TestAPageThatBringsNothingNewEndsTheList(t *testing.T) {
	row := func(n string) present.Item { return present.Item{Cells: []string{n}, Link: "/company/" + n} }
	l := New(&present.Page{Columns: []present.Column{{Title: "Name"}}, Items: []present.Item{row("00000001"), row("00000002")}, Total: 100})
	l.Add(&present.Page{Items: []present.Item{row("00000003"), row("00000004")}, Total: 100})
	l.Add(&present.Page{Items: []present.Item{row("00000004"), row("00000005")}, Total: 100})
	if l.Len() != 6 || l.Done {
		t.Fatalf("%d rows, done %v, after pages each with a row not seen", l.Len(), l.Done)
	}
	l.Add(&present.Page{Items: []present.Item{row("00000003"), row("00000001"), row("00000005")}, Total: 100})
	if l.Len() != 6 || !l.Done || l.Caveat != NothingNew {
		t.Fatalf("a page of rows sent before: %d rows, done %v, saying %q", l.Len(), l.Done, l.Caveat)
	}
}
