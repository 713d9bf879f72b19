package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"coview/internal/testkit/testtime"
	"coview/register"
)

// companiesStream is a companies stream the test writes events into: a
// request gets those from its timepoint on, then waits for more. The
// other streams send nothing.
type companiesStream struct {
	*httptest.Server
	mu    sync.Mutex
	lines []string // the i-th has timepoint i+1
	more  chan struct{}
	asked []string // the timepoint each request for the companies asked for ("" none)
	sent  chan int // the last timepoint written, after each write
}

func newCompaniesStream(t *testing.T) *companiesStream {
	t.Helper()
	s := &companiesStream{more: make(chan struct{}), sent: make(chan int, 64)}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *companiesStream) serve(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	w.(http.Flusher).Flush()
	if r.URL.Path != "/companies" {
		<-r.Context().Done()
		return
	}
	from := 1
	s.mu.Lock()
	s.asked = append(s.asked, r.URL.Query().Get("timepoint"))
	s.mu.Unlock()
	if tp, err := strconv.Atoi(r.URL.Query().Get("timepoint")); err == nil {
		from = tp
	}
	for {
		s.mu.Lock()
		lines, more := s.lines, s.more
		s.mu.Unlock()
		for ; from <= len(lines); from++ {
			fmt.Fprintln(w, lines[from-1])
		}
		w.(http.Flusher).Flush()
		select {
		case s.sent <- from - 1:
		default:
		}
		select {
		case <-more:
		case <-r.Context().Done():
			return
		}
	}
}

// send adds an event: the company's profile, published at the time.
func (s *companiesStream) send(number, name, postcode, published string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	tp := len(s.lines) + 1
	data, _ := json.Marshal(map[string]any{"company_number": number, "company_name": name, "company_status": "active", "type": "ltd",
		"date_of_creation": "2026-11-20", "registered_office_address": map[string]string{"address_line_1": "1 Mill Lane", "locality": "Leeds", "postal_code": postcode},
		"links": map[string]string{"self": "/company/" + number}})
	s.lines = append(s.lines, fmt.Sprintf(`{"resource_kind":"company-profile","resource_uri":"/company/%s","resource_id":"%s","data":%s,"event":{"timepoint":%d,"published_at":%q,"type":"changed"}}`,
		number, number, data, tp, published))
	close(s.more)
	s.more = make(chan struct{})
}

// sendDeleted adds a deleted event: the company taken off the register.
func (s *companiesStream) sendDeleted(number, published string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lines = append(s.lines, fmt.Sprintf(`{"resource_kind":"company-profile","resource_uri":"/company/%s","resource_id":"%s","event":{"timepoint":%d,"published_at":%q,"type":"deleted"}}`,
		number, number, len(s.lines)+1, published))
	close(s.more)
	s.more = make(chan struct{})
}

// askedFor are the timepoints the companies were asked from.
func (s *companiesStream) askedFor() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.asked...)
}

