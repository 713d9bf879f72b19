package ui

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit/testtime"
	"coview/watch"
)

// The watch list's tests browse the demo registry on a clock the test
// moves, so its living companies (00006420-00006424) change when told,
// with a watch list in a temporary directory: the real store, the real
// checks, over loopback.

// clock is a time the test sets and moves.
type clock struct{ t atomic.Int64 }

func (c *clock) set(t time.Time) { c.t.Store(t.UnixNano()) }
func (c *clock) now() time.Time  { return time.Unix(0, c.t.Load()).UTC() }

// watchWorld is the demo registry on a clock, and a watch list of it.
type watchWorld struct {
	clock   *clock
	client  *api.Client
	store   *watch.Store
	watcher *watch.Watcher
	path    string

	mu      sync.Mutex
	hold    chan struct{} // while set, filing histories of held wait for it to close
	held    string        // the company whose filing history waits; "" all
	probes  atomic.Int64  // filing histories asked for
	waiting atomic.Int64  // filing histories held now
	refuse  atomic.Bool   // filing histories are refused with a 429
	created atomic.Bool   // the browser asked to create the list
}

// livingEvent is the first event of a living company after today.
func livingEvent(number string) time.Time {
	for e := 0; ; e += 1 {
		if at := demo.LivingEventAt(number, e); at.After(today) {
			return at
		}
	}
}

// newWatchWorld is the demo registry at a time, and an empty watch list
// of it (the file is made by the first company watched).
func newWatchWorld(t testing.TB, at time.Time) *watchWorld {
	return newWatchWorldWith(t, at, demo.Options{})
}

// newWatchWorldWith is newWatchWorld on a demo registry so configured
// (a quota of its own).
func newWatchWorldWith(t testing.TB, at time.Time, opts demo.Options) *watchWorld {
	t.Helper()
	w := &watchWorld{clock: &clock{}, path: filepath.Join(t.TempDir(), "coview", watch.FileName)}
	w.clock.set(at)
	opts.Now = w.clock.now
	h := demo.NewHandler(opts)
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/filing-history") {
			w.probes.Add(1)
			if w.refuse.Load() {
				rw.Header().Set("Content-Type", "application/json")
				rw.WriteHeader(http.StatusTooManyRequests)
				rw.Write([]byte(`{"error":"Too Many Requests","type":"ch:service"}`))
				return
			}
			w.mu.Lock()
			hold, held := w.hold, w.held
			w.mu.Unlock()
			if hold != nil && (held == "" || strings.Contains(r.URL.Path, "/"+held+"/")) {
				w.waiting.Add(1)
				select {
				case <-hold:
					w.waiting.Add(-1)
				case <-r.Context().Done():
					w.waiting.Add(-1)
					return
				}
			}
		}
		h.ServeHTTP(rw, r)
	}))
	t.Cleanup(srv.Close)
	c, err := api.New(api.Options{BaseURL: srv.URL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	w.client = c
	t.Cleanup(func() {
		if w.store != nil {
			w.store.Close()
		}
	})
	return w
}

// open is the browser's Opener: the list, made on the first call that
// may create it.
func (w *watchWorld) open(create bool) (*watch.Watcher, error) {
	if create {
		w.created.Store(true)
	}
	if w.store == nil && !create {
		return nil, nil
	}
	return w.ensure()
}

func (w *watchWorld) ensure() (*watch.Watcher, error) {
	if w.store != nil {
		return w.watcher, nil
	}
	s, err := watch.Open(w.path, "demo", watch.StoreOptions{})
	if err != nil {
		return nil, err
	}
	// One company at a time: changes are recorded in the same order on
	// every run, so the goldens keep still.
	w.store, w.watcher = s, watch.New(s, w.client, watch.Options{Now: w.clock.now, InFlight: 1})
	return w.watcher, nil
}

// watch puts companies on the list, as coview watch add does.
func (w *watchWorld) watch(t testing.TB, numbers ...string) {
	t.Helper()
	wr, err := w.ensure()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range numbers {
		if _, _, err := wr.Add(context.Background(), api.Number(n)); err != nil {
			t.Fatalf("watch add %s: %v", n, err)
		}
	}
}

// check checks the list at a time, as a cron job would.
func (w *watchWorld) check(t testing.TB, at time.Time) *watch.Report {
	t.Helper()
	w.clock.set(at)
	wr, err := w.ensure()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := wr.Check(context.Background(), watch.CheckOptions{})
	if err != nil || len(rep.NotChecked) > 0 {
		t.Fatalf("check: %v, not checked %+v", err, rep.NotChecked)
	}
	return rep
}

// holdChecks makes the filing history of a company ("": of every one)
// wait until release: a check of it is under way until then.
func (w *watchWorld) holdChecks(number string) (release func()) {
	h := make(chan struct{})
	w.mu.Lock()
	w.hold, w.held = h, number
	w.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			w.mu.Lock()
			w.hold = nil
			w.mu.Unlock()
			close(h)
		})
	}
}

// until waits, until the test's deadline, for what the test waits for.
func until(t testing.TB, what string, ok func() bool) {
	t.Helper()
	deadline := testtime.Deadline(t)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("waited until the test's deadline for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// unseen are the changes not seen yet of a company.
func (w *watchWorld) unseen(t testing.TB, n string) []watch.Change {
	t.Helper()
	changes, err := w.store.Changes(context.Background(), watch.Filter{Numbers: []api.Number{api.Number(n)}, Unseen: true})
	if err != nil {
		t.Fatal(err)
	}
	return changes
}

// model is the browser on the world, on its clock, with the watch list.
func (w *watchWorld) model(t testing.TB, opts Options) *model {
	t.Helper()
	opts.Watch = w.open
	opts.Now = w.clock.now
	m := testModel(t, w.client, opts)
	run(t, m, m.makers.watches.Init())
	return m
}

// seededWorld is five companies watched and checked a little before
// noon on today, with the clock then moved on to after two living
// companies changed: the next check finds them.
func seededWorld(t testing.TB) *watchWorld {
	t.Helper()
	w := newWatchWorld(t, today.Add(-time.Minute))
	w.watch(t, "00006400", "00006407", "00006420", "00006421", "00006402")
	w.check(t, today.Add(-30*time.Second))
	w.clock.set(livingEvent("00006421").Add(30 * time.Second))
	return w
}

// watchedWorld is seededWorld checked again: two companies changed
// since the last look.
func watchedWorld(t testing.TB) *watchWorld {
	t.Helper()
	w := seededWorld(t)
	w.check(t, w.clock.now())
	return w
}
