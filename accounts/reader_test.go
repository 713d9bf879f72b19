package accounts

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"

	"coview/api"
	"coview/api/demo"
	"coview/figures"
	"coview/internal/testkit"
	"coview/internal/testkit/testclient"
)

// demoReader is a reader of the whole demo (its registry, document API
// and storage), every request counted by one meter.
func demoReader(t *testing.T) (*Reader, *testkit.Meter) {
	t.Helper()
	m := &testkit.Meter{}
	s := testkit.DemoWithDocuments(t, demo.ServeOptions{Wrap: m.Wrap})
	c := testclient.For(t, s.RegistryURL)
	d, err := api.NewDocumentClient(c, api.DocumentOptions{BaseURL: s.DocumentURL})
	if err != nil {
		t.Fatal(err)
	}
	return NewReader(c, d), m
}

// asked sorts what the meter saw: the registry, the document API's
// metadata and content requests, and the storage.
func asked(m *testkit.Meter) (registry, metadata, content, storage int) {
	for _, u := range m.URIs() {
		switch {
		case strings.HasPrefix(u, "/company/"):
			registry++
		case strings.HasPrefix(u, "/document/") && strings.HasSuffix(u, "/content"):
			content++
		case strings.HasPrefix(u, "/document/"):
			metadata++
		case strings.HasPrefix(u, "/docs/"):
			storage++
		}
	}
	return
}

