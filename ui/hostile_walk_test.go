package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/internal/testkit/testtime"
)

// How TestVenomInEveryFieldNeverReachesTheScreenRaw goes through every
// page: each checked with nothingRaw, and counted by kind, so the test
// knows it went everywhere.

// seen counts the kinds of pages checked.
type seen map[string]int

func (s seen) add(m *model) {
	at := place(m)
	kind := fmt.Sprintf("%d/%d", at.Res.Kind, at.Show)
	if at.Source {
		kind += " source"
	}
	s[kind]++
}

// visitCompany opens a company, looks at its five panes and its source,
// and with follow, every link of its links pane.
func visitCompany(t *testing.T, m *model, s seen, number string, follow bool) {
	t.Helper()
	send(t, m, tea.PasteMsg{Content: number + "\n"})
	if place(m).Company.String() != number {
		t.Fatalf("%s did not open: on %s\n%s", number, describe(m), screen(m))
	}
	for _, tab := range []string{"1", "2", "3", "4", "5"} {
		press(t, m, tab)
		nothingRaw(t, m, number+" pane "+tab)
	}
	press(t, m, "y")
	nothingRaw(t, m, number+" a link's URL copied")
	s.add(m)
	// Links are named with the venom as text, its escapes shown.
	if len(linksOf(m)) > 1 {
		mustContain(t, strings.Join(bodyLines(screen(m)), "\n"), "␛[31mred␛[0m")
	}
	press(t, m, "v")
	nothingRaw(t, m, number+" source")
	press(t, m, "v")
	if !follow {
		return
	}
	for i, link := range linksOf(m) {
		press(t, m, "5")
		window(m).SetPosition(i, 0)
		from := place(m)
		press(t, m, "enter")
		nothingRaw(t, m, number+" link "+link.Raw)
		if place(m).Same(from) {
			press(t, m, "esc") // refused, or the profile itself
			continue
		}
		visitPage(t, m, s, 1)
		press(t, m, "backspace")
	}
}

// visitPage looks at the page on screen, its source, a list's filter,
// current rows and end, and, depth pages on, what its first row or first
// link opens.
func visitPage(t *testing.T, m *model, s seen, depth int) {
	t.Helper()
	where := describe(m)
	nothingRaw(t, m, where)
	s.add(m)
	press(t, m, "y")
	nothingRaw(t, m, where+" copied")
	press(t, m, "v")
	nothingRaw(t, m, where+" source")
	s.add(m)
	press(t, m, "v")
	if l := rowsOf(m); l != nil && l.Len() > 0 {
		press(t, m, "f")
		typeText(t, m, "e")
		nothingRaw(t, m, where+" filtered")
		press(t, m, "esc", "c")
		nothingRaw(t, m, where+" current rows")
		press(t, m, "c", "end")
		nothingRaw(t, m, where+" at its end")
		window(m).SetPosition(0, 0)
	}
	if depth == 0 {
		return
	}
	from := place(m)
	press(t, m, "enter")
	nothingRaw(t, m, where+" opened")
	if !place(m).Same(from) {
		visitPage(t, m, s, depth-1)
		press(t, m, "backspace")
	}
}

// searchFor types a name (its matches under the box), lists them all and
// looks at every tab of the results.
func searchFor(t *testing.T, m *model, s seen, name string) {
	t.Helper()
	press(t, m, "/")
	typeName(t, m, name)
	nothingRaw(t, m, "matches for "+name)
	press(t, m, "down")
	nothingRaw(t, m, "a match picked")
	press(t, m, "up", "enter")
	for _, tab := range []string{"1", "2", "3"} {
		press(t, m, tab)
		nothingRaw(t, m, "results tab "+tab)
		visitPage(t, m, s, 1)
	}
}

// walkAround walks a company's connections and looks at its three tabs.
func walkAround(t *testing.T, m *model, s seen, number string) {
	t.Helper()
	send(t, m, tea.PasteMsg{Content: number + "\n"})
	press(t, m, "x")
	for _, tab := range []string{"1", "2", "3"} {
		press(t, m, tab)
		nothingRaw(t, m, "connections tab "+tab)
		s.add(m)
	}
	press(t, m, "1", "e")
	nothingRaw(t, m, "connections walked on")
	press(t, m, "esc", "backspace")
}

// saveADocument saves the document of a filing whose description and
// type are venom: the file's name, the progress and the outcome.
func saveADocument(t *testing.T, m *model) {
	t.Helper()
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	selectLink(t, m, "Filing history")
	press(t, m, "enter", "d")
	deadline := testtime.Deadline(t)
	for !strings.Contains(screen(m), "Saved as") && !strings.Contains(screen(m), "Download failed") {
		nothingRaw(t, m, "the download under way")
		if time.Now().After(deadline) {
			t.Fatalf("the download never ended:\n%s", screen(m))
		}
		time.Sleep(10 * time.Millisecond)
	}
	nothingRaw(t, m, "the download's outcome")
}

// walkPart is a part of the walk of TestVenomInEveryFieldNeverReachesTheScreenRaw.
type walkPart struct {
	name string
	walk func(t *testing.T, m *model, s seen)
}

// venomWalk is every page the browser draws, in parts: every company's
// panes, and the links of those that have every kind of list and
// document between them; searches, the form and what it finds, the
// watch page, connections, a download, the problems and the recent
// companies.
func venomWalk() []walkPart {
	follow := []string{"00006400", "00006401", "00006403", "FC006406", "00006411", "OE006415"}
	var parts []walkPart
	for _, numbers := range [][]string{
		{"00006400", "00006401", "00006402"}, {"00006403", "OC006404", "SC006405"},
		{"FC006406", "00006407", "00006408", "00006409"}, {"BR006410", "00006411", "00006412"},
		{"00006413", "SC006414", "OE006415", "SC006416"},
	} {
		parts = append(parts, walkPart{"companies " + strings.Join(numbers, " "), func(t *testing.T, m *model, s seen) {
			for _, n := range numbers {
				visitCompany(t, m, s, n, slices.Contains(follow, n))
			}
		}})
	}
	return append(parts,
		walkPart{"searches", func(t *testing.T, m *model, s seen) {
			visitCompany(t, m, s, "00006402", false) // on a page, / opens the search box
			searchFor(t, m, s, "sprockett")
			for _, name := range []string{"grimthorpe", "crooked candlestick"} {
				searchDisqualified(t, m, s, name)
			}
		}},
		walkPart{"finding", func(t *testing.T, m *model, s seen) {
			findCompanies(t, m, s)
			findDissolved(t, m, s)
			filingsByCategory(t, m)
		}},
		walkPart{"the watch page", func(t *testing.T, m *model, s seen) { watchPage(t, m, s, "00006400", "00006407") }},
		walkPart{"connections", func(t *testing.T, m *model, s seen) { walkAround(t, m, s, "00006412") }},
		walkPart{"a download", func(t *testing.T, m *model, s seen) { saveADocument(t, m) }},
		walkPart{"problems and the recent companies", func(t *testing.T, m *model, s seen) {
			visitCompany(t, m, s, "00006402", false)
			for _, n := range []string{"00009500", "00009999", "00009401"} {
				send(t, m, tea.PasteMsg{Content: n + "\n"})
				nothingRaw(t, m, "the problem with "+n)
				press(t, m, "esc")
			}
			if s := screen(m); !strings.Contains(s, "No API key in use") {
				t.Fatalf("the 401 did not go through the key screen:\n%s", s)
			}
			press(t, m, "/")
			nothingRaw(t, m, "the recent companies, by name")
		}},
	)
}
