package ui

import (
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/api/demo"
	"coview/ui/common"
	"coview/ui/table"
)

// What a new user tripped over (issue 11), each as they met it.

func TestAPasteOfNumbersSharingALineOpensTheFirstAndQueuesTheRest(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00006400", "SC006405")
	m := testModel(t, f, Options{})
	send(t, m, tea.PasteMsg{Content: "6400 sc6405"})
	if place(m).Company != "00006400" || !slices.Equal(m.box.Pending(), []api.Number{"SC006405"}) {
		t.Fatalf("on %q with %v queued; want 00006400 open and SC006405 next", place(m).Company, m.box.Pending())
	}
}

func TestWhatAPasteIgnoresIsSaid(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	send(t, m, tea.PasteMsg{Content: "0123 4567\n"})
	mustContain(t, screen(m), "could be one number (01234567) or 2")

	// A line without a number in a pasted block is not ignored any more
	// (issue 24): it is screened as a name, and its row says what became
	// of it.
	send(t, m, tea.WindowSizeMsg{Width: 160, Height: 30})
	send(t, m, tea.PasteMsg{Content: "00006400\nhello there\n00006401\n"})
	if got := firstCells(rowsOf(m), 0); !slices.Equal(got, []string{"00006400", "hello there", "00006401"}) {
		t.Fatalf("rows %v", got)
	}
	mustContain(t, screen(m), "3 rows: 2 ok, 1 unresolved")
	mustNotContain(t, screen(m), "Ignored")
}

func TestSlashStartsAFreshSearchAndUpBringsTheOldTextBack(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00006407", "SC006407")
	m := testModel(t, f, Options{})
	press(t, m, "esc", "/")
	typeText(t, m, "sc")
	press(t, m, "esc", "/")
	if v := m.box.Value(); v != "" {
		t.Fatalf("a fresh / starts with %q in the box", v)
	}
	typeText(t, m, "6407")
	press(t, m, "enter")
	if got := f.requests(); !slices.Equal(got, []string{"company 00006407"}) {
		t.Fatalf("requests %v, want only 00006407", got)
	}

	// The text left behind is the first pick under a fresh box.
	press(t, m, "/")
	typeText(t, m, "SC00")
	press(t, m, "esc", "/", "down")
	mustContain(t, screen(m), "▸ SC00  (typed before)")
	press(t, m, "enter")
	if m.box.Value() != "SC00" {
		t.Fatalf("picking the old text put %q in the box", m.box.Value())
	}
}

func TestEveryRecentNumberIsReachableAndTheFirstDownPicksTheNewest(t *testing.T) {
	t.Parallel()
	var numbers []string
	for i := 1; i <= 11; i++ {
		numbers = append(numbers, fmt.Sprintf("%08d", i))
	}
	f := fakeWith(t, numbers...)
	m := testModel(t, f, Options{})
	for _, n := range numbers {
		send(t, m, tea.PasteMsg{Content: n + "\n"})
	}
	press(t, m, "/", "down")
	if got := selectedPick(m); got != "00000011" {
		t.Fatalf("the first ↓ picked %q", got)
	}
	mustContain(t, screen(m), "▸ 00000011", "Recent, 11 in all")
	press(t, m, "up", "up") // back to the box, then round to the oldest
	if got := selectedPick(m); got != "00000001" {
		t.Fatalf("↑ from the box picked %q, want the oldest", got)
	}
	mustContain(t, screen(m), "▸ 00000001")
	press(t, m, "enter")
	if place(m).Company != "00000001" {
		t.Fatalf("the oldest number did not open: on %q", place(m).Company)
	}
}

func TestASuggestionReadsInTheRegistrysCaseWithNoStrayEllipsis(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "SC006405")
	m := testModel(t, f, Options{})
	send(t, m, tea.PasteMsg{Content: "SC006405\n"})
	press(t, m, "/")
	typeText(t, m, "sc")
	// Drawn in the registry's case while the number is suggested; the
	// text stays as typed (issue 20, item 12).
	if v := m.box.Value(); v != "sc" {
		t.Fatalf("typing sc while SC006405 is suggested left %q", v)
	}
	first := searchLine(screen(m))
	if !strings.Contains(first, "SC006405") || strings.Contains(first, "…") {
		t.Fatalf("the search line reads %q", first)
	}
	press(t, m, "tab")
	if v := m.box.Value(); v != "SC006405" {
		t.Fatalf("tab completed to %q", v)
	}
}

