package testtime

import (
	"testing"
	"time"
)

var start = time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)

func TestATimerFiresWhenTheClockIsMovedToItAndNotBefore(t *testing.T) {
	clk := NewClock(start)
	fired, _ := clk.NewTimer(time.Minute)
	clk.Advance(time.Minute - time.Nanosecond)
	select {
	case <-fired:
		t.Fatal("fired a nanosecond early")
	default:
	}
	clk.Advance(time.Nanosecond)
	if at := <-fired; !at.Equal(start.Add(time.Minute)) {
		t.Fatalf("fired at %s", at)
	}
	if got := clk.Timers(); len(got) != 0 {
		t.Fatalf("timers left: %v", got)
	}
}

func TestAStoppedTimerNeverFiresAndATimerOfNoTimeHasFired(t *testing.T) {
	clk := NewClock(start)
	fired, stop := clk.NewTimer(time.Second)
	if !stop() || stop() {
		t.Fatal("stop should report stopping once")
	}
	clk.Advance(time.Hour)
	select {
	case <-fired:
		t.Fatal("a stopped timer fired")
	default:
	}
	now, _ := clk.NewTimer(0)
	if at := <-now; !at.Equal(start.Add(time.Hour)) {
		t.Fatalf("fired at %s", at)
	}
}

func TestAwaitTimersReturnsOnceTheCodeWaitsAndDriveRunsItToTheEnd(t *testing.T) {
	clk := NewClock(start)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 3 {
			c, _ := clk.NewTimer(10 * time.Second)
			<-c
		}
	}()
	if at := clk.AwaitTimers(t, 1); len(at) != 1 || !at[0].Equal(start.Add(10*time.Second)) {
		t.Fatalf("timers %v", at)
	}
	clk.Drive(t, done)
	if got := clk.Now(); !got.Equal(start.Add(30 * time.Second)) {
		t.Fatalf("the clock reads %s after three waits of 10s", got)
	}
}

func TestDeadlineIsBeforeTheTestsOwn(t *testing.T) {
	end, ok := t.Deadline()
	if !ok { // go test -timeout 0: as good as none
		if d := Deadline(t); time.Until(d) < time.Hour {
			t.Fatalf("Deadline %s with no deadline to keep", d)
		}
		return
	}
	if d := Deadline(t); !d.Before(end) || d.Before(end.Add(-time.Minute)) {
		t.Fatalf("Deadline %s, the test's %s", d, end)
	}
}
