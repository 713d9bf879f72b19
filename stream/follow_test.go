package stream

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"coview/api"
	"coview/internal/testkit/testtime"
)

func TestEventsComeInOrderWithTheirTimepoints(t *testing.T) {
	f := newFollow(t, nil, Filings, Live)
	c := f.live()
	if c.timepoint() != "" || c.req.URL.Path != "/filings" {
		t.Fatalf("asked for %s", c.req.URL)
	}
	user, pass, ok := c.req.BasicAuth()
	if !ok || user != testKey || pass != "" {
		t.Fatalf("auth = %q %q %v, want the key as the user and no password", user, pass, ok)
	}
	c.send(t, ev("filing-history", "a", "1", 10), ev("filing-history", "b", "1", 11))
	e := f.event()
	if e.Timepoint != 10 || e.ResourceID != "a" || e.Number != "00006400" {
		t.Fatalf("event = %+v", e)
	}
	if tp := f.event().Timepoint; tp != 11 {
		t.Fatalf("second event at %d", tp)
	}
}

func TestLinesSplitAnywhereAcrossChunksReadWhole(t *testing.T) {
	f := newFollow(t, nil, Companies, Live)
	c := f.live()
	// A name with characters of two, three and four bytes, sent one byte
	// a chunk: every character is split somewhere, and so is "\r\n".
	line := strings.Replace(ev("company-profile", "00006400", "é€😀", 7), "\n", "\r\n", 1)
	var pieces []string
	for i := range len(line) {
		pieces = append(pieces, line[i:i+1])
	}
	c.send(t, pieces...)
	e := f.event()
	if e.Etag != "é€😀" || e.Timepoint != 7 {
		t.Fatalf("event = %+v", e)
	}
	// Two events and half of a third in one chunk, the rest in the next.
	two := ev("company-profile", "x", "1", 8) + ev("company-profile", "y", "1", 9)
	third := ev("company-profile", "z", "1", 10)
	c.send(t, two+third[:20], third[20:])
	if got := f.timepoints(3); !slices.Equal(got, []int64{8, 9, 10}) {
		t.Fatalf("timepoints %v", got)
	}
}

func TestTheEndOfTheStreamReconnectsAtTheLastTimepointPlusOne(t *testing.T) {
	f := newFollow(t, nil, Filings, 100)
	c := f.live()
	if c.timepoint() != "100" {
		t.Fatalf("first asked for timepoint %q, want the caller's 100", c.timepoint())
	}
	c.send(t, ev("filing-history", "a", "1", 100), ev("filing-history", "b", "1", 101))
	f.timepoints(2)
	c.end(t)
	if n := f.noticeOf(Disconnected); !strings.Contains(n.Message(), "the stream closed it") {
		t.Fatalf("notice %q", n.Message())
	}
	c2, w := f.reconnect()
	if c2.timepoint() != "102" {
		t.Fatalf("reconnected at timepoint %q, want 102", c2.timepoint())
	}
	if d := w.Until.Sub(start0); d > time.Second {
		t.Fatalf("a connection that delivered events is made again after %s, want at most a second", d)
	}
}

func TestHalfALineThenTheEndIsAskedForAgain(t *testing.T) {
	f := newFollow(t, nil, Filings, Live)
	c := f.live()
	c.send(t, ev("filing-history", "a", "1", 5))
	f.event()
	half := ev("filing-history", "b", "1", 6)
	c.send(t, half[:30])
	c.end(t)
	if n := f.noticeOf(CutShort); n.Bytes != 30 {
		t.Fatalf("cut short after %d bytes, want 30", n.Bytes)
	}
	c2, _ := f.reconnect()
	if c2.timepoint() != "6" {
		t.Fatalf("reconnected at %q, want 6", c2.timepoint())
	}
	c2.ok(t)
	c2.send(t, half)
	if e := f.event(); e.Timepoint != 6 || e.ResourceID != "b" {
		t.Fatalf("event = %+v", e)
	}
}

