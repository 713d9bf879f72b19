package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"coview/api"
	"coview/present"
	"coview/present/sanitize"
	"coview/stream"
	"coview/watch"
)

const watchFollowLong = `Follow the registry's streams and print each change at a watched company or
person as it happens, one line each, as coview watch check prints them
(--json: one object each, with the same fields); nothing when nothing
changes. It runs until stopped (SIGINT or SIGTERM: it saves where it is
and exits 130 or 143).

It follows the streams a watch list needs (companies, filings, officers,
persons-with-significant-control, charges, insolvency-cases; only officers
when only people are watched), one connection each, with the streaming
key (coview auth login --stream, or COVIEW_STREAM_KEY). Each event about a
watched company becomes the change a check would record, in the same
change log: a change is recorded once, whether a follow, a check or the
browser sees it first, and they may run at once. What the stream carries
costs no request to the registry. A filing about persons with significant
control leaves their statements (no stream carries them) to the next
check, which reads them first.

Each stream's place (its last event's timepoint) is saved with the change
that event made; started again, even after a kill, it carries on from
there, losing nothing and recording nothing twice. A place the stream no
longer holds (it keeps a few days), or none saved yet, is a gap: it
follows from now and checks the watched companies once, as coview watch
check does, to fill it. So is a company not checked yet (added since):
its first check records what is there. These checks need the REST API key
too.

When there is an index of the register on this machine (coview index
update; the demo's with --demo), it keeps it current too: it follows the
companies stream (if the list alone would not) and writes every company's
profile it carries, watched or not, beside the index, a batch a second, so
that --offline answers and searches see what changed since the monthly
file (coview index status says how far).

What it waits for (the stream's answer, a connection made again after it
ended, a 429's pause) goes to stderr, with until when.

Exit codes: 1 the store or a stream failed in a way that does not pass by
itself, 2 usage error, 3 no key or a key refused, 130 and 143 stopped by
SIGINT or SIGTERM (the usual way to stop it).`

const watchFollowExample = `
coview watch follow
coview watch follow --json | jq -r 'select(.kind | startswith("status/")) | .words'
# a systemd user service, or simply
nohup coview watch follow >> ~/watch.log 2>> ~/watch.err &
coview --demo watch follow`

func newWatchFollowCommand(env Env) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:     "follow [--json]",
		Short:   "Follow the registry's streams: each change at a watched company as it happens",
		Long:    watchFollowLong,
		Example: watchFollowExample,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runWatchFollow(cmd, asJSON, env)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object per change")
	return cmd
}

func runWatchFollow(cmd *cobra.Command, asJSON bool, env Env) error {
	ctx := cmd.Context()
	reg, store, err := openWatcher(env, !isTerminal(env.Stderr))
	if err != nil {
		return err
	}
	defer reg.close()
	defer store.Close()
	reg.client.SetRateLimitWait(func(string, time.Time) bool { return true })
	reg.client.SetWaitNotice(waitLines(env.Stderr))
	k := keys{reg: reg, env: env}
	t, key, err := k.streamFor(cmd)
	if err != nil {
		return err
	}
	fr := newFollowRun(env, store, watch.New(store, reg.client, watch.Options{Today: reg.today}), reg.today, asJSON)
	fr.live = openLiveFeed(ctx, env)
	defer fr.live.close()
	s, err := stream.New(stream.Options{BaseURL: t.url, Key: key.Value, UserAgent: userAgent(), Clock: fr.clock,
		OnWait: fr.notes.wait, OnNotice: fr.notice})
	if err != nil {
		return usageError("%v", err)
	}
	err = fr.run(ctx, s)
	if errors.Is(err, stream.ErrRejectedKey) {
		return k.refusedStream(err, key)
	}
	return err
}

// followRun is one run of watch follow: the follower, the streams it
// follows, the checks it runs to fill gaps, and what it prints.
type followRun struct {
	env   Env
	f     *watch.Follower
	w     *watch.Watcher
	clock api.Clock
	notes *followNotes

	outMu  sync.Mutex
	out    *bufio.Writer
	asJSON bool

	checks chan []api.Number   // a check to run: of these companies, or nil for all
	seeded map[api.Number]bool // companies a first check was asked for (by run's goroutine only)

	live *liveFeed // the index's live overlay, nil when there is no index
}

