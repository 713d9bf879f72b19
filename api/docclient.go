package api

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// DefaultDocumentURL is the live document API: where a filing's document
// is described (its metadata) and from where it is handed out.
const DefaultDocumentURL = "https://document-api.company-information.service.gov.uk"

// Defaults for DocumentOptions left zero.
const (
	// DefaultIdleTimeout ends a download that has received nothing for
	// this long. A download as such has no deadline: a large document on
	// a slow line takes as long as it takes, as long as it moves.
	DefaultIdleTimeout = 30 * time.Second
	// DefaultMaxDocumentBytes is far above any real filing (the largest
	// scanned accounts are tens of megabytes) and stops a runaway answer.
	DefaultMaxDocumentBytes = 200 << 20
)

// maxMetadataBytes bounds a metadata answer, a few hundred bytes live.
const maxMetadataBytes = 1 << 20

// maxRedirects bounds the hops of one request: live, content takes one
// (to storage).
const maxRedirects = 5

// DocumentOptions configure a DocumentClient. All may be left zero.
type DocumentOptions struct {
	BaseURL string // the document API; default DefaultDocumentURL
	// Timeout bounds the metadata request, answer included; default the
	// registry client's.
	Timeout time.Duration
	// IdleTimeout ends a download when no byte has arrived for this long
	// (waiting for the answer included); default DefaultIdleTimeout.
	IdleTimeout time.Duration
	// MaxBytes is the largest document accepted, checked against the
	// metadata, the Content-Length and the bytes as they come; default
	// DefaultMaxDocumentBytes.
	MaxBytes  int64
	Transport http.RoundTripper
}

// DocumentClient fetches filings' documents: their metadata from the
// document API and their content through the short-lived storage link the
// document API redirects to. It uses the registry client's key, whatever
// it is at the time (so a key entered later counts), and sends it only to
// the document API's origin and the registry's, only in the Authorization
// header of each request: never on a redirect elsewhere, since the storage
// host refuses a request that carries one and must never see it. It is
// safe for concurrent use.
type DocumentClient struct {
	base     *url.URL
	registry *Client
	timeout  time.Duration
	idle     time.Duration
	maxBytes int64
	http     *http.Client
	// progressEvery is the least time between two progress reports.
	progressEvery time.Duration
}

// NewDocumentClient builds a client for the document API that goes with
// registry, whose key and user agent it uses.
func NewDocumentClient(registry *Client, opts DocumentOptions) (*DocumentClient, error) {
	base, err := ParseDocumentURL(opts.BaseURL)
	if err != nil {
		return nil, err
	}
	c := &DocumentClient{
		base:          base,
		registry:      registry,
		timeout:       opts.Timeout,
		idle:          opts.IdleTimeout,
		maxBytes:      opts.MaxBytes,
		progressEvery: 100 * time.Millisecond,
	}
	if c.timeout <= 0 {
		c.timeout = registry.timeout
	}
	if c.idle <= 0 {
		c.idle = DefaultIdleTimeout
	}
	if c.maxBytes <= 0 {
		c.maxBytes = DefaultMaxDocumentBytes
	}
	transport := opts.Transport
	if transport == nil {
		transport = http.DefaultTransport
	}
	c.http = &http.Client{Transport: transport, CheckRedirect: c.checkRedirect}
	return c, nil
}

// ParseDocumentURL accepts the document API's URL as ParseBaseURL does the
// registry's: http or https, a host, perhaps a path prefix, and no user
// name, password, query or fragment.
func ParseDocumentURL(raw string) (*url.URL, error) {
	return ParseServiceURL(raw, DefaultDocumentURL, "document API URL")
}

// BaseURL is the document API this client talks to.
func (c *DocumentClient) BaseURL() string { return c.base.String() }

// CheckDocumentLink decides whether a link from the registry (a filing's
// links.document_metadata, a metadata's links.document) may be requested
// with the key, and returns it as a URL. It must be on the document API's
// origin (scheme, host and port) and under its path; a path alone is read
// on that origin. Anything else is refused with the reason, as CheckLink
// refuses a registry link: another host, a user name or password, a
// fragment, spaces or control characters, "." or ".." segments.
func (c *DocumentClient) CheckDocumentLink(link string) (*url.URL, error) {
	refuse := func(why string) error {
		return &Error{Kind: KindRefusedLink, Subject: fmt.Sprintf("document link %q", shorten(link, 80)), Reason: why}
	}
	switch {
	case link == "":
		return nil, refuse("it is empty")
	case strings.ContainsAny(link, "\\\x00\r\n\t ") || strings.ContainsFunc(link, isControl):
		return nil, refuse("it contains spaces, backslashes or control characters")
	case strings.HasPrefix(link, "//"):
		return nil, refuse("it is protocol-relative (starts with //) and names another host")
	}
	u, err := url.Parse(link)
	if err != nil {
		return nil, refuse("it is not a valid URL")
	}
	if !u.IsAbs() {
		if !strings.HasPrefix(link, "/") {
			return nil, refuse("it is neither an absolute URL nor a path")
		}
		u = c.base.ResolveReference(u)
	}
	switch {
	case u.User != nil:
		return nil, refuse("it carries a user name or password")
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, refuse(fmt.Sprintf("its scheme is %q, not http or https", u.Scheme))
	case origin(u) != origin(c.base):
		return nil, refuse(fmt.Sprintf("it is on %s://%s, not on the document API (%s://%s)", u.Scheme, u.Host, c.base.Scheme, c.base.Host))
	case c.base.Path != "" && !strings.HasPrefix(u.EscapedPath(), c.base.EscapedPath()+"/"):
		return nil, refuse(fmt.Sprintf("it is outside the document API's path %s", c.base.EscapedPath()))
	}
	rest := u.EscapedPath()
	if u.RawQuery != "" {
		rest += "?" + u.RawQuery
	}
	if u.Fragment != "" {
		rest += "#" + u.EscapedFragment()
	}
	var ce *Error
	if err := CheckLink(rest); errors.As(err, &ce) {
		return nil, refuse(ce.Reason)
	}
	return u, nil
}

