package cli

import (
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/spf13/pflag"

	"coview/api"
	"coview/api/demo"
)

// registryFlags choose the registry and how patient to be with it; every
// command that talks to a registry has them.
type registryFlags struct {
	baseURL string
	demo    bool
	timeout time.Duration
}

func (r *registryFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&r.baseURL, "base-url", "", "the registry's URL (default $COVIEW_BASE_URL, else "+api.DefaultBaseURL+")")
	fs.BoolVar(&r.demo, "demo", false, "use the built-in demo registry (no key, no network)")
	fs.DurationVar(&r.timeout, "timeout", api.DefaultTimeout, "give up on a request after this long")
}

// registry is a chosen registry: its client, the name its key is kept
// under (its host), and, for the demo, the server to stop afterwards.
type registry struct {
	client *api.Client
	host   string // for the demo, a name for messages only: its key is built in
	demo   bool
	close  func()
}

// open starts the demo registry if asked, and builds a client without a
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
	c, err := api.New(api.Options{BaseURL: base, UserAgent: userAgent(), Timeout: r.timeout})
	if err != nil {
		return nil, usageError("%v", err)
	}
	return &registry{client: c, host: c.Host(), close: func() {}}, nil
}

// startDemo serves the demo registry on a loopback port for this process.
func startDemo(timeout time.Duration) (*registry, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("cannot start the demo registry: %w", err)
	}
	srv := &http.Server{Handler: demo.NewHandler(demo.Options{}), ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(l)
	c, err := api.New(api.Options{BaseURL: "http://" + l.Addr().String(), UserAgent: userAgent(), Timeout: timeout})
	if err != nil {
		srv.Close()
		return nil, err
	}
	return &registry{client: c, host: "the demo registry", demo: true, close: func() { srv.Close() }}, nil
}