func newFollowRun(env Env, store *watch.Store, w *watch.Watcher, today func() time.Time, asJSON bool) *followRun {
	clock := env.clock
	if clock == nil {
		clock = api.SystemClock
	}
	return &followRun{env: env, f: watch.NewFollower(store, watch.FollowOptions{Today: today}), w: w, clock: clock,
		notes: newFollowNotes(env.Stderr, clock), out: bufio.NewWriter(env.Stdout), asJSON: asJSON,
		checks: make(chan []api.Number, 16), seeded: map[api.Number]bool{}}
}

// How often a follow reads the list again (companies watched or
// unwatched meanwhile), applies the events held back for a check, and
// saves its place in the streams.
const (
	followTick  = time.Second
	followSaves = 10 // ticks
	followReads = 5  // ticks
)

// run follows until ctx ends or a stream cannot go on, then saves where
// the streams are.
func (fr *followRun) run(parent context.Context, s *stream.Streams) error {
	ctx, cancel := context.WithCancelCause(parent)
	defer cancel(nil)
	list, err := fr.f.Refresh(ctx)
	if err != nil {
		return err
	}
	fr.say(list)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); fr.runChecks(ctx) }()
	following := map[string]bool{}
	gap := false
	start := func(list watch.Followed) error {
		var started []string
		for _, name := range fr.streams(list) {
			if following[name] {
				continue
			}
			started = append(started, name)
			from, saved, err := fr.f.From(ctx, name)
			if err != nil {
				return err
			}
			skip := int64(0) // the events the watch list handled before
			if saved {
				skip = from
			} else {
				from, gap = stream.Live, true
			}
			if at, ok := fr.live.from(ctx, name); ok && (from == stream.Live || at < from) {
				from = at // the overlay's last batch was written before the watch list's place
			}
			following[name] = true
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := s.Follow(ctx, name, from, fr.handler(name, skip)); err != nil && ctx.Err() == nil {
					cancel(err)
				}
			}()
		}
		if len(started) > 0 {
			fmt.Fprintln(fr.env.Stderr, followingWords(started, list, fr.live != nil))
		}
		var first []api.Number
		for _, n := range list.Unseeded {
			if !fr.seeded[n] {
				fr.seeded[n] = true
				first = append(first, n)
			}
		}
		if len(first) > 0 {
			fr.ask(first)
		}
		if gap && list.Companies+list.People > len(list.Unseeded) {
			gap = false
			fr.ask(nil)
		}
		return nil
	}
	err = start(list)
	if err == nil {
		err = fr.tick(ctx, start)
	}
	cancel(err) // the first cause stays: a stream's refusal, or a signal
	wg.Wait()
	close(fr.notes.done)
	fr.live.flush(context.WithoutCancel(ctx))
	if err := fr.f.Save(context.WithoutCancel(ctx)); err != nil {
		report(fr.env.Stderr, err)
	}
	fr.flush()
	if parent.Err() != nil {
		return nil // stopped: the signal says how it ended
	}
	return followError(context.Cause(ctx))
}

// followError is the error a follow ends with, in words.
func followError(err error) error {
	var se *stream.Error
	if errors.As(err, &se) && errors.Is(err, stream.ErrRejectedKey) {
		return err
	}
	return &exitError{code: exitCode(err), msg: sanitize.Line(err.Error())}
}

