package demo_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit"
	"coview/internal/testkit/testtime"
)

// streamAt is a moment well into the living companies' lives.
var streamAt = time.Date(2026, 11, 28, 8, 0, 0, 0, time.UTC)

// demoStream serves the demo's streams on the test's clock.
func demoStream(t *testing.T, clk *testtime.Clock, change func(*demo.StreamOptions)) *httptest.Server {
	t.Helper()
	opts := demo.StreamOptions{Clock: clk, Heartbeat: 50 * time.Millisecond}
	if change != nil {
		change(&opts)
	}
	srv := httptest.NewServer(demo.NewStreamHandler(opts))
	t.Cleanup(srv.Close)
	return srv
}

// streamReader reads a stream's lines as they come.
type streamReader struct {
	resp  *http.Response
	lines chan string
}

// open asks for path with key (Basic, no password) and, on a 200, reads
// its lines in the background.
func open(t *testing.T, srv *httptest.Server, path, key string) (*http.Response, *streamReader) {
	t.Helper()
	req, _ := http.NewRequest("GET", srv.URL+path, nil)
	if key != "" {
		req.SetBasicAuth(key, "")
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode != 200 {
		return resp, nil
	}
	r := &streamReader{resp: resp, lines: make(chan string, 1<<16)}
	go func() {
		defer close(r.lines)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<22)
		for sc.Scan() {
			r.lines <- sc.Text()
		}
	}()
	return resp, r
}

// next is the next line; ok false at the end of the stream.
func (r *streamReader) next(t *testing.T) (string, bool) {
	t.Helper()
	select {
	case l, ok := <-r.lines:
		return l, ok
	case <-testtime.Bound(t):
		t.Fatal("no line came")
	}
	return "", false
}

// events reads until n events came, moving the clock on a step at a time
// when nothing is waiting to be read.
func (r *streamReader) events(t *testing.T, clk *testtime.Clock, n int) []*api.Event {
	t.Helper()
	var out []*api.Event
	for len(out) < n {
		select {
		case l, ok := <-r.lines:
			if !ok {
				t.Fatalf("the stream ended after %d events", len(out))
			}
			if l == "" {
				continue
			}
			e, err := api.DecodeEvent([]byte(l))
			if err != nil {
				t.Fatalf("line %q: %v", l, err)
			}
			out = append(out, e)
		default:
			// Nothing to read: the stream waits for its clock.
			clk.Set(clk.AwaitTimers(t, 1)[0])
		}
	}
	return out
}

func TestTheStreamsTakeTheStreamingKeyOnly(t *testing.T) {
	srv := demoStream(t, testtime.NewClock(streamAt), nil)
	for _, tc := range []struct {
		name, key string
		code      int
	}{
		{"no key", "", 401},
		{"the demo's REST key", demo.Key, 401},
		{"the streaming key", demo.StreamKey, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, _ := open(t, srv, "/filings", tc.key)
			if resp.StatusCode != tc.code {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.code)
			}
			if tc.code == 401 {
				body, _ := io.ReadAll(resp.Body)
				if strings.TrimSpace(string(body)) != `{"error":"Invalid Authorization","type":"ch:service"}` {
					t.Fatalf("body %s", body)
				}
			}
		})
	}
	if resp, _ := open(t, srv, "/no-such-stream", demo.StreamKey); resp.StatusCode != 404 {
		t.Fatalf("an unknown stream: %d", resp.StatusCode)
	}
}

func TestATimepointIsCheckedBeforeAnythingIsSent(t *testing.T) {
	srv := demoStream(t, testtime.NewClock(streamAt), func(o *demo.StreamOptions) { o.Retention = time.Hour })
	for _, tc := range []struct {
		query string
		code  int
	}{
		{"?timepoint=abc", 400}, {"?timepoint=1.5", 400}, {"?timepoint=-1", 400}, {"?timepoint=", 400},
		{"?timepoint=168000000", 416},
		{"?timepoint=999999999999", 200},
	} {
		resp, _ := open(t, srv, "/filings"+tc.query, demo.StreamKey)
		if resp.StatusCode != tc.code {
			t.Errorf("%s: %d, want %d", tc.query, resp.StatusCode, tc.code)
		}
	}
}