// smallRegister is an index of a file of two companies in the data
// directory of env.
func smallRegister(t *testing.T, env map[string]string) {
	t.Helper()
	row := func(name, number string) string {
		f := make([]string, len(register.Columns))
		for i := range f {
			f[i] = `""`
		}
		f[0], f[1], f[9], f[10], f[11] = `"`+name+`"`, `"`+number+`"`, `"LS1 1AA"`, `"Private Limited Company"`, `"Active"`
		return strings.Join(f, ",")
	}
	csv := filepath.Join(t.TempDir(), "BasicCompanyDataAsOneFile-2026-11-01.csv")
	text := register.Header() + "\r\n" + row("ALPHA SOFTWARE LTD", "00000001") + "\r\n" + row("BETA BAKERY LTD", "00000002") + "\r\n"
	if err := os.WriteFile(csv, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := run(t, "", env, "index", "update", "--from", csv); r.code != 0 {
		t.Fatalf("index update: %d %s", r.code, r.stderr)
	}
}

// offlineFinds reports whether coview --offline search finds the number
// by the words.
func offlineFinds(t *testing.T, env map[string]string, words, number string) bool {
	t.Helper()
	r := run(t, "", env, "--offline", "search", "--plain", words)
	return r.code == 0 && strings.Contains(r.stdout, number)
}

// untilFound moves the follow's clock on a tick at a time until the
// offline search finds the number by the words.
func untilFound(t *testing.T, f *running, clk *testtime.Clock, env map[string]string, words, number string) {
	t.Helper()
	for !offlineFinds(t, env, words, number) {
		set := clk.TimerSet()
		clk.Advance(followTick)
		select {
		case <-set:
		case <-testtime.Bound(t):
			r := run(t, "", env, "--offline", "search", "--plain", words)
			f.cancel(nil)
			t.Fatalf("coview --offline search %s never found %s: %d %s %s\nthe follow said: %s", words, number, r.code, r.stdout, r.stderr, f.errb)
		}
	}
}

// While watch follow runs with an index of the register on this
// machine, the companies stream's profiles go into the index's live
// overlay: a new name is found offline and the old one no longer, a new
// company appears, index status says how far it is live, an event read
// again changes nothing, and a follow started again carries on from the
// last batch written.
func TestWatchFollowKeepsTheIndexCurrent(t *testing.T) {
	t.Parallel()
	w := newFollowWorld(t, followStart(), nil)
	cs := newCompaniesStream(t)
	w.env["COVIEW_STREAM_URL"] = cs.URL
	smallRegister(t, w.env)
	cs.send("00000001", "OMEGA \x1b[31mWIDGETS LTD", "LS2 7EW", "2026-11-20T09:00:00")
	cs.send("12345678", "NEWCO LANTERN LTD", "LS1 1AA", "2026-11-20T09:01:00")
	cs.send("00000001", "OMEGA \x1b[31mWIDGETS LTD", "LS2 7EW", "2026-11-20T09:00:00") // the same, sent again
	cs.send("00000001", "OLD NEWS LTD", "LS2 7EW", "2026-10-20T09:00:00")              // before the file: in it

	clk := testtime.NewClock(followStart())
	f := start(t, w.env, func(e *Env) { e.clock = clk }, "watch", "follow")
	f.await(t, "the companies followed for the index", func(_, e string) bool {
		return strings.Contains(e, "coview: following companies to keep the index current")
	})
	untilFound(t, f, clk, w.env, "omega", "00000001")
	untilFound(t, f, clk, w.env, "newco lantern", "12345678")
	if offlineFinds(t, w.env, "alpha", "00000001") {
		t.Error("the old name is still found")
	}
	if offlineFinds(t, w.env, "old news", "00000001") {
		t.Error("an event from before the file changed the company")
	}
	r := run(t, "", w.env, "--offline", "search", "--plain", "omega")
	if strings.Contains(r.stdout, "\x1b") {
		t.Errorf("the stream's text reached the terminal raw: %q", r.stdout)
	}
	if r := run(t, "", w.env, "--offline", "--plain", "00000001"); r.code != 0 || !strings.Contains(r.stdout, "LS2 7EW") {
		t.Errorf("the company offline: %d %s %s", r.code, r.stdout, r.stderr)
	}
	s := run(t, "", w.env, "index", "status")
	if s.code != 0 || !strings.Contains(s.stdout, "file of 1 Nov 2026, live to ") || !strings.Contains(s.stdout, "2 companies changed or incorporated since the file") {
		t.Errorf("index status:\n%s%s", s.stdout, s.stderr)
	}
	var j indexStatusJSON
	if s := run(t, "", w.env, "index", "status", "--json"); json.Unmarshal([]byte(s.stdout), &j) != nil || j.LiveCompanies != 2 || j.LiveTo != "2026-11-20T09:01:00Z" {
		t.Errorf("index status --json: %s", s.stdout)
	}
	if code := f.stop(t, syscall.SIGINT); code != 130 {
		t.Fatalf("SIGINT: exit %d\n%s", code, f.errb)
	}

	// Started again: from the last batch written, and what came meanwhile.
	cs.sendDeleted("12345678", "2026-11-21T09:59:00")
	cs.send("00000002", "GAMMA GARDENS LTD", "LS1 1AA", "2026-11-21T10:00:00")
	again := start(t, w.env, func(e *Env) { e.clock = clk }, "watch", "follow")
	untilFound(t, again, clk, w.env, "gamma gardens", "00000002")
	if offlineFinds(t, w.env, "newco", "12345678") {
		t.Error("a company taken off the register is still found")
	}
	if r := run(t, "", w.env, "--offline", "--plain", "12345678"); r.code != exitNotFound || !strings.Contains(r.stderr, "taken off the register") {
		t.Errorf("a company taken off the register offline: %d %s", r.code, r.stderr)
	}
	if code := again.stop(t, syscall.SIGTERM); code != 143 {
		t.Fatalf("SIGTERM: exit %d", code)
	}
	if asked := cs.askedFor(); len(asked) != 2 || asked[0] != "" || asked[1] != "5" {
		t.Errorf("the companies were asked for from %q, want none (from now), then from 5", asked)
	}
	if s := run(t, "", w.env, "index", "status", "--json"); json.Unmarshal([]byte(s.stdout), &j) != nil || j.LiveCompanies != 3 {
		t.Errorf("index status --json: %s", s.stdout)
	}
}

// A follow killed at any moment leaves the overlay readable, and the next
// one catches up.
func TestWatchFollowKilledLeavesTheIndexReadableAndTheNextCatchesUp(t *testing.T) {
	t.Parallel()
	w := newFollowWorld(t, followStart(), nil)
	cs := newCompaniesStream(t)
	w.env["COVIEW_STREAM_URL"] = cs.URL
	smallRegister(t, w.env)
	first := w.follow(t)
	first.await(t, "the companies followed", func(_, e string) bool { return strings.Contains(e, "to keep the index current") })
	for k := range 20 {
		cs.send(fmt.Sprintf("NI%06d", k), fmt.Sprintf("NORTHERN %d LTD", k), "BT1 1AA", "2026-11-22T08:00:00")
	}
	for tp := 0; tp < 20; {
		select {
		case tp = <-cs.sent:
		case <-testtime.Bound(t):
			t.Fatal("the events were not sent")
		}
	}
	// Read while the follow, a process of its own, may be writing.
	if s := run(t, "", w.env, "index", "status", "--json"); s.code != 0 {
		t.Fatalf("index status while a follow writes: %d %s", s.code, s.stderr)
	}
	if code := first.stop(t, syscall.SIGKILL); code != -1 {
		t.Fatalf("SIGKILL: exit %d", code)
	}
	if s := run(t, "", w.env, "index", "status", "--json"); s.code != 0 {
		t.Fatalf("index status after a kill: %d %s", s.code, s.stderr)
	}
	if r := run(t, "", w.env, "--offline", "search", "--count", "northern"); r.code != 0 && r.code != exitNotFound {
		t.Fatalf("a search after a kill: %d %s", r.code, r.stderr)
	}
	clk := testtime.NewClock(time.Now())
	second := start(t, w.env, func(e *Env) { e.clock = clk }, "watch", "follow")
	untilFound(t, second, clk, w.env, "northern 19", "NI000019")
	if r := run(t, "", w.env, "--offline", "search", "--count", "northern"); strings.TrimSpace(r.stdout) != "20" {
		t.Errorf("after catching up: %q %s", r.stdout, r.stderr)
	}
	second.stop(t, syscall.SIGTERM)
}
