package api

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// stillClock is a clock that reads one time.
type stillClock struct{ t time.Time }

func (c stillClock) Now() time.Time { return c.t }
func (c stillClock) NewTimer(d time.Duration) (<-chan time.Time, func() bool) {
	ch := make(chan time.Time, 1)
	ch <- c.t.Add(d)
	return ch, func() bool { return false }
}

// The registry's time is its own clock's, as its answers' Date headers
// say, whatever the client's clock says; before any answer, it is the
// client's.
func TestTheRegistrysTimeIsWhatItsAnswersSay(t *testing.T) {
	t.Parallel()
	registry := time.Date(2026, 11, 24, 9, 0, 30, 0, time.UTC)
	date := registry.Format(http.TimeFormat)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/company/00006400" {
			w.Header().Set("Date", date)
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"company_number":"00006400","company_name":"X","links":{"self":"/company/00006400"}}`))
	}))
	defer srv.Close()
	mine := time.Date(2026, 11, 28, 11, 0, 0, 0, time.UTC)
	c, err := New(Options{BaseURL: srv.URL, Key: testKey, Clock: stillClock{mine}})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.RegistryNow(); !got.Equal(mine) {
		t.Fatalf("before any answer: %s, want the client's %s", got, mine)
	}
	if _, err := c.Company(context.Background(), "00006400"); err != nil {
		t.Fatal(err)
	}
	if got := c.RegistryNow(); !got.Equal(registry) {
		t.Fatalf("after an answer of %s: %s", date, got)
	}
}