func TestHeartbeatsKeepAConnectionAndSilenceEndsIt(t *testing.T) {
	f := newFollow(t, nil, Filings, Live)
	c := f.live()
	c.send(t, ev("filing-history", "a", "1", 41))
	f.event()
	for range 5 {
		f.clk.Advance(30 * time.Second)
		c.send(t, "\n")
		f.noticeOf(Heartbeat)
	}
	if n := f.srv.requests(); n != 1 {
		t.Fatalf("%d connections while heartbeats came, want 1", n)
	}
	f.clk.Advance(40 * time.Second)
	late := f.waitFor("for a heartbeat")
	if want := start0.Add(150*time.Second + 90*time.Second); !late.Until.Equal(want) || !strings.Contains(late.Why, "none for 40s") {
		t.Fatalf("late heartbeat told as %+v, want it given up at %v", late, want)
	}
	f.clk.Advance(50 * time.Second)
	if n := f.noticeOf(Disconnected); !strings.Contains(n.Message(), "no byte for 1m30s") {
		t.Fatalf("notice %q", n.Message())
	}
	c2, _ := f.reconnect()
	if c2.timepoint() != "42" {
		t.Fatalf("reconnected at %q, want 42", c2.timepoint())
	}
}

func TestAServerThatNeverSendsAByteIsGivenUpOn(t *testing.T) {
	t.Run("no answer at all", func(t *testing.T) {
		f := newFollow(t, nil, Officers, Live)
		f.srv.accept(t) // and never answered
		w := f.waitFor("for the stream's answer")
		if !w.Until.Equal(start0.Add(DefaultConnectTimeout)) {
			t.Fatalf("the answer is waited for until %v", w.Until)
		}
		f.clk.Set(w.Until)
		if n := f.noticeOf(Disconnected); !strings.Contains(n.Message(), "no answer within 1m0s") {
			t.Fatalf("notice %q", n.Message())
		}
		f.reconnect()
	})
	t.Run("an answer and then nothing", func(t *testing.T) {
		f := newFollow(t, nil, Officers, Live)
		f.live()
		f.clk.Advance(90 * time.Second)
		f.noticeOf(Disconnected)
		f.reconnect()
	})
}

func TestFailuresAreRetriedSoonAtFirstAndNeverMoreThanAMinuteApart(t *testing.T) {
	f := newFollow(t, nil, Companies, Live)
	gateway := map[int]string{
		502: "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>",
		503: "<html><body><h1>503 Service Unavailable</h1></body></html>",
		504: "<html><head><title>504 Gateway Time-out</title></head><body>504 Gateway Time-out</body></html>",
		500: `{"error":"boom"}`,
	}
	codes := []int{502, 504, 503, 502, 500, 504, 502, 502, 504, 503}
	c := f.srv.accept(t)
	var waits []time.Duration
	for _, code := range codes {
		ct := "text/html"
		if code == 500 {
			ct = "application/json"
		}
		c.status(t, code, ct, gateway[code])
		n := f.noticeOf(Disconnected)
		if !strings.Contains(n.Message(), strconv.Itoa(code)) {
			t.Fatalf("notice %q does not say %d", n.Message(), code)
		}
		if code != 500 && !strings.Contains(n.Message(), "gateway") {
			t.Fatalf("notice %q does not say the gateway failed", n.Message())
		}
		var w Wait
		before := f.clk.Now()
		c, w = f.reconnect()
		waits = append(waits, w.Until.Sub(before))
	}
	want := []time.Duration{1, 2, 4, 8, 16, 32, 60, 60, 60, 60}
	for i := range want {
		want[i] *= time.Second
	}
	if !slices.Equal(waits, want) {
		t.Fatalf("waits %v, want %v", waits, want)
	}
	// A connection that works starts the count again.
	c.ok(t)
	c.send(t, ev("company-profile", "a", "1", 1))
	f.event()
	c.end(t)
	before := f.clk.Now()
	if _, w := f.reconnect(); w.Until.Sub(before) != time.Second {
		t.Fatalf("after a working connection the wait is %s", w.Until.Sub(before))
	}
}

func TestJitterOnlyShortensAWait(t *testing.T) {
	f := newFollow(t, func(o *Options) { o.Jitter = func() float64 { return 0.999 } }, Companies, Live)
	c := f.srv.accept(t)
	for range 8 {
		c.status(t, 503, "text/html", "<html></html>")
		before := f.clk.Now()
		var w Wait
		c, w = f.reconnect()
		if d := w.Until.Sub(before); d > DefaultMaxBackoff || d < 0 {
			t.Fatalf("wait %s", d)
		}
	}
}

