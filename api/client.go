// Package api talks to the public company registry over HTTP: company
// profiles, the resources they link to, and the registry's errors and quota,
// as typed Go values. It knows nothing of terminals, styles or keyrings.
package api

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"
)

// DefaultBaseURL is the live registry.
const DefaultBaseURL = "https://api.company-information.service.gov.uk"

// Defaults for Options left zero.
const (
	DefaultTimeout      = 15 * time.Second
	DefaultMaxBodyBytes = 8 << 20
)

// Options configure a Client. Only BaseURL is needed; the rest have defaults.
type Options struct {
	BaseURL      string        // default DefaultBaseURL
	Key          string        // the API key; empty sends no Authorization header
	UserAgent    string        // e.g. "coview/1.2.3"
	Timeout      time.Duration // per request, body included; default DefaultTimeout
	MaxBodyBytes int64         // default DefaultMaxBodyBytes
	Transport    http.RoundTripper
	// Attempts is how many times a request is tried when the registry
	// fails in a way that may pass (502, 503, 504, a reset connection).
	// Default 3; 1 turns retries off.
	Attempts int
	// Backoff is the first wait between attempts; it doubles each time,
	// with jitter. Default 300ms.
	Backoff time.Duration
	// MaxWait is the longest one request is held back; default MaxWait.
	MaxWait time.Duration
	// Clock is the time pacing, retries and waits go by; default
	// SystemClock. The timeout of a request is the machine's, whatever it.
	Clock Clock
}

// Client requests the registry at one base URL with one key. It is safe for
// concurrent use.
type Client struct {
	base      *url.URL
	userAgent string
	timeout   time.Duration
	maxBody   int64
	http      *http.Client

	mu       sync.Mutex
	key      string
	rl       RateLimit
	inFlight int                                        // requests sent and not yet answered, for pacing
	news     chan struct{}                              // closed when rl or inFlight change, to wake pace; see quotaNewsLocked
	onWait   func(subject string, until time.Time) bool // see SetRateLimitWait
	onNotice func(Wait)                                 // see SetWaitNotice
	maxWait  time.Duration
	retries  int
	backoff  time.Duration
	clock    Clock
	skew     time.Duration // the registry's clock less the client's, by the last answer (see RegistryNow)
	served   bool          // an answer said the registry's time
}

// New checks the base URL and builds a client.
func New(opts Options) (*Client, error) {
	base, err := ParseBaseURL(opts.BaseURL)
	if err != nil {
		return nil, err
	}
	c := &Client{
		base:      base,
		key:       opts.Key,
		userAgent: opts.UserAgent,
		timeout:   opts.Timeout,
		maxBody:   opts.MaxBodyBytes,
		maxWait:   opts.MaxWait,
		clock:     opts.Clock,
	}
	if c.maxWait <= 0 {
		c.maxWait = MaxWait
	}
	if c.clock == nil {
		c.clock = SystemClock
	}
	if c.userAgent == "" {
		c.userAgent = "coview"
	}
	if c.timeout <= 0 {
		c.timeout = DefaultTimeout
	}
	if c.maxBody <= 0 {
		c.maxBody = DefaultMaxBodyBytes
	}
	c.retries = opts.Attempts
	if c.retries <= 0 {
		c.retries = 3
	}
	c.backoff = opts.Backoff
	if c.backoff <= 0 {
		c.backoff = 300 * time.Millisecond
	}
	transport := opts.Transport
	if transport == nil {
		transport = http.DefaultTransport
	}
	c.http = &http.Client{Transport: transport, CheckRedirect: c.checkRedirect}
	return c, nil
}

// ParseBaseURL accepts an http or https URL with a host and optionally a
// path prefix. User info is refused: a key typed into a URL would end up in
// shell history and error messages.
func ParseBaseURL(raw string) (*url.URL, error) {
	return ParseServiceURL(raw, DefaultBaseURL, "base URL")
}

// ParseServiceURL is ParseBaseURL for any of the registry's services (the
// document API, the streaming API): raw, else def; what names it in the
// message ("base URL").
func ParseServiceURL(raw, def, what string) (*url.URL, error) {
	if strings.TrimSpace(raw) == "" {
		raw = def
	}
	u, err := url.Parse(strings.TrimSpace(raw))
	bad := func(why string) error {
		return fmt.Errorf("invalid %s: %s; give one like %s", what, why, def)
	}
	switch {
	case err != nil:
		return nil, bad("it cannot be parsed")
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, bad("it must start with https:// or http://")
	case u.Host == "":
		return nil, bad("it has no host")
	case u.User != nil:
		return nil, bad("it must not contain a user name or password (the key is sent in a header, never in the URL)")
	case u.RawQuery != "" || u.Fragment != "":
		return nil, bad("it must not have a query or fragment")
	}
	u.Path = strings.TrimSuffix(u.Path, "/")
	u.RawPath = strings.TrimSuffix(u.RawPath, "/")
	return u, nil
}

