// Package download is a filing's document saved from the browser (d) or
// saved and opened (D): the filing's document link is read from what the
// browser already holds, its metadata asked of the document API, and the
// PDF saved in the download directory under a name that says what it is,
// with a progress bar under the page that esc cancels. One download runs
// at a time; a document saved in this session is not fetched again.
package download

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"charm.land/bubbles/v2/progress"
	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
	"coview/save"
	"coview/ui/common"
)

// Documents is where filings' documents come from: the document API. The
// key goes to it and never to the storage it redirects to; that is the
// api layer's to keep. Putting the bytes on disk is package save's.
type Documents interface {
	Metadata(ctx context.Context, link string) (*api.DocumentMetadata, error)
	Download(ctx context.Context, meta *api.DocumentMetadata, format string, w io.Writer, progress func(api.Progress)) (int64, error)
}

var _ Documents = (*api.DocumentClient)(nil)

// NoDocument is what a filing without a document link says.
const NoDocument = "This filing has no document: the registry holds none for it (paper-filed and older filings often have none)."

// stopWithin bounds how long quitting waits for a cancelled download to
// take its unfinished file away.
const stopWithin = 3 * time.Second

// Options say where documents come from and go to.
type Options struct {
	Docs Documents // nil: there is no document API
	// Dir says where documents are saved, asked at each download; nil
	// is save.DownloadDir of the environment.
	Dir func() string
	// OpenFile opens a saved document in the system's viewer; nil when
	// there is no display to open it on.
	OpenFile func(path string) error
}

// Model is the download under way, or the last one, whose outcome stays
// under the page until esc, the next page or the next download.
type Model struct {
	c     *common.Common
	opts  Options
	dl    *download
	saved map[api.Resource]string // where this session saved each filing's document
	bar   progress.Model
}

// download is one document's download.
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

// New makes the download line, with nothing downloading.
func New(c *common.Common, opts Options) *Model {
	m := &Model{c: c, opts: opts, saved: map[api.Resource]string{}}
	m.Restyle()
	return m
}

// Restyle takes new styles in.
func (m *Model) Restyle() {
	m.bar = progress.New(progress.WithoutPercentage(), progress.WithFillCharacters('█', '░'), progress.WithColors(m.c.Styles.Good.GetForeground()))
}

// Available says whether documents can be fetched at all.
func (m *Model) Available() bool { return m.opts.Docs != nil }

// Running says whether a download is under way.
func (m *Model) Running() bool { return m.dl.running() }

// Cancelling says whether one is under way and not already cancelled.
func (m *Model) Cancellable() bool { return m.dl.running() && !m.dl.cancelled }

// Shown says whether a download's line is under the page.
func (m *Model) Shown() bool { return m.dl != nil }

// Received is what a download under way has received so far.
func (m *Model) Received() (int64, bool) {
	if !m.dl.running() {
		return 0, false
	}
	return m.dl.prog.Done, true
}

// Dismiss takes a finished download's outcome away; it reports whether
// there was one.
func (m *Model) Dismiss() bool {
	if m.dl == nil || !m.dl.finished {
		return false
	}
	m.dl = nil
	return true
}

// Cancel is esc while a document downloads. The download ends when its
// goroutine has taken its unfinished file away, and says so; one that
// finished first says where it was saved.
func (m *Model) Cancel() {
	m.dl.cancelled = true
	m.Stop(false)
}

