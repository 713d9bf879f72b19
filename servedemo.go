package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"time"

	"coview/api/demo"
)

const serveDemoUsage = `coview serve-demo: run the demo registry alone, for trying other clients

Usage:
  coview serve-demo [--addr 127.0.0.1:8080]

It answers like the live registry (Basic auth with the demo key, 401s, 404s,
paging, rate-limit headers) for these fictional companies:
%s
Flags:
%s`

func runServeDemo(ctx context.Context, args []string, env environ) error {
	fs := flag.NewFlagSet("coview serve-demo", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "`ADDRESS` to listen on (port 0 picks a free one)")
	var opts demo.Options
	fs.IntVar(&opts.Limit, "limit", 600, "requests allowed per window, per key")
	fs.DurationVar(&opts.Window, "window", 5*time.Minute, "the rate-limit window")
	fs.DurationVar(&opts.Latency, "latency", 0, "delay added to every answer, to imitate a distant registry")
	rest, err := parseFlags(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(env.stdout, serveDemoUsage, demoList(), flagDefaults(fs))
		return nil
	}
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usageError("serve-demo takes no arguments, got %q", rest[0])
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		return usageError("cannot listen on %s: %v", *addr, err)
	}
	if opts.Limit <= 0 || opts.Window <= 0 || opts.Latency < 0 {
		return usageError("--limit and --window must be positive and --latency not negative")
	}
	srv := &http.Server{Handler: demo.NewHandler(opts), ReadHeaderTimeout: 5 * time.Second}
	url := "http://" + l.Addr().String()
	fmt.Fprintf(env.stderr, "coview: demo registry on %s (ctrl+c to stop)\n", url)
	fmt.Fprintf(env.stderr, "coview: its key is the public demo key %s; try:\n  curl -u %s: %s/company/00006400\n", demo.Key, demo.Key, url)
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
	var s string
	for _, n := range demo.Numbers() {
		s += fmt.Sprintf("  %s  %s\n", n, demo.Describe(n))
	}
	return s
}
