package cli

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"coview/api/demo"
)

const serveDemoLong = `Run the demo registry alone, for trying other clients (curl, scripts, another
coview with --base-url). It answers like the live registry (Basic auth with
the demo key, 401s, 404s, paging, rate-limit headers) for these fictional
companies:
`

// newServeDemoCommand is "coview serve-demo".
func newServeDemoCommand(env Env) *cobra.Command {
	var addr string
	var opts demo.Options
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
			return serveDemo(cmd.Context(), addr, opts, env)
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (port 0 picks a free one)")
	fs.IntVar(&opts.Limit, "limit", 600, "requests allowed per window, per key")
	fs.DurationVar(&opts.Window, "window", 5*time.Minute, "the rate-limit window")
	fs.DurationVar(&opts.Latency, "latency", 0, "delay added to every answer, to imitate a distant registry")
	return cmd
}

func serveDemo(ctx context.Context, addr string, opts demo.Options, env Env) error {
	if opts.Limit <= 0 || opts.Window <= 0 || opts.Latency < 0 {
		return usageError("--limit and --window must be positive and --latency not negative")
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return usageError("cannot listen on %s: %v", addr, err)
	}
	srv := &http.Server{
		Handler:           demo.NewHandler(opts),
		ReadHeaderTimeout: 5 * time.Second,
		ErrorLog:          serverLog(env.Stderr),
	}
	url := "http://" + l.Addr().String()
	fmt.Fprintf(env.Stderr, "coview: demo registry on %s (ctrl+c to stop)\n", url)
	fmt.Fprintf(env.Stderr, "coview: its key is the public demo key %s; try:\n  curl -u %s: %s/company/00006400\n", demo.Key, demo.Key, url)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		return srv.Shutdown(shutdown)
	}
}

func demoList() string {
	var b strings.Builder
	for _, n := range demo.Numbers() {
		fmt.Fprintf(&b, "  %s  %s\n", n, demo.Describe(n))
	}
	return strings.TrimSuffix(b.String(), "\n")
}
