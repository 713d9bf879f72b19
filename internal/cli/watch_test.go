package cli

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"coview/api/demo"
)

// watchClock is the demo registry's clock in a watch test, moved by hand.
type watchClock struct{ t atomic.Int64 }

func (c *watchClock) set(t time.Time) { c.t.Store(t.UnixNano()) }
func (c *watchClock) now() time.Time  { return time.Unix(0, c.t.Load()).UTC() }

// watchWorld is a demo registry with a clock of its own, and a data
// directory for the watch list that every run of the test shares.
type watchWorld struct {
	clock *watchClock
	srv   *httptest.Server
	env   map[string]string
	data  string
	hits  atomic.Int64
	hook  atomic.Pointer[func(int64)]
}

// onHit has f told the number of each request as it arrives; nil stops.
func (w *watchWorld) onHit(f func(n int64)) {
	if f == nil {
		w.hook.Store(nil)
		return
	}
	w.hook.Store(&f)
}

func newWatchWorld(t *testing.T, at time.Time, opts demo.Options) *watchWorld {
	t.Helper()
	w := &watchWorld{clock: &watchClock{}, data: t.TempDir()}
	w.clock.set(at)
	opts.Now = w.clock.now
	if opts.Limit == 0 {
		opts.Limit = 1 << 30
	}
	h := demo.NewHandler(opts)
	w.srv = httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		n := w.hits.Add(1)
		if f := w.hook.Load(); f != nil {
			(*f)(n)
		}
		h.ServeHTTP(rw, r)
	}))
	t.Cleanup(w.srv.Close)
	w.env = map[string]string{"COVIEW_BASE_URL": w.srv.URL, "COVIEW_API_KEY": demo.Key, "XDG_DATA_HOME": w.data}
	return w
}

func (w *watchWorld) run(t *testing.T, stdin string, args ...string) ran {
	t.Helper()
	return run(t, stdin, w.env, args...)
}

// lines are the non-empty lines of out.
func lines(out string) []string {
	var l []string
	for _, s := range strings.Split(out, "\n") {
		if s != "" {
			l = append(l, s)
		}
	}
	return l
}

