package watch

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit"
	"coview/internal/testkit/testclient"
	"coview/internal/testkit/testtime"
	"coview/stream"
)

// followedStreams are the streams a watch list follows.
var followedStreams = []string{stream.Companies, stream.Filings, stream.Officers, stream.PSCs, stream.Charges, stream.Insolvency}

// streamWorld is the demo registry and its streams on one clock a test
// moves.
type streamWorld struct {
	clk    *testtime.Clock
	reg    *registry // the followed list's
	ref    *registry // the reference list's, which a check alone keeps
	stream *testkit.Server
}

func newStreamWorld(t *testing.T, at time.Time, change func(*demo.StreamOptions)) *streamWorld {
	t.Helper()
	clk := testtime.NewClock(at)
	opts := demo.StreamOptions{Clock: clk, Heartbeat: time.Hour}
	if change != nil {
		change(&opts)
	}
	return &streamWorld{clk: clk, reg: newRegistry(t, demo.Options{Now: clk.Now}), ref: newRegistry(t, demo.Options{Now: clk.Now}),
		stream: testkit.Serve(t, demo.NewStreamHandler(opts))}
}

// list is a watch list of the world: its own store, in dir, and a
// watcher for it on the world's clock, asking reg.
func (w *streamWorld) list(t *testing.T, dir string, reg *registry) *Watcher {
	t.Helper()
	s, err := Open(filepath.Join(dir, FileName), "demo", StoreOptions{Now: w.clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return New(s, reg.client(t), Options{Now: w.clk.Now, Today: w.clk.Now})
}

// watchedList is a list of the world watching numbers (and people),
// checked once: seeded.
func (w *streamWorld) watchedList(t *testing.T, reg *registry, numbers []string, people ...string) *Watcher {
	t.Helper()
	wt := w.list(t, t.TempDir(), reg)
	ctx := context.Background()
	for _, n := range numbers {
		if _, _, err := wt.Add(ctx, api.Number(n)); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range people {
		if _, _, err := wt.AddOfficer(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	if rep := checkNow(t, wt, CheckOptions{}); len(rep.Changes) != 0 || rep.Short() {
		t.Fatalf("the first check: %+v", rep)
	}
	return wt
}

// following is a follow of the world's streams into a list, running
// until the test ends: what it recorded, and how far it has read.
type following struct {
	f       *Follower
	mu      sync.Mutex
	changes []Change
	read    map[string]int64
	moved   chan struct{} // poked whenever an event was handled
	errs    chan error
	stop    func() // ends the follow as a kill would: nothing saved but what was
	// live are the streams followed from now (no timepoint saved), and
	// when that was: what they sent before is not theirs to read.
	live map[string]time.Time
}

// follow follows the streams into the list from from (stream.Live, or a
// timepoint a stream saved), and returns once every stream is connected.
func (w *streamWorld) follow(t *testing.T, wt *Watcher, names []string) *following {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	fl := &following{f: NewFollower(wt.Store(), FollowOptions{Today: w.clk.Now}), read: map[string]int64{},
		moved: make(chan struct{}, 1), errs: make(chan error, len(names)), live: map[string]time.Time{}}
	if _, err := fl.f.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	connected := make(chan string, 64)
	s, err := stream.New(stream.Options{BaseURL: w.stream.URL, Key: demo.StreamKey, Clock: w.clk, Heartbeat: time.Hour,
		Jitter: func() float64 { return 0 },
		OnNotice: func(n stream.Notice) {
			switch n.Kind {
			case stream.Connected:
				connected <- n.Stream
			case stream.Duplicate:
				// Read, and not handed on.
				fl.mu.Lock()
				fl.read[n.Stream] = n.Timepoint
				fl.mu.Unlock()
				fl.poke()
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for _, name := range names {
		from, saved, err := fl.f.From(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		if !saved {
			from = stream.Live
			fl.live[name] = w.clk.Now()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := s.Follow(ctx, name, from, func(ctx context.Context, e *api.Event) error {
				found, err := fl.f.Handle(ctx, name, e)
				fl.mu.Lock()
				fl.changes = append(fl.changes, found...)
				fl.read[name] = e.Timepoint
				fl.mu.Unlock()
				fl.poke()
				return err
			})
			if ctx.Err() == nil {
				fl.errs <- err
			}
		}()
	}
	fl.stop = func() { cancel(); wg.Wait() }
	t.Cleanup(fl.stop)
	for range names {
		select {
		case <-connected:
		case err := <-fl.errs:
			t.Fatalf("a follow ended: %v", err)
		case <-testtime.Bound(t):
			t.Fatal("the streams did not connect")
		}
	}
	return fl
}

func (fl *following) poke() {
	select {
	case fl.moved <- struct{}{}:
	default:
	}
}

// upTo waits until every stream has been read up to what it sent by at.
func (fl *following) upTo(t *testing.T, names []string, from, at time.Time) {
	t.Helper()
	for {
		done := true
		fl.mu.Lock()
		for _, name := range names {
			since := from
			if t, ok := fl.live[name]; ok && t.After(since) {
				since = t
			}
			first, last := demo.StreamTimepoint(name, since.Add(1)), demo.StreamTimepoint(name, at.Add(1))-1
			if last >= first && fl.read[name] < last {
				done = false
			}
		}
		fl.mu.Unlock()
		if done {
			return
		}
		select {
		case <-fl.moved:
		case err := <-fl.errs:
			t.Fatalf("a follow ended: %v", err)
		case <-testtime.Bound(t):
			t.Fatalf("the streams were not read up to %s: %v", at, fl.read)
		}
	}
}

// take is what the follow recorded since it was last taken.
func (fl *following) take() []Change {
	fl.mu.Lock()
	defer fl.mu.Unlock()
	out := fl.changes
	fl.changes = nil
	return out
}

// said is a change as a line, for comparing: what the log and the words
// of a change are made of, without when it was recorded, nor the
// company's name (which the log reads as it now is: a change handed on
// at once has the name as it was then).
func said(c Change) string {
	return fmt.Sprintf("%s %s %s name=%q role=%q %s %q->%q tx=%s form=%s charge=%s officer=%s", c.Number, c.Date, c.Kind,
		c.Name, c.Role, c.Field, c.Before, c.After, c.TransactionID, c.FormType, c.Charge, c.OfficerID)
}

func saidAll(changes []Change) []string {
	out := make([]string, 0, len(changes))
	for _, c := range changes {
		out = append(out, said(c))
	}
	slices.Sort(out)
	return out
}

func sameChanges(t *testing.T, what string, got, want []Change) {
	t.Helper()
	g, w := saidAll(got), saidAll(want)
	if !slices.Equal(g, w) {
		t.Fatalf("%s recorded\n%s\nwant, as a check records them\n%s", what, strings.Join(g, "\n"), strings.Join(w, "\n"))
	}
}

// Each event about a watched company becomes the change a check would
// record, as the check would word it: over seven windows of three
// minutes, in which each of the living companies does something, a
// follow records exactly what a check at the end of each window records
// of the same companies, and asks the registry nothing.
func TestAFollowRecordsWhatACheckWouldRecord(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 11, 24, 9, 0, 30, 0, time.UTC)
	w := newStreamWorld(t, start, nil)
	numbers := append(demo.LivingNumbers(), "00006400")
	followed, checked := w.watchedList(t, w.reg, numbers), w.watchedList(t, w.ref, numbers)
	asked := len(w.reg.URIs())
	fl := w.follow(t, followed, followedStreams)

	at, total := start, 0
	for i := 1; i <= 7; i++ {
		from := at
		at = start.Add(time.Duration(i) * 3 * time.Minute)
		w.clk.Set(at)
		fl.upTo(t, followedStreams, from, at)
		got := fl.take()
		want := checkNow(t, checked, CheckOptions{}).Changes
		sameChanges(t, fmt.Sprintf("the follow, from %s to %s,", from.Format("15:04:05"), at.Format("15:04:05")), got, want)
		total += len(got)
	}
	if total < 15 {
		t.Fatalf("only %d changes in 21 minutes: the living companies were not followed", total)
	}
	if n := len(w.reg.URIs()) - asked; n != 0 {
		t.Errorf("the follow sent %d requests to the registry, want none", n)
	}
	log, err := followed.Store().Changes(context.Background(), Filter{})
	if err != nil || len(log) != total {
		t.Fatalf("the followed list's log holds %d changes (%v), want the %d the follow returned", len(log), err, total)
	}
}

// A follow and checks at once, on one list: a check reading a company
// while events about it arrive, events applied while a check has yet to
// read the company. Between them they record each change once, as a
// check alone would, and the log holds each once.
func TestAFollowAndChecksAtOnceRecordEachChangeOnce(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 11, 24, 9, 0, 30, 0, time.UTC)
	w := newStreamWorld(t, start, nil)
	numbers := append(demo.LivingNumbers(), "00006400", "00006401", "00006403")
	shared, checked := w.watchedList(t, w.reg, numbers), w.watchedList(t, w.ref, numbers)
	fl := w.follow(t, shared, followedStreams)
	ctx := context.Background()

	var all, want []Change
	at := start
	for i := 1; i <= 8; i++ {
		from := at
		at = start.Add(time.Duration(i) * 3 * time.Minute)
		w.clk.Set(at)
		// The check starts as the events come in.
		done := make(chan *Report, 1)
		go func() {
			rep, err := shared.Check(ctx, CheckOptions{})
			if err != nil {
				t.Error(err)
			}
			done <- rep
		}()
		fl.upTo(t, followedStreams, from, at)
		var rep *Report
		select {
		case rep = <-done:
		case <-testtime.Bound(t):
			t.Fatal("the check did not end")
		}
		held, err := fl.f.Retry(ctx)
		if err != nil {
			t.Fatal(err)
		}
		window := append(append(fl.take(), rep.Changes...), held...)
		ref := checkNow(t, checked, CheckOptions{}).Changes
		sameChanges(t, fmt.Sprintf("from %s to %s, the follow and the check", from.Format("15:04:05"), at.Format("15:04:05")), window, ref)
		all, want = append(all, window...), append(want, ref...)
	}
	if len(all) < 15 {
		t.Fatalf("only %d changes in 24 minutes", len(all))
	}
	log, err := shared.Store().Changes(ctx, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	sameChanges(t, "the log", log, want)
	if fl.f.Held() != 0 {
		t.Errorf("%d events are still held back", fl.f.Held())
	}
}

// A follow killed (nothing saved but what each event's own transaction
// saved) and started again from where the store says: it reads again
// what it had read, and records nothing twice and loses nothing; and
// the events from before a check that ran meanwhile, read again, report
// nothing backwards.
func TestAFollowStartedAgainLosesNothingAndDoublesNothing(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 11, 24, 9, 0, 30, 0, time.UTC)
	w := newStreamWorld(t, start, nil)
	numbers := append(demo.LivingNumbers(), "00006400")
	shared, checked := w.watchedList(t, w.reg, numbers), w.watchedList(t, w.ref, numbers)
	ctx := context.Background()
	step := func(m int) time.Time { return start.Add(time.Duration(m) * 3 * time.Minute) }

	// A first follow reads a window, and is killed: the timepoints of
	// events about nothing watched were never saved.
	first := w.follow(t, shared, followedStreams)
	var got, want []Change
	reference := func() { want = append(want, checkNow(t, checked, CheckOptions{}).Changes...) }
	w.clk.Set(step(1))
	first.upTo(t, followedStreams, step(0), step(1))
	got = append(got, first.take()...)
	reference()
	first.stop()

	// Meanwhile a check reads the two windows after, in which a company
	// changes one thing and then another.
	w.clk.Set(step(3))
	got = append(got, checkNow(t, shared, CheckOptions{}).Changes...)
	reference()

	// The follow starts again where the store says, reading again what
	// it had read (nothing happens of it) and the windows the check read
	// (nothing happens of them either: not the first change backwards,
	// and then forwards again), then two windows more.
	second := w.follow(t, shared, followedStreams)
	second.upTo(t, followedStreams, step(1), step(3))
	if again := second.take(); len(again) > 0 {
		t.Fatalf("read again, the events recorded already or checked since recorded\n%s", strings.Join(saidAll(again), "\n"))
	}
	for m := 4; m <= 5; m++ {
		w.clk.Set(step(m))
		second.upTo(t, followedStreams, step(m-1), step(m))
		got = append(got, second.take()...)
		reference()
	}
	sameChanges(t, "the follow, the check and the follow again", got, want)
	log, err := shared.Store().Changes(ctx, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	sameChanges(t, "the log", log, want)
}

// gated is the demo registry on a clock, which holds a request for path
// until told to let it go, while gate is set.
type gated struct {
	*testkit.Server
	gate    atomic.Bool
	entered chan struct{}
	release func() // lets the request go, once
}

func newGated(t *testing.T, clk *testtime.Clock, path string) *gated {
	t.Helper()
	g := &gated{entered: make(chan struct{}, 1)}
	released := make(chan struct{})
	var once sync.Once
	g.release = func() { once.Do(func() { close(released) }) }
	h := demo.NewHandler(demo.Options{Now: clk.Now, Limit: testkit.Plenty})
	g.Server = testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if g.gate.Load() && r.URL.Path == path {
			g.entered <- struct{}{}
			<-released
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(g.release) // before the server closes, which waits for it
	return g
}

// profileEvent is a company-profile event with the company's profile as
// the registry now serves it, published at at.
func profileEvent(t *testing.T, c *api.Client, n api.Number, at time.Time, tp int64) *api.Event {
	t.Helper()
	p, err := c.Company(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	line := fmt.Sprintf(`{"resource_kind":"company-profile","resource_uri":"/company/%s","resource_id":"%s","data":%s,"event":{"timepoint":%d,"published_at":%q,"type":"changed"}}`,
		n, n, p.Raw, tp, at.UTC().Format("2006-01-02T15:04:05"))
	e, err := api.DecodeEvent([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// An event about a company a check is reading waits until the check has
// written what it found, and is applied then: the check's findings are
// not thrown away for the event's sake (the check would find its
// company written meanwhile), and what both saw is recorded once.
func TestAnEventAboutACompanyACheckIsReadingWaitsForTheCheck(t *testing.T) {
	t.Parallel()
	renamed := demo.LivingEventAt("00006420", 1004)
	clk := testtime.NewClock(renamed.Add(-time.Minute))
	reg := newGated(t, clk, "/company/00006420/filing-history")
	s, err := Open(filepath.Join(t.TempDir(), FileName), "demo", StoreOptions{Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c := testclient.For(t, reg.URL)
	w := New(s, c, Options{Now: clk.Now, Today: clk.Now})
	ctx := context.Background()
	if _, _, err := w.Add(ctx, "00006420"); err != nil {
		t.Fatal(err)
	}
	checkNow(t, w, CheckOptions{})
	f := NewFollower(s, FollowOptions{Today: clk.Now})
	if _, err := f.Refresh(ctx); err != nil {
		t.Fatal(err)
	}

	clk.Set(renamed.Add(time.Second))
	e := profileEvent(t, c, "00006420", renamed, 82000001)
	reg.gate.Store(true)
	done := make(chan *Report, 1)
	go func() { done <- checkNow(t, w, CheckOptions{}) }()
	select {
	case <-reg.entered:
	case <-testtime.Bound(t):
		t.Fatal("the check did not start")
	}
	found, err := f.Handle(ctx, stream.Companies, e)
	if err != nil || len(found) != 0 || f.Held() != 1 {
		t.Fatalf("an event about the company the check reads: %v, %v, %d held; want it held back", found, err, f.Held())
	}
	reg.gate.Store(false)
	reg.release()
	rep := <-done
	if !slices.Contains(kinds(rep.Changes), "00006420 "+string(KindNameChanged)) {
		t.Fatalf("the check reported %v: what it found was thrown away", kinds(rep.Changes))
	}
	again, err := f.Retry(ctx)
	if err != nil || len(again) != 0 || f.Held() != 0 {
		t.Fatalf("the event held back, applied after the check: %v, %v, %d held", kinds(again), err, f.Held())
	}
	log, _ := s.Changes(ctx, Filter{})
	sameChanges(t, "the log", log, rep.Changes)

	// Had the company changed again after the check, the event held back
	// is what says so.
	later := demo.LivingEventAt("00006420", 1005)
	clk.Set(later.Add(time.Second))
	e2 := profileEvent(t, c, "00006420", later, 82000002)
	if found, err := f.Handle(ctx, stream.Companies, e2); err != nil || len(found) != 0 {
		t.Fatalf("the event of an accounts filing: %v %v", kinds(found), err)
	}
}
