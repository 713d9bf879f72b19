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
