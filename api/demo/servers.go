package demo

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"time"
)

// ServeOptions configure Start: the registry's Options (its rate limit,
// latency and clock, which the document API shares, with a quota of its
// own), where to listen, and how fast the slow document goes.
type ServeOptions struct {
	Options
	// Addr, DocumentAddr, StorageAddr, StreamAddr and DownloadAddr are
	// where the registry, the document API, the storage, the streaming
	// API and the download site listen. "" is a free port: on 127.0.0.1
	// for Addr, and on Addr's host for the others.
	Addr, DocumentAddr, StorageAddr, StreamAddr, DownloadAddr string
	// Stream tunes the streaming API; its clock is the registry's
	// unless it has its own.
	Stream StreamOptions
	// SlowDocumentRate is how fast FilingSlowDocument is sent, in bytes a
	// second; 0 means 4 MB a second (its 20 MB take about 5 seconds).
	SlowDocumentRate int
	// ErrorLog is where the servers log what goes wrong with connections;
	// nil is the standard logger.
	ErrorLog *log.Logger
	// Wrap, when set, wraps each of the servers' handlers: a
	// test's request meter, counting what a client asks of them all.
	Wrap func(http.Handler) http.Handler
}

// Servers are the demo registry, its document API, the storage the
// document API hands content out from, and the download site of the
// monthly company file, each on a listener of its own, as the live
// services are on hosts of their own: so a client's rule that the key
// goes to the registry and the document API and never to the storage or
// the download site is put to the test. The registry's filings link to this
// document API (their links.document_metadata are rewritten to it).
// Beside them, on a host of its own too, is the streaming API, with a
// key of its own (StreamKey).
type Servers struct {
	RegistryURL string // e.g. http://127.0.0.1:8080
	DocumentURL string // the document API
	StorageURL  string // where the document API redirects content requests
	StreamURL   string // the streaming API (key StreamKey)
	DownloadURL string // the download site, with the monthly file (its page: DownloadURL + "/en_output.html")

	servers []*http.Server
	failed  chan error
}

// Start listens on the four addresses and serves until Close or
// Shutdown. It is what coview --demo and coview serve-demo run, and what
// tests use for the whole demo, documents included.
func Start(opts ServeOptions) (*Servers, error) {
	addr := opts.Addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("cannot listen on %s: %w", addr, err)
	}
	other := func(a string) string {
		if a == "" {
			return net.JoinHostPort(host, "0")
		}
		return a
	}
	var listeners []net.Listener
	closeAll := func() {
		for _, l := range listeners {
			l.Close()
		}
	}
	for _, a := range []string{addr, other(opts.DocumentAddr), other(opts.StorageAddr), other(opts.StreamAddr), other(opts.DownloadAddr)} {
		l, err := net.Listen("tcp", a)
		if err != nil {
			closeAll()
			return nil, fmt.Errorf("cannot listen on %s: %w", a, err)
		}
		listeners = append(listeners, l)
	}
	url := func(l net.Listener) string { return "http://" + l.Addr().String() }
	s := &Servers{
		RegistryURL: url(listeners[0]),
		DocumentURL: url(listeners[1]),
		StorageURL:  url(listeners[2]),
		StreamURL:   url(listeners[3]),
		DownloadURL: url(listeners[4]),
		failed:      make(chan error, len(listeners)),
	}

	secret := make([]byte, 32)
	rand.Read(secret)
	docs := newDocuments(opts, s.DocumentURL, s.StorageURL, secret)
	registry := opts.Options
	registry.DocumentURL = s.DocumentURL
	if opts.Stream.Clock == nil {
		opts.Stream.Clock = nowClock{now: opts.Now}
	}
	for i, h := range []http.Handler{NewHandler(registry), docs.api(), docs.storage(), NewStreamHandler(opts.Stream), NewDownloadHandler(opts.Now)} {
		_, streaming := h.(*streamHandler)
		if opts.Wrap != nil {
			h = opts.Wrap(h)
		}
		srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ErrorLog: opts.ErrorLog}
		if streaming {
			endStreams(srv)
		}
		s.servers = append(s.servers, srv)
		go func() {
			if err := srv.Serve(listeners[i]); !errors.Is(err, http.ErrServerClosed) {
				s.failed <- err
			}
		}()
	}
	return s, nil
}

// endStreams ends the answers still being sent (a stream's never ends by
// itself) as soon as the server shuts down, instead of when its deadline
// cuts them off.
func endStreams(srv *http.Server) {
	ctx, cancel := context.WithCancel(context.Background())
	srv.BaseContext = func(net.Listener) context.Context { return ctx }
	srv.RegisterOnShutdown(cancel)
}

// Failed delivers the error of a server that stopped by itself (its
// listener failed); one that was closed or shut down delivers nothing.
func (s *Servers) Failed() <-chan error { return s.failed }

// Close stops them all at once, cutting off requests in flight.
func (s *Servers) Close() {
	for _, srv := range s.servers {
		srv.Close()
	}
}

// Shutdown stops them all, letting requests in flight finish until ctx
// ends, and then cutting them off.
func (s *Servers) Shutdown(ctx context.Context) error {
	var errs []error
	for _, srv := range s.servers {
		if err := srv.Shutdown(ctx); err != nil {
			srv.Close()
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
