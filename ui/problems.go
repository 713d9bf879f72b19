package ui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/common"
	"coview/ui/parts/keyscreen"
)

// problems is what went wrong, shown above the page until the next page
// or esc, and the request that failed, which r sends again (and a 429's
// countdown sends again by itself when the quota resets).
type problems struct {
	shown   *common.Problem
	lasting bool // shown stays over the pages that arrive, until esc
	failed  *failure
	retryAt time.Time
	err     error // the rate-limit error being counted down
	tick    int   // the countdown ticking; older ticks are dropped
}

// failure is a request that failed: how to send it again, and how to tell
// its part that the problem was dismissed.
type failure struct {
	key    common.Key
	retry  func() tea.Cmd
	forget func()
}

func (p *problems) show(t common.Problem) { p.shown, p.lasting = &t, false }

// clear drops the problem, unless it lasts, and the failure (a page
// arrived).
func (p *problems) clear() {
	if !p.lasting {
		p.shown = nil
	}
	p.failed = nil
}

// dismiss is esc on a problem: it goes, and what failed is not retried.
func (p *problems) dismiss() {
	if p.failed != nil && p.failed.forget != nil {
		p.failed.forget()
	}
	p.shown, p.lasting, p.failed, p.retryAt = nil, false, nil, time.Time{}
}

// showSettings shows what is wrong in the settings, one problem a line,
// from the first page until esc: one-shot commands say it on stderr,
// which the browser's screen hides until it quits.
func (p *problems) showSettings(said []string) {
	if len(said) == 0 {
		return
	}
	title := "A problem in the settings: its default is used instead (esc hides this)"
	if len(said) > 1 {
		title = fmt.Sprintf("%d problems in the settings: their defaults are used instead (esc hides this)", len(said))
	}
	lines := make([]string, len(said))
	for i, s := range said {
		lines[i] = common.Line(s)
	}
	p.show(common.Problem{Title: title, Detail: strings.Join(lines, "\n")})
	p.lasting = true
}

// countdownMsg ticks once a second while a rate-limited request waits for
// the quota to reset.
type countdownMsg struct{ id int }

// fail shows what went wrong and keeps what was on screen. A refused key
// opens the key screen; a rate limit waits for the quota and tries again;
// a company not found goes into the search box to be edited (as typed,
// when typed).
func (m *model) fail(f failure, err error, typed bool) tea.Cmd {
	if errors.Is(err, api.ErrCanceled) {
		return nil
	}
	t := &m.trouble
	t.failed = &f
	now := m.now()
	switch {
	case common.IsAuth(err):
		m.keys = keyscreen.New(m.c, common.Explain(err, f.key.Res, now, time.Time{}).Detail, m.keyOptions())
		return nil
	case errors.Is(err, api.ErrRateLimited):
		t.retryAt = m.resetTime(err)
		t.show(common.Explain(err, f.key.Res, now, t.retryAt))
		t.err = err
		t.tick++
		return m.countdown(t.tick)
	case errors.Is(err, api.ErrNotFound) && f.key.Res.Kind == api.ResCompany && m.box.Queued():
		// Stepping through a paste with n: the keyboard stays with the
		// page, so the next n opens the next number rather than typing.
		next, _ := m.box.Peek()
		t.show(common.Problem{Title: "Company " + f.key.Res.Number.String() + " not found",
			Detail: "The registry has no company with this number (404). n opens the next pasted number, " + next.String() +
				"; / then ↓ finds this one to edit."})
		m.box.Skip(f.key.Res.Number)
		return nil
	case errors.Is(err, api.ErrNotFound) && f.key.Res.Kind == api.ResCompany:
		t.show(common.Explain(err, f.key.Res, now, time.Time{}))
		m.box.Await(typed)
		return m.box.NotFound(f.key.Res.Number)
	}
	t.show(common.Explain(err, f.key.Res, now, time.Time{}))
	return nil
}

// retry sends the failed request again, as it was.
func (m *model) retry() tea.Cmd {
	f := m.trouble.failed
	m.trouble.shown, m.trouble.failed, m.trouble.retryAt = nil, nil, time.Time{}
	if f == nil || f.retry == nil {
		return nil
	}
	return f.retry()
}

// resetTime is when a rate-limited request may be sent again: when the
// registry said the quota resets, or a minute from now if it did not.
func (m *model) resetTime(err error) time.Time {
	var e *api.Error
	if errors.As(err, &e) && !e.RetryAt.IsZero() {
		return e.RetryAt
	}
	if q := m.c.Reg.RateLimit(); q.Known && q.Reset.After(m.now()) {
		return q.Reset
	}
	return m.now().Add(time.Minute)
}

// countdown ticks once a second, the last tick when the quota resets,
// so the request goes out then and not up to a second later.
func (m *model) countdown(id int) tea.Cmd {
	next := min(time.Second, max(m.trouble.retryAt.Sub(m.now()), time.Millisecond))
	return m.c.After(next, func(time.Time) tea.Msg { return countdownMsg{id} })
}

// onCountdown redraws the wait for the quota, and retries when it is over.
func (m *model) onCountdown(msg countdownMsg) tea.Cmd {
	t := &m.trouble
	if t.failed == nil || t.retryAt.IsZero() || msg.id != t.tick {
		return nil
	}
	if !m.now().Before(t.retryAt) {
		return m.retry()
	}
	t.show(common.Explain(t.err, t.failed.key.Res, m.now(), t.retryAt))
	return m.countdown(msg.id)
}

// onKeyDone takes a key into use and carries on: the request the
// registry refused is sent again, so the user keeps their place.
func (m *model) onKeyDone(msg keyscreen.DoneMsg) tea.Cmd {
	m.keys = nil
	var cmds []tea.Cmd
	switch {
	case m.trouble.failed != nil:
		cmds = append(cmds, m.retry())
	case m.foot.afterKeys != nil:
		cmds = append(cmds, m.foot.afterKeys())
	}
	m.foot.afterKeys = nil
	// Said after the page is on its way, so its arrival does not take
	// the message with the page it leaves.
	if msg.Warning != "" {
		cmds = append(cmds, m.c.Flash(msg.Warning, true))
	} else {
		cmds = append(cmds, m.c.Flash("Key saved.", false))
	}
	return tea.Batch(cmds...)
}

// onKeyLeft is esc on the key screen: browse on without a key.
func (m *model) onKeyLeft() tea.Cmd {
	m.keys = nil
	if m.trouble.failed != nil {
		m.trouble.show(common.Problem{Title: "No API key in use", Detail: "The registry needs a key. Press r to enter one and try again."})
	}
	return nil
}
