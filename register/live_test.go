package register

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"coview/api"
	"coview/internal/testkit/testtime"
)

// profileEvent is a line of the companies stream: the company's profile
// as it now is.
func profileEvent(t testing.TB, tp int64, published, number, name, status, postcode string) *api.Event {
	t.Helper()
	line := fmt.Sprintf(`{"resource_kind":"company-profile","resource_uri":"/company/%[1]s","resource_id":"%[1]s",
		"data":{"company_number":"%[1]s","company_name":%[2]q,"company_status":%[3]q,"type":"ltd","date_of_creation":"2026-11-20",
		"registered_office_address":{"premises":"2","address_line_1":"Mill Lane","locality":"Leeds","postal_code":%[4]q},
		"sic_codes":["62012"],"has_charges":false,"links":{"self":"/company/%[1]s"}},
		"event":{"timepoint":%[5]d,"published_at":%[6]q,"type":"changed"}}`, number, name, status, postcode, tp, published)
	e, err := api.DecodeEvent([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func deletedEvent(t testing.TB, tp int64, published, number string) *api.Event {
	t.Helper()
	e, err := api.DecodeEvent(fmt.Appendf(nil, `{"resource_kind":"company-profile","resource_uri":"/company/%[1]s","resource_id":"%[1]s",
		"event":{"timepoint":%[2]d,"published_at":%[3]q,"type":"deleted"}}`, number, tp, published))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// follow writes events into the overlay of ix as one batch.
func follow(t testing.TB, ix *Index, events ...*api.Event) {
	t.Helper()
	l, err := OpenLive(ix.path, ix.Meta().FileDate)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	for _, e := range events {
		l.Add("companies", e)
	}
	if _, err := l.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func names(t *testing.T, ix *Index, words string) []string {
	t.Helper()
	return numbers(t, ix, Query{CompanyQuery: api.CompanyQuery{NameIncludes: words}})
}

func TestAFollowedChangeIsWhatTheIndexAnswersAndSearchesSeeIt(t *testing.T) {
	ctx := context.Background()
	ix := town(t)
	follow(t, ix,
		profileEvent(t, 10, "2026-11-20T09:00:00", "00000001", "ZETA WIDGETS LTD", "active", "LS1 1AA"),
		profileEvent(t, 11, "2026-11-20T09:01:00", "12345678", "NEWCO SOFTWARE LTD", "active", "LS2 7EW"),
		profileEvent(t, 12, "2026-11-20T09:02:00", "00000004", "DELTA SOFTWARE LTD", "dissolved", "ME1 1AA"),
		deletedEvent(t, 13, "2026-11-20T09:03:00", "SC000007"),
		profileEvent(t, 14, "2026-10-20T09:03:00", "00000003", "OLD NEWS PLC", "active", "M1 1AE"), // before the file: in it
	)
	c, err := ix.Company(ctx, "00000001")
	if err != nil || c.Name != "ZETA WIDGETS LTD" || c.Address.AddressLine1 != "2 Mill Lane" || c.CountryOfOrigin != "United Kingdom" {
		t.Errorf("the changed company: %+v, %v", c, err)
	}
	if p, err := ix.Profile(ctx, "00000001"); err != nil || p.CompanyName != "ZETA WIDGETS LTD" || p.RegisteredOfficeAddress.Premises != "2" {
		t.Errorf("its profile: %+v, %v", p, err)
	}
	if c, err := ix.Company(ctx, "00000004"); err != nil || c.Status != "dissolved" {
		t.Errorf("the dissolved company: %+v, %v", c, err)
	}
	if _, err := ix.Company(ctx, "SC000007"); !errors.Is(err, ErrTakenOff) {
		t.Errorf("the deleted company: %v", err)
	}
	if c, err := ix.Company(ctx, "00000003"); err != nil || c.Name != "GAMMA HOLDINGS PLC" {
		t.Errorf("an event older than the file changed the company: %+v, %v", c, err)
	}
	for _, tc := range []struct {
		words string
		want  []string
	}{
		{"zeta widgets", []string{"00000001"}},
		{"alpha", nil},
		{"software", []string{"00000002", "12345678"}}, // not the dissolved or the deleted; the new one last
		{"newco", []string{"12345678"}},
	} {
		if got := names(t, ix, tc.words); !slices.Equal(got, tc.want) {
			t.Errorf("%q found %v, want %v", tc.words, got, tc.want)
		}
	}
	if got := numbers(t, ix, Query{Postcode: "LS1"}); !slices.Equal(got, []string{"00000001"}) {
		t.Errorf("LS1 found %v", got)
	}
	if got := numbers(t, ix, Query{CompanyQuery: api.CompanyQuery{SICCodes: []string{"62012"}}}); !slices.Equal(got, []string{"00000001", "12345678"}) {
		t.Errorf("SIC 62012 found %v", got)
	}
	page, err := ix.Search(ctx, Query{CompanyQuery: api.CompanyQuery{NameIncludes: "software"}}, api.Page{StartIndex: 1, ItemsPerPage: 1})
	if err != nil || page.Total() != 2 || len(page.Items) != 1 || page.Items[0].CompanyNumber != "12345678" || page.Items[0].SICCodes[0] != "62012" {
		t.Errorf("the second page of one: %+v, %v", page, err)
	}
	st, err := ix.Live(ctx)
	if err != nil || st.Companies != 4 || st.To.Format("15:04") != "09:03" {
		t.Errorf("Live: %+v, %v", st, err)
	}
}

func TestAnEventReadAgainOrOlderChangesNothing(t *testing.T) {
	ctx := context.Background()
	ix := town(t)
	newer := profileEvent(t, 20, "2026-11-21T10:00:00", "00000001", "NEWER NAME LTD", "active", "LS1 1AA")
	follow(t, ix, newer)
	follow(t, ix, newer, profileEvent(t, 19, "2026-11-21T09:00:00", "00000001", "OLDER NAME LTD", "active", "LS1 1AA"))
	if c, _ := ix.Company(ctx, "00000001"); c == nil || c.Name != "NEWER NAME LTD" {
		t.Errorf("after a replay: %+v", c)
	}
	if got := names(t, ix, "older"); len(got) != 0 {
		t.Errorf("the older event is found: %v", got)
	}
	if st, _ := ix.Live(ctx); st.Companies != 1 {
		t.Errorf("Live: %+v", st)
	}
}

func TestABatchNotWrittenIsReadAgainFromWhereTheOverlayWas(t *testing.T) {
	ctx := context.Background()
	ix := town(t)
	follow(t, ix, profileEvent(t, 30, "2026-11-21T10:00:00", "00000001", "FIRST LTD", "active", "LS1 1AA"))
	// A follow killed before its next batch is written: nothing of it is.
	l, err := OpenLive(ix.path, ix.Meta().FileDate)
	if err != nil {
		t.Fatal(err)
	}
	l.Add("companies", profileEvent(t, 31, "2026-11-21T10:01:00", "00000002", "SECOND LTD", "active", "LS1 1AA"))
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := l.Flush(cancelled); err == nil {
		t.Fatal("a flush cut off wrote")
	}
	l.Close()
	if c, _ := ix.Company(ctx, "00000002"); c == nil || c.Name != "BETA SOFTWARE LTD" {
		t.Errorf("a batch not written is read: %+v", c)
	}
	// Started again: from the timepoint after the last batch written.
	l, err = OpenLive(ix.path, ix.Meta().FileDate)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	from, ok, err := l.From(ctx, "companies")
	if err != nil || !ok || from != 31 {
		t.Fatalf("From: %d %v %v", from, ok, err)
	}
	l.Add("companies", profileEvent(t, 31, "2026-11-21T10:01:00", "00000002", "SECOND LTD", "active", "LS1 1AA"))
	if n, err := l.Flush(ctx); err != nil || n != 1 {
		t.Fatal(n, err)
	}
	if c, _ := ix.Company(ctx, "00000002"); c == nil || c.Name != "SECOND LTD" {
		t.Errorf("caught up: %+v", c)
	}
}

func TestAReaderReadsWhileAFollowWrites(t *testing.T) {
	ctx := context.Background()
	ix := town(t)
	l, err := OpenLive(ix.path, ix.Meta().FileDate)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	var wg sync.WaitGroup
	wg.Add(1)
	written := make(chan struct{})
	go func() {
		defer wg.Done()
		defer close(written)
		for k := range 50 {
			l.Add("companies", profileEvent(t, int64(100+k), "2026-11-22T08:00:00", fmt.Sprintf("NI%06d", k), fmt.Sprintf("NORTHERN %d LTD", k), "active", "BT1 1AA"))
			if _, err := l.Flush(ctx); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	// Read until every batch is seen; once the writer has stopped (done
	// or failed), one more read says whether it was all seen.
	last, stopped := 0, false
	for last < 50 {
		select {
		case <-written:
			if stopped {
				t.Fatalf("the writer stopped with %d of 50 companies seen", last)
			}
			stopped = true
		case <-testtime.Bound(t):
			t.Fatalf("%d of 50 companies seen by the test's deadline", last)
		default:
		}
		n, err := ix.Count(ctx, Query{CompanyQuery: api.CompanyQuery{NameIncludes: "northern"}})
		if err != nil {
			t.Fatal(err)
		}
		if n < last {
			t.Fatalf("the count went back from %d to %d", last, n)
		}
		last = n
	}
	wg.Wait()
}

func TestANewFileDropsWhatItHoldsFromTheOverlayAndRemoveRemovesIt(t *testing.T) {
	ctx := context.Background()
	dir, path := october(t)
	ix := open(t, path)
	follow(t, ix,
		profileEvent(t, 1, "2026-10-20T09:00:00", "00000010", "OCTOBER RENAMED LTD", "active", "LS1 1AA"),
		profileEvent(t, 2, "2026-11-02T09:00:00", "00000011", "NOVEMBER NEWCO LTD", "active", "LS1 1AA"))
	ix.Close()
	nov := writeFile(t, filepath.Join(dir, "BasicCompanyDataAsOneFile-2026-11-01.csv"), fileText(active("OCTOBER LTD", "00000010")))
	update(t, path, nov)
	ix = open(t, path)
	if c, _ := ix.Company(ctx, "00000010"); c == nil || c.Name != "OCTOBER LTD" {
		t.Errorf("a change the new file holds is still over it: %+v", c)
	}
	if c, _ := ix.Company(ctx, "00000011"); c == nil || c.Name != "NOVEMBER NEWCO LTD" {
		t.Errorf("a change since the new file is gone: %+v", c)
	}
	ix.Close()
	if _, err := Remove(ctx, path); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(LivePath(path)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the overlay is left after remove: %v", err)
	}
}

func TestWhatIsTypedFindsCompaniesUnderTheNamesTheStreamsGaveThem(t *testing.T) {
	ctx := context.Background()
	ix := town(t)
	follow(t, ix,
		profileEvent(t, 10, "2026-11-20T09:00:00", "00000001", "ZETA WIDGETS LTD", "active", "LS1 1AA"),
		profileEvent(t, 11, "2026-11-20T09:01:00", "12345678", "BETAMAX LTD", "active", "LS2 7EW"),
		deletedEvent(t, 12, "2026-11-20T09:02:00", "00000002"))
	typed := func(text string) []string {
		found, err := ix.Typed(ctx, text, 5)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, f := range found {
			out = append(out, f.CompanyNumber+" "+f.CompanyName)
		}
		return out
	}
	if got := typed("alpha"); len(got) != 0 {
		t.Errorf("alpha: %v, want none: it was renamed", got)
	}
	if got := typed("zeta"); !slices.Equal(got, []string{"00000001 ZETA WIDGETS LTD"}) {
		t.Errorf("zeta: %v", got)
	}
	if got := typed("beta"); !slices.Equal(got, []string{"12345678 BETAMAX LTD"}) {
		t.Errorf("beta: %v, want the new company and not the one taken off", got)
	}
	if got := typed("software"); slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "00000002") }) {
		t.Errorf("software: %v lists the company taken off", got)
	}
}
