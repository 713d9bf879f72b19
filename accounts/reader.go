package accounts

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"coview/api"
	"coview/fanout"
	"coview/figures"
)

// Registry is where the filing history comes from (*api.Client).
type Registry interface {
	Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error)
}

// Documents is the document API (*api.DocumentClient): a document's
// metadata, and its content read into memory.
type Documents interface {
	Metadata(ctx context.Context, link string) (*api.DocumentMetadata, error)
	Content(ctx context.Context, meta *api.DocumentMetadata, format string, most int64) ([]byte, error)
}

var _ Documents = (*api.DocumentClient)(nil)

// Gate sends one request for a reader: it may refuse it (a budget
// spent), make it wait (the quota) and count it. A refusal stops the
// reading. nil sends every request at once.
type Gate func(ctx context.Context, send func() error) error

// The accounts a reading takes in: the filing history's first page of
// the accounts category (the most the registry serves), and by default
// the last three accounts, each of which gives its year and the one
// before.
const (
	HistorySize      = 100
	DefaultDocuments = 3
	MaxDocuments     = 20
)

// inFlight is how many documents are read at once.
const inFlight = 3

// Reader reads companies' accounts and keeps what it read: each
// company's accounts filings, and each document's figures (not its
// facts, which nothing shows). A document that could not be fetched is
// not kept, so that it is asked for again. It is safe for concurrent
// use; two callers asking for one thing wait for one request.
type Reader struct {
	reg  Registry
	docs Documents

	mu        sync.Mutex
	histories map[string]*pending[[]api.FilingItem] // by company number
	filed     map[string]*pending[*Filed]           // by document metadata link
}

// pending is something being read, until done is closed.
type pending[T any] struct {
	done chan struct{}
	v    T
	err  error
}

// NewReader reads accounts from reg and docs.
func NewReader(reg Registry, docs Documents) *Reader {
	return &Reader{reg: reg, docs: docs, histories: map[string]*pending[[]api.FilingItem]{}, filed: map[string]*pending[*Filed]{}}
}

// Company reads the company's last n annual accounts (of the first page
// of its filing history's accounts), newest first: 1 request for the
// history and 2 a document, a few documents at once, nothing this
// reader has read already. The error is for what stops the reading (a
// key refused, the quota, gate's refusal, ctx ending); a document that
// could not be had or read is said in its Filed.
func (r *Reader) Company(ctx context.Context, n api.Number, docs int, gate Gate) (*Company, error) {
	items, err := r.history(ctx, n, gate)
	if err != nil {
		return nil, err
	}
	all := annual(items)
	c := &Company{Number: n, Listed: len(all)}
	want := all[:min(max(docs, 0), len(all))]
	c.Filed = make([]*Filed, len(want))
	run := fanout.New(ctx, inFlight, fanout.NoBound)
	for i, f := range want {
		run.Go(func() {
			fa, err := r.Filing(ctx, f, gate)
			if err != nil {
				run.Halt(err)
				return
			}
			c.Filed[i] = fa
		})
	}
	run.Wait()
	if err := run.Stopped(); err != nil {
		return nil, err
	}
	return c, nil
}

// Filing reads one accounts filing's document: its metadata and, when it
// comes as inline XBRL, its content, 2 requests (none when this reader
// has read it). Accounts without a document, or whose document comes as
// a PDF only, have no figures and cost what it took to tell.
func (r *Reader) Filing(ctx context.Context, f api.FilingItem, gate Gate) (*Filed, error) {
	link := f.Links.DocumentMetadata
	if link == "" {
		fa := newFiled(f)
		fa.Why, fa.Paper = "the registry holds no document for them", true
		return fa, nil
	}
	return once(ctx, &r.mu, r.filed, link, func() (*Filed, bool, error) {
		fa, err := r.read(ctx, f, gate)
		return fa, err == nil && !fa.failed, err
	})
}

