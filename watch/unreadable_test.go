package watch

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit"
	"coview/internal/testkit/testclient"
)

// spoiling is the demo registry, on a clock, which answers one path with
// a body of its own while told to (as a proxy in front of the registry
// answering "{}").
type spoiling struct {
	*testkit.Server
	path string
	body atomic.Pointer[string]
}

func newSpoiling(t *testing.T, clk *clock, path string) *spoiling {
	t.Helper()
	s := &spoiling{path: path}
	h := demo.NewHandler(demo.Options{Now: clk.now, Limit: testkit.Plenty})
	s.Server = testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if b := s.body.Load(); b != nil && r.URL.Path == s.path {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(*b))
			return
		}
		h.ServeHTTP(w, r)
	}))
	return s
}

// An answer that lacks what every answer of its kind has is not the
// company's state: the check that gets one does not check the company,
// records nothing of it and reports no change; the next check, with
// good answers, reports what really changed and nothing else. (Once, a
// profile of {} was recorded as "SIC codes: 62020 -> (none)", and the
// next check reported eight old events as news.)
func TestAnAnswerMissingWhatEveryAnswerHasLeavesTheCompanyUnchecked(t *testing.T) {
	t.Parallel()
	event := demo.LivingEventAt("00006422", 1000) // a director appointed
	for _, c := range []struct {
		name, number, path, body string
		// later is how far the clock moves after the first check: far
		// enough for the profile to be due, or past the living event.
		at   time.Time
		want []Kind // what the check after the spoilt one reports
	}{
		{"a profile of {}", "00006400", "/company/00006400", `{}`, time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC), nil},
		{"a profile without its links", "00006400", "/company/00006400",
			`{"company_number":"00006400","company_name":"MARZIPAN MOUNTAIN SOFTWARE LTD","company_status":"active"}`,
			time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC), nil},
		{"a profile whose SIC codes are not a list", "00006400", "/company/00006400",
			`{"company_number":"00006400","company_name":"MARZIPAN MOUNTAIN SOFTWARE LTD","company_status":"active","sic_codes":"62020","links":{"self":"/company/00006400"}}`,
			time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC), nil},
		{"a filing history of {}", "00006401", "/company/00006401/filing-history", `{}`, time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC), nil},
		{"an officer list of {}", "00006422", "/company/00006422/officers", `{}`, event.Add(-30 * time.Second),
			[]Kind{"filing/officers", KindOfficerAppointed}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			clk := newClock(c.at)
			r := newSpoiling(t, clk, c.path)
			w := New(openStoreOn(t, t.TempDir(), clk.now), testclient.For(t, r.URL), Options{Now: clk.now})
			ctx := context.Background()
			if _, _, err := w.Add(ctx, api.Number(c.number)); err != nil {
				t.Fatal(err)
			}
			checkNow(t, w, CheckOptions{})
			before := snapshotOf(t, w.store, c.number)

			if c.want == nil {
				clk.set(c.at.Add(26 * time.Hour)) // the profile is read again once a day
			} else {
				clk.set(event.Add(30 * time.Second))
			}
			r.body.Store(&c.body)
			spoilt := checkNow(t, w, CheckOptions{})
			if len(spoilt.Changes) != 0 || spoilt.Checked != 0 || len(spoilt.NotChecked) != 1 ||
				spoilt.NotChecked[0].Why != ReasonFailed || !errors.Is(spoilt.NotChecked[0].Err, api.ErrBadResponse) {
				t.Fatalf("the check that got %s: changes %v, checked %d, not checked %+v", c.body, kinds(spoilt.Changes), spoilt.Checked, spoilt.NotChecked)
			}
			if why := spoilt.NotChecked[0].Err.Error(); !strings.Contains(why, "unreadable answer") || !strings.Contains(why, "next asks again") {
				t.Errorf("it says %q", why)
			}
			if after := snapshotOf(t, w.store, c.number); after != before {
				t.Fatalf("the spoilt answer changed what is kept of the company:\n%s\nwas\n%s", after, before)
			}

			r.body.Store(nil)
			next := checkNow(t, w, CheckOptions{})
			var got []Kind
			for _, ch := range next.Changes {
				got = append(got, ch.Kind)
			}
			if !slices.Equal(got, c.want) || next.Checked != 1 {
				t.Fatalf("the next check reported %v (checked %d), want %v", got, next.Checked, c.want)
			}
		})
	}
}

// snapshotOf is everything kept of a company but when it was claimed:
// its record and its datasets.
func snapshotOf(t *testing.T, s *Store, n string) string {
	t.Helper()
	var b strings.Builder
	row := s.db.QueryRow(`SELECT name, seeded, version, checked_at, profile, profile_at, filings, noted FROM companies WHERE number = ?`, n)
	var name, profile, filings, noted string
	var seeded, version, checked, profileAt int64
	if err := row.Scan(&name, &seeded, &version, &checked, &profile, &profileAt, &filings, &noted); err != nil {
		t.Fatal(err)
	}
	b.WriteString(strings.Join([]string{name, profile, filings, noted}, "\n"))
	b.WriteString(time.UnixMilli(checked).String() + time.UnixMilli(profileAt).String())
	rows, err := s.db.Query(`SELECT name, body FROM datasets WHERE number = ? ORDER BY name`, n)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var set, body string
		rows.Scan(&set, &body)
		b.WriteString("\n" + set + " " + body)
	}
	var changes int
	s.db.QueryRow(`SELECT count(*) FROM changes WHERE number = ?`, n).Scan(&changes)
	b.WriteString("\nchanges " + strings.Repeat("|", changes))
	return b.String()
}
