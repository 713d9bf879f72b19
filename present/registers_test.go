package present

import (
	"slices"
	"strings"
	"testing"

	"coview/api"
)

func TestRegistersSayWhereEachIsKeptAndOpenTheFilingsThatMovedThem(t *testing.T) {
	pg := demoPage(t, "/company/00006411/registers")
	if pg.Summary != "3 registers are kept away from the registered office" {
		t.Errorf("summary %q", pg.Summary)
	}
	want := []struct {
		title string
		rows  []string
	}{
		{"Register of directors", []string{"Kept: On the public register at Companies House, since 1 Mar 2017", "1 Mar 2017: Moved to the public register at Companies House"}},
		{"Register of people with significant control", []string{"Kept: On the public register at Companies House, since 1 Mar 2017", "1 Mar 2017: Moved to the public register at Companies House"}},
		{"Register of directors' home addresses", []string{"Kept: On the public register at Companies House, since 1 Mar 2017", "1 Mar 2017: Moved to the public register at Companies House"}},
		{"Register of members", []string{"Kept: At the registered office, since 30 Jun 2022", "30 Jun 2022: Moved back to the registered office", "11 May 2015: Moved to the company's inspection address (SAIL)"}},
	}
	for i, w := range want {
		if pg.Sections[i].Title != w.title {
			t.Errorf("section %d is %q, want %q", i, pg.Sections[i].Title, w.title)
		}
		if got := rowsIn(pg, w.title); !slices.Equal(got, w.rows) {
			t.Errorf("%s:\n%s\nwant:\n%s", w.title, strings.Join(got, "\n"), strings.Join(w.rows, "\n"))
		}
	}
	links := linksIn(pg)
	if len(links) != 5 {
		t.Fatalf("%d moves open a filing, want 5", len(links))
	}
	c := demoRegistry(t)
	for _, l := range links {
		if a, _ := follow(t, c, l.Link); !holds[*api.FilingItem](a) || !strings.HasPrefix(l.Open, "Filing: ") {
			t.Errorf("%q opens %q titled %q", l.Value, l.Link, l.Open)
		}
	}
}

func TestRegistersQuirksAndWhatTheRegistryAddsLater(t *testing.T) {
	t.Run("registers kept at the registered office are a 404", func(t *testing.T) {
		if pg := demoPage(t, "/company/00006400/registers"); pg.Summary != "This company keeps its registers at its registered office." {
			t.Errorf("summary %q", pg.Summary)
		}
	})
	t.Run("moves out of order, a register and a place the registry adds later", func(t *testing.T) {
		pg := servedPage(t, "/company/00000001/registers", `{"registers": {"register_of_moons": {"items": [
		  {"moved_on": "2010-01-01", "register_moved_to": "registered-office"},
		  {"moved_on": "2020-01-01", "register_moved_to": "the-moon"}]}}}`)
		want := []string{"Kept: The moon, since 1 Jan 2020", "1 Jan 2020: Moved to: The moon", "1 Jan 2010: Moved back to the registered office"}
		if got := rowsIn(pg, "Register of moons"); !slices.Equal(got, want) {
			t.Errorf("rows %q", got)
		}
		if len(linksIn(pg)) != 0 {
			t.Errorf("moves without a filing open something")
		}
	})
	t.Run("hostile text is made harmless", func(t *testing.T) {
		assertSafe(t, servedPage(t, "/company/00000001/registers", `{"registers": {"EVIL": {"register_type": "EVIL",
		  "items": [{"moved_on": "EVIL", "register_moved_to": "EVIL", "links": {"filing": "/company/00000001/filing-history/a"}}]}}}`))
	})
}