func TestA401StopsAndSaysStreamingKeysAreNotRESTKeys(t *testing.T) {
	f := newFollow(t, nil, Filings, Live)
	c := f.srv.accept(t)
	c.status(t, 401, "application/json", `{"error":"Invalid Authorization","type":"ch:service"}`)
	err := f.result()
	if !errors.Is(err, ErrRejectedKey) {
		t.Fatalf("err = %v, want ErrRejectedKey", err)
	}
	for _, want := range []string{"401 Invalid Authorization", "streaming key", "not the REST API key"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
	if n := f.srv.requests(); n != 1 {
		t.Fatalf("%d requests after a 401, want 1", n)
	}
}

func TestAKeyEchoedBackNeverReachesAnError(t *testing.T) {
	f := newFollow(t, nil, Filings, Live)
	c := f.srv.accept(t)
	c.status(t, 403, "application/json", `{"error":"key `+testKey+` is not allowed"}`)
	err := f.result()
	if !errors.Is(err, ErrRejectedKey) || strings.Contains(err.Error(), testKey) || !strings.Contains(err.Error(), "[key]") {
		t.Fatalf("err = %v", err)
	}
}

func TestA416GoesOnLiveAndReportsTheGap(t *testing.T) {
	f := newFollow(t, nil, Filings, 5)
	c := f.srv.accept(t)
	c.status(t, 416, "application/json", `{"error":"The specified timepoint is invalid or too old"}`)
	g := f.noticeOf(Gap)
	if g.Timepoint != 5 || !strings.Contains(g.Message(), "too old") {
		t.Fatalf("gap %+v: %s", g, g.Message())
	}
	c2 := f.srv.accept(t)
	if c2.timepoint() != "" {
		t.Fatalf("after a 416 asked for timepoint %q, want none (live)", c2.timepoint())
	}
	c2.ok(t)
	c2.send(t, ev("filing-history", "a", "1", 9000))
	if e := f.event(); e.Timepoint != 9000 {
		t.Fatalf("event %d", e.Timepoint)
	}
	if got := f.s.Counts(Filings).Gaps; got != 1 {
		t.Fatalf("gaps counted %d", got)
	}
}

func TestA429WaitsLongerEachTimeAndSaysSo(t *testing.T) {
	f := newFollow(t, nil, Charges, Live)
	c := f.srv.accept(t)
	var waits []time.Duration
	for i, retry := range []string{"", "", "", "3600"} {
		h := []string{}
		if retry != "" {
			h = []string{"Retry-After", retry}
		}
		c.status(t, 429, "text/html", "<html>Too Many Requests</html>", h...)
		w := f.waitFor("to connect again")
		if !strings.Contains(w.Why, "429") || !strings.Contains(w.Why, "too many") {
			t.Fatalf("wait %d says %q", i, w.Why)
		}
		waits = append(waits, w.Until.Sub(f.clk.Now()))
		f.clk.Set(w.Until)
		c = f.srv.accept(t)
	}
	want := []time.Duration{time.Minute, 2 * time.Minute, 4 * time.Minute, 15 * time.Minute}
	if !slices.Equal(waits, want) {
		t.Fatalf("waits %v, want %v", waits, want)
	}
	if f.srv.requests() != 5 {
		t.Fatalf("%d requests", f.srv.requests())
	}
}

func TestARepeatedEventIsDeliveredOnce(t *testing.T) {
	f := newFollow(t, nil, Officers, Live)
	c := f.live()
	c.send(t,
		ev("company-officers", "a", "e1", 1),
		ev("company-officers", "a", "e1", 2), // the same, with a new timepoint
		ev("company-officers", "a", "e2", 3), // changed
		ev("company-officers", "a", "e1", 4), // changed back
		ev("company-psc-individual", "a", "e1", 5),
		ev("company-officers", "a", "e1", 6), // a repeat of 4
	)
	got := f.timepoints(4)
	if !slices.Equal(got, []int64{1, 3, 4, 5}) {
		t.Fatalf("delivered %v", got)
	}
	if n := f.noticeOf(Duplicate); n.Timepoint != 2 {
		t.Fatalf("first duplicate %d", n.Timepoint)
	}
	if n := f.noticeOf(Duplicate); n.Timepoint != 6 {
		t.Fatalf("second duplicate %d", n.Timepoint)
	}
	c.end(t)
	c2, _ := f.reconnect()
	if c2.timepoint() != "7" {
		t.Fatalf("a duplicate's timepoint is read too; reconnected at %q", c2.timepoint())
	}
	if got := f.s.Counts(Officers); got.Events != 4 || got.Duplicates != 2 {
		t.Fatalf("counts %+v", got)
	}
}

func TestDeletedEventsWithoutDataAreTheirOwnThing(t *testing.T) {
	f := newFollow(t, nil, PSCs, Live)
	c := f.live()
	gone := `{"resource_kind":"company-psc-individual","resource_uri":"/company/00006424/persons-with-significant-control/individual/p","resource_id":"p","event":{"timepoint":%d,"type":"deleted"}}` + "\n"
	c.send(t, ev("company-psc-individual", "p", "e1", 1), sprintf(gone, 2), sprintf(gone, 3))
	if got := f.timepoints(2); !slices.Equal(got, []int64{1, 2}) {
		t.Fatalf("delivered %v", got)
	}
	f.noticeOf(Duplicate)
}

func sprintf(format string, n int) string { return strings.Replace(format, "%d", strconv.Itoa(n), 1) }

func TestTimepointsGoingBackwardsAreSkippedAndSaid(t *testing.T) {
	f := newFollow(t, nil, Filings, Live)
	c := f.live()
	c.send(t, ev("filing-history", "a", "1", 10), ev("filing-history", "b", "1", 11),
		ev("filing-history", "c", "1", 9), ev("filing-history", "d", "1", 11), ev("filing-history", "e", "1", 12))
	if got := f.timepoints(3); !slices.Equal(got, []int64{10, 11, 12}) {
		t.Fatalf("delivered %v", got)
	}
	if n := f.noticeOf(Backwards); n.Timepoint != 9 || n.Last != 11 {
		t.Fatalf("notice %+v", n)
	}
	if got := f.s.Counts(Filings).Backwards; got != 2 {
		t.Fatalf("backwards counted %d", got)
	}
}

func TestAStreamRenumberedLowerIsFollowedAfterAWhile(t *testing.T) {
	f := newFollow(t, nil, Filings, Live)
	c := f.live()
	c.send(t, ev("filing-history", "top", "1", 1_000_000))
	f.event()
	var b strings.Builder
	for i := range restartAfter + 1 {
		b.WriteString(ev("filing-history", "n"+strconv.Itoa(i), "1", int64(i+1)))
	}
	c.send(t, b.String())
	n := f.noticeOf(Restarted)
	if n.Last != 1_000_000 || n.Timepoint != restartAfter {
		t.Fatalf("restart %+v", n)
	}
	if got := f.timepoints(2); !slices.Equal(got, []int64{restartAfter, restartAfter + 1}) {
		t.Fatalf("then delivered %v", got)
	}
}

func TestLinesThatAreNoEventAreCountedAndSkipped(t *testing.T) {
	f := newFollow(t, nil, Filings, Live)
	c := f.live()
	c.send(t, "{not json\n", "[1,2]\n", `{"event":{"type":"changed"}}`+"\n", "\x1b[2J\x07\n", ev("filing-history", "a", "1", 3))
	if e := f.event(); e.Timepoint != 3 {
		t.Fatalf("event %d", e.Timepoint)
	}
	if got := f.s.Counts(Filings).Unreadable; got != 4 {
		t.Fatalf("unreadable counted %d, want 4", got)
	}
	if n := f.noticeOf(Unreadable); strings.Contains(n.Message(), "\x1b") {
		t.Fatalf("the notice quotes the line: %q", n.Message())
	}
}

func TestALineOfTenMegabytesIsSkippedWithoutBeingKept(t *testing.T) {
	f := newFollow(t, nil, Filings, Live)
	c := f.live()
	chunk := strings.Repeat("x", 1<<20)
	var pieces []string
	for range 10 {
		pieces = append(pieces, chunk)
	}
	c.send(t, pieces...)
	c.send(t, "\n"+ev("filing-history", "a", "1", 3))
	if e := f.event(); e.Timepoint != 3 {
		t.Fatalf("event %d", e.Timepoint)
	}
	if n := f.noticeOf(TooLong); n.Bytes != 10<<20 {
		t.Fatalf("too long: %d bytes", n.Bytes)
	}
}

func TestAServerClosingEveryFewEventsLosesAndDoublesNothing(t *testing.T) {
	f := newFollow(t, nil, Filings, 1)
	var got []int64
	c := f.live()
	for next := int64(1); next <= 30; {
		if c.timepoint() != strconv.FormatInt(next, 10) {
			t.Fatalf("asked for %q, want %d", c.timepoint(), next)
		}
		// Three events, the third cut in half, then the end.
		third := ev("filing-history", "x"+strconv.FormatInt(next+2, 10), "1", next+2)
		c.send(t, ev("filing-history", "x"+strconv.FormatInt(next, 10), "1", next)+ev("filing-history", "x"+strconv.FormatInt(next+1, 10), "1", next+1)+third[:10])
		got = append(got, f.timepoints(2)...)
		c.end(t)
		next += 2
		c, _ = f.reconnect()
		c.ok(t)
	}
	want := []int64{}
	for i := int64(1); i <= 30; i++ {
		want = append(want, i)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("delivered %v", got)
	}
}

func TestTheKeyNeverLeavesTheStreamsOrigin(t *testing.T) {
	other := newFakeServer(t)
	f := newFollow(t, nil, Filings, Live)
	c := f.srv.accept(t)
	c.status(t, http.StatusFound, "text/html", "", "Location", other.URL+"/filings")
	err := f.result()
	if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "another host") || strings.Contains(err.Error(), testKey) {
		t.Fatalf("err = %v", err)
	}
	if other.requests() != 0 {
		t.Fatal("the other host was asked")
	}
}