func TestAReaderAsksForTheHistoryOnceAndTwiceADocumentAndNothingAgain(t *testing.T) {
	t.Parallel()
	r, m := demoReader(t)
	ctx := context.Background()
	latest, err := r.Company(ctx, "00006400", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if reg, meta, content, _ := asked(m); reg != 1 || meta != 1 || content != 1 {
		t.Fatalf("the newest accounts took %d, %d, %d requests; want the history, the metadata and the content once", reg, meta, content)
	}
	three, err := r.Company(ctx, "00006400", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if reg, meta, content, _ := asked(m); reg != 1 || meta != 3 || content != 3 {
		t.Fatalf("three accounts after the newest took %d, %d, %d requests in all; want 1, 3, 3", reg, meta, content)
	}
	if _, err := r.Company(ctx, "00006400", 3, nil); err != nil {
		t.Fatal(err)
	}
	if twice := m.Twice(); len(twice) != 0 {
		t.Errorf("asked twice: %v", twice)
	}
	if reg, meta, content, _ := asked(m); reg != 1 || meta != 3 || content != 3 {
		t.Errorf("reading again asked the registry %d times, the document API %d and %d", reg, meta, content)
	}
	if latest.Filed[0] != three.Filed[0] || len(three.Filed) != 3 || three.Listed < 3 {
		t.Errorf("the newest accounts were read again, or not kept: %d of %d", len(three.Filed), three.Listed)
	}
	if cols := three.Columns(); len(cols) != 4 || cols[0].Year.End.Format("2006-01-02") != "2025-03-31" {
		t.Errorf("%d years from three accounts", len(cols))
	}
}

// Callers at once wait for one reading of each thing.
func TestReadersAtOnceWaitForOneRequestOfEachThing(t *testing.T) {
	t.Parallel()
	r, m := demoReader(t)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if _, err := r.Company(context.Background(), "00006411", 2, nil); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if twice := m.Twice(); len(twice) != 0 {
		t.Errorf("asked twice: %v", twice)
	}
	if reg, meta, content, _ := asked(m); reg != 1 || meta != 2 || content != 2 {
		t.Errorf("%d, %d, %d requests", reg, meta, content)
	}
}

func TestAccountsOnPaperAreSaidToHaveNoFiguresAndCostOnlyTheirMetadata(t *testing.T) {
	t.Parallel()
	r, m := demoReader(t)
	c, err := r.Company(context.Background(), "00006409", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Filed) != 2 || !c.AllPaper() || c.Latest().Year != nil || c.Filed[0].Report != nil ||
		!strings.Contains(c.Filed[0].Why, "filed on paper or as a PDF only") {
		t.Fatalf("%+v", c.Filed[0])
	}
	if reg, meta, content, _ := asked(m); reg != 1 || meta != 2 || content != 0 {
		t.Errorf("%d, %d, %d requests", reg, meta, content)
	}
}

// A document that could not be fetched is said, and asked for again the
// next time; a refused key stops everything.
func TestADocumentThatFailedIsAskedForAgainAndARefusedKeyStops(t *testing.T) {
	t.Parallel()
	r, m := demoReader(t)
	m.Fail(func(req *http.Request) int {
		if strings.HasSuffix(req.URL.Path, "/content") {
			return http.StatusNotFound
		}
		return 0
	})
	c, err := r.Company(context.Background(), "00006400", 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if fa := c.Filed[0]; fa.Report != nil || !fa.Failed() || !strings.Contains(fa.Why, "could not be fetched") {
		t.Fatalf("%+v", fa)
	}
	m.Fail(nil)
	if c, err = r.Company(context.Background(), "00006400", 1, nil); err != nil || c.Filed[0].Report == nil {
		t.Fatalf("asked again: %v, %+v", err, c.Filed[0])
	}

	m.Fail(func(*http.Request) int { return http.StatusUnauthorized })
	if _, err := r.Company(context.Background(), "00006402", 1, nil); !errors.Is(err, api.ErrInvalidKey) {
		t.Fatalf("a refused key: %v", err)
	}
}

// What the gate refuses stops the reading, and costs nothing.
func TestAGateThatRefusesStopsTheReading(t *testing.T) {
	t.Parallel()
	r, m := demoReader(t)
	spent := 0
	budget := errors.New("no more")
	gate := func(ctx context.Context, send func() error) error {
		if spent == 2 {
			return budget
		}
		spent++
		return send()
	}
	if _, err := r.Company(context.Background(), "00006400", 1, gate); !errors.Is(err, budget) {
		t.Fatalf("got %v", err)
	}
	if n := m.Requests(); n != 2 { // the history and the metadata; not the content
		t.Errorf("%d requests", n)
	}
}

// The red flags the demo's stories are for, and none where there are
// none.
func TestTheLatestAccountsRaiseTheRedFlagsOfTheFigures(t *testing.T) {
	t.Parallel()
	r, _ := demoReader(t)
	cases := []struct {
		number api.Number
		want   []SignKind
	}{
		{"00006400", nil},
		{"00006402", []SignKind{NetAssetsFell}},
		{"00006403", []SignKind{NegativeNetAssets, NetCurrentLiabilities}},
		{"SC006405", []SignKind{NegativeNetAssets}},
		{"00006407", []SignKind{NetCurrentLiabilities}},
		{"00006411", nil},
	}
	for _, tc := range cases {
		t.Run(string(tc.number), func(t *testing.T) {
			c, err := r.Company(context.Background(), tc.number, 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			l := c.Latest()
			var got []SignKind
			for _, s := range l.Signs() {
				got = append(got, s.Kind)
				if s.To.Name == 0 || s.Kind == NetAssetsFell && s.From.Value.Float64() <= 2*s.To.Value.Float64() {
					t.Errorf("%+v", s)
				}
			}
			if len(got) != len(tc.want) || (len(got) > 0 && !equal(got, tc.want)) {
				t.Errorf("signs %v, want %v (net assets %v)", got, tc.want, figure(l, figures.NetAssets))
			}
			if l.Year == nil || l.Year.Consolidated {
				t.Errorf("the latest year is not the company's own: %+v", l.Year)
			}
		})
	}
}

func equal(a, b []SignKind) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

func figure(l *Latest, n figures.Name) string {
	f, _, ok := l.Figure(n)
	if !ok {
		return "none"
	}
	return f.Value.String()
}
