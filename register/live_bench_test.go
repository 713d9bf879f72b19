package register

import (
	"context"
	"fmt"
	"os"
	"testing"

	"coview/api"
)

// A follow writes every company's profile the companies stream sends
// into the overlay: how many a second, on one core, taken and written in
// batches of a thousand (about what a second of a busy stream brings).
func BenchmarkLiveTakesTheCompaniesStream(b *testing.B) {
	dir := b.TempDir()
	l, err := OpenLive(dir+"/register.db", "2026-11-01")
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	events := make([]*api.Event, 4096)
	for k := range events {
		events[k] = profileEvent(b, int64(k+1), "2026-11-20T09:00:00", fmt.Sprintf("%08d", k), fmt.Sprintf("COMPANY %d LTD", k), "active", "LS1 1AA")
	}
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for k := range b.N {
		e := *events[k%len(events)]
		e.Timepoint = int64(k + 1)
		l.Add("companies", &e)
		if k%1000 == 999 {
			if _, err := l.Flush(ctx); err != nil {
				b.Fatal(err)
			}
		}
	}
	if _, err := l.Flush(ctx); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

// What the overlay costs a reader, by how many companies the follow has
// written: a process that opens the index and searches once, each
// search after that in the same process, a count of every active
// company, a name as typed, and a company by number. The overlay is
// written as a follow writes it, in batches of a thousand.
func BenchmarkSearchWithTheLiveOverlay(b *testing.B) {
	sizes := []int{0, 1000, 20000, 100000}
	if os.Getenv("COVIEW_BENCH_MILLION") != "" {
		sizes = append(sizes, 1000000)
	}
	ctx := context.Background()
	for _, n := range sizes {
		ix := town(b)
		if n > 0 {
			l, err := OpenLive(ix.path, ix.Meta().FileDate)
			if err != nil {
				b.Fatal(err)
			}
			for k := range n {
				l.Add("companies", profileEvent(b, int64(k+1), "2026-11-20T09:00:00", fmt.Sprintf("%08d", 100+k), fmt.Sprintf("COMPANY %d LTD", k), "active", "LS1 1AA"))
				if k%1000 == 999 {
					if _, err := l.Flush(ctx); err != nil {
						b.Fatal(err)
					}
				}
			}
			if _, err := l.Flush(ctx); err != nil {
				b.Fatal(err)
			}
			l.Close()
		}
		q := Query{CompanyQuery: api.CompanyQuery{NameIncludes: "software"}}
		page := api.Page{ItemsPerPage: 20}
		b.Run(fmt.Sprintf("first,overlay=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				fresh, err := Open(ctx, ix.path)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := fresh.Search(ctx, q, page); err != nil {
					b.Fatal(err)
				}
				fresh.Close()
			}
		})
		each := func(name string, fn func() error) {
			b.Run(fmt.Sprintf("%s,overlay=%d", name, n), func(b *testing.B) {
				if err := fn(); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				b.ResetTimer()
				for range b.N {
					if err := fn(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		each("next", func() error { _, err := ix.Search(ctx, q, page); return err })
		active := Query{CompanyQuery: api.CompanyQuery{Statuses: []string{"active"}}}
		each("active-page", func() error { _, err := ix.Search(ctx, active, api.Page{ItemsPerPage: 100}); return err })
		each("active-count", func() error { _, err := ix.Count(ctx, active); return err })
		each("typed", func() error { _, err := ix.Typed(ctx, "company 12", 10); return err })
		number := api.Number(fmt.Sprintf("%08d", 100+n/2))
		if n == 0 {
			number = "00000001"
		}
		each("number", func() error { _, err := ix.Company(ctx, number); return err })
	}
}
