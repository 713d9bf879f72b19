package ui

import (
	"testing"

	"coview/api"
	"coview/present"
)

// shown is an answer as the browser's cache keeps it: in rows.
func shown(a *api.Answer) *present.Page { return present.Show(a, nil) }

func TestListPageCountsPagesAndKnowsWhenItIsDone(t *testing.T) {
	all := makeOfficers(250)
	total, active := 250, 250
	var l *listPage
	for start := 0; l == nil || !l.done; start = l.loaded {
		end := min(start+100, len(all))
		pg := shown(api.NewAnswer(api.Resource{Kind: api.ResOfficers}, nil, &api.Officers{Items: all[start:end], TotalResults: &total, ActiveCount: &active}))
		if l == nil {
			l = newListPage(pg)
		} else {
			l.add(pg)
		}
		if start > 300 {
			t.Fatal("never done")
		}
	}
	if l.count != 250 || l.loaded != 250 || l.total != 250 {
		t.Fatalf("rows %d loaded %d total %d", l.count, l.loaded, l.total)
	}
	if l.summary != "250 officers: 250 active" {
		t.Fatalf("summary %q", l.summary)
	}
}

func TestListPageStopsOnAnEmptyPageWhenTheTotalIsUnknown(t *testing.T) {
	l := newListPage(shown(api.NewAnswer(api.Resource{Kind: api.ResFilings}, nil, &api.FilingHistory{Items: makeFilings(100)})))
	if l.done {
		t.Fatal("done after a full page with no total")
	}
	l.add(shown(api.NewAnswer(api.Resource{Kind: api.ResFilings}, nil, &api.FilingHistory{})))
	if !l.done || l.count != 100 {
		t.Fatalf("done %v with %d rows", l.done, l.count)
	}
}

func TestListPageKeepsTheWidestCellOfEachColumn(t *testing.T) {
	officers := makeOfficers(2)
	officers[1].Name = "A MUCH LONGER NAME THAN THE OTHERS, Wilhelmina"
	officers[1].OfficerRole = "llp-designated-member"
	l := newListPage(shown(api.NewAnswer(api.Resource{Kind: api.ResOfficers}, nil, &api.Officers{Items: officers[:1]})))
	l.add(shown(api.NewAnswer(api.Resource{Kind: api.ResOfficers}, nil, &api.Officers{Items: officers[1:]})))
	if want := len(officers[1].Name); l.widest[0] != want {
		t.Fatalf("widest name %d, want %d", l.widest[0], want)
	}
	if want := len("LLP designated member"); l.widest[1] != want {
		t.Fatalf("widest role %d, want %d", l.widest[1], want)
	}
}
