// Package testclient makes the registry client tests use: the real
// api.Client, pointed at a server of package testkit with the demo key.
// It is imported only by tests, and not by package api's own (it
// imports api).
package testclient

import (
	"testing"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit"
)

// Option changes the client's options from the defaults: the demo key
// and the client's own defaults for everything else.
type Option func(*api.Options)

// Attempts is how many times a request is tried; 1 makes a failure on
// purpose final.
func Attempts(n int) Option { return func(o *api.Options) { o.Attempts = n } }

// Key is the key the client sends instead of the demo key.
func Key(key string) Option { return func(o *api.Options) { o.Key = key } }

// For is a client of the registry at baseURL.
func For(t testing.TB, baseURL string, opts ...Option) *api.Client {
	t.Helper()
	o := api.Options{BaseURL: baseURL, Key: demo.Key}
	for _, f := range opts {
		f(&o)
	}
	c, err := api.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Demo starts the demo registry with opts, metered, and returns a client
// of it and the server.
func Demo(t testing.TB, opts demo.Options, more ...Option) (*api.Client, *testkit.Server) {
	t.Helper()
	srv := testkit.Demo(t, opts)
	return For(t, srv.URL, more...), srv
}