// tick does what a follow does now and then, until ctx ends: reads the
// list again (following the streams it now needs), applies the events
// held back for checks that have finished, and saves its place.
func (fr *followRun) tick(ctx context.Context, start func(watch.Followed) error) error {
	for n := 1; ; n++ {
		fired, stop := fr.clock.NewTimer(followTick)
		select {
		case <-ctx.Done():
			stop()
			return context.Cause(ctx)
		case <-fired:
		}
		fr.live.flush(ctx)
		if fr.f.Held() > 0 {
			changes, err := fr.f.Retry(ctx)
			if err != nil && ctx.Err() == nil {
				return err
			}
			fr.print(changes)
		}
		if n%followReads == 0 {
			list, err := fr.f.Refresh(ctx)
			if err != nil && ctx.Err() == nil {
				return err
			}
			if err == nil {
				if err := start(list); err != nil {
					return err
				}
			}
		}
		if n%followSaves == 0 {
			if err := fr.f.Save(ctx); err != nil && ctx.Err() == nil {
				return err
			}
		}
	}
}

// followedStreams are the streams a list needs: every one that carries
// a company's changes while companies are watched, the officers' while
// people are.
func followedStreams(list watch.Followed) []string {
	switch {
	case list.Companies > 0:
		return []string{stream.Companies, stream.Filings, stream.Officers, stream.PSCs, stream.Charges, stream.Insolvency}
	case list.People > 0:
		return []string{stream.Officers}
	}
	return nil
}

// streams are the streams a follow follows: the list's, and the
// companies stream while it keeps the index current.
func (fr *followRun) streams(list watch.Followed) []string {
	names := followedStreams(list)
	if fr.live != nil && !slices.Contains(names, stream.Companies) {
		names = append([]string{stream.Companies}, names...)
	}
	return names
}

// followingWords say what a follow now follows, and what for.
func followingWords(started []string, list watch.Followed, index bool) string {
	what := watchedCount(list)
	switch {
	case what == "" && index:
		return fmt.Sprintf("coview: following %s to keep the index current", strings.Join(started, ", "))
	case index:
		what += ", keeping the index current"
	}
	return fmt.Sprintf("coview: following %s for %s: each change is printed as it happens", strings.Join(started, ", "), what)
}

// watchedCount is what a list watches, in words: "5 companies and 1
// officer".
func watchedCount(list watch.Followed) string {
	var parts []string
	if list.Companies > 0 {
		parts = append(parts, present.Plural(list.Companies, "company", "companies"))
	}
	if list.People > 0 {
		parts = append(parts, present.Plural(list.People, "officer", "officers"))
	}
	return strings.Join(parts, " and ")
}

// say tells, once, what is followed when nothing is.
func (fr *followRun) say(list watch.Followed) {
	if list.Companies+list.People == 0 {
		fmt.Fprintln(fr.env.Stderr, "coview: nothing is watched yet: coview watch add NUMBER watches a company; this follow takes it up when it does")
	}
}

// handler applies a stream's events and prints what they changed; those
// before skip the watch list handled before (the stream is read again
// from further back for the index's overlay), and they are left alone.
func (fr *followRun) handler(name string, skip int64) stream.Handler {
	return func(ctx context.Context, e *api.Event) error {
		fr.live.add(ctx, name, e)
		if e.Timepoint < skip {
			return nil
		}
		changes, err := fr.f.Handle(ctx, name, e)
		if err != nil {
			return err
		}
		fr.print(changes)
		return nil
	}
}

// notice takes a stream's notices: a gap is filled by a check, and
// every notice is said as coview stream says it.
func (fr *followRun) notice(n stream.Notice) {
	if n.Kind == stream.Gap {
		fr.ask(nil)
	}
	fr.notes.notice(n)
}

// ask asks for a check: of some companies, or of every one (nil).
func (fr *followRun) ask(numbers []api.Number) {
	select {
	case fr.checks <- numbers:
	default: // enough are asked for already; the next covers it
	}
}

