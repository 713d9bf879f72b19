package ui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"coview/api"
	"coview/present"
	"coview/present/sanitize"
	"coview/save"
)

// A filing's document, saved (d) or saved and opened (D): the filing's
// document link is read from what the browser already holds, its metadata
// asked of the document API, and the PDF saved in the download directory
// under a name that says what it is, with a progress bar under the page
// that esc cancels. One download runs at a time; a document saved in this
// session is not fetched again.

// Documents is where filings' documents come from: the document API. The
// key goes to it and never to the storage it redirects to; that is the
// api layer's to keep. Putting the bytes on disk is package save's.
type Documents interface {
	Metadata(ctx context.Context, link string) (*api.DocumentMetadata, error)
	Download(ctx context.Context, meta *api.DocumentMetadata, format string, w io.Writer, progress func(api.Progress)) (int64, error)
}

var _ Documents = (*api.DocumentClient)(nil)

// noDocument is what a filing without a document link says.
const noDocument = "This filing has no document: the registry holds none for it (paper-filed and older filings often have none)."

// stopWithin bounds how long quitting waits for a cancelled download to
// take its unfinished file away.
const stopWithin = 3 * time.Second

// download is the download under way, or the last one, whose outcome
// stays under the page until esc or the next download.
type download struct {
	id      int
	filing  api.Resource
	title   string // the file's name once known, else the filing's
	stage   string // what it waits for before the bytes come
	prog    api.Progress
	bytes   bool // the bytes are coming: prog is the download's
	started time.Time
	cancel  context.CancelFunc
	done    chan struct{} // closed when its goroutine has finished, file and all
	open    bool          // open it in the viewer once saved

	cancelled bool // esc was pressed; the end is still to come

	finished bool
	path     string // where it was saved
	err      error
	opened   string // what opening it said, once asked
}

func (d *download) running() bool { return d != nil && !d.finished }

// downloadMsg is a download's latest state, as its goroutine left it.
type downloadMsg struct {
	id    int
	title string
	stage string
	prog  api.Progress
	bytes bool
	path  string
	err   error
	done  bool
	r     *reporter // where the next state comes from
}

// openedMsg is what the viewer or the web browser said when asked to
// open something.
type openedMsg struct {
	id   int // the download it opens, or 0 for a web page
	what string
	err  error
}

// reporter hands a download's state from its goroutine to the program:
// the newest state replaces an older one not yet taken, so a fast download
// never waits for the screen, and the last state is never lost.
type reporter struct {
	mu     sync.Mutex
	state  downloadMsg
	notify chan struct{}
}

func (r *reporter) set(f func(*downloadMsg)) {
	r.mu.Lock()
	f(&r.state)
	r.mu.Unlock()
	select {
	case r.notify <- struct{}{}:
	default: // a notice is pending: it will read this state
	}
}

func (r *reporter) get() downloadMsg {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.state
	s.r = r
	return s
}

// filingTarget is the filing d and D act on: the filing on screen, or the
// one the cursor is on (a row of a filing history, a charge's filing).
func (m *model) filingTarget() (api.Resource, bool) {
	if m.page.res.Kind == api.ResFiling {
		return m.page.res, true
	}
	if link := m.pointedAt(); link != "" {
		if res, err := api.Route(link); err == nil && res.Kind == api.ResFiling {
			return res, true
		}
	}
	return api.Resource{}, false
}

// pointedAt is the link under the cursor, if any: a list's row, a
// document's line, a link of the links pane.
func (m *model) pointedAt() string {
	pg := m.page
	switch {
	case pg.showsPanes() && pg.tab == linksTab && len(pg.links) > 0:
		if l := pg.links[pg.lv.Cursor()]; l.Refused == nil {
			return l.Raw
		}
	case pg.list != nil && pg.list.len() > 0:
		return pg.list.item(pg.lv.Cursor()).Link
	case pg.doc != nil && len(pg.doc.lines) > 0:
		return pg.doc.lines[pg.lv.Cursor()].link
	}
	return ""
}

// knownFiling is the filing as this session already has it: the body of
// its page, or of the page of the filing history its row came from.
func (m *model) knownFiling(res api.Resource) *api.FilingItem {
	if e, ok := m.cache.peek(fetch{res: res}); ok {
		if f, ok := api.ReadFiling(e.raw.unpack(), res.ID); ok {
			return f
		}
	}
	pg := m.page
	if l := pg.list; l != nil && pg.res.Kind == api.ResFilings && l.len() > 0 {
		if e, ok := m.cache.peek(fetch{res: pg.res, start: l.pageStart(pg.lv.Cursor())}); ok {
			if f, ok := api.ReadFiling(e.raw.unpack(), res.ID); ok {
				return f
			}
		}
	}
	return nil
}

