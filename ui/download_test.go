package ui

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"coview/api"
	"coview/api/demo"
	"coview/ui/download"
	"coview/ui/parts/profile"
)

// documentsDemo is the whole demo over loopback, as coview --demo runs
// it: the registry, its document API and the storage the document API
// redirects to, each on a listener of its own. The storage refuses any
// request that carries an Authorization header, so a document saved
// through it is one whose download never sent it the key.
func documentsDemo(t testing.TB, rate int) (*api.Client, *api.DocumentClient) {
	t.Helper()
	s, err := demo.Start(demo.ServeOptions{SlowDocumentRate: rate, ErrorLog: log.New(io.Discard, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	reg, err := api.New(api.Options{BaseURL: s.RegistryURL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	docs, err := api.NewDocumentClient(reg, api.DocumentOptions{BaseURL: s.DocumentURL})
	if err != nil {
		t.Fatal(err)
	}
	return reg, docs
}

// downloading is a browser on the whole demo, saving into a directory of
// the test's own.
func downloading(t *testing.T, opts Options) (m *model, reg *api.Client, dir string) {
	t.Helper()
	reg, docs := documentsDemo(t, 0)
	dir = t.TempDir()
	opts.Documents = docs
	opts.DownloadDir = func() string { return dir }
	m = testModel(t, reg, opts)
	send(t, m, tea.WindowSizeMsg{Width: 200, Height: 40}) // room for a temporary directory's path
	return m, reg, dir
}

// toFiling puts the cursor on the row of the filing with this id in the
// filing history on screen.
func toFiling(t *testing.T, m *model, id string) {
	t.Helper()
	l := rowsOf(m)
	for i := range l.Len() {
		if strings.HasSuffix(l.Item(i).Link, "/"+id) {
			window(m).SetPosition(i, 0)
			return
		}
	}
	t.Fatalf("no filing %s in the list on screen", id)
}

// files are the names in dir, hidden ones (unfinished downloads) too.
func files(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func TestDSavesAFilingsDocumentUnderANameThatSaysWhatItIs(t *testing.T) {
	t.Parallel()
	m, reg, dir := downloading(t, Options{})
	follow(t, m, "00006400", "Filing history")
	toFiling(t, m, demo.FilingWithXHTML)
	before := reg.RateLimit().Remain
	press(t, m, "d")

	want := filepath.Join(dir, "00006400 2025-12-09 AA full accounts made up to 31 March 2025.pdf")
	body, err := os.ReadFile(want)
	if err != nil {
		t.Fatalf("not saved where expected (%v); the directory holds %q", err, files(t, dir))
	}
	if !bytes.HasPrefix(body, []byte("%PDF-")) {
		t.Fatalf("the file saved is not a PDF: %.40q", body)
	}
	if got := files(t, dir); len(got) != 1 {
		t.Fatalf("the directory holds %q, want the document alone", got)
	}
	mustContain(t, screen(m), "Saved as "+dir)
	// The document link and the name came from the list on screen: the
	// registry was asked nothing more.
	if after := reg.RateLimit().Remain; after != before {
		t.Fatalf("saving spent %d registry requests, want none", before-after)
	}

	// Again: it is there already, so nothing is fetched and nothing is
	// saved twice.
	press(t, m, "d")
	if got := files(t, dir); len(got) != 1 {
		t.Fatalf("d again saved another copy: %q", got)
	}
	mustContain(t, screen(m), "Saved as "+dir)

	// Once it is gone from the disk, d fetches it again.
	os.Remove(want)
	press(t, m, "d")
	if _, err := os.Stat(want); err != nil {
		t.Fatalf("d after the file was removed did not save it again: %q", files(t, dir))
	}
}

func TestDOnAFilingsPageAndNeverOverwrites(t *testing.T) {
	t.Parallel()
	m, reg, dir := downloading(t, Options{})
	follow(t, m, "00006400", "Filing history")
	toFiling(t, m, demo.FilingWithXHTML)
	press(t, m, "enter")
	if place(m).Res.Kind != api.ResFiling {
		t.Fatalf("not on the filing's page: %+v", place(m))
	}
	before := reg.RateLimit().Remain
	name := "00006400 2025-12-09 AA full accounts made up to 31 March 2025.pdf"
	if err := os.WriteFile(filepath.Join(dir, name), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	press(t, m, "d")
	kept, _ := os.ReadFile(filepath.Join(dir, name))
	if string(kept) != "mine" {
		t.Fatalf("a file that was there was overwritten: %.20q", kept)
	}
	second := filepath.Join(dir, "00006400 2025-12-09 AA full accounts made up to 31 March 2025 (2).pdf")
	if _, err := os.Stat(second); err != nil {
		t.Fatalf("not saved beside it as (2): %q", files(t, dir))
	}
	mustContain(t, screen(m), "(2).pdf")
	if after := reg.RateLimit().Remain; after != before {
		t.Fatalf("saving from the filing's page spent %d registry requests, want none", before-after)
	}
}

func TestAFilingWithoutADocumentSaysSo(t *testing.T) {
	t.Parallel()
	m, reg, dir := downloading(t, Options{})
	follow(t, m, "00006400", "Filing history")
	toFiling(t, m, demo.FilingWithoutDocument)
	before := reg.RateLimit().Remain
	press(t, m, "d")
	mustContain(t, strings.Join(strings.Fields(screen(m)), " "), "This filing has no document")
	if got := files(t, dir); len(got) != 0 {
		t.Fatalf("saved %q for a filing without a document", got)
	}
	if after := reg.RateLimit().Remain; after != before {
		t.Fatalf("asked the registry %d times to learn what it had said", before-after)
	}
}

func TestADocumentTheDocumentAPIDoesNotHaveSaysWhyAndLeavesNothing(t *testing.T) {
	t.Parallel()
	m, _, dir := downloading(t, Options{})
	follow(t, m, "00006400", "Filing history")
	toFiling(t, m, demo.FilingDocumentMissing)
	press(t, m, "d")
	mustContain(t, strings.Join(strings.Fields(screen(m)), " "),
		"Download failed: the document API has no document at this filing's link (404). d tries again.")
	if got := files(t, dir); len(got) != 0 {
		t.Fatalf("a failed download left %q", got)
	}
	// The page it was asked from is still on screen.
	if place(m).Res.Kind != api.ResFilings {
		t.Fatalf("a failed download left the filing history: %+v", place(m))
	}
}

// A filing the browser has not read yet (a charge's filing, from the
// charge's page) is asked of the registry once, then saved.
func TestDOnALinkToAFilingAsksForTheFilingFirst(t *testing.T) {
	t.Parallel()
	m, reg, dir := downloading(t, Options{})
	follow(t, m, "00006412", "Charges")
	press(t, m, "enter") // the first charge
	at := -1
	for i := range window(m).Len() {
		window(m).SetPosition(i, 0)
		if res, err := api.Route(pointedLink(m)); err == nil && res.Kind == api.ResFiling {
			at = i
			break
		}
	}
	if at < 0 {
		t.Fatal("the charge's page links to no filing")
	}
	window(m).SetPosition(at, 0)
	before := reg.RateLimit().Remain
	press(t, m, "d")
	got := files(t, dir)
	if len(got) != 1 || !strings.HasPrefix(got[0], "00006412 ") || !strings.HasSuffix(got[0], ".pdf") {
		t.Fatalf("saved %q, want one PDF of 00006412's filing", got)
	}
	if spent := before - reg.RateLimit().Remain; spent != 1 {
		t.Fatalf("the registry was asked %d times, want once (the filing)", spent)
	}
}

func TestDWhereThereIsNoFilingSaysWhereToGo(t *testing.T) {
	t.Parallel()
	m, _, dir := downloading(t, Options{})
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	press(t, m, "d")
	mustContain(t, screen(m), "Go to a filing first")
	if got := files(t, dir); len(got) != 0 {
		t.Fatalf("saved %q", got)
	}
}

// opener records what the browser asked to open.
type opener struct {
	mu     sync.Mutex
	opened []string
	err    error
}

func (o *opener) open(s string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.opened = append(o.opened, s)
	return o.err
}

func (o *opener) got() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return slices.Clone(o.opened)
}

func TestDOpensTheDocumentInTheViewerWhenThereIsADisplay(t *testing.T) {
	t.Parallel()
	viewer := &opener{}
	m, _, dir := downloading(t, Options{OpenFile: viewer.open})
	follow(t, m, "00006400", "Filing history")
	toFiling(t, m, demo.FilingWithXHTML)
	press(t, m, "D")
	want := filepath.Join(dir, "00006400 2025-12-09 AA full accounts made up to 31 March 2025.pdf")
	if got := viewer.got(); !slices.Equal(got, []string{want}) {
		t.Fatalf("opened %q, want %q", got, want)
	}
	mustContain(t, strings.Join(strings.Fields(screen(m)), " "), "(opened in the viewer)")

	// Open again: the saved file is opened, not fetched again.
	press(t, m, "D")
	if got := viewer.got(); len(got) != 2 || got[1] != want {
		t.Fatalf("opened %q, want the same file twice", got)
	}
	if got := files(t, dir); len(got) != 1 {
		t.Fatalf("D again saved another copy: %q", got)
	}

	viewer.err = errors.New("xdg-open: no method available for opening it")
	press(t, m, "D")
	mustContain(t, strings.Join(strings.Fields(screen(m)), " "), "the viewer could not be started: xdg-open: no method")
}

func TestDWithoutADisplaySaysWhereItWasSaved(t *testing.T) {
	t.Parallel()
	m, _, dir := downloading(t, Options{}) // OpenFile nil: over SSH
	follow(t, m, "00006400", "Filing history")
	toFiling(t, m, demo.FilingWithXHTML)
	press(t, m, "D")
	mustContain(t, strings.Join(strings.Fields(screen(m)), " "), "Saved as "+dir, "(no display here to open it on)")
}

// slowDownload starts the slow demo document (20 MB at 100 kB a second:
// minutes) in a running browser and waits until its bytes are coming.
func slowDownload(t *testing.T) (b *browser, dir string) {
	t.Helper()
	reg, docs := documentsDemo(t, 100_000)
	dir = t.TempDir()
	b = startBrowser(t, reg, Options{Documents: docs, DownloadDir: func() string { return dir }}, 100, 30)
	b.send(tea.PasteMsg{Content: "00006400\n"})
	b.onCompany("00006400")
	b.keys("5")
	b.waitUntil("on the links pane", func(s snapshot) bool { return s.page.Tab == profile.LinksTab })
	b.keys("down", "enter")
	s := b.waitUntil("on the filing history", func(s snapshot) bool { return s.page.Res.Kind == api.ResFilings && !s.busy })
	for i := 0; !strings.Contains(s.screen, "▸ 10 Dec 2024"); i++ {
		if i == 10 {
			t.Fatalf("the slow filing is not on screen:\n%s", s.screen)
		}
		b.keys("down")
		s = b.ask()
	}
	b.keys("d")
	b.waitUntil("downloading", func(s snapshot) bool { return s.downloading && s.received > 0 })
	return b, dir
}

func TestEscCancelsADownloadAndLeavesNoFile(t *testing.T) {
	t.Parallel()
	b, dir := slowDownload(t)
	if s := b.ask(); !strings.Contains(s.screen, "esc cancels") || !strings.Contains(s.screen, "of 20.0 MB") {
		t.Fatalf("no progress on screen:\n%s", s.screen)
	}
	b.keys("esc")
	s := b.waitUntil("cancelled", func(s snapshot) bool { return !s.downloading })
	mustContain(t, s.screen, "Download cancelled: nothing was saved.")
	if got := files(t, dir); len(got) != 0 {
		t.Fatalf("a cancelled download left %q", got)
	}
	// The filing history is still there, where it was.
	mustContain(t, s.screen, "▸ 10 Dec 2024")
}

func TestQuittingDuringADownloadLeavesNoFile(t *testing.T) {
	t.Parallel()
	b, dir := slowDownload(t)
	b.keys("q")
	b.tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
	if got := files(t, dir); len(got) != 0 {
		t.Fatalf("quitting during a download left %q", got)
	}
}

// noDocuments is a document API that is never reached: the goldens draw
// the browser as it is with one, without downloading.
type noDocuments struct{}

func (noDocuments) Metadata(context.Context, string) (*api.DocumentMetadata, error) {
	return nil, errors.New("no document API in this test")
}

func (noDocuments) Download(context.Context, *api.DocumentMetadata, string, io.Writer, func(api.Progress)) (int64, error) {
	return 0, errors.New("no document API in this test")
}

func TestADownloadsWordsFromTheNetworkAreShownAsText(t *testing.T) {
	t.Parallel()
	m := testModel(t, newFake(), Options{})
	m.dl.SetState(download.State{Done: true, Err: errors.New("the storage said: \x1b]52;c;aGk=\x07\x1b[2Jgone")})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	raw := m.View().Content
	for _, bad := range []string{"\x1b]52", "\x1b[2J", "\x07"} {
		if strings.Contains(raw, bad) {
			t.Fatalf("the screen carries %q from the network", bad)
		}
	}
	mustContain(t, screen(m), "Download failed: the storage said:", "gone")
}
