package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"coview/api/demo"
	"coview/keystore"
	"coview/present/sanitize"
)

const serveDemoLong = `Run the demo registry alone, for trying other clients (curl, scripts, another
coview with --base-url and --document-url). It answers like the live registry
(Basic auth with the demo key, 401s, 404s, paging, rate-limit headers), and
beside it, each on a port of its own as live, serves a document API for the
filings' documents (the filings link to it) and the storage it redirects to,
which refuses any request that carries a key, and the streaming API, with a
key of its own (coview stream). It prints all four addresses.
The fictional companies:
`

// newServeDemoCommand is "coview serve-demo".
func newServeDemoCommand(env Env) *cobra.Command {
	var opts demo.ServeOptions
	cmd := &cobra.Command{
		Use:     "serve-demo",
		Short:   "Run the demo registry alone, for curl or other clients",
		Long:    serveDemoLong + demoList(),
		Example: "coview serve-demo --addr 127.0.0.1:8080 --latency 20ms --limit 600 --window 5m",
		Args:    cobra.ArbitraryArgs,
		// Stopping is what a signal is for here, so it ends with 0.
		Annotations: map[string]string{stopsOnSignal: "yes"},
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageError("serve-demo takes no arguments, got %q", args[0])
			}
			return serveDemo(cmd.Context(), opts, env)
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVar(&opts.Addr, "addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free one)")
	fs.StringVar(&opts.DocumentAddr, "document-addr", "", "address of the document API (default: --addr's host, a free port)")
	fs.StringVar(&opts.StorageAddr, "storage-addr", "", "address of the document storage (default: --addr's host, a free port)")
	fs.StringVar(&opts.StreamAddr, "stream-addr", "", "address of the streaming API (default: --addr's host, a free port)")
	fs.IntVar(&opts.Limit, "limit", 600, "requests allowed per window, per key")
	fs.DurationVar(&opts.Window, "window", 5*time.Minute, "the rate-limit window")
	fs.DurationVar(&opts.Latency, "latency", 0, "delay added to every answer, to imitate a distant registry")
	return cmd
}

func serveDemo(ctx context.Context, opts demo.ServeOptions, env Env) error {
	if opts.Limit <= 0 || opts.Window <= 0 || opts.Latency < 0 {
		return usageError("--limit and --window must be positive and --latency not negative")
	}
	for flag, addr := range map[string]string{"--addr": opts.Addr, "--document-addr": opts.DocumentAddr, "--storage-addr": opts.StorageAddr, "--stream-addr": opts.StreamAddr} {
		if err := checkAddr(addr); addr != "" && err != nil {
			return usageError("%s %q: %v; give a host and a port, such as 127.0.0.1:8080 (port 0 picks a free one)", flag, sanitize.Line(addr), err)
		}
	}
	now, err := demoClock(env)
	if err != nil {
		return err
	}
	opts.Now = now
	opts.ErrorLog = serverLog(env.Stderr)
	s, err := demo.Start(opts)
	if err != nil {
		// The address was well formed: it could not be had (in use, not
		// this machine's, a port that needs privileges). Not a usage error.
		msg := err.Error()
		if errors.Is(err, syscall.EADDRINUSE) {
			msg += "; another program is listening there: choose another port with --addr, or port 0 for a free one"
		}
		return &exitError{code: exitFailure, msg: msg}
	}
	fmt.Fprintf(env.Stderr, "coview: demo registry on %s (ctrl+c to stop)\n", s.RegistryURL)
	fmt.Fprintf(env.Stderr, "coview: its document API on %s, and document storage on %s\n", s.DocumentURL, s.StorageURL)
	// Lines that work pasted as they are: coview needs the key too.
	fmt.Fprintf(env.Stderr, "coview: its key is the public demo key %s; try:\n  curl -u %s: %s/company/00006400\n", demo.Key, demo.Key, s.RegistryURL)
	fmt.Fprintf(env.Stderr, "  %s=%s coview --base-url %s --document-url %s document 00006400 %s\n",
		keystore.EnvVar, demo.Key, s.RegistryURL, s.DocumentURL, demo.FilingWithXHTML)
	fmt.Fprintf(env.Stderr, "coview: its streaming API on %s, whose key is the demo streaming key %s (not the REST key); try:\n  %s=%s coview stream filings --stream-url %s\n",
		s.StreamURL, demo.StreamKey, keystore.StreamEnvVar, demo.StreamKey, s.StreamURL)
	select {
	case err := <-s.Failed():
		s.Close()
		return err
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		return s.Shutdown(shutdown)
	}
}

// checkAddr checks that an address to listen on is a host and a port.
func checkAddr(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("the port %q is not a number from 0 to 65535", port)
	}
	return nil
}

func demoList() string {
	var b strings.Builder
	for _, n := range demo.Numbers() {
		fmt.Fprintf(&b, "  %s  %s\n", n, demo.Describe(n))
	}
	b.WriteString("These change with the clock, the same way for the same minute (for coview watch):\n")
	for _, n := range demo.LivingNumbers() {
		fmt.Fprintf(&b, "  %s  %s\n", n, demo.Describe(n))
	}
	return strings.TrimSuffix(b.String(), "\n")
}
