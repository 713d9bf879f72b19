package watches

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
	"coview/ui/common"
	"coview/watch"
)

// Check is a check of the watch list: the one under way, or the last.
type Check struct {
	Progress watch.Progress
	Report   *watch.Report // once it ended
	Err      error         // why it could not go on, if it could not
	Found    int           // changes recorded so far
	Stopping bool          // esc asked it to stop
	Started  time.Time
	Ended    time.Time // zero while it runs
	id       int
	cancel   context.CancelFunc
	run      *run
}

// Running says whether the check is under way.
func (ch *Check) Running() bool { return ch != nil && ch.run != nil }

// run is what the check's goroutines tell the session, taken one message
// at a time: the newest progress, and how many changes were recorded.
// Telling never blocks the check: news the session has not taken yet is
// replaced by newer news.
type run struct {
	mu       sync.Mutex
	progress watch.Progress
	found    int
	wake     chan struct{} // holds one wake-up while there is news
	done     chan struct{} // closed when the check has ended
}

func newRun() *run { return &run{wake: make(chan struct{}, 1), done: make(chan struct{})} }

func (r *run) tell(p watch.Progress) {
	r.mu.Lock()
	r.progress = p
	r.mu.Unlock()
	r.poke()
}

func (r *run) add(changes []watch.Change) {
	r.mu.Lock()
	r.found += len(changes)
	r.mu.Unlock()
	r.poke()
}

func (r *run) poke() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

func (r *run) latest() (watch.Progress, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.progress, r.found
}

// CheckMsg is news of the check: how it is getting on, or its end.
type CheckMsg struct {
	id       int
	progress watch.Progress
	found    int
	done     bool
	report   *watch.Report
	err      error
}

// Ended says the check has ended.
func (m CheckMsg) Ended() bool { return m.done }

// Check is the check under way, or the last one; nil before the first.
func (s *Session) Check() *Check { return s.check }

// Checking says whether a check is under way.
func (s *Session) Checking() bool { return s.check.Running() }

// StartCheck asks the registry what changed at every watched company not
// checked since the check began, unless a check is under way. It is
// paced within the quota, may run while a cron job checks too (each
// company is checked by one of them), and is told in CheckMsgs.
func (s *Session) StartCheck() tea.Cmd {
	if s.open == nil || s.check.Running() {
		return nil
	}
	ctx, cancel := context.WithCancel(s.c.Ctx)
	r := newRun()
	ch := &Check{id: s.c.NextID(), cancel: cancel, run: r, Started: s.c.Now()}
	s.check = ch
	open, id := s.open, ch.id
	check := func() tea.Msg {
		defer close(r.done)
		w, err := open.get(false)
		if err != nil || w == nil {
			return CheckMsg{id: id, done: true, report: &watch.Report{}, err: err}
		}
		rep, err := w.Check(ctx, watch.CheckOptions{Progress: r.tell, Found: r.add})
		if rep == nil {
			rep = &watch.Report{}
		}
		return CheckMsg{id: id, done: true, report: rep, err: err}
	}
	return tea.Batch(s.c.Guard(check), s.next(id, r))
}

// next waits for the check's next news; it ends with the check.
func (s *Session) next(id int, r *run) tea.Cmd {
	return s.c.Guard(func() tea.Msg {
		select {
		case <-r.wake:
			p, found := r.latest()
			return CheckMsg{id: id, progress: p, found: found}
		case <-r.done:
			return nil
		}
	})
}

// StopCheck is esc during a check: it stops soon, keeping what it
// recorded. It reports whether a check was under way.
func (s *Session) StopCheck() bool {
	ch := s.check
	if !ch.Running() {
		return false
	}
	ch.Stopping = true
	ch.cancel()
	return true
}

