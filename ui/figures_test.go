package ui

import (
	"bytes"
	"net/http"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/api/demo"
	"coview/figures"
	"coview/internal/testkit"
	"coview/internal/testkit/testclient"
	"coview/present"
	"coview/ui/books"
	"coview/ui/common"
)

// figuresWorld is the whole demo, its document API and storage too,
// every request counted by one meter, and the browser's options for it.
func figuresWorld(t testing.TB) (*api.Client, Options, *testkit.Meter) {
	t.Helper()
	m := &testkit.Meter{}
	s := testkit.DemoWithDocuments(t, demo.ServeOptions{Wrap: m.Wrap})
	c := testclient.For(t, s.RegistryURL)
	d, err := api.NewDocumentClient(c, api.DocumentOptions{BaseURL: s.DocumentURL})
	if err != nil {
		t.Fatal(err)
	}
	return c, Options{Version: "v1.0.0-test", Documents: d}, m
}

// accountsAsked counts what reading accounts asked for: the filing
// history's accounts, and the document API (metadata and content).
func accountsAsked(m *testkit.Meter) (histories, documents int) {
	for _, u := range m.URIs() {
		switch {
		case strings.Contains(u, "/filing-history?category=accounts"):
			histories++
		case strings.HasPrefix(u, "/document/"):
			documents++
		}
	}
	return
}

// Issue 33: the figures cost requests, so a profile drawn (every pane at
// once, on a wide window) reads none; selecting the accounts pane reads
// the latest accounts (the accounts filings, the newest's metadata and
// content), once a session: shown at once after, wherever the company is
// opened again.
func TestTheAccountsPaneReadsTheFiguresOnlyOnceSelectedAndOnceASession(t *testing.T) {
	t.Parallel()
	reg, opts, meter := figuresWorld(t)
	m := testModel(t, reg, opts)
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	if h, d := accountsAsked(meter); h+d != 0 {
		t.Fatalf("opening a profile read accounts: %v", meter.URIs())
	}
	mustContain(t, screen(m), "3 accounts", "Figures", "select this pane to read them")
	// While they are read, the pane says so.
	_, reading := m.Update(keyMsg("3"))
	mustContain(t, screen(m), "reading the latest accounts…")
	run(t, m, reading)
	if h, d := accountsAsked(meter); h != 1 || d != 2 {
		t.Fatalf("the accounts pane asked %d histories and %d document requests: %v", h, d, meter.URIs())
	}
	mustContain(t, screen(m), "Figures", "year to 31 March 2025", "Turnover", "£1,569,093 (+17%)", "Net assets", "£687,954 (+20%)",
		"Average employees", "31", "Profit for the year", "Cash")
	before := meter.Requests()
	press(t, m, "1", "3")
	send(t, m, tea.PasteMsg{Content: "00006401\n"})
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	mustContain(t, screen(m), "£687,954 (+20%)")
	if n := meter.Requests() - before; n != 1 {
		t.Errorf("%d requests to go elsewhere and back (the other's profile only): %v", n, meter.URIs())
	}
	if twice := meter.Twice(); len(twice) != 0 {
		t.Errorf("asked twice: %v", twice)
	}
}

// The red flags of the figures join the others under the company's
// name, but only once the figures have been read: drawing a profile
// spends no request on them.
func TestTheFiguresRedFlagsAreUnderTheNameOnceRead(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		number api.Number
		flags  []string
	}{
		{"00006402", []string{"! net assets fell from £40,012 to £3,912"}},
		{"00006403", []string{"! negative net assets (-£117,746)", "! net current liabilities (-£65,746)"}},
		{"00006407", []string{"! net current liabilities ("}},
	} {
		t.Run(string(tc.number), func(t *testing.T) {
			t.Parallel()
			reg, opts, meter := figuresWorld(t)
			m := testModel(t, reg, opts)
			send(t, m, tea.WindowSizeMsg{Width: 200, Height: 40})
			send(t, m, tea.PasteMsg{Content: string(tc.number) + "\n"})
			mustNotContain(t, screen(m), "net assets", "net current liabilities")
			if h, d := accountsAsked(meter); h+d != 0 {
				t.Fatalf("the flags asked for accounts: %v", meter.URIs())
			}
			press(t, m, "3")
			flags := strings.Join(splitLines(screen(m))[1:3], "\n")
			mustContain(t, flags, tc.flags...)
		})
	}
}

