package ui

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"coview/api"
	"coview/ui/common"
)

// hostile is text a registry (or whoever answers in its place) might send
// to take over a terminal: a title change, a screen clear, a clipboard
// write, bells, and bidirectional overrides that reorder what is shown.
const hostile = "EVIL\x1b]0;pwned\x07 \x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07\x07\u202eDETIL\u202c LTD"

// sgrOnly matches the styling Lip Gloss adds: SGR sequences, nothing else.
var sgrOnly = regexp.MustCompile(`\x1b\[[0-9;:]*m`)

func js(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func assertHarmless(t *testing.T, where, content string) {
	t.Helper()
	if rest := sgrOnly.ReplaceAllString(content, ""); strings.ContainsAny(rest, "\x1b\x07\u202e\u202c\x9b\x9d") {
		i := strings.IndexAny(rest, "\x1b\x07\u202e\u202c\x9b\x9d")
		t.Fatalf("%s: a control sequence other than styling got through near %q", where, rest[max(i-20, 0):min(i+20, len(rest))])
	}
	plain := ansi.Strip(content)
	if strings.ContainsAny(plain, "\x1b\x07") {
		t.Fatalf("%s: ESC or BEL left after stripping styling", where)
	}
}

func TestHostileTextIsShownAsHarmlessPictures(t *testing.T) {
	t.Parallel()
	f := newFake()
	body := fmt.Sprintf(`{"company_number":"00000666","company_name":%s,"company_status":%s,"type":%s,
		"registered_office_address":{"address_line_1":%s,"locality":%s},
		"sic_codes":[%s],
		"links":{"self":"/company/00000666","officers":"/company/00000666/officers","charges":"/company/00000666/charges",
		"evil":%s}}`, js(hostile), js("active\x1b[5m"), js("ltd\x07"), js(hostile), js("Town\x1b]52;c;eA==\x07"), js("62012\x1b[31m"), js("/x\x1b[2J"))
	f.profiles["00000666"] = profileJSON(t, "00000666", body)
	officers := makeOfficers(2)
	officers[0].Name = hostile
	officers[0].OfficerRole = "director\x1b[8m"
	f.officers["/company/00000666/officers"] = officers
	f.docs["/company/00000666/charges"] = `{"note":` + js(hostile) + `,"raw":"` + "\u202e\x07" + `"}`
	m := testModel(t, f, Options{})
	send(t, m, tea.PasteMsg{Content: "666\n"})

	for tab := range 5 {
		press(t, m, fmt.Sprint(tab+1))
		v := m.View()
		assertHarmless(t, fmt.Sprintf("pane %d", tab), v.Content)
		assertHarmless(t, "window title", v.WindowTitle)
	}
	press(t, m, "1")
	plain := ansi.Strip(m.View().Content)
	mustContain(t, plain, "EVIL␛]0;pwned␇", "␛[2J", "␛]52;c;", "<U+202E>DETIL")

	selectLink(t, m, "Officers")
	press(t, m, "enter")
	assertHarmless(t, "officers", m.View().Content)
	mustContain(t, ansi.Strip(m.View().Content), "EVIL␛]0;pwned␇")

	press(t, m, "backspace")
	selectLink(t, m, "Charges")
	press(t, m, "enter")
	assertHarmless(t, "document", m.View().Content)

	// The registry's words in an error are sanitised too.
	f.setErr("00000777", &api.Error{Kind: api.KindServer, Status: 500, Reason: hostile})
	send(t, m, tea.PasteMsg{Content: "777\n"})
	mustContain(t, ansi.Strip(m.View().Content), "The registry failed (500")
	assertHarmless(t, "error", m.View().Content)
}

// Issue 20, item 6: one hostile string in every field of every answer
// (venomousRegistry), through every page the browser draws: profiles'
// panes and headers, every list and the rows they open, every document
// page and its source, search matches and results (disqualified officers
// and their records too), the form of an advanced search and what it
// finds, a company's neighbours, dissolved companies, filings by category,
// the watch page, connections, the download line, problems and the
// window's title. Nothing raw reaches the screen.
func TestVenomInEveryFieldNeverReachesTheScreenRaw(t *testing.T) {
	t.Parallel()
	reg, docs := venomousRegistry(t)
	dir := t.TempDir()
	// The walk is in parts, each on a browser of its own and run beside
	// the package's other tests, so that no one test holds a processor
	// for the whole walk; what every part drew is checked together.
	var mu sync.Mutex
	all := seen{}
	t.Run("walk", func(t *testing.T) {
		for _, p := range venomWalk() {
			t.Run(p.name, func(t *testing.T) {
				t.Parallel()
				m := testModel(t, reg, Options{Documents: docs, DownloadDir: func() string { return dir }, Watch: venomousWatchList(t, reg)})
				send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
				nothingRaw(t, m, "the start page")
				s := seen{}
				p.walk(t, m, s)
				mu.Lock()
				for k, n := range s {
					all[k] += n
				}
				mu.Unlock()
			})
		}
	})
	// Every kind of resource was drawn, in words and as its source, and
	// the pages made of them: connections, the form, the watch page.
	for kind := api.ResCompany; kind <= api.ResDisqualifiedCorporate; kind++ {
		for _, form := range []string{"%d/0", "%d/0 source"} {
			if all[fmt.Sprintf(form, kind)] == 0 {
				t.Errorf("no page of kind %d (%s) was checked; checked %v", kind, form, all)
			}
		}
	}
	for _, page := range []string{
		fmt.Sprintf("%d/%d", api.ResCompany, common.ShowConnections),
		fmt.Sprintf("%d/%d", api.ResAdvancedSearch, common.ShowFinder),
		fmt.Sprintf("%d/%d", api.ResOther, common.ShowWatching),
	} {
		if all[page] == 0 {
			t.Errorf("no page %s was checked: %v", page, all)
		}
	}
}