// origin is a URL's scheme, host and port, the port spelled out, so that
// https://h and https://h:443 are one origin and http://h another.
func origin(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[scheme]
	}
	return scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}

// mayCarryKey says whether a request to u may be sent the key: only the
// document API and the registry may.
func (c *DocumentClient) mayCarryKey(u *url.URL) bool {
	o := origin(u)
	return o == origin(c.base) || o == origin(c.registry.base)
}

// currentKey is the key as it is now, for a client that shares it.
func (c *Client) currentKey() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.key
}

func basicAuth(key string) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(key+":"))
}

// checkRedirect decides each hop afresh. net/http copies the first
// request's headers onto every hop (dropping Authorization only for
// another domain, and keeping it for a subdomain) and adds a Referer that
// names the previous URL, which after the storage hop would carry its
// signature. So both are removed, and the key is put back only for the
// document API's and the registry's own origins. A hop from https to
// http, or to a URL with a user name (which net/http would turn into
// credentials), is refused.
func (c *DocumentClient) checkRedirect(req *http.Request, via []*http.Request) error {
	req.Header.Del("Authorization")
	req.Header.Del("Referer")
	if len(via) >= maxRedirects {
		return &Error{Kind: KindBadResponse, Reason: "too many redirects"}
	}
	prev := via[len(via)-1].URL
	switch {
	case req.URL.User != nil:
		return &Error{Kind: KindRefusedLink, Reason: fmt.Sprintf("it goes to a URL on %s with a user name or password", req.URL.Host)}
	case prev.Scheme == "https" && req.URL.Scheme != "https":
		return &Error{Kind: KindRefusedLink, Reason: fmt.Sprintf("it goes from https to %s://%s", req.URL.Scheme, req.URL.Host)}
	}
	if c.mayCarryKey(req.URL) {
		if key := c.registry.currentKey(); key != "" {
			req.Header.Set("Authorization", basicAuth(key))
		}
	}
	return nil
}

// newRequest builds a GET to u with the key when u may have it.
func (c *DocumentClient) newRequest(ctx context.Context, u *url.URL, accept string) (*http.Request, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, "", err
	}
	key := ""
	if c.mayCarryKey(u) {
		key = c.registry.currentKey()
	}
	if key != "" {
		req.Header.Set("Authorization", basicAuth(key))
	}
	req.Header.Set("Accept", accept)
	req.Header.Set("User-Agent", c.registry.userAgent)
	return req, key, nil
}

// answerError turns a failed answer into an error. From the document API
// or the registry it reads like the registry's own (401, 404, 429...);
// from anywhere else (the storage host) it names only the host, never the
// URL, whose query is a signature, nor the body, which may quote it.
func (c *DocumentClient) answerError(subject string, resp *http.Response, body []byte, key string) error {
	if c.mayCarryKey(resp.Request.URL) {
		rl := readRateLimit(resp.Header, c.registry.clock.Now())
		return c.registry.statusError(subject, resp, rl, body, key)
	}
	host := resp.Request.URL.Host
	e := &Error{Subject: "the document storage at " + host, Status: resp.StatusCode}
	switch code := resp.StatusCode; {
	case code == http.StatusNotFound:
		e.Kind = KindNotFound
	case code == http.StatusForbidden || code == http.StatusUnauthorized:
		e.Kind = KindServer
		e.Reason = "it refused the download link, which lasts only minutes; try again"
	default:
		e.Kind = KindServer
	}
	return e
}

// errIdle is the cause a download is cancelled with when it stalls.
var errIdle = errors.New("no data")

// transportError explains a request that got no answer, or whose answer
// broke off. host names where it was going, never the whole URL.
func (c *DocumentClient) transportError(ctx context.Context, subject, host string, err error, idle time.Duration, progress string) error {
	var apiErr *Error
	if errors.As(err, &apiErr) {
		// A redirect refused by checkRedirect.
		e := *apiErr
		e.Subject = "the redirect for " + subject
		return &e
	}
	e := &Error{Subject: subject, Err: err}
	switch {
	case errors.Is(context.Cause(ctx), errIdle):
		e.Kind = KindTimeout
		e.Reason = fmt.Sprintf("no data for %s%s", idle, progress)
	case errors.Is(ctx.Err(), context.Canceled) || errors.Is(err, context.Canceled):
		e.Kind = KindCanceled
	case errors.Is(ctx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded):
		e.Kind = KindTimeout
		e.Reason = fmt.Sprintf("no complete answer within %s", c.timeout)
	case errors.Is(err, syscall.ECONNREFUSED):
		e.Kind = KindUnreachable
		e.Reason = fmt.Sprintf("connection to %s refused", host)
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNRESET):
		e.Kind = KindBadResponse
		e.Reason = "the answer was cut short" + progress + "; try again"
	default:
		e.Kind = KindUnreachable
		var dnsErr *net.DNSError
		if errors.As(err, &dnsErr) {
			e.Reason = fmt.Sprintf("cannot resolve %s", host)
		} else {
			e.Reason = fmt.Sprintf("%s: %s", host, rootCause(err))
		}
	}
	return e
}
