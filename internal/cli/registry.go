package cli

import (
	"fmt"
	"io"
	"log"
	"time"

	"github.com/spf13/pflag"

	"coview/api"
	"coview/api/demo"
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
}

// open starts the demo registry if asked, and builds clients without a
// key (keyFor finds it).
func (r *registryFlags) open(env Env) (*registry, error) {
	if r.timeout <= 0 {
		return nil, usageError("--timeout must be positive, like 10s")
	}
	if r.demo {
		return startDemo(r.timeout)
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
	return &registry{client: c, docs: d, host: c.Host(), close: func() {}}, nil
}

// documentOptions: --timeout bounds the metadata request, and a download
// only while no data arrives, so a large document on a slow line is not
// cut off.
func documentOptions(base string, timeout time.Duration) api.DocumentOptions {
	return api.DocumentOptions{BaseURL: base, Timeout: timeout, IdleTimeout: timeout}
}

// startDemo serves the demo registry, its document API and its document
// storage on loopback ports for this process.
func startDemo(timeout time.Duration) (*registry, error) {
	s, err := demo.Start(demo.ServeOptions{ErrorLog: log.New(io.Discard, "", 0)})
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
	return &registry{client: c, docs: d, host: "the demo registry", demo: true, close: s.Close}, nil
}
