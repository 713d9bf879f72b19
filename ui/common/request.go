package common

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"coview/api"
)

// FetchedMsg is the answer to a request for a key. ID ties it to the
// request: an answer whose request is no longer awaited is for a page the
// user has left, and is dropped (its entry is still cached if good).
type FetchedMsg struct {
	ID    int
	Key   Key
	Entry Entry
	Err   error
}

// Request is a fetch in flight: its id, and how to give it up.
type Request struct {
	ID     int
	Key    Key
	Cancel context.CancelFunc
}

// Fetch starts a request for k in a Cmd. company is the profile of the
// company k belongs to, if known.
func (c *Common) Fetch(k Key, company *api.Profile) (*Request, tea.Cmd) {
	id := c.NextID()
	ctx, cancel := context.WithCancel(c.Ctx)
	reg, now := c.Reg, c.Now
	cmd := func() tea.Msg {
		defer cancel()
		e, err := Fetch(ctx, reg, k, company, now)
		return FetchedMsg{ID: id, Key: k, Entry: e, Err: err}
	}
	return &Request{ID: id, Key: k, Cancel: cancel}, c.Guard(cmd)
}

// Stop gives up r, if there is one; its answer, if it still comes, is
// dropped.
func (r *Request) Stop() {
	if r != nil {
		r.Cancel()
	}
}
