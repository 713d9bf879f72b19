package ui

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"coview/api"
)

// Pane keys and resizes sent while a page loads and as it arrives: the
// page on screen obeys them, and the page that arrives is drawn for the
// last of them.

var tabKeys = []string{"tab", "shift+tab", "1", "2", "3", "4", "5"}

func randomTabKeys(rnd *rand.Rand, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = tabKeys[rnd.IntN(len(tabKeys))]
	}
	return out
}

// paneAfter is the pane the keys select, starting from pane.
func paneAfter(pane int, keys []string) int {
	for _, k := range keys {
		switch k {
		case "tab":
			pane = (pane + 1) % 5
		case "shift+tab":
			pane = (pane + 4) % 5
		default:
			pane = int(k[0] - '1')
		}
	}
	return pane
}

// TestRapidTabSwitchingShowsThePaneOfTheLastKeyAndCostsNoRequests sends
// bursts of pane keys while a profile loads, as it arrives and after.
func TestRapidTabSwitchingShowsThePaneOfTheLastKeyAndCostsNoRequests(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(7, 7))
	f := fakeWith(t, "00000001", "00000002", "00000003")
	b := startBrowser(t, f, Options{Numbers: []api.Number{"00000001", "00000002", "00000003"}}, 80, 24)
	b.onCompany("00000001")

	// While 2 loads, the keys work the page on screen.
	release := holdRequests(f)
	b.keys("n")
	waitForRequests(t, f, 2)
	// It ends on a digit past 1, so the pane differs from a new page's.
	burst := append(randomTabKeys(rnd, 39), tabKeys[3+rnd.IntN(4)])
	b.keys(burst...)
	s := b.ask()
	if !s.busy {
		t.Fatal("the second company is not loading")
	}
	mustShowCompany(t, s, "00000001", "COMPANY 00000001 LIMITED")
	onFirst := paneAfter(0, burst)
	mustDrawPane(t, s, onFirst)

	// The new page opens on its first pane, like a new page in a browser.
	release()
	s = b.onCompany("00000002")
	mustDrawPane(t, s, 0)
	burst = randomTabKeys(rnd, 40)
	b.keys(burst...)
	onSecond := paneAfter(0, burst)
	mustDrawPane(t, b.ask(), onSecond)

	// Going back shows the first company on the pane last chosen for it,
	// though that was chosen while the second was loading.
	b.keys("backspace")
	s = b.ask()
	mustShowCompany(t, s, "00000001", "COMPANY 00000001 LIMITED")
	mustDrawPane(t, s, onFirst)
	b.keys("alt+right")
	s = b.ask()
	mustShowCompany(t, s, "00000002", "COMPANY 00000002 LIMITED")
	mustDrawPane(t, s, onSecond)

	// Keys racing the answer: wherever it lands among them, the browser
	// ends consistent, and keys sent after it are obeyed exactly.
	paneKeysRacingTheThirdCompany(t, b, f, rnd)

	want := []string{"company 00000001", "company 00000002", "company 00000003"}
	if got := f.requests(); !slices.Equal(got, want) {
		t.Fatalf("requests %v, want %v: switching panes must not fetch", got, want)
	}
}

// paneKeysRacingTheThirdCompany asks for the next company, the third, and
// sends pane keys while its answer lands somewhere among them, then more
// keys once it is in.
func paneKeysRacingTheThirdCompany(t *testing.T, b *browser, f *fakeRegistry, rnd *rand.Rand) {
	release := holdRequests(f)
	b.keys("n")
	waitForRequests(t, f, 3)
	racing := randomTabKeys(rnd, 60)
	releaseSoon(rnd, release)
	b.keys(racing...)
	s := b.idle()
	mustShowCompany(t, s, "00000003", "COMPANY 00000003 LIMITED")
	mustDrawPane(t, s, s.page.Tab)
	burst := randomTabKeys(rnd, 30)
	b.keys(burst...)
	mustDrawPane(t, b.ask(), paneAfter(s.page.Tab, burst))
}

// releaseSoon releases the requests held after a random pause of up to
// 2ms, on a goroutine of its own, so that their answers land among what
// the test sends meanwhile.
func releaseSoon(rnd *rand.Rand, release func()) {
	delay := time.Duration(rnd.IntN(3)) * time.Millisecond
	go func() {
		time.Sleep(delay)
		release()
	}()
}

