package api

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"coview/api/faults"
	"coview/internal/testkit/testtime"
)

// These tests run the real client against a registry that misbehaves on
// demand (package faults), over loopback.

const (
	faultTimeout = 300 * time.Millisecond
	faultAsked   = "00006400" // the number asked for
	faultNumber  = "00006400" // as it is sent
	faultSubject = "company " + faultNumber
)

func faultClient(t *testing.T, s *faults.Server, opts ...func(*Options)) *Client {
	t.Helper()
	return newClient(t, s.URL, append([]func(*Options){func(o *Options) {
		o.Timeout = faultTimeout
		o.Attempts = 3
		o.Backoff = time.Millisecond
	}}, opts...)...)
}

var wantAuthorization = "Basic " + base64.StdEncoding.EncodeToString([]byte(testKey+":"))

// assertKeyStayedHome checks that every request the registry got carried
// the key and that the other host got nothing at all.
func assertKeyStayedHome(t *testing.T, s *faults.Server) {
	t.Helper()
	for _, r := range s.Requests() {
		if r.Authorization() != wantAuthorization {
			t.Errorf("request %d to the registry carried Authorization %q", r.N, r.Authorization())
		}
	}
	if n := s.Elsewhere.Count(); n != 0 {
		t.Errorf("the other host received %d requests, first with Authorization %q", n, s.Elsewhere.Requests()[0].Authorization())
	}
}

func TestEveryFaultEndsInAProfileOrATypedErrorThatSaysWhatToDo(t *testing.T) {
	slow := faultTimeout + 2*time.Second // an upper bound that only a hang would pass
	cases := []struct {
		fault    faults.Fault
		want     error    // nil: a profile
		says     []string // in the message, besides the company number
		requests int      // with Attempts 3
	}{
		{faults.OK, nil, nil, 1},
		{faults.Slow, ErrTimeout, []string{"no complete answer within 300ms", "try again"}, 1},
		{faults.HangAfterHeaders, ErrTimeout, []string{"no complete answer within 300ms", "try again"}, 1},
		{faults.Reset, ErrUnreachable, []string{"cannot reach the registry", "was reset", "try again"}, 3},
		{faults.Truncated, ErrBadResponse, []string{"cut short", "try again"}, 1},
		{faults.Huge, ErrTooLarge, []string{"larger than 8 MiB", "refused"}, 1},
		{faults.Status500JSON, ErrServer, []string{"500 Internal Server Error", "Internal server error", "try again later"}, 3},
		{faults.Status500HTML, ErrServer, []string{"500 Internal Server Error", "try again later"}, 3},
		{faults.Status500Empty, ErrServer, []string{"500 Internal Server Error", "try again later"}, 3},
		{faults.Status502JSON, ErrServer, []string{"502 Bad Gateway", "try again later"}, 3},
		{faults.Status502HTML, ErrServer, []string{"502 Bad Gateway", "try again later"}, 3},
		{faults.Status502Empty, ErrServer, []string{"502 Bad Gateway", "try again later"}, 3},
		{faults.Status503JSON, ErrServer, []string{"503 Service Unavailable", "try again later"}, 3},
		{faults.Status503HTML, ErrServer, []string{"503 Service Unavailable", "try again later"}, 3},
		{faults.Status503Empty, ErrServer, []string{"503 Service Unavailable", "try again later"}, 3},
		{faults.Status504JSON, ErrServer, []string{"504 Gateway Timeout", "try again later"}, 3},
		{faults.Status504HTML, ErrServer, []string{"504 Gateway Timeout", "try again later"}, 3},
		{faults.Status504Empty, ErrServer, []string{"504 Gateway Timeout", "try again later"}, 3},
		{faults.Unauthorized, ErrInvalidKey, []string{"rejected the API key", "Invalid Authorization", "check that it is a REST API key"}, 1},
		{faults.Forbidden, ErrForbidden, []string{"403", "check its settings"}, 1},
		{faults.NotFound, ErrNotFound, []string{"not found (404)", "check the number"}, 1},
		{faults.TooManyWithRetryAfter, ErrRateLimited, []string{"rate limit reached (429)", "resets at", "(in 1s)"}, 1},
		{faults.TooManyWithResetHeader, ErrRateLimited, []string{"rate limit reached (429)", "resets at"}, 1},
		{faults.TooManyBare, ErrRateLimited, []string{"rate limit reached (429)", "wait a few minutes"}, 1},
		{faults.RedirectElsewhere, ErrRefusedLink, []string{"leaves the registry's origin", "the key never leaves it"}, 1},
		{faults.InvalidUTF8, nil, nil, 1},
		{faults.WrongTypes, nil, nil, 1},
		{faults.DeepNesting, ErrBadResponse, []string{"malformed"}, 1},
		{faults.OtherCompany, nil, nil, 1},
		{faults.HostileLinks, nil, nil, 1},
	}
	for _, tc := range cases {
		t.Run(tc.fault.String(), func(t *testing.T) {
			s := faults.New(t).Thereafter(tc.fault)
			c := faultClient(t, s)
			start := time.Now()
			p, err := c.Company(context.Background(), faultAsked)
			took := time.Since(start)

			if took > slow {
				t.Errorf("took %s; the client must give up within its timeout", took)
			}
			if n := s.Count(); n != tc.requests {
				t.Errorf("the registry received %d requests, want %d", n, tc.requests)
			}
			assertKeyStayedHome(t, s)
			if tc.want == nil {
				if err != nil || p == nil {
					t.Fatalf("want a profile, got %v", err)
				}
				return
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want a kind of %v", err, tc.want)
			}
			if p != nil {
				t.Errorf("a profile came with the error: %+v", p)
			}
			msg := err.Error()
			for _, w := range append([]string{faultSubject}, tc.says...) {
				if !strings.Contains(msg, w) {
					t.Errorf("message %q does not say %q", msg, w)
				}
			}
			if strings.Contains(msg, testKey) || strings.Contains(msg, wantAuthorization[len("Basic "):]) {
				t.Errorf("message contains the key: %q", msg)
			}
		})
	}
}

