package stream

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"sync"
	"time"

	"coview/api"
)

// MaxPerKey is the most connections one key may hold: the registry
// raised its limit from 2 to 9 "to allow users to simultaneously connect
// to all streams".
const MaxPerKey = 9

// Defaults for Options left zero.
const (
	DefaultHeartbeat      = 30 * time.Second
	DefaultConnectTimeout = 60 * time.Second
	DefaultMaxLine        = 4 << 20
	DefaultFirstBackoff   = time.Second
	DefaultMaxBackoff     = 60 * time.Second
	DefaultRateLimitWait  = 60 * time.Second
	DefaultMaxRateLimit   = 15 * time.Minute
	DefaultRemember       = 1 << 16
)

// Options configure a Streams. Only Key is needed; the rest have defaults.
type Options struct {
	// BaseURL is the streaming API; default DefaultURL. The key is sent
	// to this origin only, never across a redirect to another.
	BaseURL   string
	Key       string // the streaming key (not the REST key)
	UserAgent string
	Transport http.RoundTripper

	// Clock is the time every wait is on; nil is the machine's
	// (api.SystemClock). A test passes one it moves on itself.
	Clock api.Clock
	// Jitter is a number in [0, 1) that spreads reconnections out (a
	// wait is shortened by up to half); nil is math/rand's, and a func
	// returning 0 turns it off.
	Jitter func() float64

	// Heartbeat is how often the stream sends a blank line; a
	// connection without a byte for three of them is dead. Default 30s.
	Heartbeat time.Duration
	// ConnectTimeout bounds the wait for the stream's answer; default
	// 60s (a gateway answers 504 after about 40).
	ConnectTimeout time.Duration
	// MaxLine is the longest line kept; longer ones are skipped. Default
	// 4 MiB, far above any event.
	MaxLine int
	// FirstBackoff and MaxBackoff bound the wait before connecting again
	// after a connection ended or failed: the first is soon, each
	// failure in a row doubles it, never beyond the most. Defaults 1s
	// and 60s.
	FirstBackoff, MaxBackoff time.Duration
	// RateLimitWait and MaxRateLimit bound the wait after a 429: see
	// Streams.Follow. Defaults 60s and 15m.
	RateLimitWait, MaxRateLimit time.Duration
	// Remember is how many resources are remembered to tell a repeated
	// event; default 65,536.
	Remember int

	// OnWait is told of every wait as it begins, OnNotice of what
	// happens; each is called on the follow's goroutine, so it must
	// return quickly. nil tells nothing.
	OnWait   func(Wait)
	OnNotice func(Notice)
}

// Streams follows streams with one key: at most one connection a stream,
// and at most MaxPerKey in all. It is safe for concurrent use.
type Streams struct {
	opts Options
	base *url.URL
	http *http.Client

	mu     sync.Mutex
	active map[string]bool
	counts map[string]*Counts
}

// New checks the options and makes a Streams.
func New(opts Options) (*Streams, error) {
	base, err := ParseURL(opts.BaseURL)
	if err != nil {
		return nil, err
	}
	if opts.Key == "" {
		return nil, errors.New("no streaming key")
	}
	if opts.Clock == nil {
		opts.Clock = api.SystemClock
	}
	if opts.Jitter == nil {
		opts.Jitter = rand.Float64
	}
	if opts.UserAgent == "" {
		opts.UserAgent = "coview"
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&opts.Heartbeat, DefaultHeartbeat)
	def(&opts.ConnectTimeout, DefaultConnectTimeout)
	def(&opts.FirstBackoff, DefaultFirstBackoff)
	def(&opts.MaxBackoff, DefaultMaxBackoff)
	def(&opts.RateLimitWait, DefaultRateLimitWait)
	def(&opts.MaxRateLimit, DefaultMaxRateLimit)
	if opts.MaxLine <= 0 {
		opts.MaxLine = DefaultMaxLine
	}
	if opts.Remember <= 0 {
		opts.Remember = DefaultRemember
	}
	transport := opts.Transport
	if transport == nil {
		transport = http.DefaultTransport
	}
	s := &Streams{opts: opts, base: base, active: map[string]bool{}, counts: map[string]*Counts{}}
	s.http = &http.Client{Transport: transport, CheckRedirect: s.checkRedirect}
	return s, nil
}

// ParseURL reads a streaming API's base URL: http or https, a host, maybe
// a path; "" is DefaultURL. A user name or password, a query or a
// fragment is refused: the key goes in a header, never in the URL.
func ParseURL(raw string) (*url.URL, error) {
	return api.ParseServiceURL(raw, DefaultURL, "stream URL")
}

// URL is the streaming API these Streams follow.
func (s *Streams) URL() string { return s.base.String() }

// checkRedirect follows a redirect only within the stream's origin.
func (s *Streams) checkRedirect(req *http.Request, via []*http.Request) error {
	if req.URL.Scheme != s.base.Scheme || req.URL.Host != s.base.Host {
		return &Error{kind: kindRefused, Reason: fmt.Sprintf("it redirected to %s://%s, another host; the key is never sent there, so the redirect was not followed", req.URL.Scheme, req.URL.Host)}
	}
	if len(via) >= 5 {
		return &Error{kind: kindRefused, Reason: "too many redirects"}
	}
	return nil
}

// acquire takes the stream's one connection, or says why not.
func (s *Streams) acquire(name string) (release func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.active[name]:
		return nil, &Error{Stream: name, kind: kindBusy}
	case len(s.active) >= MaxPerKey:
		return nil, &Error{Stream: name, kind: kindTooMany}
	}
	s.active[name] = true
	if s.counts[name] == nil {
		s.counts[name] = &Counts{}
	}
	return func() {
		s.mu.Lock()
		delete(s.active, name)
		s.mu.Unlock()
	}, nil
}

// Counts are what the follows of a stream saw, so far.
func (s *Streams) Counts(name string) Counts {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.counts[name]; c != nil {
		return *c
	}
	return Counts{}
}

// count changes a stream's counts.
func (s *Streams) count(name string, f func(*Counts)) {
	s.mu.Lock()
	f(s.counts[name])
	s.mu.Unlock()
}