// Accounts on paper, accounts that could not be fetched, and a key
// refused, said in words where the figures would be.
func TestTheAccountsPaneSaysWhyThereAreNoFigures(t *testing.T) {
	t.Parallel()
	reg, opts, meter := figuresWorld(t)
	m := testModel(t, reg, opts)
	send(t, m, tea.PasteMsg{Content: "00006409\n"})
	press(t, m, "3")
	mustContain(t, screen(m), "Figures", "filed on paper: no figures")

	meter.Fail(func(r *http.Request) int {
		if strings.HasSuffix(r.URL.Path, "/content") {
			return http.StatusInternalServerError
		}
		return 0
	})
	send(t, m, tea.PasteMsg{Content: "00006412\n"})
	press(t, m, "3")
	mustContain(t, screen(m), "none could be read: their document could not be fetched")
	// A document that could not be fetched is asked for again.
	meter.Fail(nil)
	press(t, m, "1", "3")
	mustContain(t, screen(m), "year to ")

	meter.Fail(func(r *http.Request) int {
		if strings.Contains(r.URL.RawQuery, "category=accounts") {
			return http.StatusUnauthorized
		}
		return 0
	})
	send(t, m, tea.PasteMsg{Content: "00006413\n"})
	press(t, m, "3")
	mustContain(t, screen(m), "could not be read: API key refused. The registry rejected", "Select the pane")
	// Asked again once the registry takes the key.
	meter.Fail(nil)
	press(t, m, "1", "3")
	mustContain(t, screen(m), "year to ")
}

// Issue 33: enter on the accounts pane opens the figures by year: the
// rows coview accounts --plain prints (present makes them once for
// both), each with its trend; up and down move through the figures,
// enter says where the selected one was read from. The two accounts the
// pane had not read cost two requests each; nothing is asked twice.
func TestTheTableOfYearsShowsTheRowsCoviewAccountsPrints(t *testing.T) {
	t.Parallel()
	reg, opts, meter := figuresWorld(t)
	m := testModel(t, reg, opts)
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	press(t, m, "3", "enter")
	if at := place(m); at.Show != common.ShowYears || at.Company != "00006400" {
		t.Fatalf("enter on the accounts pane went to %+v", at)
	}
	if h, d := accountsAsked(meter); h != 1 || d != 2*books.Table {
		t.Fatalf("%d histories, %d document requests", h, d)
	}
	if twice := meter.Twice(); len(twice) != 0 {
		t.Errorf("asked twice: %v", twice)
	}
	company := m.makers.books.Of("00006400", books.Table).Company
	var plain bytes.Buffer
	present.WriteAccounts(&plain, company, false)
	want := tableRows(splitLines(plain.String()))
	got := tableRows(bodyLines(screen(m)))
	if len(want) < 15 || !slices.Equal(got, want) {
		t.Fatalf("the rows on screen are not --plain's:\n%q\nwant\n%q", got, want)
	}
	mustContain(t, screen(m), "31 Mar 2025", "31 Mar 2022", "▁▃▅█", "figure 1 of")

	press(t, m, "down", "down")
	if !strings.HasPrefix(cursorLine(m), "▸ Operating profit") || !strings.Contains(screen(m), "figure 3 of") {
		t.Fatalf("down twice:\n%s", screen(m))
	}
	press(t, m, "enter")
	mustContain(t, screen(m), "Where operating profit was read from", "uk-core:OperatingProfitLoss, context", "full accounts made up to 31 March 2025")
	press(t, m, "backspace")
	if !place(m).IsProfile() || place(m).Tab != 2 {
		t.Fatalf("back went to %+v", place(m))
	}
}

// tableRows are a table's figure lines as their label and cells: the
// label up to two spaces, then every word after it, the trend (block
// characters) left out.
func tableRows(lines []string) []string {
	var out []string
	for _, l := range lines {
		l = strings.TrimPrefix(strings.TrimPrefix(l, "▸ "), "  ")
		label, rest, ok := strings.Cut(l, "  ")
		label = strings.TrimSpace(label)
		if !ok || !slices.ContainsFunc(figures.Names(), func(n figures.Name) bool { return n.Label() == label }) {
			continue
		}
		var cells []string
		for _, f := range strings.Fields(rest) {
			if strings.ContainsAny(f, "▁▂▃▄▅▆▇█") {
				continue
			}
			cells = append(cells, f)
		}
		out = append(out, label+" | "+strings.Join(cells, " "))
	}
	return out
}

// The figures by year say why they could not be read, and r reads them
// again; once read, r asks nothing: filed accounts never change.
func TestTheTableOfYearsSaysWhyItIsEmptyAndReadsAgainOnR(t *testing.T) {
	t.Parallel()
	reg, opts, meter := figuresWorld(t)
	m := testModel(t, reg, opts)
	send(t, m, tea.PasteMsg{Content: "00006407\n"})
	meter.Fail(func(r *http.Request) int {
		if strings.Contains(r.URL.RawQuery, "category=accounts") {
			return http.StatusTooManyRequests
		}
		return 0
	})
	press(t, m, "3", "enter")
	mustContain(t, screen(m), "The figures could not be read: Rate limit reached (429).", "Press r to try")
	meter.Fail(nil)
	press(t, m, "r")
	mustContain(t, screen(m), "Net current assets", "figure 1 of")
	before := meter.Requests()
	press(t, m, "r")
	if n := meter.Requests() - before; n != 0 {
		t.Errorf("r on figures read asked %d more", n)
	}
	mustContain(t, screen(m), "a filed document never changes")
}