func TestARedirectWithinTheOriginIsFollowed(t *testing.T) {
	f := newFollow(t, nil, Filings, Live)
	c := f.srv.accept(t)
	c.status(t, http.StatusTemporaryRedirect, "text/html", "", "Location", "/filings-moved")
	c2 := f.srv.accept(t)
	if user, _, _ := c2.req.BasicAuth(); c2.req.URL.Path != "/filings-moved" || user != testKey {
		t.Fatalf("followed to %s with key %v", c2.req.URL, user != "")
	}
}

func TestOneConnectionAStreamAndNineAKey(t *testing.T) {
	f := newFollow(t, nil, Filings, Live)
	f.srv.accept(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := f.s.Follow(ctx, Filings, Live, nil); !errors.Is(err, ErrBusy) {
		t.Fatalf("a second follow of one stream: %v", err)
	}
	done := make(chan error, 8)
	for _, name := range slices.DeleteFunc(Names(), func(n string) bool { return n == Filings }) {
		go func() { done <- f.s.Follow(ctx, name, Live, func(context.Context, *api.Event) error { return nil }) }()
		f.srv.accept(t)
	}
	if err := f.s.Follow(ctx, "tenth", Live, nil); !errors.Is(err, ErrTooMany) || !strings.Contains(err.Error(), "9 connections") {
		t.Fatalf("a tenth: %v", err)
	}
	cancel()
	for range 8 {
		<-done
	}
}

func TestAHandlerErrorEndsTheFollow(t *testing.T) {
	boom := errors.New("disk full")
	f := newFollow(t, nil, Filings, Live, func(e *api.Event) error {
		if e.Timepoint == 2 {
			return boom
		}
		return nil
	})
	c := f.live()
	c.send(t, ev("filing-history", "a", "1", 1), ev("filing-history", "b", "1", 2))
	if err := f.result(); !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	select {
	case e := <-f.events:
		if e.Timepoint != 1 {
			t.Fatalf("delivered %d", e.Timepoint)
		}
	default:
		t.Fatal("the event before the failure was not delivered")
	}
	if len(f.events) != 0 {
		t.Fatal("the event the handler failed on was taken as delivered")
	}
}

func TestCancellingEndsEveryWait(t *testing.T) {
	for _, at := range []string{"the answer", "the events", "the pause"} {
		t.Run(at, func(t *testing.T) {
			f := newFollow(t, nil, Filings, Live)
			c := f.srv.accept(t)
			switch at {
			case "the events":
				c.ok(t)
				f.waitFor("for events")
			case "the pause":
				c.status(t, 503, "text/html", "<html></html>")
				f.waitFor("to connect again")
			default:
				f.waitFor("for the stream's answer")
			}
			f.cancel()
			if err := f.result(); !errors.Is(err, context.Canceled) {
				t.Fatalf("err = %v", err)
			}
		})
	}
}

func TestCheckTellsAnAcceptedKeyFromARejectedOne(t *testing.T) {
	for _, tc := range []struct {
		code int
		want error
	}{{200, nil}, {401, ErrRejectedKey}, {404, ErrNoStream}} {
		t.Run(strconv.Itoa(tc.code), func(t *testing.T) {
			srv := newFakeServer(t)
			s, err := New(Options{BaseURL: srv.URL, Key: testKey})
			if err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- s.Check(context.Background(), Filings) }()
			c := srv.accept(t)
			if tc.code == 200 {
				c.ok(t)
			} else {
				c.status(t, tc.code, "application/json", `{"error":"Invalid Authorization","type":"ch:service"}`)
			}
			select {
			case err := <-done:
				if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
					t.Fatalf("err = %v, want %v", err, tc.want)
				}
			case <-testtime.Bound(t):
				t.Fatal("Check did not return")
			}
		})
	}
}

func TestTheStreamURLIsChecked(t *testing.T) {
	for _, bad := range []string{"ftp://x", "https://user:pw@x", "https://x/?q=1", "https://"} {
		if _, err := ParseURL(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	u, err := ParseURL("")
	if err != nil || u.String() != DefaultURL {
		t.Fatalf("default %v %v", u, err)
	}
}
