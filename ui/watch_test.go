package ui

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
	"coview/ui/common"
	"coview/ui/watches"
)

// w and W: watching a company, and the watch page.

func TestWTogglesWatchingTheCompanyOnScreenAndTheFooterAndTitleSaySo(t *testing.T) {
	t.Parallel()
	w := newWatchWorld(t, today)
	m := w.model(t, Options{})
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	if _, err := os.Stat(w.path); !errors.Is(err, fs.ErrNotExist) || w.created.Load() {
		t.Fatalf("browsing made a watch list before anything was watched (%v)", err)
	}

	press(t, m, "w")
	if m.c.Note.Text != "Watching 00006400: W shows the watch list." {
		t.Fatalf("the footer says %q after w", m.c.Note.Text)
	}
	mustContain(t, splitLines(screen(m))[0], common.WatchedMark)
	if on, err := w.store.Watching(context.Background(), "00006400"); err != nil || !on {
		t.Fatalf("00006400 is not on the list after w: %v %v", on, err)
	}

	press(t, m, "w")
	if m.c.Note.Text != "No longer watching 00006400; w watches it again." {
		t.Fatalf("the footer says %q after w again", m.c.Note.Text)
	}
	mustNotContain(t, splitLines(screen(m))[0], common.WatchedMark)
	if on, _ := w.store.Watching(context.Background(), "00006400"); on {
		t.Fatal("00006400 is still on the list after w again")
	}
}

// A second w while the first is on its way waits for it, rather than
// racing it: the two could otherwise take the company off and watch it
// afresh, in either order.
func TestASecondWBeforeTheFirstIsDoneSaysToWait(t *testing.T) {
	t.Parallel()
	w := newWatchWorld(t, today)
	m := w.model(t, Options{})
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	_, first := m.Update(keyMsg("w")) // on its way, not run yet
	press(t, m, "w")
	if m.c.Note.Text != "Still changing the watch list for 00006400: a moment." {
		t.Fatalf("a second w said %q", m.c.Note.Text)
	}
	run(t, m, first)
	if on, err := w.store.Watching(context.Background(), "00006400"); err != nil || !on {
		t.Fatalf("after the first w is done, 00006400 is not watched: %v %v", on, err)
	}
	press(t, m, "w")
	if m.c.Note.Text != "No longer watching 00006400; w watches it again." {
		t.Fatalf("w once the first was done said %q", m.c.Note.Text)
	}
}

func TestWOnAnyPageAboutACompanyWatchesThatCompany(t *testing.T) {
	t.Parallel()
	w := newWatchWorld(t, today)
	m := w.model(t, Options{})
	follow(t, m, "00006400", "Officers")
	press(t, m, "w")
	if on, err := w.store.Watching(context.Background(), "00006400"); err != nil || !on {
		t.Fatalf("w on 00006400's officers did not watch 00006400: %v %v", on, err)
	}
	mustContain(t, splitLines(screen(m))[0], common.WatchedMark)
}

func TestWWithNoCompanyAndWithNoWatchListSaysWhy(t *testing.T) {
	t.Parallel()
	w := newWatchWorld(t, today)
	m := w.model(t, Options{})
	press(t, m, "esc", "w")
	if !strings.HasPrefix(m.c.Note.Text, "Open a company first") {
		t.Fatalf("w on the start page says %q", m.c.Note.Text)
	}
	none := testModel(t, demoRegistry(t), Options{})
	send(t, none, tea.PasteMsg{Content: "00006400\n"})
	for _, k := range []string{"w", "W"} {
		press(t, none, k)
		if none.c.Note.Text != "No watch list in this session." {
			t.Fatalf("%s without a watch list says %q", k, none.c.Note.Text)
		}
	}
}

func TestTheWatchPageListsChangedCompaniesFirstWithTheirChangesInWordsThenByDeadline(t *testing.T) {
	t.Parallel()
	w := watchedWorld(t)
	m := w.model(t, Options{})
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	press(t, m, "W")
	if place(m).Show != common.ShowWatching {
		t.Fatalf("W opened %+v", place(m))
	}
	entries, err := w.store.Overview(context.Background(), today)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, e := range entries {
		want = append(want, string(e.Number))
		for _, c := range e.Changes {
			want = append(want, c.Date+"  "+present.WatchChange(c))
		}
	}
	var got []string
	for _, it := range allRows(rowsOf(m)) {
		got = append(got, strings.Join(strings.Fields(strings.Join(it.Cells, " ")), " "))
	}
	if len(got) != len(want) {
		t.Fatalf("%d rows, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], strings.Join(strings.Fields(want[i]), " ")) {
			t.Errorf("row %d is %q, want %q", i, got[i], want[i])
		}
	}
	// The changed ones first, and of the rest the overdue before the
	// soonest: 00006407's accounts are overdue, 00006400's due in 39 days.
	order := strings.Join(numbersIn(got), " ")
	if order != "00006421 00006420 00006407 00006400 00006402" {
		t.Fatalf("the companies are in the order %s", order)
	}
	mustContain(t, screen(m), "2 changed since you last looked (4 changes)", "overdue by 41 days", "due in 39 days", "Dissolved")

	// v has nothing to show here, and leaves the page as it is.
	press(t, m, "down", "v")
	if at := place(m); at.Show != common.ShowWatching || at.Source || at.Cursor != 1 {
		t.Fatalf("v on the watch page left %+v", at)
	}
	mustContain(t, m.c.Note.Text, "no source of its own")
}

