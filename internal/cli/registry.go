package cli

import (
	"fmt"
	"io"
	"log"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/spf13/pflag"

	"coview/api"
	"coview/api/demo"
	"coview/present/sanitize"
	"coview/register"
	"coview/stream"
)

// registryFlags choose the registry and how patient to be with it; every
// command that talks to a registry has them.
type registryFlags struct {
	baseURL     string
	documentURL string
	streamURL   string
	downloadURL string
	demo        bool
	timeout     time.Duration
	// offline answers only from the register's index on this machine;
	// live never does (offline.go).
	offline, live bool
	// demoWrap wraps the demo's servers' handlers: a test's request
	// meter.
	demoWrap func(http.Handler) http.Handler
}

// register declares the registry flags on fs: the root's persistent
// flags, so that every command has them, wherever they are on the line.
func (r *registryFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&r.baseURL, "base-url", "", "the registry's URL (default $COVIEW_BASE_URL, else "+api.DefaultBaseURL+")")
	fs.StringVar(&r.documentURL, "document-url", "", "the document API's URL, where filings' documents come from (default $COVIEW_DOCUMENT_URL, else "+api.DefaultDocumentURL+")")
	fs.StringVar(&r.streamURL, "stream-url", "", "the streaming API's URL (default $COVIEW_STREAM_URL, the settings' stream_url, else "+stream.DefaultURL+")")
	fs.StringVar(&r.downloadURL, "download-url", "", "the download site's page of the monthly file (default $COVIEW_DOWNLOAD_URL, the settings' download_url, else "+register.DefaultDownloadURL+")")
	fs.BoolVar(&r.demo, "demo", false, "use the built-in demo registry (no key, no network)")
	fs.DurationVar(&r.timeout, "timeout", api.DefaultTimeout, "give up on a request after this long, and on a download after this long without data")
	fs.BoolVar(&r.offline, "offline", false, "answer only from the register's index on this machine: no request, no key (coview index update makes it)")
	fs.BoolVar(&r.live, "live", false, "ask the registry, even what the register's index on this machine could answer")
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
	if err := r.checkSource(); err != nil {
		return nil, err
	}
	if r.offline {
		return nil, &exitError{code: exitOffline, msg: "--offline answers only from the register's index on this machine (searches of companies, screenings, a company as the file holds it), and this asks the registry: leave --offline out"}
	}
	if r.demo {
		now, err := r.clock(env)
		if err != nil {
			return nil, err
		}
		return startDemo(r.timeout, now, r.demoWrap)
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

// today is the registry's clock, for a watch list, which compares when
// it read a company with when the stream says a change was published:
// the demo's, or the registry's own as its answers tell it
// (api.Client.RegistryNow), whatever this machine's clock says.
func (r *registry) today() time.Time {
	if r.demo {
		return r.now()
	}
	return r.client.RegistryNow()
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
func startDemo(timeout time.Duration, now func() time.Time, wrap func(http.Handler) http.Handler) (*registry, error) {
	s, err := demo.Start(demo.ServeOptions{Options: demo.Options{Now: now}, ErrorLog: log.New(io.Discard, "", 0), Wrap: wrap})
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

// registryFlagsUsed are the registry flags a command (by its path under
// the root: "watch list") uses; nil is all of them. Every command has
// them all, but its help offers only these: watch list reads the list
// of the registry --demo or --base-url names, and asks it nothing.
func registryFlagsUsed(path string) []string {
	switch path {
	case "watch list", "watch remove", "watch changes", "watch deadlines":
		return []string{"base-url", "demo"}
	case "search", "screen":
		return []string{"base-url", "demo", "timeout", "offline", "live"}
	case "disqualified", "connections", "watch add", "watch check":
		return []string{"base-url", "demo", "timeout"}
	case "auth", "auth login", "auth status", "auth logout":
		return []string{"base-url", "stream-url", "demo", "timeout"}
	case "stream":
		return []string{"stream-url", "demo", "timeout"}
	case "watch follow":
		return []string{"base-url", "stream-url", "demo", "timeout"}
	case "index", "index update":
		return []string{"download-url", "demo", "timeout"}
	case "index status", "index remove":
		return []string{"demo"}
	case "document", "accounts":
		return []string{"base-url", "document-url", "demo", "timeout"}
	case "config", "config show", "config edit", "config path", "serve-demo", "man", "help", "environment", "exit-codes", "completion",
		"completion bash", "completion zsh", "completion fish", "completion powershell":
		return []string{}
	}
	return nil
}

// offerUsedRegistryFlags makes the help of every command under root
// leave out the registry flags it does not use (registryFlagsUsed).
func offerUsedRegistryFlags(root *cobra.Command) {
	help := func(c *cobra.Command, args []string) {
		used := registryFlagsUsed(strings.TrimPrefix(c.CommandPath(), root.Name()+" "))
		var hidden []*pflag.Flag
		if used != nil {
			c.InheritedFlags().VisitAll(func(f *pflag.Flag) {
				if slices.Contains(registryFlagNames, f.Name) && !f.Hidden && !slices.Contains(used, f.Name) {
					f.Hidden = true
					hidden = append(hidden, f)
				}
			})
		}
		root.HelpFunc()(c, args)
		for _, f := range hidden {
			f.Hidden = false
		}
	}
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			sub.SetHelpFunc(help)
			walk(sub)
		}
	}
	walk(root)
}

// registryFlagNames are the flags register declares.
var registryFlagNames = []string{"base-url", "document-url", "stream-url", "download-url", "demo", "timeout", "offline", "live"}