func TestAReplayStartsAtTheTimepointAskedForAndGoesOnLive(t *testing.T) {
	clk := testtime.NewClock(streamAt)
	srv := demoStream(t, clk, nil)
	_, live := open(t, srv, "/filings", demo.StreamKey)
	first := live.events(t, clk, 12)
	for i := 1; i < len(first); i++ {
		if first[i].Timepoint != first[i-1].Timepoint+1 {
			t.Fatalf("timepoints %d then %d", first[i-1].Timepoint, first[i].Timepoint)
		}
	}
	from := first[3].Timepoint
	_, replay := open(t, srv, "/filings?timepoint="+strconv.FormatInt(from, 10), demo.StreamKey)
	again := replay.events(t, clk, 9)
	for i, e := range again {
		if string(e.Raw) != string(first[3+i].Raw) {
			t.Fatalf("replayed event %d differs:\n%s\n%s", e.Timepoint, e.Raw, first[3+i].Raw)
		}
	}
	more := replay.events(t, clk, 3)
	if more[0].Timepoint != first[11].Timepoint+1 {
		t.Fatalf("after the replay came %d, want %d", more[0].Timepoint, first[11].Timepoint+1)
	}
	// From each one, those of one moment (a repeat and its original)
	// included.
	moments := map[string]int{}
	for _, e := range first {
		moments[e.PublishedAt.Truncate(time.Second).String()]++
		_, r := open(t, srv, "/filings?timepoint="+strconv.FormatInt(e.Timepoint, 10), demo.StreamKey)
		if got := r.events(t, clk, 1)[0]; string(got.Raw) != string(e.Raw) {
			t.Fatalf("a replay from %d began with %d", e.Timepoint, got.Timepoint)
		}
	}
	if len(moments) == len(first) {
		t.Fatal("no moment had two events: the replay from within one is not tried")
	}
}

func TestTwoDemosOnOneClockSendTheSameStream(t *testing.T) {
	clk := testtime.NewClock(streamAt)
	a, b := demoStream(t, clk, nil), demoStream(t, clk, nil)
	_, ra := open(t, a, "/companies", demo.StreamKey)
	_, rb := open(t, b, "/companies", demo.StreamKey)
	ea := ra.events(t, clk, 20)
	eb := rb.events(t, clk, 20)
	for i := range ea {
		if string(ea[i].Raw) != string(eb[i].Raw) {
			t.Fatalf("event %d differs", i)
		}
	}
}

func TestTheStreamsCarryWhatTheLiveOnesDo(t *testing.T) {
	clk := testtime.NewClock(streamAt)
	srv := demoStream(t, clk, func(o *demo.StreamOptions) { o.Retention = 7 * 24 * time.Hour })
	// A day back: enough for every kind of event to have happened.
	day := func(stream string) []*api.Event {
		from := demo.StreamTimepoint(stream, streamAt.Add(-24*time.Hour))
		_, r := open(t, srv, "/"+stream+"?timepoint="+strconv.FormatInt(from, 10), demo.StreamKey)
		return r.events(t, clk, 60)
	}
	forms := map[string]bool{}
	seen := map[string]int{}
	kinds := map[string]bool{}
	deletedWith, deletedWithout := false, false
	for _, stream := range []string{"companies", "filings", "officers", "persons-with-significant-control", "charges", "insolvency-cases"} {
		events := day(stream)
		for _, e := range events {
			kinds[e.ResourceKind] = true
			switch {
			case strings.HasSuffix(e.Published, "Z"):
				forms["Z"] = true
			case strings.HasSuffix(e.Published, "+01:00"):
				forms["+01:00"] = true
			case len(e.Published) == len("2006-01-02T15:04:05"):
				forms["none"] = true
			}
			if e.PublishedAt.IsZero() {
				t.Errorf("%s: published_at %q unread", stream, e.Published)
			}
			if e.Deleted() && e.HasData() {
				deletedWith = true
			}
			if e.Deleted() && !e.HasData() {
				deletedWithout = true
			}
			if e.Number == "" {
				t.Errorf("%s: an event of no company: %s", stream, e.Raw)
			}
			seen[e.ResourceKind+" "+e.ResourceID+" "+e.Etag+" "+string(e.Data)]++
			if _, _, err := e.EventData(); err != nil && !errors.Is(err, api.ErrNoData) {
				t.Errorf("%s: data unread: %v", stream, err)
			}
		}
	}
	if len(forms) != 3 {
		t.Errorf("published_at forms seen: %v", forms)
	}
	if !deletedWith || !deletedWithout {
		t.Errorf("deleted with data %v, without %v", deletedWith, deletedWithout)
	}
	repeats := 0
	for _, n := range seen {
		if n > 1 {
			repeats++
		}
	}
	if repeats == 0 {
		t.Error("no event was sent twice")
	}
	for _, k := range []string{"company-profile", "filing-history", "company-officers", "company-psc-individual", "company-charges", "company-insolvency"} {
		if !kinds[k] {
			t.Errorf("no %s event", k)
		}
	}
}