// saveDocument is d, and with open D: the document of the filing the
// cursor is on, saved; D then opens it.
func (m *model) saveDocument(open bool) tea.Cmd {
	res, ok := m.filingTarget()
	switch {
	case !ok:
		return m.flash("Go to a filing first: d saves its document, D opens it.", false)
	case m.opts.Documents == nil:
		return m.flash("This registry has no document API to fetch documents from.", true)
	case m.dl.running() && m.dl.filing == res:
		return m.flash("Already downloading it: esc cancels.", false)
	case m.dl.running():
		return m.flash("One download at a time: esc cancels the one under way.", false)
	}
	if path := m.saved[res]; path != "" {
		if _, err := os.Stat(path); err == nil {
			m.seq++
			m.dl = &download{id: m.seq, filing: res, title: filepath.Base(path), finished: true, path: path, open: open}
			if open {
				return m.openDocument(m.dl)
			}
			return nil
		}
		delete(m.saved, res) // moved or deleted since: fetch it again
	}
	f := m.knownFiling(res)
	if f != nil && f.Links.DocumentMetadata == "" {
		m.dl = nil // an older download's outcome is not about this filing
		return m.flash(noDocument, false)
	}
	m.seq++
	ctx, cancel := context.WithCancel(m.ctx)
	d := &download{id: m.seq, filing: res, title: "the document of filing " + res.ID, stage: "the filing",
		started: m.now(), cancel: cancel, done: make(chan struct{}), open: open}
	if f != nil {
		d.stage = "the document API"
	}
	m.dl = d
	r := &reporter{state: downloadMsg{id: d.id, title: d.title, stage: d.stage}, notify: make(chan struct{}, 1)}
	dir, reg, docs := m.downloadDir(), m.reg, m.opts.Documents
	go func() {
		defer close(d.done)
		defer cancel()
		path, err := fetchDocument(ctx, reg, docs, res, f, dir, r)
		r.set(func(s *downloadMsg) { s.path, s.err, s.done = path, err, true })
	}()
	return m.nextDownload(r)
}

// downloadDir is where documents go, asked when a download starts: the
// directory may have been made since the browser started.
func (m *model) downloadDir() string {
	if m.opts.DownloadDir != nil {
		return m.opts.DownloadDir()
	}
	return save.DownloadDir(os.Getenv)
}

// fetchDocument runs on the download's goroutine: it reads only what it
// was given, nothing of the model, and tells the program through r. f is
// the filing when the browser has it, else nil: it is asked for first.
func fetchDocument(ctx context.Context, reg Registry, docs Documents, res api.Resource, f *api.FilingItem, dir string, r *reporter) (string, error) {
	if f == nil {
		a, err := reg.Fetch(ctx, res, api.Page{})
		if err != nil {
			return "", err
		}
		if f, _ = api.Value[*api.FilingItem](a); f == nil {
			return "", errors.New("the registry's answer holds no filing")
		}
		if f.Links.DocumentMetadata == "" {
			return "", errors.New(noDocument)
		}
		r.set(func(s *downloadMsg) { s.stage = "the document API" })
	}
	name := present.DocumentFileName(res.Number, f, api.FormatPDF)
	r.set(func(s *downloadMsg) { s.title = name })
	meta, err := docs.Metadata(ctx, f.Links.DocumentMetadata)
	if errors.Is(err, api.ErrNotFound) {
		return "", errors.New("the document API has no document at this filing's link (404)")
	}
	if err != nil {
		return "", err
	}
	if len(meta.Resources) > 0 && !meta.Has(api.FormatPDF) {
		return "", fmt.Errorf("this filing's document comes only as %s: coview document %s %s --format xhtml saves it",
			meta.FormatsInWords(), res.Number, res.ID)
	}
	r.set(func(s *downloadMsg) { s.stage = "the storage" })
	return save.Into(dir, name, func(w io.Writer) error {
		_, err := docs.Download(ctx, meta, api.FormatPDF, w, func(p api.Progress) {
			r.set(func(s *downloadMsg) { s.prog, s.bytes = p, true })
		})
		return err
	})
}

// nextDownload waits for the download's next state.
func (m *model) nextDownload(r *reporter) tea.Cmd {
	return m.guard(func() tea.Msg {
		<-r.notify
		return r.get()
	})
}

// onDownload takes a download's state in; once saved, D's document is
// opened.
func (m *model) onDownload(msg downloadMsg) tea.Cmd {
	d := m.dl
	if d == nil || d.id != msg.id || d.finished {
		return nil
	}
	d.title, d.stage, d.prog, d.bytes = msg.title, msg.stage, msg.prog, msg.bytes
	if !msg.done {
		return m.nextDownload(msg.r)
	}
	d.finished, d.path, d.err = true, msg.path, msg.err
	if d.err != nil {
		return nil
	}
	m.saved[d.filing] = d.path
	d.title = filepath.Base(d.path)
	if d.open {
		return m.openDocument(d)
	}
	return nil
}

