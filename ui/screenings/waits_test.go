package screenings

import (
	"context"
	"slices"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/common"
	"coview/ui/waits"
)

// A screening's wait for the quota, and its end, reach the status line in
// the order they were told. They once went as commands, which Bubble Tea
// runs each on a goroutine of its own: when the end came first (on a
// loaded machine, after esc stopped the screening), the wait it ended
// stayed on the status line for good.
func TestAScreeningsWaitsReachTheStatusLineInTheOrderTold(t *testing.T) {
	t.Parallel()
	c := common.New(context.Background(), nil, nil)
	s := New(c, t.TempDir)
	begin := api.Wait{Subject: "company 00006403", Reason: "rate limit reached", Until: time.Now().Add(time.Minute)}
	over := begin
	over.Over, over.Err = true, context.Canceled
	// Told through a run that is over: the wait is the session's, and
	// still told.
	var cmds []tea.Cmd
	for _, w := range []api.Wait{begin, over} {
		cmds = append(cmds, s.Update(Msg{ID: 1, run: 1, wait: &w}))
	}
	want := []tea.Msg{waits.Msg{W: begin}, waits.Msg{W: over}}
	if got := c.Posted(); !slices.EqualFunc(got, want, func(a, b tea.Msg) bool { return a == b }) {
		t.Fatalf("posted %v, want the wait and then its end, %v", got, want)
	}
	for _, cmd := range cmds {
		if cmd != nil {
			if msg, ok := cmd().(waits.Msg); ok {
				t.Errorf("a wait also went as a command, which may arrive in any order: %v", msg)
			}
		}
	}
}