func TestAHungOrSlowRegistryIsAbandonedAtTheTimeout(t *testing.T) {
	t.Parallel()
	for _, f := range []faults.Fault{faults.Slow, faults.HangAfterHeaders} {
		t.Run(f.String(), func(t *testing.T) {
			s := faults.New(t).Thereafter(f)
			c := faultClient(t, s)
			for _, fetch := range []struct {
				subject string
				get     func() error
			}{
				{faultSubject, func() error { _, err := c.Company(context.Background(), faultAsked); return err }},
				{"/company/00006400/officers", func() error {
					_, err := c.Officers(context.Background(), "/company/00006400/officers", Page{})
					return err
				}},
			} {
				start := time.Now()
				err := fetch.get()
				took := time.Since(start)
				if !errors.Is(err, ErrTimeout) || !strings.Contains(err.Error(), fetch.subject) {
					t.Fatalf("err = %v, want a timeout about %s", err, fetch.subject)
				}
				if took < faultTimeout-20*time.Millisecond || took > faultTimeout+time.Second {
					t.Errorf("%s: gave up after %s, want about %s", fetch.subject, took, faultTimeout)
				}
			}
			// A timeout is not retried: the next attempt would wait as long again.
			if n := s.Count(); n != 2 {
				t.Errorf("the registry received %d requests for 2 fetches", n)
			}
		})
	}
}

var transientFaults = []faults.Fault{
	faults.Status502JSON, faults.Status502HTML, faults.Status502Empty,
	faults.Status503JSON, faults.Status503HTML, faults.Status503Empty,
	faults.Status504JSON, faults.Status504HTML, faults.Status504Empty,
	faults.Reset,
}

func TestTransientFailuresAreRetriedUpToAttemptsAndNoMore(t *testing.T) {
	for _, f := range transientFaults {
		for _, attempts := range []int{1, 2, 4} {
			t.Run(f.String()+"/attempts="+strconv.Itoa(attempts), func(t *testing.T) {
				s := faults.New(t).Thereafter(f)
				c := faultClient(t, s, func(o *Options) { o.Attempts = attempts })
				_, err := c.Company(context.Background(), faultAsked)
				var e *Error
				if !errors.As(err, &e) || !e.Retryable() {
					t.Fatalf("err = %v, want a retryable error", err)
				}
				if n := s.Count(); n != attempts {
					t.Errorf("the registry received %d requests, want %d", n, attempts)
				}
				assertKeyStayedHome(t, s)
			})
		}
	}
}