func numbersIn(rows []string) []string {
	var out []string
	for _, r := range rows {
		if n, _, _ := strings.Cut(r, " "); len(n) == 8 { // a change's row starts with its date
			out = append(out, n)
		}
	}
	return out
}

func TestEnterOnTheWatchPageOpensTheCompanyShowingItsChangesAndMarksThemSeen(t *testing.T) {
	t.Parallel()
	w := watchedWorld(t)
	m := w.model(t, Options{})
	changes := w.unseen(t, "00006421")
	press(t, m, "esc", "W", "down", "enter")
	if place(m).Company != "00006421" || !place(m).IsProfile() {
		t.Fatalf("enter on a change of 00006421 opened %+v", place(m))
	}
	s := screen(m)
	mustContain(t, s, "3 changes since you last looked:", "Watch list › WEATHERVANE WINDOWS LTD")
	for _, c := range changes {
		mustContain(t, s, present.WatchChange(c)[:30])
	}
	if left := w.unseen(t, "00006421"); len(left) != 0 {
		t.Fatalf("opening 00006421 from the watch page left %d changes unseen", len(left))
	}
	if left := w.unseen(t, "00006420"); len(left) != 1 {
		t.Fatalf("00006420's change was marked seen too (%d left)", len(left))
	}

	// Back on the watch page, 00006421 has no changes left to show, and
	// the start page counts one company changed.
	press(t, m, "backspace")
	if got := numbersIn([]string{strings.Join(rowsOf(m).Item(0).Cells, " ")}); len(got) == 0 || got[0] != "00006420" {
		t.Fatalf("the first row after seeing 00006421 is %v", rowsOf(m).Item(0).Cells)
	}
	mustContain(t, screen(m), "1 changed since you last looked (1 change)")
	if n, _ := m.makers.watches.Counts(); n.Changed != 1 || n.Changes != 1 {
		t.Fatalf("the start page's counts are %+v", n)
	}
}

func TestAProfileShowsItsUnseenChangesAtTheTopAndShownIsSeen(t *testing.T) {
	t.Parallel()
	w := watchedWorld(t)
	m := w.model(t, Options{})
	send(t, m, tea.PasteMsg{Content: "00006420\n"})
	s := screen(m)
	mustContain(t, s, "1 change since you last looked:", "filed: full accounts made up to 31 March 2026 (AA)", common.WatchedMark)
	if left := w.unseen(t, "00006420"); len(left) != 0 {
		t.Fatalf("the profile showed its change but left it unseen: %+v", left)
	}
	// Shown for the rest of the session, on coming back too.
	press(t, m, "esc")
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	mustNotContain(t, screen(m), "since you last looked")
	press(t, m, "backspace")
	mustContain(t, screen(m), "1 change since you last looked:")
}

func TestAProfileWithMoreChangesThanItShowsLeavesThemForTheWatchPage(t *testing.T) {
	t.Parallel()
	w := newWatchWorld(t, today)
	w.watch(t, "00006420")
	w.check(t, today)
	at := today
	for range watches.ProfileShows + 2 {
		at = at.Add(3 * time.Minute) // 00006420 files something every 3 minutes
		w.check(t, at)
	}
	n := len(w.unseen(t, "00006420"))
	m := w.model(t, Options{})
	send(t, m, tea.PasteMsg{Content: "00006420\n"})
	mustContain(t, screen(m), present.Thousands(n)+" changes since you last looked:", "W lists them all")
	if left := len(w.unseen(t, "00006420")); left != n {
		t.Fatalf("the profile showed %d of %d changes and left %d unseen", watches.ProfileShows-1, n, left)
	}
	press(t, m, "W", "enter")
	if left := len(w.unseen(t, "00006420")); left != 0 {
		t.Fatalf("enter on the watch page left %d of its changes unseen", left)
	}
	mustContain(t, screen(m), present.Thousands(n)+" changes since you last looked:")
	mustNotContain(t, screen(m), "W lists them all")
}

func TestTheStartPageSaysHowManyWatchedCompaniesChanged(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		world func(testing.TB) *watchWorld
		want  string
	}{
		{"changes not seen yet are counted", watchedWorld,
			"2 of the 5 companies you watch changed since you last looked (4 changes): esc, then W, shows them."},
		{"none changed says so", seededWorld, "None of the 5 companies you watch changed since you last looked"},
		{"no list yet says how to start one", func(t testing.TB) *watchWorld { return newWatchWorld(t, today) },
			"Press w on a company's page to watch it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.world(t).model(t, Options{Version: "v1.0.0-test"})
			send(t, m, tea.WindowSizeMsg{Width: 200, Height: 30})
			mustContain(t, screen(m), tc.want)
		})
	}
}

