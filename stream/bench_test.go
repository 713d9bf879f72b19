package stream

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"testing"

	"coview/api"
)

// filingLine is a filing event as the filings stream sends one (about
// 700 bytes), the i-th of a run: its own timepoint, transaction id and
// company.
func filingLine(i int) []byte {
	n := fmt.Sprintf("%08d", i%10000)
	id := fmt.Sprintf("MzQ1Njc4OTAxMmFkaXF6a2N4%09d", i)
	return fmt.Appendf(nil, `{"resource_kind":"filing-history","resource_uri":"/company/%s/filing-history/%s","resource_id":"%s","data":{"action_date":"2026-11-27","barcode":"XDF3K9LP","category":"accounts","date":"2026-11-27","description":"accounts-with-accounts-type-micro-entity","description_values":{"made_up_date":"2026-03-31"},"links":{"document_metadata":"https://document-api.company-information.service.gov.uk/document/Ab3Cd4Ef5Gh6Ij7Kl8Mn9Op0Qr","self":"/company/%s/filing-history/%s"},"pages":3,"paper_filed":false,"transaction_id":"%s","type":"AA"},"event":{"timepoint":%d,"published_at":"2026-11-28T08:00:00","type":"changed"}}`+"\n",
		n, id, id, n, id, id, 168_000_000+i)
}

// watched is a filter of a thousand companies, as a large watch list.
func watched() Filter {
	f := Filter{Numbers: map[api.Number]bool{}}
	for i := range 1000 {
		f.Numbers[api.Number(fmt.Sprintf("%08d", i*10))] = true
	}
	return f
}

func BenchmarkDecodeAndFilter(b *testing.B) {
	lines := make([][]byte, 1024)
	for i := range lines {
		lines[i] = filingLine(i)
	}
	f := watched()
	kept := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		e, err := api.DecodeEvent(lines[i%len(lines)])
		if err != nil {
			b.Fatal(err)
		}
		if f.Keep(e) {
			kept++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
	if kept == 0 {
		b.Fatal("the filter kept nothing")
	}
}

// endless is a stream body of filing events, n of them then the end.
type endless struct {
	i, n int
	buf  []byte
}

func (e *endless) Read(p []byte) (int, error) {
	for len(e.buf) < len(p) && e.i < e.n {
		e.buf = append(e.buf, filingLine(e.i)...)
		e.i++
	}
	if len(e.buf) == 0 {
		return 0, io.EOF
	}
	k := copy(p, e.buf)
	e.buf = e.buf[:copy(e.buf, e.buf[k:])]
	return k, nil
}

// generated answers every request with n events, without a network.
type generated struct{ n int }

func (g generated) RoundTrip(r *http.Request) (*http.Response, error) {
	return &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(&endless{n: g.n}), Request: r}, nil
}

// heapAfter is the live heap once garbage is collected, in bytes.
func heapAfter() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

var errEnough = errors.New("enough")

// followGenerated follows n generated events through the whole client
// (read, split, decode, deduplicate, filter), and measures the heap after
// warm of them and at the end.
func followGenerated(tb testing.TB, n, warm, remember int) (before, after uint64, kept int) {
	s, err := New(Options{BaseURL: "http://stream.test", Key: testKey, Transport: generated{n: n}, Remember: remember})
	if err != nil {
		tb.Fatal(err)
	}
	f := watched()
	seen := 0
	err = s.Follow(context.Background(), Filings, Live, func(_ context.Context, e *api.Event) error {
		seen++
		if f.Keep(e) {
			kept++
		}
		switch seen {
		case warm:
			before = heapAfter()
		case n:
			after = heapAfter()
			return errEnough
		}
		return nil
	})
	if !errors.Is(err, errEnough) {
		tb.Fatalf("follow ended after %d events: %v", seen, err)
	}
	return before, after, kept
}

func TestMemoryStaysFlatOverManyEvents(t *testing.T) {
	n := 200_000
	if raceEnabled {
		n = 15_000 // the race detector makes each event ten times dearer
	}
	before, after, kept := followGenerated(t, n, n/5, 1024)
	t.Logf("%d events: heap %.1f MB after %d, %.1f MB after all; %d kept by the filter", n, mb(before), n/5, mb(after), kept)
	if after > before+1<<20 {
		t.Fatalf("the heap grew from %.1f MB to %.1f MB over %d events", mb(before), mb(after), n-n/5)
	}
	if kept != n/10 {
		t.Fatalf("the filter kept %d of %d", kept, n)
	}
}

func BenchmarkMillionEvents(b *testing.B) {
	for range b.N {
		before, after, _ := followGenerated(b, 1_000_000, 100_000, DefaultRemember)
		b.ReportMetric(mb(before), "MB-heap-at-100k")
		b.ReportMetric(mb(after), "MB-heap-at-1M")
	}
	b.ReportMetric(float64(b.N*1_000_000)/b.Elapsed().Seconds(), "events/s")
}

func mb(n uint64) float64 { return float64(n) / 1e6 }