func TestAFlakyRegistryThatFailsTwiceThenAnswersStillYieldsTheProfile(t *testing.T) {
	for _, f := range transientFaults {
		t.Run(f.String(), func(t *testing.T) {
			s := faults.New(t).Script(f, f)
			p, err := faultClient(t, s).Company(context.Background(), faultAsked)
			if err != nil || p.CompanyName != faults.Name || p.CompanyNumber != faultNumber {
				t.Fatalf("p = %+v, err = %v", p, err)
			}
			if n := s.Count(); n != 3 {
				t.Errorf("the registry received %d requests, want 3", n)
			}
			assertKeyStayedHome(t, s)
		})
	}
	t.Run("different failures in a row", func(t *testing.T) {
		s := faults.New(t).Script(faults.Reset, faults.Status503HTML)
		p, err := faultClient(t, s).Company(context.Background(), faultAsked)
		if err != nil || p.CompanyName != faults.Name || s.Count() != 3 {
			t.Fatalf("p = %+v, err = %v after %d requests", p, err, s.Count())
		}
	})
}

func TestRetriesWaitLongerEachTime(t *testing.T) {
	const backoff = 20 * time.Millisecond
	s := faults.New(t).Thereafter(faults.Status503Empty)
	_, err := faultClient(t, s, func(o *Options) { o.Attempts, o.Backoff = 4, backoff }).Company(context.Background(), faultAsked)
	if !errors.Is(err, ErrServer) {
		t.Fatalf("err = %v", err)
	}
	reqs := s.Requests()
	if len(reqs) != 4 {
		t.Fatalf("%d requests, want 4", len(reqs))
	}
	for i := 1; i < len(reqs); i++ {
		gap, least := reqs[i].At.Sub(reqs[i-1].At), backoff<<(i-1)
		if gap < least {
			t.Errorf("attempt %d came %s after the one before, want at least %s (doubling from %s)", i+1, gap, least, backoff)
		}
	}
	// 20+40+80ms, with at most half again of jitter, and then some slack.
	if total := reqs[3].At.Sub(reqs[0].At); total > 210*time.Millisecond+time.Second {
		t.Errorf("the retries took %s", total)
	}
}

func TestNothingRetriesAnAnswerThatWouldNotChange(t *testing.T) {
	for _, f := range []faults.Fault{
		faults.Unauthorized, faults.Forbidden, faults.NotFound,
		faults.Truncated, faults.Huge, faults.RedirectElsewhere, faults.DeepNesting,
	} {
		t.Run(f.String(), func(t *testing.T) {
			s := faults.New(t).Thereafter(f)
			_, err := faultClient(t, s, func(o *Options) { o.Attempts = 5 }).Company(context.Background(), faultAsked)
			if err == nil {
				t.Fatal("no error")
			}
			if n := s.Count(); n != 1 {
				t.Errorf("sent %d times, want once", n)
			}
		})
	}
	t.Run("a missing key is not retried either", func(t *testing.T) {
		s := faults.New(t).Thereafter(faults.Unauthorized)
		_, err := faultClient(t, s, func(o *Options) { o.Key = "" }).Company(context.Background(), faultAsked)
		if !errors.Is(err, ErrMissingKey) || !strings.Contains(err.Error(), "no API key was sent") || s.Count() != 1 {
			t.Fatalf("err = %v after %d requests", err, s.Count())
		}
	})
}