func TestALivingCompanysEventIsWhatTheRegistryServesThen(t *testing.T) {
	clk := testtime.NewClock(streamAt)
	srv := demoStream(t, clk, nil)
	_, r := open(t, srv, "/companies", demo.StreamKey)
	var e *api.Event
	for e == nil {
		for _, got := range r.events(t, clk, 1) {
			if got.Number == "00006420" {
				e = got
			}
		}
	}
	registry := httptest.NewServer(demo.NewHandler(demo.Options{Now: clk.Now, Limit: 1 << 30}))
	defer registry.Close()
	req, _ := http.NewRequest("GET", registry.URL+"/company/00006420", nil)
	req.SetBasicAuth(demo.Key, "")
	resp, err := registry.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var fromREST, fromStream map[string]any
	json.NewDecoder(resp.Body).Decode(&fromREST)
	json.Unmarshal(e.Data, &fromStream)
	a, _ := json.Marshal(fromREST)
	b, _ := json.Marshal(fromStream)
	if string(a) != string(b) {
		t.Fatalf("the stream's profile is not the registry's:\n%s\n%s", a, b)
	}
}

func TestHeartbeatsComeEveryPeriodWhateverElseComes(t *testing.T) {
	clk := testtime.NewClock(streamAt)
	srv := demoStream(t, clk, func(o *demo.StreamOptions) { o.Heartbeat = 20 * time.Millisecond })
	_, r := open(t, srv, "/disqualified-officers", demo.StreamKey)
	for i := range 5 {
		clk.AwaitTimers(t, 1)
		clk.Advance(20 * time.Millisecond)
		if l, _ := r.next(t); l != "" {
			t.Fatalf("heartbeat %d: %q", i, l)
		}
	}
}

func TestAConnectionIsClosedAfterItsTimeOrItsEvents(t *testing.T) {
	t.Run("time", func(t *testing.T) {
		clk := testtime.NewClock(streamAt)
		srv := demoStream(t, clk, func(o *demo.StreamOptions) { o.Heartbeat = time.Second; o.CloseAfter = 3 * time.Second })
		_, r := open(t, srv, "/disqualified-officers", demo.StreamKey)
		for range 3 {
			clk.AwaitTimers(t, 1)
			clk.Advance(time.Second)
		}
		for {
			if _, ok := r.next(t); !ok {
				return
			}
		}
	})
	t.Run("events", func(t *testing.T) {
		clk := testtime.NewClock(streamAt)
		srv := demoStream(t, clk, func(o *demo.StreamOptions) { o.CloseAfterEvents = 3; o.Retention = 10 * 365 * 24 * time.Hour })
		_, r := open(t, srv, "/filings?timepoint=168000000", demo.StreamKey)
		n := 0
		for {
			l, ok := r.next(t)
			if !ok {
				break
			}
			if l != "" {
				n++
			}
		}
		if n != 3 {
			t.Fatalf("%d events before the close, want 3", n)
		}
	})
}

func TestFaultsAnswerWithTheGatewaysPages(t *testing.T) {
	for _, code := range []int{429, 502, 503, 504} {
		srv := demoStream(t, testtime.NewClock(streamAt), func(o *demo.StreamOptions) {
			o.Fault = func(*http.Request) int { return code }
		})
		resp, _ := open(t, srv, "/filings", demo.StreamKey)
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != code || !strings.Contains(resp.Header.Get("Content-Type"), "html") || !strings.Contains(string(body), strconv.Itoa(code)) {
			t.Errorf("%d: status %d, %s", code, resp.StatusCode, body)
		}
	}
}

func TestChunksSplitLinesAnywhereAndSayTheSame(t *testing.T) {
	clk := testtime.NewClock(streamAt)
	whole := demoStream(t, clk, nil)
	split := demoStream(t, clk, func(o *demo.StreamOptions) { o.Chunk = 1 })
	_, a := open(t, whole, "/companies", demo.StreamKey)
	_, b := open(t, split, "/companies", demo.StreamKey)
	ea, eb := a.events(t, clk, 10), b.events(t, clk, 10)
	for i := range ea {
		if string(ea[i].Raw) != string(eb[i].Raw) {
			t.Fatalf("event %d differs", i)
		}
	}
}

func TestTheWholeDemoServesItsStreams(t *testing.T) {
	s := testkit.DemoWithDocuments(t, demo.ServeOptions{})
	req, _ := http.NewRequest("GET", s.StreamURL+"/companies", nil)
	req.SetBasicAuth(demo.StreamKey, "")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || s.StreamURL == s.RegistryURL {
		t.Fatalf("status %d at %s", resp.StatusCode, s.StreamURL)
	}
}
