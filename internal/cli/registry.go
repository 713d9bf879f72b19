package cli

import (
	"fmt"
	"io"
	"log"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"coview/api"
	"coview/api/demo"
	"coview/present/sanitize"
)

// registryFlags choose the registry and how patient to be with it; every
// command that talks to a registry has them.
type registryFlags struct {
	baseURL     string
	documentURL string
	demo        bool
	timeout     time.Duration
}

func (r *registryFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&r.baseURL, "base-url", "", "the registry's URL (default $COVIEW_BASE_URL, else "+api.DefaultBaseURL+")")
	fs.StringVar(&r.documentURL, "document-url", "", "the document API's URL, where filings' documents come from (default $COVIEW_DOCUMENT_URL, else "+api.DefaultDocumentURL+")")
	fs.BoolVar(&r.demo, "demo", false, "use the built-in demo registry (no key, no network)")
	fs.DurationVar(&r.timeout, "timeout", api.DefaultTimeout, "give up on a request after this long, and on a download after this long without data")
}

// registry is a chosen registry: its client, the client for its document
// API (which shares its key), the name its key is kept under (its host),
// and, for the demo, the servers to stop afterwards.
type registry struct {
	client *api.Client
	docs   *api.DocumentClient
	host   string // for the demo, a name for messages only: its key is built in
	demo   bool
	close  func()
	// now is the registry's clock: the time, or the demo's as
	// COVIEW_DEMO_NOW set it.
	now func() time.Time
	// streamURL is the demo's streaming API; "" for any other registry,
	// whose stream streamFlags name.
	streamURL string
}

// open starts the demo registry if asked, and builds clients without a
// key (keyFor finds it).
func (r *registryFlags) open(env Env) (*registry, error) {
	if r.timeout <= 0 {
		return nil, usageError("--timeout must be positive, like 10s")
	}
	if r.demo {
		now, err := r.clock(env)
		if err != nil {
			return nil, err
		}
		return startDemo(r.timeout, now)
	}
	base := r.baseURL
	if base == "" {
		base = env.Getenv("COVIEW_BASE_URL")
	}
	documents := r.documentURL
	if documents == "" {
		documents = env.Getenv("COVIEW_DOCUMENT_URL")
	}
	c, err := api.New(api.Options{BaseURL: base, UserAgent: userAgent(), Timeout: r.timeout})
	if err != nil {
		return nil, usageError("%v", err)
	}
	d, err := api.NewDocumentClient(c, documentOptions(documents, r.timeout))
	if err != nil {
		return nil, usageError("%v", err)
	}
	return &registry{client: c, docs: d, host: c.Host(), close: func() {}, now: time.Now}, nil
}

// demoNowVar sets the demo registry's clock.
const demoNowVar = "COVIEW_DEMO_NOW"

// clock is the chosen registry's clock, without starting it: the time,
// or for the demo the time COVIEW_DEMO_NOW (RFC 3339) says, running on
// from there, so that a test or a person trying the watch list can step
// through its living companies' changes without waiting for them.
func (r *registryFlags) clock(env Env) (func() time.Time, error) {
	if !r.demo {
		return time.Now, nil
	}
	return demoClock(env)
}

// demoClock is the demo's clock: COVIEW_DEMO_NOW's time, else the time.
func demoClock(env Env) (func() time.Time, error) {
	v := strings.TrimSpace(env.Getenv(demoNowVar))
	if v == "" {
		return time.Now, nil
	}
	at, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return nil, usageError("%s=%q is not a time: give one as RFC 3339 writes it, such as 2026-11-25T10:00:00Z", demoNowVar, sanitize.Line(shortArg(v)))
	}
	set := time.Now()
	return func() time.Time { return at.Add(time.Since(set)) }, nil
}

// documentOptions: --timeout bounds the metadata request, and a download
// only while no data arrives, so a large document on a slow line is not
// cut off.
func documentOptions(base string, timeout time.Duration) api.DocumentOptions {
	return api.DocumentOptions{BaseURL: base, Timeout: timeout, IdleTimeout: timeout}
}

// startDemo serves the demo registry, its document API and its document
// storage on loopback ports for this process.
func startDemo(timeout time.Duration, now func() time.Time) (*registry, error) {
	s, err := demo.Start(demo.ServeOptions{Options: demo.Options{Now: now}, ErrorLog: log.New(io.Discard, "", 0)})
	if err != nil {
		return nil, fmt.Errorf("cannot start the demo registry: %w", err)
	}
	c, err := api.New(api.Options{BaseURL: s.RegistryURL, UserAgent: userAgent(), Timeout: timeout})
	if err != nil {
		s.Close()
		return nil, err
	}
	d, err := api.NewDocumentClient(c, documentOptions(s.DocumentURL, timeout))
	if err != nil {
		s.Close()
		return nil, err
	}
	return &registry{client: c, docs: d, host: "the demo registry", demo: true, close: s.Close, now: now, streamURL: s.StreamURL}, nil
}