// BaseURL is the registry this client talks to.
func (c *Client) BaseURL() string { return c.base.String() }

// Host is the registry's host (with port), the name its key is kept under.
func (c *Client) Host() string { return c.base.Host }

// SetKey replaces the key, for example after the user entered a new one.
func (c *Client) SetKey(key string) {
	c.mu.Lock()
	c.key = key
	c.mu.Unlock()
}

// HasKey reports whether a key is set.
func (c *Client) HasKey() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.key != ""
}

// RateLimit is the quota reported by the most recent response that had one.
func (c *Client) RateLimit() RateLimit {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.rl
}

// Response is a successful answer: the body exactly as received.
type Response struct {
	Status    int
	Header    http.Header
	Body      []byte
	RateLimit RateLimit
}

// Get fetches a link (a path relative to the base URL, as found in a
// profile's links) with the given query, and returns the JSON as received.
// Links that point outside the registry are refused before any request.
func (c *Client) Get(ctx context.Context, link string, query url.Values) (*Response, error) {
	return c.get(ctx, link, link, query)
}

// checkRedirect follows a redirect only within the registry's origin:
// net/http would otherwise keep the Authorization header for subdomains.
func (c *Client) checkRedirect(req *http.Request, via []*http.Request) error {
	if req.URL.Scheme != c.base.Scheme || req.URL.Host != c.base.Host {
		return &Error{Kind: KindRefusedLink, Reason: fmt.Sprintf("it goes to %s://%s and leaves the registry's origin", req.URL.Scheme, req.URL.Host)}
	}
	if len(via) >= 5 {
		return &Error{Kind: KindBadResponse, Reason: "too many redirects"}
	}
	return nil
}

// once makes one request, under its own timeout, and reads the answer.
func (c *Client) once(ctx context.Context, subject string, u *url.URL) (*Response, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, &Error{Kind: KindRefusedLink, Subject: subject, Reason: "the URL cannot be built"}
	}
	c.mu.Lock()
	key := c.key
	c.mu.Unlock()
	if key != "" {
		req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(key+":")))
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)

	resp, err := c.http.Do(req)
	if err != nil {
		return nil, c.transportError(ctx, subject, err)
	}
	defer resp.Body.Close()

	rl := readRateLimit(resp.Header, c.clock.Now())
	c.noteRateLimit(rl)
	c.noteServed(resp.Header)
	if resp.ContentLength > c.maxBody {
		// Announced as too large: refuse without reading a byte of it.
		return nil, &Error{Kind: KindTooLarge, Subject: subject, Status: resp.StatusCode,
			Reason: fmt.Sprintf("the answer is larger than %d MiB", c.maxBody>>20)}
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, c.maxBody+1))
	if err != nil {
		return nil, c.bodyError(ctx, subject, resp.StatusCode, err)
	}
	if int64(len(body)) > c.maxBody {
		return nil, &Error{Kind: KindTooLarge, Subject: subject, Status: resp.StatusCode,
			Reason: fmt.Sprintf("the answer is larger than %d MiB", c.maxBody>>20)}
	}
	if cap(body)-len(body) > len(body)/8 {
		// io.ReadAll grows by doubling; a body kept (the browser keeps
		// what it fetched, for back and the source view) should not keep
		// up to as much again of room it will never use.
		body = bytes.Clone(body)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, c.statusError(subject, resp, rl, body, key)
	}
	if !isJSONObject(body) {
		return nil, &Error{Kind: KindBadResponse, Subject: subject, Status: resp.StatusCode, Reason: notJSONReason(resp, body)}
	}
	return &Response{Status: resp.StatusCode, Header: resp.Header, Body: body, RateLimit: rl}, nil
}

func isJSONObject(body []byte) bool {
	t := bytes.TrimSpace(body)
	return len(t) > 0 && t[0] == '{' && json.Valid(t)
}

func notJSONReason(resp *http.Response, body []byte) string {
	ct := resp.Header.Get("Content-Type")
	t := bytes.TrimSpace(body)
	switch {
	case len(t) == 0:
		return "the body is empty"
	case strings.Contains(ct, "html") || bytes.HasPrefix(bytes.ToLower(t), []byte("<")):
		return "it is an HTML page, not JSON (a gateway or proxy answered instead of the registry); try again later"
	case t[0] == '{' || t[0] == '[':
		return "the JSON is malformed or cut short"
	}
	return fmt.Sprintf("it is not JSON (Content-Type %q)", shorten(ct, 40))
}

