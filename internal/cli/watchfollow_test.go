package cli

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"coview/api/demo"
	"coview/internal/testkit/testmain"
	"coview/internal/testkit/testtime"
)

// recordedAt is when a change was recorded, in its JSON, and the
// company's name: the fields two lists recording the same change may
// differ in (a filing of a new name may come before the name does).
var recordedAt = regexp.MustCompile(`"(recorded_at|company_name)":"[^"]*",?`)

// followWorld is a watch world whose registry and streams run on one
// clock the test moves (testtime's, whose timers the demo's streams wait
// on), and a second data directory whose list only checks: what a check
// alone reports, to compare with.
type followWorld struct {
	*watchWorld
	clk     *testtime.Clock
	streams *httptest.Server
	open    atomic.Int64  // stream connections open
	opened  chan struct{} // poked when one opens
	ref     map[string]string
}

func newFollowWorld(t *testing.T, at time.Time, change func(*demo.StreamOptions)) *followWorld {
	t.Helper()
	clk := testtime.NewClock(at)
	w := &followWorld{watchWorld: &watchWorld{clock: &watchClock{}, data: t.TempDir()}, clk: clk, opened: make(chan struct{}, 1)}
	w.clock.set(at)
	h := demo.NewHandler(demo.Options{Now: clk.Now, Limit: 1 << 30})
	w.srv = httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		n := w.hits.Add(1)
		if f := w.hook.Load(); f != nil {
			(*f)(n)
		}
		h.ServeHTTP(rw, r)
	}))
	t.Cleanup(w.srv.Close)
	opts := demo.StreamOptions{Clock: clk, Heartbeat: time.Hour}
	if change != nil {
		change(&opts)
	}
	sh := demo.NewStreamHandler(opts)
	w.streams = httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		c := &streamCounter{ResponseWriter: rw, w: w}
		defer c.done()
		sh.ServeHTTP(c, r)
	}))
	t.Cleanup(w.streams.Close)
	w.env = map[string]string{"COVIEW_BASE_URL": w.srv.URL, "COVIEW_API_KEY": demo.Key, "XDG_DATA_HOME": w.data,
		"COVIEW_STREAM_URL": w.streams.URL, "COVIEW_STREAM_KEY": demo.StreamKey}
	// The reference list asks a registry of its own, on the same clock,
	// so that what the followed list's asks is counted alone.
	ref := httptest.NewServer(demo.NewHandler(demo.Options{Now: clk.Now, Limit: 1 << 30}))
	t.Cleanup(ref.Close)
	w.ref = map[string]string{}
	for k, v := range w.env {
		w.ref[k] = v
	}
	w.ref["XDG_DATA_HOME"], w.ref["COVIEW_BASE_URL"] = t.TempDir(), ref.URL
	return w
}

// watching adds the companies to both lists and checks both once.
func (w *followWorld) watching(t *testing.T, args ...string) {
	t.Helper()
	for _, env := range []map[string]string{w.env, w.ref} {
		if r := run(t, "", env, append([]string{"watch", "add"}, args...)...); r.code != 0 {
			t.Fatalf("watch add: %d %s", r.code, r.stderr)
		}
		if r := run(t, "", env, "watch", "check"); r.code != 0 || r.stdout != "" {
			t.Fatalf("the first check: %d %q %s", r.code, r.stdout, r.stderr)
		}
	}
}

// reference is what a check alone of the reference list reports now.
func (w *followWorld) reference(t *testing.T, args ...string) []string {
	t.Helper()
	r := run(t, "", w.ref, append([]string{"watch", "check"}, args...)...)
	if r.code != 0 {
		t.Fatalf("the reference check: %d %s", r.code, r.stderr)
	}
	return lines(r.stdout)
}

// streamCounter counts a connection to the streams as open once it is
// answered 200, until its handler returns: a request refused with a
// fault (a 504) is never counted, so that a count of the streams open
// cannot take a refusal not yet ended for a stream connected again.
type streamCounter struct {
	http.ResponseWriter
	w       *followWorld
	counted bool
}