func TestA429WaitsUntilTheResetAndThenRetriesOnce(t *testing.T) {
	t.Parallel()
	for _, f := range []faults.Fault{faults.TooManyWithRetryAfter, faults.TooManyWithResetHeader} {
		t.Run(f.String(), func(t *testing.T) {
			clk := testtime.NewClock(start)
			s := faults.New(t).Script(f)
			s.Now = clk.Now
			c := faultClient(t, s, onClock(clk))
			var told []string
			var until time.Time
			c.SetRateLimitWait(func(subject string, u time.Time) bool {
				told, until = append(told, subject), u
				return true
			})
			var p *Profile
			var err error
			done := background(func() { p, err = c.Company(context.Background(), faultAsked) })
			clk.AwaitTimers(t, 1)
			if n := len(s.Requests()); n != 1 {
				t.Fatalf("%d requests before the wait ended, want the one answered 429", n)
			}
			clk.Drive(t, done)
			if err != nil || p.CompanyName != faults.Name {
				t.Fatalf("p = %+v, err = %v", p, err)
			}
			if !slices.Equal(told, []string{faultSubject}) {
				t.Fatalf("the wait was asked about %q, want once about %q", told, faultSubject)
			}
			// The reset is at least ResetIn (1s) away, a second more when
			// sent in whole seconds; far short of the minute the client
			// assumes when it is not told.
			if ahead := until.Sub(start); ahead < s.ResetIn || ahead > s.ResetIn+2*time.Second {
				t.Errorf("told the quota resets %s from now, want about %s", ahead, s.ResetIn)
			}
			reqs := s.Requests()
			if len(reqs) != 2 {
				t.Fatalf("%d requests, want the 429 and one retry", len(reqs))
			}
			if reqs[1].At.Before(until) {
				t.Errorf("retried at %s, before the reset at %s", reqs[1].At.Format("15:04:05.000"), until.Format("15:04:05.000"))
			}
			assertKeyStayedHome(t, s)
		})
	}
	t.Run("a second 429 is returned, not waited for again", func(t *testing.T) {
		s := faults.New(t).Thereafter(faults.TooManyWithRetryAfter)
		s.ResetIn = 0
		c := faultClient(t, s)
		waits := 0
		c.SetRateLimitWait(func(string, time.Time) bool { waits++; return true })
		_, err := c.Company(context.Background(), faultAsked)
		if !errors.Is(err, ErrRateLimited) || s.Count() != 2 || waits != 1 {
			t.Fatalf("err = %v after %d requests and %d waits, want a 429 after 2 and 1", err, s.Count(), waits)
		}
	})
	t.Run("a bare 429 says to wait a minute when the reset is unknown", func(t *testing.T) {
		s := faults.New(t).Thereafter(faults.TooManyBare)
		c := faultClient(t, s)
		var until time.Time
		c.SetRateLimitWait(func(_ string, u time.Time) bool { until = u; return false })
		start := time.Now()
		_, err := c.Company(context.Background(), faultAsked)
		if !errors.Is(err, ErrRateLimited) || s.Count() != 1 || time.Since(start) > time.Second {
			t.Fatalf("err = %v after %d requests and %s", err, s.Count(), time.Since(start))
		}
		if ahead := until.Sub(start); ahead < 59*time.Second || ahead > 61*time.Second {
			t.Errorf("told to wait %s, want a minute", ahead)
		}
	})
	t.Run("a wait for a bare 429 ends with the caller's context", func(t *testing.T) {
		s := faults.New(t).Thereafter(faults.TooManyBare)
		c := faultClient(t, s)
		c.SetRateLimitWait(func(string, time.Time) bool { return true })
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		start := time.Now()
		_, err := c.Company(ctx, faultAsked)
		if !errors.Is(err, ErrCanceled) || time.Since(start) > time.Second || s.Count() != 1 {
			t.Fatalf("err = %v after %s and %d requests", err, time.Since(start), s.Count())
		}
	})
}

// A body over the cap costs memory in proportion to the cap, never to the
// body: io.ReadAll's growing buffers add up to about twice the cap (four
// times under the race detector), whether 100 MB or 100 GB are on offer.
func TestMemoryStaysBoundedOnA100MBBody(t *testing.T) {
	for _, tc := range []struct {
		name string
		cap  int64 // 0: the default
		says string
	}{
		{"with the default 8 MiB cap", 0, "larger than 8 MiB"},
		{"with a 1 MiB cap", 1 << 20, "larger than 1 MiB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := faults.New(t).Script(faults.Huge)
			if s.HugeSize < 100<<20 {
				t.Fatalf("the huge body is only %d bytes", s.HugeSize)
			}
			c := faultClient(t, s, func(o *Options) { o.MaxBodyBytes = tc.cap; o.Timeout = 5 * time.Second })
			limit := uint64(4*c.maxBody + 2<<20)
			if limit > uint64(s.HugeSize)/2 {
				t.Fatalf("a bound of %d MiB would not show that memory is bounded", limit>>20)
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, err := c.Company(context.Background(), faultAsked)
			runtime.ReadMemStats(&after)
			if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), tc.says) || !strings.Contains(err.Error(), faultSubject) {
				t.Fatalf("err = %v", err)
			}
			if grew := after.TotalAlloc - before.TotalAlloc; grew > limit {
				t.Errorf("allocated %.1f MiB for a refused %d MiB body, want at most %d MiB", float64(grew)/(1<<20), s.HugeSize>>20, limit>>20)
			}
			if s.Count() != 1 {
				t.Errorf("%d requests; a body too large is not asked for again", s.Count())
			}
		})
	}
}

