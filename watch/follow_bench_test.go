package watch

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"coview/api"
)

// benchList is a store watching a thousand companies, each checked once
// (seeded), its officers read: as a large list a follow follows.
func benchList(b *testing.B) *Store {
	b.Helper()
	s, err := Open(filepath.Join(b.TempDir(), FileName), "test", StoreOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	ctx := context.Background()
	err = s.tx(ctx, func(tx *sql.Tx) error {
		for i := range 1000 {
			n := fmt.Sprintf("%08d", i*10)
			if _, err := tx.ExecContext(ctx, `INSERT INTO companies (registry, number, name, added_at, checked_at, seeded, profile, profile_at, filings)
				VALUES ('test', ?, ?, 1, 1, 1, ?, 1, '{"total":1}')`, n, "COMPANY "+n,
				`{"name":"COMPANY `+n+`","status":"active","links":{"officers":"/company/`+n+`/officers"}}`); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO datasets (registry, number, name, body, read_at) VALUES ('test', ?, 'officers', '{"items":{}}', 1)`, n); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// filingEvent is a filing of company i, the k-th event of the stream.
func filingEvent(b *testing.B, i, k int) *api.Event {
	n := fmt.Sprintf("%08d", i)
	e, err := api.DecodeEvent(fmt.Appendf(nil, `{"resource_kind":"filing-history","resource_uri":"/company/%s/filing-history/tx%d","resource_id":"tx%d","data":{"transaction_id":"tx%d","type":"AA","date":"2026-11-27","category":"accounts","description":"accounts-with-accounts-type-micro-entity","description_values":{"made_up_date":"2026-03-31"}},"event":{"timepoint":%d,"published_at":"2026-11-28T08:00:00","type":"changed"}}`,
		n, k, k, k, 168_000_000+k))
	if err != nil {
		b.Fatal(err)
	}
	return e
}

// A follow passes over the events about companies it does not watch
// (nearly all of a stream): how many a second, on one core, with a list
// of a thousand.
func BenchmarkFollowerPassesOver(b *testing.B) {
	f := NewFollower(benchList(b), FollowOptions{})
	ctx := context.Background()
	if _, err := f.Refresh(ctx); err != nil {
		b.Fatal(err)
	}
	events := make([]*api.Event, 1024)
	for k := range events {
		events[k] = filingEvent(b, k*10+1, k) // never a watched number
	}
	b.ReportAllocs()
	b.ResetTimer()
	for k := range b.N {
		if changes, err := f.Handle(ctx, "filings", events[k%len(events)]); err != nil || len(changes) != 0 {
			b.Fatal(changes, err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

// An event about a watched company into the change log: read (the line
// decoded), applied, and recorded with the stream's place in one
// transaction. ms-to-log is the mean, ms-to-log-max the longest.
func BenchmarkEventToChangeLog(b *testing.B) {
	f := NewFollower(benchList(b), FollowOptions{})
	ctx := context.Background()
	if _, err := f.Refresh(ctx); err != nil {
		b.Fatal(err)
	}
	var longest time.Duration
	b.ResetTimer()
	for k := range b.N {
		line := filingEvent(b, (k%1000)*10, k).Raw
		start := time.Now()
		e, err := api.DecodeEvent(line)
		if err != nil {
			b.Fatal(err)
		}
		changes, err := f.Handle(ctx, "filings", e)
		if err != nil || len(changes) != 1 {
			b.Fatal(changes, err)
		}
		longest = max(longest, time.Since(start))
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms-to-log")
	b.ReportMetric(float64(longest.Microseconds())/1000, "ms-to-log-max")
}