func (c *streamCounter) WriteHeader(code int) {
	if code == http.StatusOK && !c.counted {
		c.counted = true
		c.w.open.Add(1)
		select {
		case c.w.opened <- struct{}{}:
		default:
		}
	}
	c.ResponseWriter.WriteHeader(code)
}

func (c *streamCounter) Flush() { c.ResponseWriter.(http.Flusher).Flush() }

func (c *streamCounter) Unwrap() http.ResponseWriter { return c.ResponseWriter }

func (c *streamCounter) done() {
	if c.counted {
		c.w.open.Add(-1)
		select {
		case c.w.opened <- struct{}{}:
		default:
		}
	}
}

// connected waits until n streams are open.
func (w *followWorld) connected(t *testing.T, n int64) {
	t.Helper()
	for w.open.Load() < n {
		select {
		case <-w.opened:
		case <-testtime.Bound(t):
			t.Fatalf("%d streams open, want %d", w.open.Load(), n)
		}
	}
}

// running is coview running in-process, until the test stops it.
type running struct {
	out, errb *lockedBuffer
	wrote     chan struct{}
	code      chan int
	cancel    context.CancelCauseFunc
}

// start runs coview in-process with env (and the Env changed by change)
// until stop.
func start(t *testing.T, env map[string]string, change func(*Env), args ...string) *running {
	t.Helper()
	ctx, cancel := context.WithCancelCause(context.Background())
	r := &running{wrote: make(chan struct{}, 1), code: make(chan int, 1), cancel: cancel}
	poke := func(string) bool {
		select {
		case r.wrote <- struct{}{}:
		default:
		}
		return false
	}
	r.out, r.errb = &lockedBuffer{enough: poke}, &lockedBuffer{enough: poke}
	getenv := testEnv(t, env)
	e := Env{Stdin: strings.NewReader(""), Stdout: r.out, Stderr: r.errb, Getenv: getenv, SessionBus: func() bool { return false }}
	if change != nil {
		change(&e)
	}
	go func() { r.code <- Main(ctx, args, e) }()
	t.Cleanup(func() { cancel(nil) })
	return r
}

// await waits until cond holds of what was printed, or coview ended.
func (r *running) await(t *testing.T, what string, cond func(stdout, stderr string) bool) {
	t.Helper()
	for !cond(r.out.String(), r.errb.String()) {
		select {
		case <-r.wrote:
		case c := <-r.code:
			r.code <- c
			if !cond(r.out.String(), r.errb.String()) {
				t.Fatalf("coview ended (%d) before %s:\nstdout: %s\nstderr: %s", c, what, r.out, r.errb)
			}
		case <-testtime.Bound(t):
			t.Fatalf("no %s:\nstdout: %s\nstderr: %s", what, r.out, r.errb)
		}
	}
}

// stop ends coview as the signal would and returns its exit status.
func (r *running) stop(t *testing.T, sig syscall.Signal) int {
	t.Helper()
	r.cancel(&stopped{sig})
	return r.ended(t)
}

// ended waits for coview to end by itself.
func (r *running) ended(t *testing.T) int {
	t.Helper()
	select {
	case c := <-r.code:
		r.code <- c
		return c
	case <-testtime.Bound(t):
		t.Fatalf("coview did not end:\nstdout: %s\nstderr: %s", r.out, r.errb)
	}
	return 0
}

// followStart is when a follow test's world begins: now, so that what
// the registry sends is never older than what coview's own clock says a
// check read (a follow leaves an event older than that alone).
func followStart() time.Time { return time.Now().UTC().Truncate(time.Second) }

func sorted(l []string) []string {
	l = slices.Clone(l)
	slices.Sort(l)
	return l
}

// withoutNames are the lines of changes without the company's name,
// sorted: the log reads a company's name as it now is, where a change
// printed when it was found has it as it was then.
func withoutNames(ls []string) []string {
	var out []string
	for _, l := range ls {
		f := strings.SplitN(l, "  ", 3)
		if len(f) == 3 {
			l = f[0] + "  " + f[2]
		}
		out = append(out, l)
	}
	return sorted(out)
}