// The whole round, as a newcomer does it: add companies (a pasted form,
// stdin), check (nothing: first look), let the registry move on, check
// (one line per change, in words), read the log, mark it seen.
func TestWatchAddCheckAndChangesPrintEachChangeOnceInWords(t *testing.T) {
	t.Parallel()
	at := demo.LivingEventAt("00006421", 1002) // liquidation
	w := newWatchWorld(t, at.Add(-30*time.Second), demo.Options{})

	if r := w.run(t, "Company No. sc 6405\n", "watch", "add", "6421", "-"); r.code != 0 || r.stdout != "" ||
		!strings.Contains(r.stderr, "now watching 00006421 WEATHERVANE WINDOWS LTD") || !strings.Contains(r.stderr, "now watching SC006405") {
		t.Fatalf("watch add: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if r := w.run(t, "", "watch", "add", "00006400", "00006421"); r.code != 0 || !strings.Contains(r.stderr, "already watching 00006421") ||
		!strings.Contains(r.stderr, "now watching 00006400") {
		t.Fatalf("adding again: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := w.run(t, "", "watch", "check"); r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Fatalf("the first check: exit %d, stdout %q, stderr %q; want nothing at all", r.code, r.stdout, r.stderr)
	}

	w.clock.set(at.Add(30 * time.Second))
	r := w.run(t, "", "watch", "check")
	want := []string{
		"00006421  WEATHERVANE WINDOWS LTD  " + at.Format(time.DateOnly) + "  filed: appointment of a voluntary liquidator (600)",
		"00006421  WEATHERVANE WINDOWS LTD  " + at.Format(time.DateOnly) + "  status: active -> liquidation",
		"00006421  WEATHERVANE WINDOWS LTD  " + at.Format(time.DateOnly) + "  insolvency case opened: creditors' voluntary liquidation (case 251)",
		"00006421  WEATHERVANE WINDOWS LTD  " + at.Format(time.DateOnly) + "  insolvency practitioner appointed: Zephyrine Gustavsen",
	}
	if r.code != 0 || !slices.Equal(lines(r.stdout), want) || r.stderr != "" {
		t.Fatalf("the second check: exit %d\n%s\nwant\n%s\nstderr %q", r.code, r.stdout, strings.Join(want, "\n"), r.stderr)
	}
	if r := w.run(t, "", "watch", "check"); r.code != 0 || r.stdout != "" {
		t.Fatalf("a third check reported again: %q", r.stdout)
	}

	// The log says the same, asking the registry nothing.
	before := w.hits.Load()
	if r := w.run(t, "", "watch", "changes"); !slices.Equal(lines(r.stdout), want) {
		t.Fatalf("watch changes printed\n%s", r.stdout)
	}
	r = w.run(t, "", "watch", "changes", "--json", "--unseen")
	var first map[string]any
	if err := json.Unmarshal([]byte(lines(r.stdout)[1]), &first); err != nil {
		t.Fatalf("--json: %v in %q", err, r.stdout)
	}
	for k, v := range map[string]any{"company_number": "00006421", "company_name": "WEATHERVANE WINDOWS LTD", "kind": "status/status-changed",
		"words": "status: active -> liquidation", "before": "active", "after": "liquidation", "field": "company_status", "seen": false} {
		if first[k] != v {
			t.Errorf("--json %s is %v, want %v", k, first[k], v)
		}
	}
	if r := w.run(t, "", "watch", "changes", "--unseen", "--mark-seen", "00006421"); len(lines(r.stdout)) != 4 {
		t.Fatalf("--unseen --mark-seen printed %q", r.stdout)
	}
	if r := w.run(t, "", "watch", "changes", "--unseen"); r.stdout != "" {
		t.Fatalf("after --mark-seen, --unseen still printed %q", r.stdout)
	}
	if n := w.hits.Load(); n != before {
		t.Errorf("reading the log sent %d requests", n-before)
	}

	// The list and the deadlines.
	r = w.run(t, "", "watch", "list", "--json")
	if got := len(lines(r.stdout)); got != 3 || !strings.Contains(r.stdout, `"company_number":"00006421","company_name":"WEATHERVANE WINDOWS LTD","status":"liquidation"`) {
		t.Fatalf("watch list --json: %s", r.stdout)
	}
	r = w.run(t, "", "watch", "deadlines", "--json")
	var due []string
	for _, l := range lines(r.stdout) {
		var d deadlineJSON
		json.Unmarshal([]byte(l), &d)
		due = append(due, d.Due)
	}
	if len(due) == 0 || !slices.IsSorted(due) {
		t.Errorf("deadlines are not soonest first: %v", due)
	}
	if r := w.run(t, "", "watch", "remove", "00006400", "00006499"); r.code != 4 || !strings.Contains(r.stderr, "00006499 was not watched") {
		t.Fatalf("removing one watched and one not: exit %d, %q", r.code, r.stderr)
	}
}

// A name where a number goes is refused with the companies it matches,
// and nothing is added.
func TestWatchAddRefusesANameWithTheMatchesToChooseFrom(t *testing.T) {
	t.Parallel()
	w := newWatchWorld(t, time.Now(), demo.Options{})
	r := w.run(t, "", "watch", "add", "marzipan", "mountain")
	if r.code != exitUsage || !strings.Contains(r.stderr, `"marzipan mountain" is a name`) ||
		!strings.Contains(r.stderr, "00006400  MARZIPAN MOUNTAIN SOFTWARE LTD") || !strings.Contains(r.stderr, "coview watch add 00006400") {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	if r := w.run(t, "", "watch", "list"); !strings.Contains(r.stdout, "No companies are watched") {
		t.Fatalf("something was added: %q", r.stdout)
	}
	// A line of stdin that is no number is said, and the rest added.
	r = w.run(t, "6400\nplease watch these\nsc6405\n", "watch", "add", "-")
	if r.code != exitUsage || !strings.Contains(r.stderr, `ignoring "please watch these"`) ||
		!strings.Contains(r.stderr, "now watching 00006400") || !strings.Contains(r.stderr, "now watching SC006405") {
		t.Fatalf("a line that is no number among numbers: exit %d, %q", r.code, r.stderr)
	}
	if r := w.run(t, "", "watch", "add", "00009999"); r.code != exitNotFound || !strings.Contains(r.stderr, "company 00009999 not found") {
		t.Fatalf("an unknown company: exit %d, %q", r.code, r.stderr)
	}
}

// A check cut short by its budget lists the companies it did not check
// and fails, so that cron says so; the next check starts with them.
func TestWatchCheckCutShortByItsBudgetListsWhatItLeftOut(t *testing.T) {
	t.Parallel()
	w := newWatchWorld(t, time.Now(), demo.Options{})
	numbers := "00007001 00007002 00007003 00007004 00007005 00007006"
	w.run(t, numbers, "watch", "add", "-")
	w.run(t, "", "watch", "check")
	r := w.run(t, "", "watch", "check", "--budget", "2")
	if r.code != exitFailure || r.stdout != "" || !strings.Contains(r.stderr, "4 companies not checked: the budget of 2 requests was spent") {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	left := strings.Fields(r.stderr[strings.LastIndex(r.stderr, ":")+1:])
	if len(left) != 4 {
		t.Fatalf("the companies left out are not listed: %q", r.stderr)
	}
	// The next check starts with those: with a budget for four, it
	// leaves out the two the last one checked.
	before := w.hits.Load()
	r = w.run(t, "", "watch", "check", "--budget", "4")
	var checked []string
	for _, n := range strings.Fields(numbers) {
		if !slices.Contains(left, n) {
			checked = append(checked, n)
		}
	}
	if r.code != exitFailure || !strings.HasSuffix(r.stderr, ": "+strings.Join(checked, " ")+"\n") {
		t.Fatalf("the next check: exit %d, stderr %q; want %v left out", r.code, r.stderr, checked)
	}
	if n := w.hits.Load() - before; n != 4 {
		t.Errorf("the next check sent %d requests, want one for each company left out", n)
	}
	for _, b := range []string{"-1", "0"} {
		if r := w.run(t, "", "watch", "check", "--budget", b); r.code != exitUsage {
			t.Errorf("--budget %s: exit %d", b, r.code)
		}
	}
}

// The key goes to the registry and nowhere else: not into the watch
// list's files, whatever was checked.
func TestTheKeyNeverGoesIntoTheWatchList(t *testing.T) {
	t.Parallel()
	const key = "6f1d0c2e-9b7a-4d1e-a1f0-00000000640a"
	at := demo.LivingEventAt("00006420", 1000)
	w := newWatchWorld(t, at.Add(-30*time.Second), demo.Options{})
	inner := w.srv.Config.Handler
	w.srv.Config.Handler = http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Basic "+base64.StdEncoding.EncodeToString([]byte(key+":")) {
			http.Error(rw, `{"error":"Invalid Authorization"}`, http.StatusUnauthorized)
			return
		}
		r.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(demo.Key+":")))
		inner.ServeHTTP(rw, r)
	})
	w.env["COVIEW_API_KEY"] = key
	w.run(t, "", "watch", "add", "00006420", "00006424")
	w.run(t, "", "watch", "check")
	w.clock.set(at.Add(time.Hour))
	if r := w.run(t, "", "watch", "check"); r.code != 0 || r.stdout == "" {
		t.Fatalf("the check found nothing, or failed: exit %d, %q", r.code, r.stderr)
	}
	files, _ := filepath.Glob(filepath.Join(w.data, "coview", "*"))
	if len(files) == 0 {
		t.Fatal("no watch list was written")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, secret := range []string{key, base64.StdEncoding.EncodeToString([]byte(key + ":"))} {
			if bytes.Contains(b, []byte(secret)) {
				t.Errorf("%s holds the key", f)
			}
		}
		if info, _ := os.Stat(f); info.Mode().Perm()&0o077 != 0 && filepath.Base(f) == "watch.db" {
			t.Errorf("%s is readable by others: %v", f, info.Mode())
		}
	}
}