// runChecks runs the checks asked for, one at a time, until ctx ends:
// a check of every company covers any asked for meanwhile.
func (fr *followRun) runChecks(ctx context.Context) {
	for {
		var only []api.Number
		select {
		case <-ctx.Done():
			return
		case only = <-fr.checks:
		}
		all := only == nil
		for more := true; more; {
			select {
			case next := <-fr.checks:
				all = all || next == nil
				only = append(only, next...)
			default:
				more = false
			}
		}
		if all {
			only = nil
			fmt.Fprintln(fr.env.Stderr, "coview: checking the watched companies, to fill in what the streams did not send")
		}
		rep, err := fr.w.Check(ctx, watch.CheckOptions{Only: only, Found: fr.print})
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			report(fr.env.Stderr, err)
		}
		if all && rep != nil {
			fmt.Fprintf(fr.env.Stderr, "coview: checked %s to fill the gap; following on\n", checkedWords(rep))
		}
		if rep != nil {
			for _, nc := range rep.NotChecked {
				if nc.Why != watch.ReasonElsewhere {
					fmt.Fprintf(fr.env.Stderr, "coview: %s not checked: %s; the next check (or gap) takes it up\n", notCheckedName(nc), nc.Why)
				}
			}
		}
		if _, err := fr.f.Refresh(ctx); err != nil && ctx.Err() == nil {
			report(fr.env.Stderr, err)
		}
	}
}

// print prints changes, one line or one JSON object each.
func (fr *followRun) print(changes []watch.Change) {
	if len(changes) == 0 {
		return
	}
	fr.outMu.Lock()
	defer fr.outMu.Unlock()
	for _, c := range changes {
		if fr.asJSON {
			writeJSONValue(fr.out, changeJSON{Change: c, Words: present.WatchChange(c)})
		} else {
			fmt.Fprintln(fr.out, present.WatchChangeLine(c))
		}
	}
	fr.out.Flush()
}

func (fr *followRun) flush() {
	fr.outMu.Lock()
	defer fr.outMu.Unlock()
	fr.out.Flush()
}

// followNotes say on stderr what the streams wait for, and what happened
// on them: a wait to connect again as it begins; a wait for a stream's
// answer once it has lasted more than a moment.
type followNotes struct {
	streamNotes
	clock api.Clock

	mu        sync.Mutex
	waiting   map[string]int  // per stream, the wait for an answer under way (a number that moves on)
	connected map[string]bool // the streams connected once: the first connection is said by run
	done      chan struct{}   // closed when the follow ends: no wait is said after
}

// aMoment is how long a stream may take to answer before the wait is
// said.
const aMoment = 2 * time.Second

func newFollowNotes(w io.Writer, clock api.Clock) *followNotes {
	return &followNotes{streamNotes: streamNotes{w: w, now: clock.Now}, clock: clock, waiting: map[string]int{},
		connected: map[string]bool{}, done: make(chan struct{})}
}

func (n *followNotes) wait(w stream.Wait) {
	n.mu.Lock()
	n.waiting[w.Stream]++
	gen := n.waiting[w.Stream]
	n.mu.Unlock()
	if w.Until.Sub(n.clock.Now()) <= aMoment || w.What == "for events" {
		// A moment, or a connection open and quiet, as most are: the
		// wait that says a connection went quiet too long is "for a
		// heartbeat".
		return
	}
	if w.What != "for the stream's answer" {
		n.streamNotes.wait(w)
		return
	}
	fired, stop := n.clock.NewTimer(aMoment)
	go func() {
		select {
		case <-fired:
		case <-n.done:
			stop()
			return
		}
		n.mu.Lock()
		still := n.waiting[w.Stream] == gen
		n.mu.Unlock()
		if still {
			n.streamNotes.wait(w)
		}
	}()
}

func (n *followNotes) notice(x stream.Notice) {
	n.mu.Lock()
	n.waiting[x.Stream]++ // whatever the wait was, it is over
	again := n.connected[x.Stream]
	if x.Kind == stream.Connected {
		n.connected[x.Stream] = true
	}
	n.mu.Unlock()
	switch x.Kind {
	case stream.Connected:
		if !again {
			return
		}
	case stream.Gap:
		fmt.Fprintln(n.w, "coview: "+sanitize.Line(x.Message())+"; checking the watched companies to fill it")
		return
	}
	n.streamNotes.notice(x)
}

// checkedWords say what a check checked: "5 companies and 1 officer".
func checkedWords(rep *watch.Report) string {
	s := present.Plural(rep.Checked, "company", "companies")
	if rep.People > 0 {
		s += " and " + present.Plural(rep.People, "officer", "officers")
	}
	return s
}