// openDocument opens a saved document in the system's viewer, when there
// is a display to show it on.
func (m *model) openDocument(d *download) tea.Cmd {
	if m.opts.OpenFile == nil {
		d.opened = "no display here to open it on"
		return nil
	}
	d.opened = "opening it in the viewer…"
	open, path, id := m.opts.OpenFile, d.path, d.id
	return m.guard(func() tea.Msg { return openedMsg{id: id, what: path, err: open(path)} })
}

func (m *model) onOpened(msg openedMsg) tea.Cmd {
	if msg.id == 0 { // a web page
		if msg.err != nil {
			return m.flash("The web browser could not be started: "+line(msg.err.Error()), true)
		}
		return nil
	}
	if d := m.dl; d != nil && d.id == msg.id {
		d.opened = "opened in the viewer"
		if msg.err != nil {
			d.opened = "the viewer could not be started: " + line(msg.err.Error())
		}
	}
	return nil
}

// stopDownload cancels the download under way; with wait, it waits
// (briefly) until its unfinished file is gone, as quitting must.
func (m *model) stopDownload(wait bool) {
	d := m.dl
	if !d.running() {
		return
	}
	d.cancel()
	if wait {
		select {
		case <-d.done:
		case <-time.After(stopWithin):
		}
	}
}

// cancelDownload is esc while a document downloads. The download ends
// when its goroutine has taken its unfinished file away, and says so; one
// that finished first says where it was saved.
func (m *model) cancelDownload() tea.Cmd {
	m.dl.cancelled = true
	m.stopDownload(false)
	return nil
}

// downloadLines are the download's line under the page: its progress, or
// how it ended, with what to do next.
func (m *model) downloadLines(w int) []string {
	d := m.dl
	if d == nil {
		return nil
	}
	s := m.styles
	name := line(d.title)
	if !d.finished {
		tail := " · esc cancels"
		if d.cancelled {
			return []string{fit(s.Note.Render(" ⇣ "+cutMiddle("Cancelling the download of "+name, w-4)), w), fit(s.Note.Render("   taking the unfinished file away…"), w)}
		}
		head := s.Note.Render(" ⇣ "+cutMiddle("Downloading "+name, w-cells(tail)-4)) + s.Quiet.Render(tail)
		if !d.bytes {
			return []string{fit(head, w), fit(s.Note.Render("   asking "+d.stage+"…"), w)}
		}
		// The name on a line of its own, the bar under it: both need room.
		amount := api.ByteSize(d.prog.Done) + " so far"
		bar, progress := "", m.bar // a copy: drawing changes nothing
		if f := d.prog.Fraction(); f >= 0 {
			amount = fmt.Sprintf("%d%%  %s of %s", int(f*100), api.ByteSize(d.prog.Done), api.ByteSize(d.prog.Total))
			if left := m.timeLeft(d); left != "" {
				amount += ", " + left
			}
			progress.SetWidth(min(max(w/3, 10), 40))
			bar = progress.ViewAs(f) + "  "
		}
		return []string{fit(head, w), fit("   "+bar+s.Note.Render(amount), w)}
	}
	var text string
	style := s.Note
	switch {
	case errors.Is(d.err, context.Canceled) || errors.Is(d.err, api.ErrCanceled):
		text = "Download cancelled: nothing was saved. d starts it again."
	case d.err != nil:
		text = "Download failed: " + sentence(downloadWords(d.err)) + " d tries again."
		style = s.Warning
	default:
		text = "Saved as " + sanitize.Line(d.path)
		switch {
		case d.opened != "":
			text += " (" + d.opened + ")."
		case m.opts.OpenFile != nil:
			text += ". D opens it."
		default:
			text += "."
		}
	}
	var out []string
	for _, l := range wrap(text, w-2, 3) {
		out = append(out, " "+style.Render(l))
	}
	return out
}

// timeLeft guesses how long the rest of a download takes at the pace so
// far, once there is a pace to go by.
func (m *model) timeLeft(d *download) string {
	spent := m.now().Sub(d.started)
	if spent < time.Second || d.prog.Done <= 0 || d.prog.Total <= d.prog.Done {
		return ""
	}
	left := time.Duration(float64(spent) * float64(d.prog.Total-d.prog.Done) / float64(d.prog.Done))
	switch {
	case left < time.Minute:
		return fmt.Sprintf("about %d s left", max(int(left.Round(time.Second)/time.Second), 1))
	default:
		return fmt.Sprintf("about %d min left", int(left.Round(time.Minute)/time.Minute))
	}
}

// downloadWords is a download's error for the screen: coview's words,
// with what came from the network made safe.
func downloadWords(err error) string {
	return sanitize.Line(err.Error())
}

// cutMiddle shortens text to w cells by taking out its middle, so that a
// long file name keeps both its start (the company and the date) and its
// end (what it is).
func cutMiddle(text string, w int) string {
	n := cells(text)
	if n <= w {
		return text
	}
	w = max(w, 3)
	head := (w - 1) / 2
	tail := w - 1 - head
	return ansi.Truncate(text, head, "") + "…" + ansi.TruncateLeft(text, n-tail, "")
}
