package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"coview/api"
	"coview/internal/spelling"
	"coview/present"
	"coview/present/sanitize"
	"coview/stream"
)

const streamLong = `Print the events of one of the registry's streams as they happen: one JSON
object a line, as the registry sent it (characters a terminal would obey are
written as \u escapes, which JSON reads as the same characters). It runs until
stopped.

NAME is one of: companies, filings, officers, persons-with-significant-control,
charges, insolvency-cases, disqualified-officers, company-exemptions,
persons-with-significant-control-statements.

The stream takes a streaming key, which is not the REST API key: the
registry's developer site makes one for a streaming application; keep it
with coview auth login --stream, or set COVIEW_STREAM_KEY. With --demo, the
demo's stream and its key are used.

Each event carries its place in the stream, event.timepoint. --timepoint N
starts at event N, if the stream still holds it (a few days back): to carry
on after the last event kept, give its timepoint plus one. A connection that
ends is made again from where it was, soon at first and never more than a
minute apart; an event the registry sends twice is printed once; a line that
is no event is skipped. What is waited for, and what was skipped, is said on
stderr. A timepoint the stream no longer holds is said there too, and the
events go on from now.

--plain, for the companies and filings streams, prints a line an
incorporation or a filing in words, as the browser's live page (:live)
lists them: the time it was published, the company, what happened.

Exit codes: 1 the stream failed in a way that does not pass by itself (no
such stream at that URL, a redirect elsewhere), 2 usage error, 3 no
streaming key or the stream refused it, 130 and 143 stopped by SIGINT or
SIGTERM (the usual way to stop it).`

const streamExample = `
coview stream filings
coview stream companies --company 00006400 --company SC006405
coview stream persons-with-significant-control --kind company-psc-individual
# carry on after the last event kept
coview stream filings --timepoint 168511967 | jq -c '{n: .resource_uri, t: .event.timepoint}'
coview --demo stream filings
coview --demo stream companies --plain
`

// streamOptions are the stream command's flags, read.
type streamOptions struct {
	timepoint string
	companies []string
	kinds     []string
	plain     bool
}

// newStreamCommand is "coview stream NAME".
func newStreamCommand(env Env) *cobra.Command {
	var o streamOptions
	cmd := &cobra.Command{
		Use:     "stream NAME [--timepoint N] [--company NUMBER]... [--kind KIND]...",
		Short:   "Print one of the registry's streams of changes as JSON lines",
		Long:    streamLong,
		Example: streamExample,
		Args:    cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			run, err := o.read(args)
			if err != nil {
				return err
			}
			return runStream(cmd, &o, run, env)
		},
		ValidArgs: stream.Names(),
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVar(&o.timepoint, "timepoint", "", "start at event `N` (the stream's replay includes it), if the stream still holds it")
	fs.StringArrayVar(&o.companies, "company", nil, "only the events about this company `NUMBER` (repeat it, or give a list)")
	fs.StringArrayVar(&o.kinds, "kind", nil, "only the events of this resource `KIND`, such as company-profile (repeat it, or give a list)")
	fs.BoolVar(&o.plain, "plain", false, "companies and filings: a line an incorporation or a filing, in words, as the live page lists them")
	return cmd
}

// streamRun is one run of coview stream, the command line read: what to
// follow, from where, and what to print of it.
type streamRun struct {
	name   string
	from   int64
	filter stream.Filter
	plain  bool
}

// read checks the command line before anything is asked of anyone.
func (o *streamOptions) read(args []string) (streamRun, error) {
	switch {
	case len(args) == 0:
		return streamRun{}, usageError("coview stream needs the name of a stream: %s", strings.Join(stream.Names(), ", "))
	case len(args) > 1:
		return streamRun{}, usageError("coview stream follows one stream at a time, not %d", len(args))
	case !stream.Known(args[0]):
		return streamRun{}, usageError("%q is no stream%s; the streams are %s", sanitize.Line(args[0]), nearestOf(args[0], stream.Names()), strings.Join(stream.Names(), ", "))
	}
	r := streamRun{name: args[0], from: stream.Live, plain: o.plain}
	if o.plain && r.name != "companies" && r.name != "filings" {
		return streamRun{}, usageError("--plain reads the companies and filings streams (incorporations and filings, in words); the %s stream is printed as JSON only", r.name)
	}
	if o.timepoint != "" {
		n, err := strconv.ParseInt(strings.TrimSpace(o.timepoint), 10, 64)
		if err != nil || n < 0 {
			return streamRun{}, usageError("--timepoint %q: want a whole number of at least 0, as in an event's event.timepoint", sanitize.Line(o.timepoint))
		}
		r.from = n
	}
	for _, c := range listItems(o.companies) {
		n, err := api.ParseNumber(c)
		if err != nil {
			return streamRun{}, usageError("--company: %v", err)
		}
		if r.filter.Numbers == nil {
			r.filter.Numbers = map[api.Number]bool{}
		}
		r.filter.Numbers[n] = true
	}
	for _, k := range listItems(o.kinds) {
		known := api.StreamKinds()
		if !slicesContains(known, k) {
			return streamRun{}, usageError("--kind %q is no kind of event the streams send%s; they are %s", sanitize.Line(k), nearestOf(k, known), strings.Join(known, ", "))
		}
		if r.filter.Kinds == nil {
			r.filter.Kinds = map[string]bool{}
		}
		r.filter.Kinds[k] = true
	}
	return r, nil
}