// onCheck takes news of the check.
func (s *Session) onCheck(msg CheckMsg) tea.Cmd {
	ch := s.check
	if ch == nil || ch.id != msg.id || ch.run == nil {
		return nil
	}
	s.c.ReadQuota() // what the check has spent of the quota
	if !msg.done {
		ch.Progress = msg.progress
		if msg.found > ch.Found {
			ch.Found = msg.found
			s.stamp++
		}
		return s.next(ch.id, ch.run)
	}
	ch.run = nil
	ch.cancel()
	ch.Report, ch.Err, ch.Ended = msg.report, msg.err, s.c.Now()
	ch.Found = len(msg.report.Changes)
	s.stamp++
	if s.onPage {
		return s.refresh()
	}
	text, bad := Outcome(ch, s.c.Reg.RateLimit(), s.c.Now())
	return tea.Batch(s.refresh(), s.c.Flash(text, bad))
}

// Outcome is how a check ended, in words, and whether it is bad news
// (not every company could be checked).
func Outcome(ch *Check, quota api.RateLimit, now time.Time) (string, bool) {
	if ch.Err != nil {
		t := common.Explain(ch.Err, api.Resource{}, now, now)
		return "The check stopped: " + t.Title + ". " + t.Detail, true
	}
	rep := ch.Report
	var parts []string
	if rep.Checked > 0 {
		found := "nothing changed"
		if n := len(rep.Changes); n > 0 {
			found = fmt.Sprintf("%s at %s", present.Plural(n, "change", "changes"), present.Plural(companiesOf(rep.Changes), "company", "companies"))
		}
		if k := len(rep.Seeded); k > 0 {
			found += fmt.Sprintf(" (%s checked for the first time: what is there now is recorded)", present.Plural(k, "company", "companies"))
		}
		parts = append(parts, "checked "+present.Plural(rep.Checked, "company", "companies")+": "+found)
	}
	if rep.LostHolds > 0 {
		parts = append(parts, fmt.Sprintf("its hold on the companies it read could not be renewed %s (%s): another coview may have read them too",
			present.Plural(rep.LostHolds, "time", "times"), strings.TrimSuffix(common.Line(rep.LostHoldErr.Error()), ".")))
	}
	why := map[watch.Reason]string{
		watch.ReasonStopped:   "r checks them",
		watch.ReasonQuota:     "the registry's quota is spent (429); r checks them once it resets" + resets(quota, now),
		watch.ReasonElsewhere: "another coview is checking them",
	}
	byWhy := map[watch.Reason][]watch.NotChecked{}
	for _, nc := range rep.NotChecked {
		byWhy[nc.Why] = append(byWhy[nc.Why], nc)
	}
	for _, r := range []watch.Reason{watch.ReasonStopped, watch.ReasonQuota, watch.ReasonFailed, watch.ReasonBudget, watch.ReasonElsewhere} {
		list := byWhy[r]
		if len(list) == 0 {
			continue
		}
		text := why[r]
		if r == watch.ReasonFailed || text == "" {
			text = r.String()
			if list[0].Err != nil {
				text = fmt.Sprintf("%s: %s", list[0].Number, strings.TrimSuffix(common.Line(list[0].Err.Error()), "."))
			}
		}
		parts = append(parts, fmt.Sprintf("%s not checked: %s", present.Plural(len(list), "company", "companies"), text))
	}
	if len(parts) == 0 {
		return "Nothing to check: every company was checked a moment ago.", false
	}
	text := strings.Join(parts, "; ")
	text = strings.ToUpper(text[:1]) + text[1:] + "."
	bad := rep.Short()
	if ch.Stopping {
		text = "Stopped, keeping what was found. " + text
	}
	return text, bad
}

// resets says when the registry's window resets, when it said so.
func resets(quota api.RateLimit, now time.Time) string {
	if quota.Known && quota.Reset.After(now) {
		return ", at " + quota.Reset.Local().Format("15:04:05")
	}
	return ""
}

func companiesOf(changes []watch.Change) int {
	seen := map[api.Number]bool{}
	for _, c := range changes {
		seen[c.Number] = true
	}
	return len(seen)
}
