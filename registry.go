package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"coview/api"
	"coview/api/demo"
	"coview/keystore"
)

// registryFlags choose the registry and how patient to be with it; every
// command that talks to a registry has them.
type registryFlags struct {
	baseURL string
	demo    bool
	timeout time.Duration
}

func (r *registryFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&r.baseURL, "base-url", "", "the registry's `URL` (default $COVIEW_BASE_URL, else "+api.DefaultBaseURL+")")
	fs.BoolVar(&r.demo, "demo", false, "use the built-in demo registry (no key, no network)")
	fs.DurationVar(&r.timeout, "timeout", api.DefaultTimeout, "give up on a request after this `DURATION`")
}

// registry is a chosen registry: its client and, for the demo, the server
// to stop afterwards.
type registry struct {
	client *api.Client
	host   string // the name its key is stored under
	close  func()
}

// open starts the demo registry if asked, and builds a client without a key.
func (r *registryFlags) open(env environ) (*registry, error) {
	if r.timeout <= 0 {
		return nil, usageError("--timeout must be positive, like 10s")
	}
	if r.demo {
		return startDemo(r.timeout)
	}
	base := r.baseURL
	if base == "" {
		base = env.getenv("COVIEW_BASE_URL")
	}
	c, err := api.New(api.Options{BaseURL: base, UserAgent: userAgent(), Timeout: r.timeout})
	if err != nil {
		return nil, usageError("%v", err)
	}
	return &registry{client: c, host: c.Host(), close: func() {}}, nil
}

func userAgent() string { return "coview/" + programVersion() }

// demoHost is the name the demo registry's key is kept under: its port
// changes every run, so the host would not do.
const demoHost = "demo"

// startDemo serves the demo registry on a loopback port for this process.
func startDemo(timeout time.Duration) (*registry, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("cannot start the demo registry: %w", err)
	}
	srv := &http.Server{Handler: demo.NewHandler(demo.Options{}), ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(l)
	c, err := api.New(api.Options{BaseURL: "http://" + l.Addr().String(), Key: demo.Key, UserAgent: userAgent(), Timeout: timeout})
	if err != nil {
		srv.Close()
		return nil, err
	}
	return &registry{client: c, host: demoHost, close: func() { srv.Close() }}, nil
}

// keyFor finds the key for a registry. Warnings (keyring unavailable, key read
// from a plain-text file) go to stderr once.
func keyFor(reg *registry, env environ, stderr io.Writer) (keystore.Key, error) {
	if reg.host == demoHost {
		// The demo always uses its own key: a COVIEW_API_KEY meant for the
		// live registry must not break it, and it needs no keyring.
		return keystore.Key{Value: demo.Key, Source: "built into the demo"}, nil
	}
	store := keystore.New(keystore.Options{Getenv: env.getenv})
	key, warnings, err := store.Lookup(reg.host)
	for _, w := range warnings {
		fmt.Fprintln(stderr, "coview: "+w)
	}
	if err == nil {
		return key, nil
	}
	return keystore.Key{}, err
}

// noKeyError is the one-shot commands' answer to a missing key.
func noKeyError(host string) error {
	return &exitError{code: exitAuth, msg: fmt.Sprintf(
		"no API key for %s: set %s, or run 'coview auth login' to keep one in the keyring.\n"+
			"A free REST API key comes from the registry's developer site (https://developer.company-information.service.gov.uk/).",
		host, keystore.EnvVar)}
}

// exitCode maps an error from the api layer to the documented exit codes.
func exitCode(err error) int {
	var ae *api.Error
	if !errors.As(err, &ae) {
		return exitFailure
	}
	switch ae.Kind {
	case api.KindInvalidNumber:
		return exitUsage
	case api.KindInvalidKey, api.KindMissingKey, api.KindForbidden:
		return exitAuth
	case api.KindNotFound:
		return exitNotFound
	}
	return exitFailure
}

// authHint is added under auth failures in one-shot output.
func authHint(err error) string {
	if errors.Is(err, api.ErrInvalidKey) || errors.Is(err, api.ErrMissingKey) {
		return fmt.Sprintf("Set %s or run 'coview auth login' with a REST API key for this registry.", keystore.EnvVar)
	}
	return ""
}