func TestHelpListsEveryKeyAndGreysWhatDoesNotApply(t *testing.T) {
	t.Parallel()
	m := testModel(t, fakeWith(t), Options{})
	press(t, m, "esc", "?")
	s := screen(m)
	mustContain(t, s, "(back)", "(forward)", "(next pasted)", "reload", "quit", "Keys in brackets do nothing on this page")
	// The same keys are listed on every page.
	_, b := browsing(t)
	press(t, b, "?")
	mustContain(t, screen(b), "⌫/alt+←", "alt+→", "next pasted")
}

func TestEnterWhereNothingOpensSaysSoAndTheFooterDoesNotOfferIt(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	selectLink(t, m, "This profile")
	m.layout()
	if s := screen(m); strings.Contains(splitLines(s)[len(splitLines(s))-1], "enter open") {
		t.Fatalf("the footer offers enter on This profile:\n%s", s)
	}
	press(t, m, "enter")
	mustContain(t, screen(m), "This is the profile on screen.")
	press(t, m, "1", "enter")
	mustContain(t, screen(m), "Nothing opens from this pane")
}

func TestAMessageGoesWithThePageItWasAbout(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	out := press(t, m, "y")
	if len(out) == 0 {
		t.Fatal("copying sent nothing")
	}
	mustContain(t, screen(m), "Copied 00000001")
	selectLink(t, m, "Officers")
	press(t, m, "enter")
	mustNotContain(t, screen(m), "Copied")
}

func TestANumberNotFoundFromTheCommandLineIsPutInTheBox(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00000001")
	m := testModel(t, f, Options{Numbers: []api.Number{"00000009"}})
	run(t, m, m.Init())
	if !m.box.Focused() || m.box.Value() != "00000009" {
		t.Fatalf("the box holds %q (focused %v) after a 404 for a number given at start", m.box.Value(), m.box.Focused())
	}
	mustContain(t, screen(m), "Company 00000009 not found", "It is in the search box")
}

// The header says strike-off and overdue on the line under the name,
// with the rest of the company's flags (issue 24), each with its sign.
func TestTheHeaderSaysStrikeOffAndOverdue(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	send(t, m, tea.WindowSizeMsg{Width: 160, Height: 30})
	send(t, m, tea.PasteMsg{Content: "SC006405\n"})
	if flags := splitLines(screen(m))[1]; strings.TrimSpace(flags) != "! strike-off proposed" {
		t.Fatalf("the line under the name reads %q", flags)
	}
	send(t, m, tea.PasteMsg{Content: "00006407\n"})
	if flags := splitLines(screen(m))[1]; strings.TrimSpace(flags) != "! accounts overdue  ! confirmation overdue" {
		t.Fatalf("the line under the name reads %q", flags)
	}
	mustNotContain(t, splitLines(screen(m))[0], "overdue") // said once, under the name
	send(t, m, tea.PasteMsg{Content: "00006402\n"})        // dissolved: its stale flags say nothing
	mustNotContain(t, strings.Join(splitLines(screen(m))[:2], "\n"), "overdue")
	if !strings.HasPrefix(splitLines(screen(m))[1], "Company ›") {
		t.Fatalf("a company whose badge says it all has a line of flags:\n%s", screen(m))
	}
}

func TestATooSmallWindowSaysSo(t *testing.T) {
	t.Parallel()
	_, m := browsing(t)
	send(t, m, tea.WindowSizeMsg{Width: 25, Height: 6})
	s := screen(m)
	mustContain(t, strings.Join(strings.Fields(s), " "), "coview needs a window of at least 30×8; this one is 25×6")
	for _, l := range splitLines(s) {
		if width(l) > 25 {
			t.Fatalf("a line wider than the window: %q", l)
		}
	}
	send(t, m, tea.WindowSizeMsg{Width: 30, Height: 8})
	mustContain(t, screen(m), "COMPANY 00000001", "1 overview", "pane")
}