// statusError turns a non-200 answer into a typed error, reading the
// registry's error body in any of the shapes it is known to use.
func (c *Client) statusError(subject string, resp *http.Response, rl RateLimit, body []byte, key string) error {
	msg := redact(ErrorText(body), key)
	if msg == "" {
		// The search services say what they refused in a sentence of
		// plain text, not JSON.
		msg = redact(plainText(resp, body), key)
	}
	e := &Error{Subject: subject, Status: resp.StatusCode, Reason: msg}
	switch code := resp.StatusCode; {
	case code == http.StatusUnauthorized:
		authErr := strings.TrimSpace(resp.Header.Get("Registry-Authentication-Error"))
		if authErr == "" {
			authErr = msg
		}
		e.Reason = redact(shorten(authErr, 120), key)
		if key == "" || strings.EqualFold(authErr, "Empty Authorization header") {
			e.Kind = KindMissingKey
		} else {
			e.Kind = KindInvalidKey
		}
	case code == http.StatusForbidden:
		e.Kind = KindForbidden
	case code == http.StatusNotFound:
		e.Kind = KindNotFound
	case code == http.StatusBadRequest, code == http.StatusUnprocessableEntity:
		e.Kind = KindBadRequest
	case code == http.StatusTooManyRequests:
		e.Kind = KindRateLimited
		e.RetryAt, e.RetryAsked = retryAt(resp.Header, rl, c.clock.Now(), c.maxWait)
	case code >= 500:
		e.Kind = KindServer
		if !isJSONObject(body) || msg == http.StatusText(code) {
			e.Reason = "" // a gateway page or a repeat of the status says nothing new
		}
	default:
		e.Kind = KindServer
	}
	return e
}

// ErrorText is what an error body of the registry's services says: its
// {"error": ...}, {"errors": [{"error": ...}]} or {"message": ...}, cut to
// a sentence's length; anything else (an HTML page) gives "".
func ErrorText(body []byte) string {
	var flat struct {
		Error   any `json:"error"`
		Message any `json:"message"`
		Errors  []struct {
			Error any `json:"error"`
		} `json:"errors"`
	}
	if json.Unmarshal(body, &flat) != nil {
		return ""
	}
	pick := func(v any) string {
		s, _ := v.(string)
		return strings.TrimSpace(s)
	}
	var parts []string
	if s := pick(flat.Error); s != "" {
		parts = append(parts, s)
	}
	for _, e := range flat.Errors {
		if s := pick(e.Error); s != "" {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		if s := pick(flat.Message); s != "" {
			parts = append(parts, s)
		}
	}
	return shorten(strings.Join(parts, "; "), 200)
}

// plainText is a body of plain text as one line, cleaned: control
// characters dropped, white space made single, cut to a sentence's
// length; "" for an empty body, JSON or an HTML page.
func plainText(resp *http.Response, body []byte) string {
	t := bytes.TrimSpace(body)
	ct := resp.Header.Get("Content-Type")
	if len(t) == 0 || t[0] == '{' || t[0] == '[' || t[0] == '<' || strings.Contains(ct, "html") || !utf8.Valid(t) {
		return ""
	}
	return shorten(CleanQuery(string(t)), 200)
}

// redact removes the key from text the registry sent back, in case a
// server echoes it: error messages end up on screens and in logs.
func redact(s, key string) string {
	if key == "" || s == "" {
		return s
	}
	s = strings.ReplaceAll(s, key, "[key]")
	return strings.ReplaceAll(s, base64.StdEncoding.EncodeToString([]byte(key+":")), "[key]")
}

func (c *Client) transportError(ctx context.Context, subject string, err error) error {
	var apiErr *Error
	if errors.As(err, &apiErr) {
		// A redirect refused by checkRedirect.
		e := *apiErr
		e.Subject = "the redirect for " + subject
		return &e
	}
	return c.netError(ctx, subject, 0, err)
}

func (c *Client) bodyError(ctx context.Context, subject string, status int, err error) error {
	if ctx.Err() == nil && (errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)) {
		return &Error{Kind: KindBadResponse, Subject: subject, Status: status, Reason: "the answer was cut short; try again", Err: err}
	}
	return c.netError(ctx, subject, status, err)
}

func (c *Client) netError(ctx context.Context, subject string, status int, err error) error {
	e := &Error{Subject: subject, Status: status, Err: err}
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded):
		e.Kind = KindTimeout
		e.Reason = fmt.Sprintf("no complete answer within %s", c.timeout)
	case errors.Is(ctx.Err(), context.Canceled) || errors.Is(err, context.Canceled):
		e.Kind = KindCanceled
	case errors.Is(err, syscall.ECONNREFUSED):
		e.Kind = KindUnreachable
		e.Reason = fmt.Sprintf("connection to %s refused; is the base URL right and the registry up?", c.base.Host)
	case errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		e.Kind = KindUnreachable
		e.transient = true
		e.Reason = fmt.Sprintf("the connection to %s was reset; try again", c.base.Host)
	default:
		e.Kind = KindUnreachable
		var dnsErr *net.DNSError
		if errors.As(err, &dnsErr) {
			e.Reason = fmt.Sprintf("cannot resolve %s; check the base URL and your network", c.base.Host)
		} else {
			e.Reason = fmt.Sprintf("%s: %s", c.base.Host, rootCause(err))
		}
	}
	return e
}

// rootCause drops the *url.Error wrapping, whose text repeats the method and URL.
func rootCause(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err.Error()
	}
	return err.Error()
}