// Stop cancels the download under way; with wait, it waits (briefly)
// until its unfinished file is gone, as quitting must.
func (m *Model) Stop(wait bool) {
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

// Target is the filing d and D act on: the filing on screen, or the one
// the cursor is on (a row of a filing history, a charge's filing).
func Target(at common.Place, pointed common.Pointed) (api.Resource, bool) {
	if at.Res.Kind == api.ResFiling {
		return at.Res, true
	}
	if pointed.Link != "" {
		if res, err := api.Route(pointed.Link); err == nil && res.Kind == api.ResFiling {
			return res, true
		}
	}
	return api.Resource{}, false
}

// known is the filing as this session already has it: the body of its
// page, or of the page of the filing history its row came from.
func (m *Model) known(res api.Resource, from common.Key) *api.FilingItem {
	for _, k := range []common.Key{{Res: res}, from} {
		if k.Res.IsZero() {
			continue
		}
		if e, ok := m.c.Cache.Peek(k); ok {
			if f, ok := api.ReadFiling(e.Raw.Unpack(), res.ID); ok {
				return f
			}
		}
	}
	return nil
}

// Save is d, and with open D: the document of a filing, saved; D then
// opens it. from is the cache key of the page the filing's row came from.
func (m *Model) Save(res api.Resource, from common.Key, open bool) tea.Cmd {
	switch {
	case m.opts.Docs == nil:
		return m.c.Flash("This registry has no document API to fetch documents from.", true)
	case m.dl.running() && m.dl.filing == res:
		return m.c.Flash("Already downloading it: esc cancels.", false)
	case m.dl.running():
		return m.c.Flash("One download at a time: esc cancels the one under way.", false)
	}
	if path := m.saved[res]; path != "" {
		if _, err := os.Stat(path); err == nil {
			m.dl = &download{id: m.c.NextID(), filing: res, title: filepath.Base(path), finished: true, path: path, open: open}
			if open {
				return m.openDocument(m.dl)
			}
			return nil
		}
		delete(m.saved, res) // moved or deleted since: fetch it again
	}
	f := m.known(res, from)
	if f != nil && f.Links.DocumentMetadata == "" {
		m.dl = nil // an older download's outcome is not about this filing
		return m.c.Flash(NoDocument, false)
	}
	return m.start(res, f, open)
}

// start runs the download on a goroutine of its own, which reads only
// what it is given and tells the program through a reporter.
func (m *Model) start(res api.Resource, f *api.FilingItem, open bool) tea.Cmd {
	ctx, cancel := context.WithCancel(m.c.Ctx)
	d := &download{id: m.c.NextID(), filing: res, title: "the document of filing " + res.ID, stage: "the filing",
		started: m.c.Now(), cancel: cancel, done: make(chan struct{}), open: open}
	if f != nil {
		d.stage = "the document API"
	}
	m.dl = d
	r := &reporter{state: Msg{id: d.id, title: d.title, stage: d.stage, prog: api.Progress{Total: -1}}, notify: make(chan struct{}, 1)}
	dir, reg, docs := m.dir(), m.c.Reg, m.opts.Docs
	go func() {
		defer close(d.done)
		defer cancel()
		path, err := fetch(ctx, reg, docs, res, f, dir, r)
		r.set(func(s *Msg) { s.path, s.err, s.done = path, err, true })
	}()
	return m.next(r)
}

// dir is where documents go, asked when a download starts: the directory
// may have been made since the browser started.
func (m *Model) dir() string {
	if m.opts.Dir != nil {
		return m.opts.Dir()
	}
	return save.DownloadDir(os.Getenv)
}

// fetch runs on the download's goroutine. f is the filing when the
// browser has it, else nil: it is asked for first.
func fetch(ctx context.Context, reg common.Registry, docs Documents, res api.Resource, f *api.FilingItem, dir string, r *reporter) (string, error) {
	if f == nil {
		a, err := reg.Fetch(ctx, res, api.Page{})
		if err != nil {
			return "", err
		}
		if f, _ = api.Value[*api.FilingItem](a); f == nil {
			return "", errors.New("the registry's answer holds no filing")
		}
		if f.Links.DocumentMetadata == "" {
			return "", errors.New(NoDocument)
		}
		r.set(func(s *Msg) { s.stage = "the document API" })
	}
	name := present.DocumentFileName(res.Number, f, api.FormatPDF)
	r.set(func(s *Msg) { s.title = name })
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
	r.set(func(s *Msg) { s.stage = "the storage" })
	return save.Into(dir, name, func(w io.Writer) error {
		// The bytes are counted as they are written: the document API
		// tells of progress at most every tenth of a second, so a
		// download that stalls just after a burst would show less than
		// is on disk.
		_, err := docs.Download(ctx, meta, api.FormatPDF, &counter{w: w, r: r}, func(p api.Progress) {
			r.set(func(s *Msg) { s.prog.Total, s.prog.Done, s.bytes = p.Total, max(s.prog.Done, p.Done), true })
		})
		return err
	})
}

// counter tells of every byte written, as it is written.
type counter struct {
	w io.Writer
	r *reporter
}

func (c *counter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	if n > 0 {
		c.r.set(func(s *Msg) { s.prog.Done += int64(n); s.bytes = true })
	}
	return n, err
}

// State is a download as it stands, to draw it as it was: a download in
// progress (Done false) or finished (Done, with Path or Err).
type State struct {
	Filing  api.Resource
	Title   string
	Stage   string
	Bytes   bool
	Prog    api.Progress
	Started time.Time
	Done    bool
	Path    string
	Err     error
}

// SetState shows a download in the state given, with nothing running.
func (m *Model) SetState(s State) {
	m.dl = &download{id: m.c.NextID(), filing: s.Filing, title: s.Title, stage: s.Stage, bytes: s.Bytes,
		prog: s.Prog, started: s.Started, finished: s.Done, path: s.Path, err: s.Err, done: make(chan struct{}), cancel: func() {}}
	close(m.dl.done)
}