// listItems splits values given as lists ("a,b c") into their items.
func listItems(values []string) []string {
	var out []string
	for _, v := range values {
		out = append(out, strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })...)
	}
	return out
}

func slicesContains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// nearestOf is " (did you mean X?)" for the word of list nearest to s,
// when one is near enough to be what was meant.
func nearestOf(s string, list []string) string {
	best, dist := "", 4
	for _, w := range list {
		if d := spelling.Distance(strings.ToLower(s), w); d < dist {
			best, dist = w, d
		}
	}
	if best == "" {
		return ""
	}
	return " (did you mean " + best + "?)"
}

// runStream opens the stream the flags name with its key and prints its
// events until the context ends.
func runStream(cmd *cobra.Command, o *streamOptions, run streamRun, env Env) error {
	ctx := cmd.Context()
	reg, err := env.registry.open(env)
	if err != nil {
		return err
	}
	defer reg.close()
	k := keys{reg: reg, env: env}
	t, key, err := k.streamFor(cmd)
	if err != nil {
		return err
	}
	notes := &streamNotes{w: env.Stderr, now: time.Now}
	s, err := stream.New(stream.Options{BaseURL: t.url, Key: key.Value, UserAgent: userAgent(), OnWait: notes.wait, OnNotice: notes.notice})
	if err != nil {
		return usageError("%v", err)
	}
	out := bufio.NewWriter(env.Stdout)
	err = printStream(ctx, s, run, out)
	notes.summary(run.name, s.Counts(run.name))
	switch {
	case errors.Is(err, stream.ErrRejectedKey):
		return k.refusedStream(err, key)
	case err != nil && ctx.Err() == nil:
		return &exitError{code: exitFailure, msg: sanitize.Line(err.Error())}
	}
	return nil
}

// printStream prints run's events to out, each as soon as it comes,
// until ctx ends or the stream cannot go on.
func printStream(ctx context.Context, s *stream.Streams, run streamRun, out *bufio.Writer) error {
	err := s.Follow(ctx, run.name, run.from, func(_ context.Context, e *api.Event) error {
		if !run.filter.Keep(e) {
			return nil
		}
		if run.plain {
			row, _, ok := present.LiveEvent(e, func(api.Number) (present.LiveCompany, bool) { return present.LiveCompany{}, false })
			if !ok {
				return nil
			}
			out.WriteString(present.LiveLine(row, time.Local) + "\n")
		} else {
			writeJSON(out, e.Raw, true)
		}
		if err := out.Flush(); err != nil {
			return fmt.Errorf("cannot write the events: %w", err)
		}
		return nil
	})
	out.Flush()
	return err
}

// streamNotes says on stderr what a follow waits for and what it
// skipped: each wait as it begins, each notice but heartbeats and
// repeats (counted in the summary), and of the notices that can come in
// floods (lines that are no event, too long, out of order) the first few.
type streamNotes struct {
	w    io.Writer
	now  func() time.Time
	told map[stream.NoticeKind]int
}

// floodAfter is how many of one kind of skipped line are told one by one.
const floodAfter = 3

func (n *streamNotes) wait(w stream.Wait) {
	fmt.Fprintln(n.w, "coview: "+sanitize.Line(w.Message(n.now())))
}

func (n *streamNotes) notice(x stream.Notice) {
	switch x.Kind {
	case stream.Heartbeat, stream.Duplicate:
		return
	case stream.Unreadable, stream.TooLong, stream.Backwards:
		if n.told == nil {
			n.told = map[stream.NoticeKind]int{}
		}
		n.told[x.Kind]++
		if c := n.told[x.Kind]; c > floodAfter {
			if c == floodAfter+1 {
				fmt.Fprintf(n.w, "coview: stream %s: more lines like that are skipped without a word (counted when it ends)\n", x.Stream)
			}
			return
		}
	case stream.Gap:
		fmt.Fprintln(n.w, "coview: "+sanitize.Line(x.Message())+"; a coview watch check catches up with the companies watched")
		return
	}
	fmt.Fprintln(n.w, "coview: "+sanitize.Line(x.Message()))
}

// summary says, when the follow ends, what it saw.
func (n *streamNotes) summary(name string, c stream.Counts) {
	var parts []string
	add := func(k int, one, many string) {
		if k == 1 {
			parts = append(parts, "1 "+one)
		} else if k > 1 {
			parts = append(parts, present.Thousands(k)+" "+many)
		}
	}
	add(c.Events, "event", "events")
	add(c.Duplicates, "repeat skipped", "repeats skipped")
	add(c.Backwards, "event out of order skipped", "events out of order skipped")
	add(c.Unreadable, "line that is no event skipped", "lines that are no event skipped")
	add(c.TooLong, "line too long skipped", "lines too long skipped")
	add(c.Gaps, "gap", "gaps")
	add(c.Connections, "connection", "connections")
	if len(parts) > 0 {
		fmt.Fprintf(n.w, "coview: stream %s: %s\n", name, strings.Join(parts, ", "))
	}
}