// Nothing reads or writes the store in Update: with another process
// holding it (a cron job's transaction), w returns at once, and the
// change is made once the store is free, with no "database is locked".
func TestTheBrowserNeverWaitsForTheStoreInUpdate(t *testing.T) {
	w := watchedWorld(t)
	m := w.model(t, Options{})
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	release := lockStore(t, w.path)
	start := time.Now()
	_, cmd := m.Update(keyMsg("w"))
	if d := time.Since(start); d > time.Second {
		t.Fatalf("w took %v in Update with the store held by another process", d)
	}
	done := make(chan []tea.Msg)
	go func() { done <- collect(t, cmd) }()
	release()
	for _, msg := range <-done {
		send(t, m, msg)
	}
	if strings.Contains(strings.ToLower(m.c.Note.Text), "locked") || !strings.HasPrefix(m.c.Note.Text, "No longer watching 00006400") {
		t.Fatalf("the footer says %q", m.c.Note.Text)
	}
	if on, _ := w.store.Watching(context.Background(), "00006400"); on {
		t.Fatal("00006400 is still watched")
	}
}

// lockStore holds the store at path in a write transaction, as another
// process's check does while it records a company, until release.
func lockStore(t *testing.T, path string) (release func()) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	release = func() {
		once.Do(func() {
			conn.ExecContext(ctx, "COMMIT")
			conn.Close()
			db.Close()
		})
	}
	t.Cleanup(release)
	return release
}

// Opened on a number (coview 00006421), the profile may be on screen
// before the watch list is read: its changes come when the list does.
func TestAProfileOpenedBeforeTheListIsReadShowsItsChangesWhenItIs(t *testing.T) {
	t.Parallel()
	w := watchedWorld(t)
	m := testModel(t, w.client, Options{Watch: w.open, Now: w.clock.now, Numbers: []api.Number{"00006421"}})
	run(t, m, m.openNext())
	if !place(m).IsProfile() {
		t.Fatalf("on %+v", place(m))
	}
	mustNotContain(t, screen(m), "since you last looked")
	run(t, m, m.makers.watches.Init())
	mustContain(t, screen(m), "3 changes since you last looked:", common.WatchedMark)
}

// w on a row of the watch page takes that company off the list, but its
// row stays under the cursor, saying so, so that w again (as the footer
// says) watches that company and not the next one; and it comes back as
// it was, with the changes recorded of it. Leaving the page and coming
// back, it is gone.
func TestUnwatchingOnTheWatchPageKeepsTheRowAndWPutsItBackAsItWas(t *testing.T) {
	t.Parallel()
	w := watchedWorld(t)
	before := len(w.unseen(t, "00006421"))
	m := w.model(t, Options{})
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 30})
	press(t, m, "esc", "W")
	for i := 0; !strings.Contains(cursorLine(m), "00006421") && i < 10; i++ {
		press(t, m, "down")
	}
	if !strings.Contains(cursorLine(m), "00006421") || before == 0 {
		t.Fatalf("the cursor is not on 00006421 (%d changes unseen):\n%s", before, screen(m))
	}
	press(t, m, "w")
	if on, _ := w.store.Watching(context.Background(), "00006421"); on {
		t.Fatal("w on its row did not take 00006421 off the list")
	}
	if sel := cursorLine(m); !strings.Contains(sel, "00006421") || !strings.Contains(sel, "not watched") {
		t.Fatalf("after w the cursor is on %q, not 00006421's row saying it is not watched:\n%s", sel, screen(m))
	}
	mustContain(t, screen(m), "No longer watching 00006421; w watches it again.", "4 companies watched", "1 no longer watched",
		"WEATHERVANE WINDOWS LTD is no longer watched: w watches it again")
	press(t, m, "w")
	if on, _ := w.store.Watching(context.Background(), "00006421"); !on {
		t.Fatal("w again did not watch 00006421 again")
	}
	if after := len(w.unseen(t, "00006421")); after != before {
		t.Fatalf("put back with %d changes not seen, want the %d it had", after, before)
	}
	mustContain(t, screen(m), "Watching 00006421 again, with the "+present.Plural(before, "change", "changes")+" recorded of it", "5 companies watched")
	mustNotContain(t, screen(m), "not watched")
	if companies, _ := w.store.Companies(context.Background()); len(companies) != 5 {
		t.Fatalf("%d companies on the list, want the 5", len(companies))
	}

	// Taken off again, then the page left and come back to: gone.
	press(t, m, "w", "enter")
	mustContain(t, screen(m), "WEATHERVANE WINDOWS LTD")
	press(t, m, "W")
	mustNotContain(t, screen(m), "00006421", "not watched")
	mustContain(t, screen(m), "4 companies watched")
}

// cursorLine is the line of the screen the cursor is on.
func cursorLine(m *model) string {
	for _, l := range splitLines(screen(m)) {
		if strings.HasPrefix(l, "▸ ") {
			return l
		}
	}
	return ""
}