func TestInvalidUTF8InANameIsReadAsReplacementCharacters(t *testing.T) {
	s := faults.New(t).Script(faults.InvalidUTF8)
	p, err := faultClient(t, s).Company(context.Background(), faultAsked)
	if err != nil {
		t.Fatal(err)
	}
	if want := "CAF\uFFFD \uFFFD\uFFFD LIMITED"; p.CompanyName != want {
		t.Errorf("name = %q, want %q", p.CompanyName, want)
	}
	if a := p.RegisteredOfficeAddress; a == nil || a.AddressLine1 != "1 Rue d\uFFFD Test" || a.Locality != "Testtown" {
		t.Errorf("address = %+v", a)
	}
	if !utf8.ValidString(p.CompanyName) || len(p.Unreadable) != 0 {
		t.Errorf("name %q valid %v, unreadable %v", p.CompanyName, utf8.ValidString(p.CompanyName), p.Unreadable)
	}
	if !bytes.Contains(p.Raw, []byte(faults.InvalidUTF8Name)) {
		t.Error("Raw is not the body as sent")
	}
}

func TestMembersOfTheWrongTypeAreUnreadableAndTheRestStillShows(t *testing.T) {
	s := faults.New(t).Script(faults.WrongTypes)
	p, err := faultClient(t, s).Company(context.Background(), faultAsked)
	if err != nil {
		t.Fatalf("a profile with members of the wrong types failed as a whole: %v", err)
	}
	if p.CompanyName != faults.Name || p.CompanyNumber != faultNumber || p.NumberMismatch() {
		t.Errorf("the good members were lost: name %q number %q", p.CompanyName, p.CompanyNumber)
	}
	for _, m := range faults.WrongTypeMembers {
		if !slices.Contains(p.Unreadable, m) {
			t.Errorf("Unreadable %v does not list %q", p.Unreadable, m)
		}
	}
	if len(p.Unreadable) != len(faults.WrongTypeMembers) {
		t.Errorf("Unreadable lists %d members, want the %d sent wrong: %v", len(p.Unreadable), len(faults.WrongTypeMembers), p.Unreadable)
	}
	if p.Type != "" || p.SICCodes != nil || p.CanFile != nil || p.HasCharges != nil || p.Links.Self != "" || p.SuperSecureManagingOfficerCount != nil {
		t.Errorf("a member of the wrong type kept a value: %+v", p)
	}
}

// The WrongTypes fault must spoil every member of a profile but the two a
// test checks survive, or it would test less than it claims.
func TestTheWrongTypesFaultCoversEveryMemberOfAProfile(t *testing.T) {
	pt := reflect.TypeFor[Profile]()
	for i := 0; i < pt.NumField(); i++ {
		name, _, _ := strings.Cut(pt.Field(i).Tag.Get("json"), ",")
		if name == "" || name == "-" || name == "company_number" || name == "company_name" {
			continue
		}
		if !slices.Contains(faults.WrongTypeMembers, name) {
			t.Errorf("the WrongTypes fault does not send %q", name)
		}
	}
}

func TestDeeplyNestedJSONIsRefusedOrReadButNeverCrashesOrHangs(t *testing.T) {
	for _, depth := range []int{100_000, 9_000} {
		t.Run(strconv.Itoa(depth), func(t *testing.T) {
			s := faults.New(t).Script(faults.DeepNesting)
			s.Depth = depth
			start := time.Now()
			p, err := faultClient(t, s, func(o *Options) { o.Timeout = 5 * time.Second }).Company(context.Background(), faultAsked)
			if took := time.Since(start); took > 3*time.Second {
				t.Errorf("took %s", took)
			}
			switch {
			case err != nil:
				if !errors.Is(err, ErrBadResponse) || !strings.Contains(err.Error(), faultSubject) {
					t.Fatalf("err = %v, want an unreadable answer about %s", err, faultSubject)
				}
			case p.CompanyName != faults.Name || !slices.Contains(p.Unreadable, "accounts"):
				t.Fatalf("read leniently, but name %q, unreadable %v", p.CompanyName, p.Unreadable)
			}
			if depth < 10_000 && err != nil {
				// Within encoding/json's own limit the rest of the profile is readable.
				t.Errorf("nesting %d deep spoiled the whole profile: %v", depth, err)
			}
		})
	}
}

