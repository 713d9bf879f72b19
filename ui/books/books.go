// Package books is what a browsing session keeps of companies'
// accounts read into figures: the latest accounts of a company whose
// accounts pane was selected, and the last few for its table of years.
// They cost requests (the filing history's accounts, then two a
// document), so they are read only when asked for, each at most once a
// session, and shown at once after: the session's accounts.Reader keeps
// every document it read.
package books

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/accounts"
	"coview/api"
	"coview/ui/common"
)

// The readings a session asks for: the latest accounts (the pane and
// the red flags), and as many as coview accounts reads (the table).
const (
	Latest = 1
	Table  = accounts.DefaultDocuments
)

// Session is the session's reader and what it read, by company and by
// how many accounts were asked for.
type Session struct {
	c      *common.Common
	reader *accounts.Reader // nil: no document API, no figures
	read   map[key]*Reading
}

type key struct {
	number api.Number
	docs   int
}

// Reading is one company's accounts read, or being read.
type Reading struct {
	Company *accounts.Company // nil until read
	Err     error             // what stopped it: a key refused, the quota, a failure
	Busy    bool
	cancel  context.CancelFunc
}

// Failed reports whether the reading failed, or some of its documents
// could not be fetched: reading again may bring them (and costs only
// what failed).
func (r *Reading) Failed() bool {
	if r.Company == nil {
		return r.Err != nil
	}
	for _, fa := range r.Company.Filed {
		if fa.Failed() {
			return true
		}
	}
	return false
}

// Problem says why a reading failed, for a line on screen: what the
// registry said, and what to do when there is something to do (a key to
// check); never a wait, as a reading is not retried by itself.
func (r *Reading) Problem(res api.Resource, now time.Time) string {
	if r == nil || r.Err == nil {
		return ""
	}
	t := common.Explain(r.Err, res, now, now)
	if common.IsAuth(r.Err) {
		return t.Title + ". " + t.Detail
	}
	return t.Title + "."
}

// ReadMsg is a reading done.
type ReadMsg struct {
	Number  api.Number
	Docs    int
	Company *accounts.Company
	Err     error
}

// New is the session's record of accounts read from docs; nil docs (no
// document API) reads none.
func New(c *common.Common, reg accounts.Registry, docs accounts.Documents) *Session {
	s := &Session{c: c, read: map[key]*Reading{}}
	if docs != nil && reg != nil {
		s.reader = accounts.NewReader(reg, docs)
	}
	return s
}

// Available says whether figures can be read in this session.
func (s *Session) Available() bool { return s != nil && s.reader != nil }

// Of is what the session has of a company's last docs accounts: nil when
// they were never asked for.
func (s *Session) Of(n api.Number, docs int) *Reading {
	if s == nil {
		return nil
	}
	return s.read[key{n, docs}]
}

// Latest is what the session knows of the company's latest accounts,
// from either reading, without a request; nil when it knows nothing.
func (s *Session) Latest(n api.Number) *accounts.Latest {
	for _, docs := range []int{Latest, Table} {
		if r := s.Of(n, docs); r != nil && r.Company != nil {
			return r.Company.Latest()
		}
	}
	return nil
}

// Read reads a company's last docs accounts, unless the session has them
// or is reading them; a reading that failed is tried again.
func (s *Session) Read(n api.Number, docs int) tea.Cmd {
	if !s.Available() || n == "" {
		return nil
	}
	k := key{n, docs}
	if r := s.read[k]; r != nil && (r.Busy || r.Company != nil && !r.Failed()) {
		return nil
	}
	ctx, cancel := context.WithCancel(s.c.Ctx)
	s.read[k] = &Reading{Busy: true, cancel: cancel}
	reader := s.reader
	return s.c.Guard(func() tea.Msg {
		defer cancel()
		c, err := reader.Company(ctx, n, docs, nil)
		return ReadMsg{Number: n, Docs: docs, Company: c, Err: err}
	})
}

// Stop stops a reading under way; it reports whether there was one.
func (s *Session) Stop(n api.Number, docs int) bool {
	r := s.Of(n, docs)
	if r == nil || !r.Busy {
		return false
	}
	r.cancel()
	return true
}

// Update keeps what a reading brought.
func (s *Session) Update(msg tea.Msg) tea.Cmd {
	m, ok := msg.(ReadMsg)
	if !ok || s == nil {
		return nil
	}
	s.read[key{m.Number, m.Docs}] = &Reading{Company: m.Company, Err: m.Err}
	s.c.ReadQuota()
	return nil
}