func hasLines(n int) func(string, string) bool {
	return func(out, _ string) bool { return len(lines(out)) >= n }
}

// watch follow prints each change at the watched companies as it
// happens, in the words and on the lines coview watch check prints, and
// nothing else on stdout; SIGINT ends it with 130 and SIGTERM with 143.
func TestWatchFollowPrintsEachChangeAsACheckPrintsIt(t *testing.T) {
	t.Parallel()
	start0 := followStart()
	w := newFollowWorld(t, start0, nil)
	w.watching(t, append(demo.LivingNumbers(), "00006400")...)
	f := start(t, w.env, nil, "watch", "follow")
	f.await(t, "the streams followed, and the gap since the last check filled", func(_, e string) bool {
		return strings.Contains(e, "coview: following companies, filings, officers") && strings.Contains(e, "to fill the gap")
	})
	w.connected(t, 6)
	asked := w.hits.Load()
	var want []string
	for i := 1; i <= 5; i++ {
		w.clk.Set(start0.Add(time.Duration(i) * 3 * time.Minute))
		want = append(want, w.reference(t)...)
		f.await(t, "the changes", hasLines(len(want)))
	}
	if code := f.stop(t, syscall.SIGINT); code != 130 {
		t.Fatalf("SIGINT: exit %d", code)
	}
	if n := w.hits.Load() - asked; n != 0 {
		t.Errorf("the follow sent %d requests to the registry for what the streams carried", n)
	}
	// The company's name is as the follow knew it then: a filing of a
	// new name may come before the new name does.
	if got := lines(f.out.String()); !slices.Equal(withoutNames(got), withoutNames(want)) || len(want) < 10 {
		t.Fatalf("watch follow printed\n%s\nwant, as watch check prints them\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The log has each once (with the company's name as it now is).
	log := lines(w.run(t, "", "watch", "changes").stdout)
	if !slices.Equal(withoutNames(log), withoutNames(want)) {
		t.Fatalf("the log holds\n%s", strings.Join(log, "\n"))
	}

	// --json: the fields of watch check --json; and SIGTERM is 143.
	j := start(t, w.env, nil, "watch", "follow", "--json")
	j.await(t, "the streams followed", func(_, e string) bool { return strings.Contains(e, "coview: following") })
	w.connected(t, 6)
	w.clk.Set(start0.Add(18 * time.Minute))
	ref := run(t, "", w.ref, "watch", "check", "--json")
	j.await(t, "the changes", hasLines(len(lines(ref.stdout))))
	if code := j.stop(t, syscall.SIGTERM); code != 143 {
		t.Fatalf("SIGTERM: exit %d", code)
	}
	strip := func(ls []string) []string {
		var out []string
		for _, l := range ls {
			out = append(out, recordedAt.ReplaceAllString(l, ""))
		}
		return sorted(out)
	}
	if got, want := strip(lines(j.out.String())), strip(lines(ref.stdout)); !slices.Equal(got, want) || len(want) == 0 {
		t.Fatalf("watch follow --json printed\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// watch follow and watch check at once, on one list: between them each
// change is printed once, and recorded once.
func TestWatchFollowAndCheckAtOncePrintEachChangeOnce(t *testing.T) {
	t.Parallel()
	start0 := followStart()
	w := newFollowWorld(t, start0, nil)
	w.watching(t, append(demo.LivingNumbers(), "00006400", "00006401", "00006403")...)
	p := w.follow(t)
	w.connected(t, 6)
	var want, checked []string
	for i := 1; i <= 6; i++ {
		w.clk.Set(start0.Add(time.Duration(i) * 3 * time.Minute))
		r := w.run(t, "", "watch", "check")
		if r.code != 0 {
			t.Fatalf("the check: %d %s", r.code, r.stderr)
		}
		checked = append(checked, lines(r.stdout)...)
		want = append(want, w.reference(t)...)
	}
	// The follow prints what the checks did not, as it comes.
	p.await(t, "the changes the checks did not print", func(out, _ string) bool { return len(lines(out))+len(checked) >= len(want) })
	if code := p.stop(t, syscall.SIGTERM); code != 143 {
		t.Errorf("SIGTERM: exit %d", code)
	}
	got := append(lines(p.out.String()), checked...)
	if !slices.Equal(withoutNames(got), withoutNames(want)) {
		t.Fatalf("between them the follow and the checks printed\n%s\nwant each of these once\n%s\nstderr: %s", strings.Join(sorted(got), "\n"), strings.Join(sorted(want), "\n"), p.errb)
	}
	if log := lines(w.run(t, "", "watch", "changes").stdout); !slices.Equal(withoutNames(log), withoutNames(want)) {
		t.Fatalf("the log holds\n%s", strings.Join(sorted(log), "\n"))
	}
}

// process is coview running as a process of its own (watch follow), in
// the world's environment, until the test stops it.
type process struct {
	running
	cmd *exec.Cmd
}

// follow starts watch follow as a process of its own.
func (w *watchWorld) follow(t *testing.T, args ...string) *process {
	t.Helper()
	p := &process{running: running{wrote: make(chan struct{}, 1), code: make(chan int, 1)}}
	poke := func(string) bool {
		select {
		case p.wrote <- struct{}{}:
		default:
		}
		return false
	}
	p.out, p.errb = &lockedBuffer{enough: poke}, &lockedBuffer{enough: poke}
	p.cmd = exec.Command(os.Args[0], append([]string{"watch", "follow"}, args...)...)
	p.cmd.Env = append([]string{asCoview + "=1", "HOME=" + w.data, "PATH=" + os.Getenv("PATH")}, testmain.Env()...)
	for k, v := range w.env {
		p.cmd.Env = append(p.cmd.Env, k+"="+v)
	}
	p.cmd.Stdout, p.cmd.Stderr = p.out, p.errb
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		p.cmd.Wait()
		p.code <- p.cmd.ProcessState.ExitCode()
		poke("")
	}()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		p.ended(t)
	})
	return p
}

// stop sends the process sig and returns its exit status (-1 for
// SIGKILL, which it cannot catch).
func (p *process) stop(t *testing.T, sig syscall.Signal) int {
	t.Helper()
	p.cmd.Process.Signal(sig)
	return p.ended(t)
}

// A follow killed with SIGKILL while events come in, and started again:
// it carries on from the timepoints it saved with the changes, so that
// no change is lost (the log has each) and none is printed or recorded
// twice.
func TestWatchFollowKilledAndStartedAgainLosesNothingAndDoublesNothing(t *testing.T) {
	t.Parallel()
	start0 := followStart()
	w := newFollowWorld(t, start0, nil)
	w.watching(t, append(demo.LivingNumbers(), "00006400")...)
	window := func(i int) time.Time { return start0.Add(time.Duration(i) * 3 * time.Minute) }
	filled := func(_, e string) bool { return strings.Contains(e, "to fill the gap") }

	first := w.follow(t)
	first.await(t, "the gap since the last check filled", filled)
	w.connected(t, 6)
	var want []string
	for i := 1; i <= 2; i++ {
		w.clk.Set(window(i))
		want = append(want, w.reference(t)...)
		first.await(t, "the changes", hasLines(len(want)))
	}
	w.clk.Set(window(3))
	want = append(want, w.reference(t)...)
	if code := first.stop(t, syscall.SIGKILL); code != -1 {
		t.Fatalf("SIGKILL: exit %d", code)
	}
	for w.open.Load() > 0 {
		select {
		case <-w.opened:
		case <-time.After(10 * time.Millisecond): // the server sees the connections gone on its own
		case <-testtime.Bound(t):
			t.Fatal("the killed follow's connections stayed open")
		}
	}

	second := w.follow(t)
	w.connected(t, 6)
	for i := 4; i <= 5; i++ {
		w.clk.Set(window(i))
		want = append(want, w.reference(t)...)
	}
	logged := func(string, string) bool { return len(lines(w.run(t, "", "watch", "changes").stdout)) >= len(want) }
	second.await(t, "every change in the log", logged)
	if code := second.stop(t, syscall.SIGTERM); code != 143 {
		t.Fatalf("SIGTERM: exit %d; stderr %s", code, second.errb)
	}
	left := map[string]int{}
	for _, l := range withoutNames(want) {
		left[l]++
	}
	printed := withoutNames(append(lines(first.out.String()), lines(second.out.String())...))
	for _, l := range printed {
		if left[l]--; left[l] < 0 {
			t.Errorf("printed %q more often than it happened", l)
		}
	}
	if log := lines(w.run(t, "", "watch", "changes").stdout); !slices.Equal(withoutNames(log), withoutNames(want)) {
		t.Fatalf("after the kill the log holds\n%s\nwant each change once\n%s", strings.Join(withoutNames(log), "\n"), strings.Join(withoutNames(want), "\n"))
	}
	if len(printed) < len(want)/2 {
		t.Errorf("printed only %d of %d changes", len(printed), len(want))
	}
}

// The stream's faults are each handled and said: a 429 is waited out (a
// minute, said with until when), a gateway's 502 and 504 are connected
// through again, a refused key stops the follow with exit 3, saying
// whether it was the REST key, and a timepoint too old (416) is followed
// from now, with a check to fill the gap.
func TestWatchFollowSaysAndGetsOverEachFaultOfTheStream(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		code  int
		said  string
		after time.Duration // on the follow's clock, for it to connect again
	}{
		{"429", 429, "waiting to connect again (429: the stream refused another connection for this key", time.Minute + time.Second},
		{"502", 502, "the connection ended: the stream's gateway failed (502 Bad Gateway)", time.Second},
		{"504", 504, "the connection ended: the stream's gateway failed (504 Gateway Timeout)", time.Second},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			start0 := followStart()
			var faults atomic.Int32
			faults.Store(1)
			w := newFollowWorld(t, start0, func(o *demo.StreamOptions) {
				o.Fault = func(r *http.Request) int {
					if r.URL.Path == "/filings" && faults.Add(-1) >= 0 {
						return c.code
					}
					return 0
				}
			})
			// The first filing after the start: one at the start itself
			// (the start is a whole second, which one time in 180 is
			// when 00006420 files) is the first check's, not news.
			at := demo.LivingEventAt("00006420", 0)
			for !at.After(start0) {
				at = at.Add(demo.LivingEvery("00006420"))
			}
			w.watching(t, "00006420")
			fclk := testtime.NewClock(start0)
			f := start(t, w.env, func(e *Env) { e.clock = fclk }, "watch", "follow")
			f.await(t, "the fault said", func(_, e string) bool { return strings.Contains(e, c.said) })
			// The follow's clock moves on a second at a time until the
			// stream is connected again.
			for step := time.Duration(0); w.open.Load() < 6; step += time.Second {
				if step > c.after+5*time.Second {
					t.Fatalf("not connected again %s after the fault:\n%s", step, f.errb)
				}
				fclk.Advance(time.Second)
				select {
				case <-w.opened:
				case <-time.After(50 * time.Millisecond): // a moment for the follow to take the second
				}
			}
			w.clk.Set(at.Add(time.Second))
			f.await(t, "the filing, through the stream", func(out, _ string) bool { return strings.Contains(out, "00006420  TICKTOCK") })
			if code := f.stop(t, syscall.SIGINT); code != 130 {
				t.Fatalf("exit %d", code)
			}
		})
	}
	t.Run("401", func(t *testing.T) {
		t.Parallel()
		w := newFollowWorld(t, followStart(), nil)
		w.watching(t, "00006420")
		w.env["COVIEW_STREAM_KEY"] = streamKey
		r := w.run(t, "", "watch", "follow")
		if r.code != exitAuth || !strings.Contains(r.stderr, "the stream refused the key (401") || !strings.Contains(r.stderr, "streaming key, which is not the REST API key") {
			t.Fatalf("a key the stream refuses: exit %d, %s", r.code, r.stderr)
		}
		w.env["COVIEW_STREAM_KEY"] = demo.Key
		r = w.run(t, "", "watch", "follow")
		if r.code != exitAuth || !strings.Contains(r.stderr, "is the REST API key kept for") || strings.Contains(r.stderr+r.stdout, demo.Key) {
			t.Fatalf("the REST key given as the streaming key: exit %d, %s", r.code, r.stderr)
		}
	})
	t.Run("416", func(t *testing.T) {
		t.Parallel()
		start0 := followStart()
		w := newFollowWorld(t, start0, func(o *demo.StreamOptions) { o.Retention = 10 * time.Minute })
		w.watching(t, demo.LivingNumbers()...)
		f := start(t, w.env, nil, "watch", "follow")
		f.await(t, "the gap since the last check filled", func(_, e string) bool { return strings.Contains(e, "to fill the gap") })
		w.connected(t, 6)
		w.clk.Set(start0.Add(4 * time.Minute))
		want := w.reference(t)
		f.await(t, "the changes", hasLines(len(want)))
		if code := f.stop(t, syscall.SIGINT); code != 130 {
			t.Fatalf("exit %d", code)
		}
		// Half an hour on, the stream no longer holds where it was.
		w.clk.Set(start0.Add(34 * time.Minute))
		again := start(t, w.env, nil, "watch", "follow")
		again.await(t, "the gap said and filled", func(_, e string) bool {
			return strings.Contains(e, "(too old); following live from now") && strings.Contains(e, "checking the watched companies to fill it") &&
				strings.Contains(e, "to fill the gap; following on")
		})
		gap := w.reference(t)
		again.await(t, "the changes in the gap", hasLines(len(gap)))
		if code := again.stop(t, syscall.SIGINT); code != 130 {
			t.Fatalf("exit %d", code)
		}
		if got := lines(again.out.String()); !slices.Equal(sorted(got), sorted(gap)) || len(gap) == 0 {
			t.Fatalf("after the gap the follow printed\n%s\nwant what a check finds\n%s", strings.Join(got, "\n"), strings.Join(gap, "\n"))
		}
	})
}