func TestAProfileOfAnotherCompanyIsFlagged(t *testing.T) {
	s := faults.New(t).Script(faults.OtherCompany)
	p, err := faultClient(t, s).Company(context.Background(), faultAsked)
	if err != nil {
		t.Fatal(err)
	}
	if !p.NumberMismatch() || p.Requested != faultNumber || p.CompanyNumber != faults.OtherNumber {
		t.Fatalf("asked %s, got %s; mismatch flagged %v", p.Requested, p.CompanyNumber, p.NumberMismatch())
	}
	ok := faults.New(t)
	p, err = faultClient(t, ok).Company(context.Background(), faultAsked)
	if err != nil || p.NumberMismatch() {
		t.Fatalf("the right company flagged as a mismatch: %+v, %v", p, err)
	}
}

func TestARedirectToAnotherHostNeverReachesIt(t *testing.T) {
	s := faults.New(t).Thereafter(faults.RedirectElsewhere)
	c := faultClient(t, s)
	fetches := map[string]func() error{
		"profile": func() error { _, err := c.Company(context.Background(), faultAsked); return err },
		"officers": func() error {
			_, err := c.Officers(context.Background(), "/company/00006400/officers", Page{})
			return err
		},
		"filing history": func() error {
			_, err := c.FilingHistory(context.Background(), "/company/00006400/filing-history", Page{})
			return err
		},
		"PSC statements": func() error {
			_, err := c.PSCStatements(context.Background(), "/company/00006400/persons-with-significant-control-statements", Page{})
			return err
		},
		"any link": func() error { _, err := c.Get(context.Background(), "/company/00006400/charges", nil); return err },
	}
	for name, fetch := range fetches {
		if err := fetch(); !errors.Is(err, ErrRefusedLink) || !strings.Contains(err.Error(), s.Elsewhere.Host()) {
			t.Errorf("%s: err = %v, want a refused redirect to %s", name, err, s.Elsewhere.Host())
		}
	}
	if n := s.Count(); n != len(fetches) {
		t.Errorf("the registry received %d requests for %d fetches", n, len(fetches))
	}
	assertKeyStayedHome(t, s)
}

func TestHostileLinksAreRefusedWithoutARequestToAnyone(t *testing.T) {
	s := faults.New(t).Script(faults.HostileLinks)
	c := faultClient(t, s)
	p, err := c.Company(context.Background(), faultAsked)
	if err != nil {
		t.Fatal(err)
	}
	links := p.Links.All()
	if len(links) != len(faults.HostileLinkValues) {
		t.Fatalf("read %d links of the %d sent: %+v", len(links), len(faults.HostileLinkValues), p.Links)
	}
	for _, l := range links {
		if _, err := c.Get(context.Background(), l.Path, nil); !errors.Is(err, ErrRefusedLink) {
			t.Errorf("Get(%s %q) = %v, want refused", l.Name, l.Path, err)
		}
		if u, err := c.URLFor(l.Path); !errors.Is(err, ErrRefusedLink) {
			t.Errorf("URLFor(%s %q) = %q, %v, want refused", l.Name, l.Path, u, err)
		}
	}
	if _, err := c.Officers(context.Background(), p.Links.Officers, Page{}); !errors.Is(err, ErrRefusedLink) {
		t.Errorf("Officers(%q) = %v", p.Links.Officers, err)
	}
	if _, err := c.FilingHistory(context.Background(), p.Links.FilingHistory, Page{}); !errors.Is(err, ErrRefusedLink) {
		t.Errorf("FilingHistory(%q) = %v", p.Links.FilingHistory, err)
	}
	if n := s.Count(); n != 1 {
		t.Errorf("the registry received %d requests; want only the profile", n)
	}
	assertKeyStayedHome(t, s)
}
