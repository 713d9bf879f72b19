package watch

import (
	"context"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit"
	"coview/internal/testkit/testclient"
)

// clock is a clock a test moves by hand, shared by the demo registry
// (what its living companies have done) and the watcher (what day it is).
type clock struct{ t atomic.Int64 }

func newClock(t time.Time) *clock {
	c := &clock{}
	c.set(t)
	return c
}
func (c *clock) set(t time.Time) { c.t.Store(t.UnixNano()) }
func (c *clock) now() time.Time  { return time.Unix(0, c.t.Load()).UTC() }

// registry is the demo registry over loopback, metered.
type registry struct {
	*testkit.Server
	counted int // how many of the meter's requests requests has counted
}

func newRegistry(t *testing.T, opts demo.Options) *registry {
	t.Helper()
	if opts.Limit == 0 {
		opts.Limit = testkit.Plenty
	}
	return &registry{Server: testkit.Demo(t, opts)}
}

// requests returns the requests for each company since it was last
// called.
func (r *registry) requests() map[string]int {
	uris := r.URIs()
	out := map[string]int{}
	for _, u := range uris[r.counted:] {
		path, _, _ := strings.Cut(u, "?")
		if parts := strings.Split(path, "/"); len(parts) > 2 && parts[1] == "company" {
			out[parts[2]]++
		}
	}
	r.counted = len(uris)
	return out
}

func (r *registry) client(t *testing.T) *api.Client {
	t.Helper()
	return testclient.For(t, r.URL)
}

// openStore opens a store in the test's own directory.
func openStore(t *testing.T, dir string) *Store {
	t.Helper()
	return openStoreOn(t, dir, nil)
}

// openStoreOn opens a store in the test's own directory, keeping the
// time of now (nil: the machine's).
func openStoreOn(t *testing.T, dir string, now func() time.Time) *Store {
	t.Helper()
	s, err := Open(filepath.Join(dir, FileName), "test", StoreOptions{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// watching adds the numbers to a fresh store and returns its watcher.
func watching(t *testing.T, r *registry, clk *clock, numbers ...string) *Watcher {
	t.Helper()
	w := New(openStoreOn(t, t.TempDir(), clk.now), r.client(t), Options{Now: clk.now})
	for _, n := range numbers {
		if _, _, err := w.Add(context.Background(), api.Number(n)); err != nil {
			t.Fatalf("adding %s: %v", n, err)
		}
	}
	r.requests()
	return w
}

func checkNow(t *testing.T, w *Watcher, opts CheckOptions) *Report {
	t.Helper()
	rep, err := w.Check(context.Background(), opts)
	if err != nil {
		t.Fatalf("check: %v", err)
	}
	return rep
}

func kinds(changes []Change) []string {
	var out []string
	for _, c := range changes {
		out = append(out, string(c.Number)+" "+string(c.Kind))
	}
	return out
}