// A watched person: a new appointment at a company nobody watches, and a
// resignation, are printed by watch follow (from the officers stream,
// the only one it needs) and by watch check, in the same words.
func TestWatchFollowAndCheckReportAWatchedPersonsNewAppointment(t *testing.T) {
	t.Parallel()
	start0 := followStart()
	j := 0
	for demo.SerialAppointedAt(j).Before(start0.Add(time.Second)) {
		j++
	}
	w := newFollowWorld(t, start0, nil)
	w.watching(t, "--officer", "/officers/"+demo.SerialDirector+"/appointments")
	if r := w.run(t, "", "watch", "list"); !strings.Contains(r.stdout, "PENNYWORTH, Araminta Jane") || !strings.Contains(r.stdout, "1 officer watched") {
		t.Fatalf("watch list:\n%s", r.stdout)
	}
	f := start(t, w.env, nil, "watch", "follow")
	f.await(t, "the officers stream followed", func(_, e string) bool {
		return strings.Contains(e, "coview: following officers for 1 officer") && strings.Contains(e, "to fill the gap")
	})
	w.connected(t, 1)
	w.clk.Set(demo.SerialAppointedAt(j).Add(time.Second))
	want := w.reference(t)
	f.await(t, "her appointment and resignation", hasLines(2))
	if code := f.stop(t, syscall.SIGINT); code != 130 {
		t.Fatalf("exit %d", code)
	}
	words := func(ls []string) []string {
		var out []string
		for _, l := range ls {
			out = append(out, l[strings.Index(l, "watched officer"):])
		}
		return sorted(out)
	}
	got := lines(f.out.String())
	if !slices.Equal(words(got), words(want)) || !slices.ContainsFunc(want, func(l string) bool {
		return strings.Contains(l, "watched officer appointed: PENNYWORTH, Araminta Jane (director)")
	}) {
		t.Fatalf("watch follow printed\n%s\nwatch check\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if r := w.run(t, "", "watch", "remove", "--officer", demo.SerialDirector); r.code != 0 || !strings.Contains(r.stderr, "no longer watching officer") {
		t.Fatalf("watch remove --officer: %d %s", r.code, r.stderr)
	}
	if r := w.run(t, "", "watch", "changes"); r.stdout != "" {
		t.Fatalf("her changes stayed: %s", r.stdout)
	}
}
