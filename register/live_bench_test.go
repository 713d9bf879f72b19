package register

import (
	"context"
	"fmt"
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

// What the overlay costs a reader: a process that opens the index and
// searches once (the overlay read whole, each row's file row looked up
// and its profile decoded), and each search after that in the same
// process (each overlay row tested against the query), by how many
// companies the follow has written.
func BenchmarkSearchWithTheLiveOverlay(b *testing.B) {
	for _, n := range []int{0, 1000, 20000} {
		ix := town(b)
		if n > 0 {
			l, err := OpenLive(ix.path, ix.Meta().FileDate)
			if err != nil {
				b.Fatal(err)
			}
			for k := range n {
				l.Add("companies", profileEvent(b, int64(k+1), "2026-11-20T09:00:00", fmt.Sprintf("%08d", 100+k), fmt.Sprintf("COMPANY %d LTD", k), "active", "LS1 1AA"))
			}
			if _, err := l.Flush(context.Background()); err != nil {
				b.Fatal(err)
			}
			l.Close()
		}
		q := Query{CompanyQuery: api.CompanyQuery{NameIncludes: "software"}}
		page := api.Page{ItemsPerPage: 20}
		b.Run(fmt.Sprintf("first,overlay=%d", n), func(b *testing.B) {
			for range b.N {
				fresh, err := Open(context.Background(), ix.path)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := fresh.Search(context.Background(), q, page); err != nil {
					b.Fatal(err)
				}
				fresh.Close()
			}
		})
		b.Run(fmt.Sprintf("next,overlay=%d", n), func(b *testing.B) {
			if _, err := ix.Search(context.Background(), q, page); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for range b.N {
				if _, err := ix.Search(context.Background(), q, page); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