// TestResizesWhileFetchesAreInFlightLayOutForTheLastSize resizes the
// terminal, to sizes tiny and huge, while a profile and then a list load
// and as they arrive.
func TestResizesWhileFetchesAreInFlightLayOutForTheLastSize(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(11, 3))
	f := fakeWith(t, "00000001", "00000002")
	f.officers["/company/00000001/officers"] = makeOfficers(150)
	b := startBrowser(t, f, Options{Numbers: []api.Number{"00000001", "00000002"}}, 80, 24)
	b.onCompany("00000001")

	// Scroll the address pane on a tiny screen.
	b.keys("2")
	b.send(tea.WindowSizeMsg{Width: minWidth, Height: minHeight})
	b.keys("down", "down")
	if s := b.ask(); s.page.Scroll == 0 {
		t.Fatalf("the address pane did not scroll at %dx%d:\n%s", minWidth, minHeight, s.screen)
	}

	sizes := []tea.WindowSizeMsg{{Width: 20, Height: 5}, {Width: 250, Height: 80}, {Width: 1, Height: 1},
		{Width: 33, Height: 9}, {Width: 120, Height: 40}, {Width: 0, Height: 0}, {Width: 81, Height: 23}}
	release := holdRequests(f)
	b.keys("n")
	waitForRequests(t, f, 2)
	for _, size := range sizes {
		mustResizeTheFirstCompany(t, b, size)
	}
	// The answer lands somewhere among more resizes.
	landAmongResizes(b, rnd, release)
	b.send(tea.WindowSizeMsg{Width: 97, Height: 31})
	s := b.idle()
	mustShowCompany(t, s, "00000002", "COMPANY 00000002 LIMITED")
	mustFit(t, s, 97, 31)
	mustDrawPane(t, s, 0)

	// Back on the first company, the address pane it was left on now fits
	// the screen: it is drawn whole, from its first line.
	b.keys("backspace")
	s = b.ask()
	mustShowCompany(t, s, "00000001", "COMPANY 00000001 LIMITED")
	mustFit(t, s, 97, 31)
	mustDrawPane(t, s, 1)
	mustContain(t, s.screen, "Address  1 Test Street", "Testville", "TE1 1ST")

	// A list that arrives among resizes is laid out for the last one.
	officersAmongResizes(t, b, f, rnd)

	// Ending on the smallest size the browser draws still shows the
	// company whole: its header, its pane, the rule, the footer.
	b.keys("backspace")
	b.send(tea.WindowSizeMsg{Width: minWidth, Height: minHeight})
	s = b.ask()
	mustShowCompany(t, s, "00000001", "COMPANY 00000001 LIMITED")
	mustFit(t, s, minWidth, minHeight)
}

// mustResizeTheFirstCompany resizes the terminal while the second company
// loads: the first stays on screen, laid out for the size, with no line
// too many or too wide.
func mustResizeTheFirstCompany(t *testing.T, b *browser, size tea.WindowSizeMsg) {
	b.send(size)
	s := b.ask()
	if !s.busy || s.page.Company != "00000001" {
		t.Fatalf("after a resize to %dx%d: busy %v on %q", size.Width, size.Height, s.busy, s.page.Company)
	}
	w, h := max(size.Width, 1), max(size.Height, 1)
	if s.width != w || s.height != h || !s.laidOut {
		t.Fatalf("a resize to %dx%d laid out for %dx%d (counted rows agree: %v)",
			size.Width, size.Height, s.width, s.height, s.laidOut)
	}
	lines := splitLines(s.screen)
	if len(lines) > h {
		t.Fatalf("%d lines after a resize to %dx%d:\n%s", len(lines), size.Width, size.Height, s.screen)
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > w {
			t.Fatalf("a line wider than %d after a resize to %dx%d: %q", w, size.Width, size.Height, l)
		}
	}
	// Below the smallest frame it says so, in as much as fits.
	if tooSmall := w < minWidth || h < minHeight; tooSmall != strings.HasPrefix(s.screen, "co") && w >= 2 {
		t.Fatalf("at %dx%d the screen does not say it is too small:\n%s", w, h, s.screen)
	}
}

// officersAmongResizes follows the first company's officers from its
// profile and lets them arrive among random resizes, then one more.
func officersAmongResizes(t *testing.T, b *browser, f *fakeRegistry, rnd *rand.Rand) {
	b.keys("5", "down", "down")
	release := holdRequests(f)
	b.keys("enter")
	waitForRequests(t, f, 3)
	landAmongResizes(b, rnd, release)
	b.send(tea.WindowSizeMsg{Width: 70, Height: 20})
	s := b.idle()
	if s.page.Res.Kind != api.ResOfficers {
		t.Fatalf("on %v after following Officers:\n%s", s.page.Res.Kind, s.screen)
	}
	mustFit(t, s, 70, 20)
	mustContain(t, s.screen, "COMPANY 00000001 LIMITED › Officers", "▸ PERSON 0000, Test", "1 of 150")
}

// landAmongResizes releases the request in flight while sending random
// sizes, tiny to huge.
func landAmongResizes(b *browser, rnd *rand.Rand, release func()) {
	sizes := make([]tea.WindowSizeMsg, 40)
	for i := range sizes {
		sizes[i] = tea.WindowSizeMsg{Width: 1 + rnd.IntN(260), Height: 1 + rnd.IntN(90)}
	}
	releaseSoon(rnd, release)
	for _, size := range sizes {
		b.send(size)
	}
}
