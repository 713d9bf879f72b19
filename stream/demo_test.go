package stream

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit/testtime"
)

// TestTheDemosStreamAtItsWorstLosesAndDoublesNothing follows the demo's
// filings through every fault it has at once: bodies cut into 7-byte
// chunks, a close after every 5 events, gateway failures and a 429. Each
// event the stream holds is delivered once, in order, or is a repeat.
func TestTheDemosStreamAtItsWorstLosesAndDoublesNothing(t *testing.T) {
	at := time.Date(2026, 11, 28, 8, 0, 0, 0, time.UTC)
	clk := testtime.NewClock(at)
	var asked atomic.Int32
	faults := map[int32]int{2: 502, 3: 504, 4: 503, 6: 429, 9: 502}
	srv := httptest.NewServer(demo.NewStreamHandler(demo.StreamOptions{
		Clock: clk, Chunk: 7, CloseAfterEvents: 5,
		Fault: func(*http.Request) int { return faults[asked.Add(1)] },
	}))
	defer srv.Close()

	waits := make(chan Wait, 1<<10)
	var repeats []int64
	s, err := New(Options{BaseURL: srv.URL, Key: demo.StreamKey, Clock: clk,
		OnWait: func(w Wait) { waits <- w },
		OnNotice: func(n Notice) {
			if n.Kind == Duplicate {
				repeats = append(repeats, n.Timepoint)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	from := demo.StreamTimepoint(Filings, at.Add(-time.Hour))
	events := make(chan *api.Event, 1<<10)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- s.Follow(ctx, Filings, from, func(_ context.Context, e *api.Event) error { events <- e; return nil })
	}()
	var got []int64
	for len(got) < 60 {
		select {
		case e := <-events:
			got = append(got, e.Timepoint)
		case w := <-waits:
			if w.What == "to connect again" {
				clk.Set(w.Until)
			}
		case err := <-done:
			t.Fatalf("the follow ended: %v", err)
		case <-testtime.Bound(t):
			t.Fatalf("after %d events nothing more came", len(got))
		}
	}
	cancel()
	<-done
	all := slices.Sorted(slices.Values(append(slices.Clone(got), repeats...)))
	for i, tp := range all {
		if tp != from+int64(i) {
			t.Fatalf("timepoint %d missing or doubled: %v", from+int64(i), all)
		}
	}
	if !slices.IsSorted(got) || len(repeats) == 0 {
		t.Fatalf("delivered %v, repeats %v", got, repeats)
	}
	if c := s.Counts(Filings); c.Connections < 12 {
		t.Fatalf("only %d connections", c.Connections)
	}
}