// COVIEW_DEMO_NOW sets the demo's clock, so that a person trying the
// watch list (or a test) steps through its living companies' changes
// without waiting for them: the demo registry and the check both go by
// it. 00006421 is proposed for strike-off with its accounts overdue
// (due a date already past), then the proposal is discontinued and its
// accounts are no longer overdue.
func TestTheDemosClockIsSetByCOVIEW_DEMO_NOWToStepThroughTheWatchList(t *testing.T) {
	t.Parallel()
	proposed := demo.LivingEventAt("00006421", 1000)
	env := map[string]string{"XDG_DATA_HOME": t.TempDir()}
	at := func(t time.Time) map[string]string {
		e := map[string]string{"COVIEW_DEMO_NOW": t.Format(time.RFC3339)}
		for k, v := range env {
			e[k] = v
		}
		return e
	}
	if r := run(t, "", at(proposed.Add(-30*time.Second)), "--demo", "watch", "add", "00006421"); r.code != 0 {
		t.Fatalf("watch add: exit %d, %q", r.code, r.stderr)
	}
	if r := run(t, "", at(proposed.Add(-30*time.Second)), "--demo", "watch", "check"); r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Fatalf("the first check: exit %d, %q, %q", r.code, r.stdout, r.stderr)
	}
	day := proposed.Format(time.DateOnly)
	r := run(t, "", at(proposed.Add(30*time.Second)), "--demo", "watch", "check")
	got := lines(r.stdout)
	if r.code != 0 || len(got) != 3 || !strings.HasSuffix(got[1], day+"  strike-off proposed (a notice in the Gazette: the company may be dissolved)") ||
		!strings.Contains(got[2], "overdue now: accounts due ") {
		t.Fatalf("a check after the proposal: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	// Overdue now means a due date gone by.
	var due time.Time
	for _, layout := range []string{"2 Jan 2006", "2 January 2006"} {
		if d, err := time.Parse(layout, strings.TrimPrefix(got[2][strings.Index(got[2], "overdue now: accounts due "):], "overdue now: accounts due ")); err == nil {
			due = d
		}
	}
	if due.IsZero() || !due.Before(proposed) {
		t.Fatalf("overdue with accounts due %v on %s: %q", due, day, got[2])
	}
	r = run(t, "", at(demo.LivingEventAt("00006421", 1001).Add(30*time.Second)), "--demo", "watch", "check")
	if got := lines(r.stdout); r.code != 0 || len(got) != 3 || !strings.Contains(got[1], "strike-off discontinued") ||
		!strings.Contains(got[2], "no longer overdue: accounts, next due ") {
		t.Fatalf("a check after the proposal was discontinued: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	// The days to each deadline are counted from the demo's day.
	then := demo.LivingEventAt("00006421", 1001).Add(time.Minute)
	r = run(t, "", at(then), "--demo", "watch", "deadlines", "--json")
	for _, l := range lines(r.stdout) {
		var d deadlineJSON
		json.Unmarshal([]byte(l), &d)
		due, err := time.Parse(time.DateOnly, d.Due)
		if err != nil || d.Overdue || d.Days != int(due.Sub(then.Truncate(24*time.Hour)).Hours()/24) {
			t.Fatalf("a deadline on %s: %s", then.Format(time.DateOnly), l)
		}
	}
	if len(lines(r.stdout)) != 2 {
		t.Fatalf("watch deadlines: %q", r.stdout)
	}

	if r := run(t, "", map[string]string{"COVIEW_DEMO_NOW": "next tuesday", "XDG_DATA_HOME": t.TempDir()}, "--demo", "watch", "check"); r.code != exitUsage ||
		!strings.Contains(r.stderr, `COVIEW_DEMO_NOW="next tuesday" is not a time`) {
		t.Fatalf("a clock that is no time: exit %d, %q", r.code, r.stderr)
	}
}

// What a spreadsheet column brings with it is read as screen reads it
// (issue 31, item 20): the README's cut -d, -f1 clients.csv | coview
// watch add - with a heading row adds every company and succeeds, saying
// the heading was skipped; and coview screen --csv's output is read by
// its number column, a row the screening found no company for said.
func TestWatchAddReadsAColumnWithItsHeadingAndWhatScreenWrites(t *testing.T) {
	t.Parallel()
	w := newWatchWorld(t, time.Now(), demo.Options{})
	r := w.run(t, "company_number\r\n00006400\r\n\r\nSC006405\r\n", "watch", "add", "-")
	if r.code != 0 || !strings.Contains(r.stderr, `the first line of stdin, "company_number", is a heading, not an entry: skipped`) ||
		!strings.Contains(r.stderr, "now watching 00006400") || !strings.Contains(r.stderr, "now watching SC006405") || strings.Contains(r.stderr, "ignoring") {
		t.Fatalf("a column with its heading: exit %d, %q", r.code, r.stderr)
	}

	screened := w.run(t, "", "screen", "--csv", "6400", "Company No. 6407", "grumble & sons plumbing ltd")
	if screened.code != 0 || len(lines(screened.stdout)) != 4 {
		t.Fatalf("screen --csv: exit %d, %q, %q", screened.code, screened.stdout, screened.stderr)
	}
	r = w.run(t, screened.stdout, "watch", "add", "-")
	if r.code != 0 || !strings.Contains(r.stderr, "already watching 00006400") || !strings.Contains(r.stderr, "now watching 00006407") ||
		strings.Count(r.stderr, "00006407") != 1 || strings.Contains(r.stderr, "ignoring") || strings.Contains(r.stderr, "heading") {
		t.Fatalf("screen --csv's output: exit %d, %q", r.code, r.stderr)
	}

	screened = w.run(t, "", "screen", "--csv", "00006409", "marzipan")
	r = w.run(t, screened.stdout, "watch", "add", "-")
	if r.code != exitUsage || !strings.Contains(r.stderr, "now watching 00006409") ||
		!strings.Contains(r.stderr, `ignoring "marzipan": the screening found no company for it (unresolved: no company has exactly this name`) {
		t.Fatalf("screen --csv's output with a name it did not find: exit %d, %q", r.code, r.stderr)
	}
	if r := w.run(t, "", "watch", "list", "--json"); len(lines(r.stdout)) != 4 {
		t.Fatalf("the list holds %q", r.stdout)
	}
}

// "0123 4567" is one number or two: watch add refuses it as --plain and
// screen do, with the same reason, and spends no name search on it
// (issue 31, item 21).
func TestWatchAddRefusesAnAmbiguousNumberAsEverythingElseDoesWithoutASearch(t *testing.T) {
	t.Parallel()
	w := newWatchWorld(t, time.Now(), demo.Options{})
	const why = "it could be one number (01234567) or 2"
	before := w.hits.Load()
	r := w.run(t, "", "watch", "add", "0123 4567")
	if r.code != exitUsage || !strings.Contains(r.stderr, `"0123 4567" is not a company number: `+why) {
		t.Fatalf("watch add: exit %d, %q", r.code, r.stderr)
	}
	if n := w.hits.Load() - before; n != 0 {
		t.Fatalf("watch add sent %d requests for it", n)
	}
	if r := w.run(t, "", "--plain", "0123 4567"); r.code != exitUsage || !strings.Contains(r.stderr, why) {
		t.Fatalf("--plain: exit %d, %q", r.code, r.stderr)
	}
	if r := w.run(t, "", "screen", "--csv", "0123 4567"); !strings.Contains(r.stdout, "invalid,\""+why) {
		t.Fatalf("screen: exit %d, %q", r.code, r.stdout)
	}
	// A name is still a name, answered with what it matches; a number in
	// a name's words is the number, as --plain and screen read it.
	if r := w.run(t, "", "watch", "add", "marzipan"); r.code != exitUsage || !strings.Contains(r.stderr, `"marzipan" is a name`) {
		t.Fatalf("a name: exit %d, %q", r.code, r.stderr)
	}
	if r := w.run(t, "", "watch", "add", "ACME TRADING LTD 00006400"); r.code != 0 || !strings.Contains(r.stderr, "now watching 00006400") {
		t.Fatalf("a number among words: exit %d, %q", r.code, r.stderr)
	}
}

// --within takes days, weeks, months and years, counted on the calendar
// from the day (here the demo's, set by COVIEW_DEMO_NOW), and refuses
// what is no span of days: 3m would be minutes (issue 31, item 28).
func TestWatchDeadlinesWithinTakesMonthsAndYearsAndRefusesMinutes(t *testing.T) {
	t.Parallel()
	env := map[string]string{"XDG_DATA_HOME": t.TempDir(), "COVIEW_DEMO_NOW": "2026-11-24T12:00:00Z"}
	if r := run(t, "", env, "--demo", "watch", "add", "00006400", "SC006405"); r.code != 0 {
		t.Fatalf("watch add: exit %d, %q", r.code, r.stderr)
	}
	for _, c := range []struct {
		within string
		want   []string
	}{
		{"2mo", []string{"00006400 accounts 2026-12-31"}},
		{"10w", []string{"00006400 accounts 2026-12-31", "00006400 confirmation statement 2027-01-28", "SC006405 accounts 2027-01-31"}},
		{"1y", []string{"00006400 accounts 2026-12-31", "00006400 confirmation statement 2027-01-28", "SC006405 accounts 2027-01-31",
			"SC006405 confirmation statement 2027-04-24"}},
		{"37d", []string{"00006400 accounts 2026-12-31"}},
		{"36d", nil},
	} {
		r := run(t, "", env, "--demo", "watch", "deadlines", "--json", "--within", c.within)
		var got []string
		for _, l := range lines(r.stdout) {
			var d deadlineJSON
			json.Unmarshal([]byte(l), &d)
			got = append(got, d.Number+" "+d.What+" "+d.Due)
		}
		if r.code != 0 || !slices.Equal(got, c.want) {
			t.Errorf("--within %s: exit %d, %q; got %v, want %v", c.within, r.code, r.stderr, got, c.want)
		}
	}
	for within, says := range map[string]string{
		"3m":  "m would be minutes, and a due date is a day; for months write mo (3mo)",
		"48h": "give days, weeks, months or years from today, such as 30d, 2w, 3mo or 1y",
		"0d":  "give days, weeks, months or years",
		"mo":  "give days, weeks, months or years",
	} {
		if r := run(t, "", env, "--demo", "watch", "deadlines", "--within", within); r.code != exitUsage || !strings.Contains(r.stderr, says) {
			t.Errorf("--within %s: exit %d, %q", within, r.code, r.stderr)
		}
	}
}

// A company asked about that is not watched is said to be so, exit 4 as
// watch remove does, the others' changes printed; and an empty list's
// deadlines say that nothing is watched, not that nothing falls due
// (issue 31, item 29).
func TestWatchChangesOfACompanyNotWatchedSaysSoAndAnEmptyListSaysNothingIsWatched(t *testing.T) {
	t.Parallel()
	w := newWatchWorld(t, time.Now(), demo.Options{})
	if r := w.run(t, "", "watch", "deadlines"); r.code != 0 || !strings.Contains(r.stdout, "No companies are watched") {
		t.Fatalf("deadlines of an empty list: exit %d, %q", r.code, r.stdout)
	}
	w.run(t, "", "watch", "add", "00006400")
	if r := w.run(t, "", "watch", "changes", "6400", "6409"); r.code != exitNotFound || r.stdout != "" ||
		!strings.Contains(r.stderr, "00006409 is not watched") || strings.Contains(r.stderr, "00006400") {
		t.Fatalf("changes of a company not watched: exit %d, %q, %q", r.code, r.stdout, r.stderr)
	}
	if r := w.run(t, "", "watch", "changes", "6400"); r.code != 0 || r.stderr != "" {
		t.Fatalf("changes of a watched company with none: exit %d, %q", r.code, r.stderr)
	}
}
