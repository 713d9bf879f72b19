package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/common"
	"coview/watch"
)

// The pages TestVenomInEveryFieldNeverReachesTheScreenRaw goes through
// beyond a company's own: the form of an advanced search and what it
// finds, a company's neighbours in the index, a dissolved company search,
// a filing history by category, the disqualified officers' tab and their
// records, and the watch page.

// findCompanies fills in the form, lists what it finds (sorted both
// ways), opens a row, and shows the names filed next to a row's company,
// paging the index both ways.
func findCompanies(t *testing.T, m *model, s seen) {
	t.Helper()
	fillFinder(t, m, "", "", "active", "", "62020")
	nothingRaw(t, m, "the form of an advanced search")
	s.add(m)
	press(t, m, "enter")
	if place(m).Res.Kind != api.ResAdvancedSearch {
		t.Fatalf("the form found nothing: on %s\n%s", describe(m), screen(m))
	}
	mustContain(t, screen(m), "␛[31mRED")
	for _, k := range []string{"s", "s", "S"} {
		press(t, m, k)
		nothingRaw(t, m, "the companies found, sorted with "+k)
	}
	visitPage(t, m, s, 1)
	press(t, m, "a")
	if place(m).Res.Kind != api.ResAlphabeticalSearch {
		t.Fatalf("a on a company found opened %s\n%s", describe(m), screen(m))
	}
	press(t, m, "home", "up", "end", "down")
	nothingRaw(t, m, "the neighbours, paged both ways")
	visitPage(t, m, s, 1)
	press(t, m, "backspace", "backspace", "esc")
}

// findDissolved opens a search of dissolved companies, which the found
// part draws as it draws an advanced search's.
func findDissolved(t *testing.T, m *model, s seen) {
	t.Helper()
	res := api.DissolvedResource("copper", api.DissolvedAlphabetical, "", "")
	send(t, m, common.OpenMsg{To: common.Place{Res: res, Title: "Dissolved companies"}})
	if place(m).Res.Kind != api.ResDissolvedSearch || rowsOf(m) == nil || rowsOf(m).Len() == 0 {
		t.Fatalf("no dissolved companies: on %s\n%s", describe(m), screen(m))
	}
	mustContain(t, screen(m), "␛[31mRED")
	visitPage(t, m, s, 1)
	press(t, m, "backspace")
}

// filingsByCategory goes round a filing history's categories.
func filingsByCategory(t *testing.T, m *model) {
	t.Helper()
	follow(t, m, "00006401", "Filing history")
	for range 12 {
		press(t, m, "C")
		nothingRaw(t, m, "the filings of a category: "+describe(m))
	}
	press(t, m, "backspace")
}

// searchDisqualified lists the disqualified officers a name finds, on
// the results' fourth tab, and opens the record of each.
func searchDisqualified(t *testing.T, m *model, s seen, name string) {
	t.Helper()
	press(t, m, "/")
	typeName(t, m, name)
	nothingRaw(t, m, "matches for "+name)
	press(t, m, "enter", "4")
	if place(m).Res.Kind != api.ResSearchDisqualified {
		t.Fatalf("4 showed %s\n%s", describe(m), screen(m))
	}
	mustContain(t, screen(m), "␛[31mRED")
	visitPage(t, m, s, 1)
}

// watchPage watches companies named with venom (w), opens the watch page
// (W), checks it (r) and opens a company from it.
func watchPage(t *testing.T, m *model, s seen, numbers ...string) {
	t.Helper()
	run(t, m, m.makers.watches.Init())
	for _, n := range numbers {
		send(t, m, tea.PasteMsg{Content: n + "\n"})
		press(t, m, "w")
		if !strings.HasPrefix(m.c.Note.Text, "Watching "+n) {
			t.Fatalf("w on %s: %q", n, m.c.Note.Text)
		}
		nothingRaw(t, m, n+" watched")
	}
	press(t, m, "W")
	if place(m).Show != common.ShowWatching || rowsOf(m) == nil || rowsOf(m).Len() < len(numbers) {
		t.Fatalf("W showed %s\n%s", describe(m), screen(m))
	}
	nothingRaw(t, m, "the watch page")
	mustContain(t, screen(m), "␛[31mRED")
	s.add(m)
	press(t, m, "r")
	until(t, "the check to end", func() bool {
		nothingRaw(t, m, "the watch page, checking")
		return !m.makers.watches.Checking()
	})
	nothingRaw(t, m, "the watch page, checked")
	press(t, m, "end")
	nothingRaw(t, m, "the watch page's last row")
	press(t, m, "home", "enter")
	nothingRaw(t, m, "a company opened from the watch page")
	press(t, m, "backspace")
}

// venomousWatchList is a watch list in a temporary directory, checked
// over the venomous registry.
func venomousWatchList(t *testing.T, reg *api.Client) func(bool) (*watch.Watcher, error) {
	var w *watch.Watcher
	path := t.TempDir() + "/watch.db"
	return func(create bool) (*watch.Watcher, error) {
		if w != nil {
			return w, nil
		}
		if !create {
			return nil, nil
		}
		st, err := watch.Open(path, "venom", watch.StoreOptions{})
		if err != nil {
			return nil, err
		}
		t.Cleanup(func() { st.Close() })
		w = watch.New(st, reg, watch.Options{InFlight: 1})
		return w, nil
	}
}
