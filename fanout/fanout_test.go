package fanout

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"coview/api"
)

func TestAtMostInFlightPiecesRunAtOnceAndWaitWaitsForAll(t *testing.T) {
	t.Parallel()
	r := New(context.Background(), 3, NoBound)
	release := make(chan struct{})
	var running, most, done atomic.Int32
	started := make(chan struct{}, 10)
	go func() {
		for range 10 {
			r.Go(func() {
				n := running.Add(1)
				for {
					m := most.Load()
					if n <= m || most.CompareAndSwap(m, n) {
						break
					}
				}
				started <- struct{}{}
				<-release
				running.Add(-1)
				done.Add(1)
			})
		}
	}()
	for range 3 {
		<-started
	}
	if n := running.Load(); n != 3 {
		t.Fatalf("%d running, want 3", n)
	}
	close(release)
	for range 7 {
		<-started
	}
	r.Wait()
	if most.Load() != 3 || done.Load() != 10 {
		t.Fatalf("at most %d at once and %d done, want 3 and 10", most.Load(), done.Load())
	}
}

func TestTheBudgetIsNeverExceededAndKeepHoldsSomeBack(t *testing.T) {
	t.Parallel()
	r := New(context.Background(), 4, 5)
	r.Keep(2)
	for i := range 3 {
		if err := r.Spend(); err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
	}
	if err := r.Spend(); !errors.Is(err, ErrBudget) {
		t.Fatalf("a fourth request with two kept back: %v", err)
	}
	r.Refund()
	if err := r.Spend(); err != nil {
		t.Fatalf("after a refund: %v", err)
	}
	r.Keep(0)
	for range 2 {
		if err := r.Spend(); err != nil {
			t.Fatalf("the kept requests: %v", err)
		}
	}
	if err := r.Spend(); !errors.Is(err, ErrBudget) {
		t.Fatalf("a sixth request of five: %v", err)
	}
	if spent, budget := r.Spent(); spent != 5 || budget != 5 {
		t.Fatalf("spent %d of %d", spent, budget)
	}
	if none := New(context.Background(), 1, 0); !errors.Is(none.Spend(), ErrBudget) {
		t.Fatal("a budget of none allowed a request")
	}
}

func TestManyAtOnceNeverSpendMoreThanTheBudget(t *testing.T) {
	t.Parallel()
	r := New(context.Background(), 8, 50)
	var granted atomic.Int32
	for range 200 {
		r.Go(func() {
			if r.Spend() == nil {
				granted.Add(1)
			}
		})
	}
	r.Wait()
	if granted.Load() != 50 {
		t.Fatalf("%d requests granted of a budget of 50", granted.Load())
	}
}

func TestAFailureEveryLaterRequestWouldMeetStopsTheRun(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		err   error
		halts bool
	}{
		{"a refused key", &api.Error{Kind: api.KindInvalidKey}, true},
		{"no key", &api.Error{Kind: api.KindMissingKey}, true},
		{"forbidden", &api.Error{Kind: api.KindForbidden}, true},
		{"a 429 after waiting", &api.Error{Kind: api.KindRateLimited}, true},
		{"not found", &api.Error{Kind: api.KindNotFound}, false},
		{"a server failure", &api.Error{Kind: api.KindServer, Status: 503}, false},
		{"not the registry's", errors.New("disk full"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := New(context.Background(), 2, NoBound)
			if got := r.Note(tc.err); got != tc.err {
				t.Fatalf("Note returned %v", got)
			}
			stopped := r.Stopped()
			if tc.halts != (stopped != nil) {
				t.Fatalf("stopped %v after %v", stopped, tc.err)
			}
			if !tc.halts {
				return
			}
			if !errors.Is(r.Spend(), tc.err) || r.Go(func() { t.Error("work ran after the halt") }) {
				t.Fatal("a request or work went on after the halt")
			}
			r.Note(&api.Error{Kind: api.KindForbidden})
			if r.Halted() != tc.err {
				t.Fatalf("the halt became %v; the first failure stays", r.Halted())
			}
			r.Wait()
		})
	}
}

func TestTheEndOfTheContextStopsTheRun(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	r := New(ctx, 2, NoBound)
	cancel()
	if err := r.Spend(); !errors.Is(err, api.ErrCanceled) {
		t.Fatalf("Spend after the end: %v", err)
	}
	if r.Go(func() { t.Error("work ran after the end") }) {
		t.Fatal("Go started work after the end")
	}
	r.Wait()
}

func TestReportsAreToldOneAtATime(t *testing.T) {
	t.Parallel()
	r := New(context.Background(), 8, NoBound)
	var mu sync.Mutex
	inside, overlap := 0, false
	for range 100 {
		r.Go(func() {
			r.Tell(func() {
				mu.Lock()
				inside++
				overlap = overlap || inside > 1
				mu.Unlock()
				mu.Lock()
				inside--
				mu.Unlock()
			})
		})
	}
	r.Wait()
	if overlap {
		t.Fatal("two reports were told at once")
	}
}
