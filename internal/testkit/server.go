package testkit

import (
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"testing"

	"coview/api/demo"
)

// Plenty is a rate limit for the demo registry that no test which is not
// about rate limits reaches.
const Plenty = 1 << 30

// A Server is a handler on a loopback port for the length of one test,
// with a Meter counting what it was asked.
type Server struct {
	*httptest.Server
	*Meter
}

// Serve starts h on a loopback port, metered, and closes it when the
// test ends.
func Serve(t testing.TB, h http.Handler) *Server {
	t.Helper()
	m := &Meter{}
	srv := httptest.NewServer(m.Wrap(h))
	t.Cleanup(srv.Close)
	return &Server{Server: srv, Meter: m}
}

// Demo starts the demo registry with opts on a loopback port, metered.
func Demo(t testing.TB, opts demo.Options) *Server {
	t.Helper()
	return Serve(t, demo.NewHandler(opts))
}

// DemoWithDocuments runs the whole demo, documents included: the
// registry, its document API and the storage, each on a loopback port of
// its own, until the test ends. Without an ErrorLog, what the servers
// would log about connections a test breaks on purpose is dropped.
func DemoWithDocuments(t testing.TB, opts demo.ServeOptions) *demo.Servers {
	t.Helper()
	if opts.ErrorLog == nil {
		opts.ErrorLog = log.New(io.Discard, "", 0)
	}
	s, err := demo.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}