// read fetches and reads one filing's document.
func (r *Reader) read(ctx context.Context, f api.FilingItem, gate Gate) (*Filed, error) {
	fa := newFiled(f)
	var meta *api.DocumentMetadata
	if err := send(ctx, gate, func() (err error) {
		meta, err = r.docs.Metadata(ctx, f.Links.DocumentMetadata)
		return err
	}); err != nil {
		return fa, fa.passOver(err)
	}
	if !meta.Has(api.FormatXHTML) {
		fa.Why, fa.Paper = "they were filed on paper or as a PDF only, so they have no figures", true
		return fa, nil
	}
	var doc []byte
	if err := send(ctx, gate, func() (err error) {
		doc, err = r.docs.Content(ctx, meta, api.FormatXHTML, figures.DefaultMaxBytes)
		return err
	}); err != nil {
		return fa, fa.passOver(err)
	}
	rep, err := figures.Read(doc, figures.Options{})
	if err != nil {
		fa.Why = err.Error()
		return fa, nil
	}
	rep.Facts = nil // the figures carry their sources; the facts are not shown
	fa.Report = rep
	return fa, nil
}

// history is the company's accounts filings, newest first.
func (r *Reader) history(ctx context.Context, n api.Number, gate Gate) ([]api.FilingItem, error) {
	return once(ctx, &r.mu, r.histories, string(n), func() ([]api.FilingItem, bool, error) {
		link := api.FilingHistoryLink(api.CompanyPath(n)+"/filing-history", []string{"accounts"})
		res, err := api.Route(link)
		if err != nil {
			return nil, false, err
		}
		var fh *api.FilingHistory
		err = send(ctx, gate, func() error {
			a, err := r.reg.Fetch(ctx, res, api.Page{ItemsPerPage: HistorySize})
			if err != nil {
				return err
			}
			var ok bool
			if fh, ok = api.Value[*api.FilingHistory](a); !ok {
				return fmt.Errorf("the filing history of %s could not be read", n)
			}
			return nil
		})
		if err != nil {
			return nil, false, err
		}
		return fh.Items, true, nil
	})
}

// errRefused marks a request the gate refused to send.
type errRefused struct{ err error }

func (e errRefused) Error() string { return e.err.Error() }
func (e errRefused) Unwrap() error { return e.err }

// send sends one request through the gate. A refusal (the gate returned
// without sending) is marked, so that it stops the reading whatever it is.
func send(ctx context.Context, gate Gate, do func() error) error {
	if gate == nil {
		return do()
	}
	sent := false
	err := gate(ctx, func() error {
		sent = true
		return do()
	})
	if err != nil && !sent {
		return errRefused{err}
	}
	return err
}

// stops reports whether a failure stops the whole reading: a refused
// key or the quota (api.Halts), the gate's refusal, the end of the
// caller's patience. Anything else concerns one document.
func stops(err error) bool {
	var refused errRefused
	return api.Halts(err) || errors.As(err, &refused) || errors.Is(err, api.ErrCanceled) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// once is the value of key in m: kept already, being read by another
// caller (waited for), or read now by get. What get says not to keep
// (a failure) is forgotten once its callers have it.
func once[T any](ctx context.Context, mu *sync.Mutex, m map[string]*pending[T], key string, get func() (T, bool, error)) (T, error) {
	for {
		mu.Lock()
		p, ok := m[key]
		if !ok {
			break // mu held
		}
		mu.Unlock()
		select {
		case <-p.done:
		case <-ctx.Done():
			var zero T
			return zero, &api.Error{Kind: api.KindCanceled, Err: ctx.Err()}
		}
		if p.err == nil {
			return p.v, nil
		}
		// That reading failed and was forgotten: read again.
	}
	p := &pending[T]{done: make(chan struct{})}
	m[key] = p
	mu.Unlock()

	v, keep, err := get()

	mu.Lock()
	p.v, p.err = v, err
	if !keep && p.err == nil {
		p.err = errForgotten
	}
	if !keep {
		delete(m, key)
	}
	close(p.done)
	mu.Unlock()
	return v, err
}

// errForgotten tells a caller waiting on a reading that was not kept to
// read again for itself.
var errForgotten = errors.New("accounts: not kept")

// newFiled is a filing before its document is read.
func newFiled(f api.FilingItem) *Filed {
	fa := &Filed{Filing: f}
	fa.MadeUpTo, _ = time.Parse(time.DateOnly, f.Values()["made_up_date"])
	return fa
}