func TestTheQuotaIsSaidInWords(t *testing.T) {
	t.Parallel()
	f, m := browsing(t)
	f.quota = api.RateLimit{Known: true, Limit: 600, Remain: 599, Window: "5m"}
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 30})
	press(t, m, "r")
	mustContain(t, screen(m), "599 of 600 requests left this 5 min")
}

// Waiting out the quota says so on the status line, with what it waits
// for and until when, and esc stops it (issue 11 item 7).
func TestWaitingForTheQuotaIsShownAndEscStopsIt(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(demo.NewHandler(demo.Options{Limit: 3, Window: time.Minute}))
	t.Cleanup(srv.Close)
	reg, err := api.New(api.Options{BaseURL: srv.URL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	// The wait is told in real time, so the browser's clock is the real one.
	b := startBrowser(t, reg, Options{Now: time.Now}, 120, 30)
	b.send(tea.PasteMsg{Content: "00006400\n"})
	b.onCompany("00006400")
	b.send(tea.PasteMsg{Content: "00006401\n"})
	b.onCompany("00006401")
	b.send(tea.PasteMsg{Content: "00006402\n"})
	b.onCompany("00006402")
	b.send(tea.PasteMsg{Content: "00006403\n"}) // the fourth: the quota of 3 is spent
	s := b.waitUntil("waiting for the quota", func(s snapshot) bool { return s.busy && s.waiting > 0 })
	mustContain(t, s.screen, "company 00006403: rate limit reached; next request in", "esc cancels")
	if !strings.Contains(s.screen, "(at ") {
		t.Fatalf("the wait does not say until when:\n%s", s.screen)
	}
	b.keys("esc")
	s = b.waitUntil("the wait stopped", func(s snapshot) bool { return !s.busy && s.waiting == 0 })
	mustShowCompany(t, s, "00006402", demoNames["00006402"])
	mustNotContain(t, s.screen, "rate limit reached")
}

// At 40x10 a list's headings stay over their columns (issue 11 item 20).
func TestListHeadingsStayOverTheirColumnsOnASmallWindow(t *testing.T) {
	t.Parallel()
	m := testModel(t, demoRegistry(t), Options{})
	for _, size := range []tea.WindowSizeMsg{{Width: 40, Height: 10}, {Width: 52, Height: 12}, {Width: 80, Height: 24}} {
		send(t, m, size)
		send(t, m, tea.PasteMsg{Content: "00006401\n"})
		selectLink(t, m, "Officers")
		press(t, m, "enter")
		l := rowsOf(m)
		ws := table.Widths(l.Columns, l.Widest, l.Typical, size.Width)
		body := bodyLines(screen(m))
		head := body[0]
		// Each column starts where its heading starts.
		at := 2
		for i := range l.Columns {
			if ws[i] == 0 {
				continue // an optional column left out on a narrow window
			}
			title := common.Cut(l.Columns[i].Title, ws[i])
			if got := runeSlice(head, at, len([]rune(title))); got != title {
				t.Fatalf("at %dx%d heading %d reads %q at cell %d, want %q:\n%s", size.Width, size.Height, i, got, at, title, head)
			}
			cell := common.Cut(common.Or(l.Item(1).Cells[i], "—"), ws[i])
			if got := runeSlice(body[2], at, len([]rune(cell))); got != cell {
				t.Fatalf("at %dx%d row cell %d reads %q at cell %d, want %q:\n%s", size.Width, size.Height, i, got, at, cell, body[2])
			}
			at += ws[i] + 2
		}
		press(t, m, "backspace")
	}
}

// runeSlice is n runes of s from rune at: the cells of a plain screen line.
func runeSlice(s string, at, n int) string {
	r := []rune(s)
	if at >= len(r) {
		return ""
	}
	return string(r[at:min(at+n, len(r))])
}

// selectedPick is the number picked under the search box, as the screen
// marks it.
func selectedPick(m *model) string {
	for _, l := range splitLines(screen(m)) {
		if rest, ok := strings.CutPrefix(l, "▸ "); ok {
			number, _, _ := strings.Cut(rest, " ")
			return number
		}
	}
	return ""
}
