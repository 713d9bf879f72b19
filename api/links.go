package api

import (
	"fmt"
	"net/url"
	"strings"
)

// CheckLink decides whether a link value from a response may be followed:
// it must be a path relative to the registry's base URL. Anything with a
// scheme, a host, "//", ".." segments, or that does not start with "/" is
// refused with the reason, so the key is never sent anywhere else.
func CheckLink(link string) error {
	refuse := func(why string) error {
		return &Error{Kind: KindRefusedLink, Subject: fmt.Sprintf("link %q", shorten(link, 80)), Reason: why}
	}
	switch {
	case link == "":
		return refuse("it is empty")
	case strings.ContainsAny(link, "\\\x00\r\n\t ") || strings.ContainsFunc(link, isControl):
		return refuse("it contains spaces, backslashes or control characters")
	case strings.HasPrefix(link, "//"):
		return refuse("it is protocol-relative (starts with //) and names another host")
	case !strings.HasPrefix(link, "/"):
		if u, err := url.Parse(link); err == nil && u.Scheme != "" {
			return refuse(fmt.Sprintf("it is an absolute URL (%s://%s)", u.Scheme, u.Host))
		}
		return refuse("it does not start with /")
	}
	u, err := url.Parse(link)
	if err != nil {
		return refuse("it is not a valid URL path")
	}
	if u.Scheme != "" || u.Host != "" || u.User != nil {
		return refuse("it names a scheme or host")
	}
	if u.Fragment != "" {
		return refuse("it has a fragment")
	}
	path, err := url.PathUnescape(u.EscapedPath())
	if err != nil {
		return refuse("it has a malformed escape")
	}
	for _, seg := range strings.Split(path, "/") {
		// "..;x" is read as ".." by some servers and proxies.
		if seg == ".." || seg == "." || strings.HasPrefix(seg, "..;") || strings.HasPrefix(seg, ".;") {
			return refuse("it has a . or .. segment")
		}
	}
	if strings.Contains(path, "//") {
		return refuse("it has an empty segment (//)")
	}
	return nil
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) }

func shorten(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// URLFor is the full URL a checked link resolves to on this client's
// registry, for showing or copying. It does not contain the key.
func (c *Client) URLFor(link string) (string, error) {
	u, err := c.resolve(link, nil)
	if err != nil {
		return "", err
	}
	return u.String(), nil
}

// resolve joins a checked link onto the base URL, keeping any path prefix
// of the base (a registry served under /api works too).
func (c *Client) resolve(link string, query url.Values) (*url.URL, error) {
	if err := CheckLink(link); err != nil {
		return nil, err
	}
	ref, _ := url.Parse(link) // CheckLink parsed it already
	u := *c.base
	u.Path = strings.TrimSuffix(c.base.Path, "/") + ref.Path
	if ref.RawPath != "" {
		u.RawPath = strings.TrimSuffix(c.base.EscapedPath(), "/") + ref.RawPath
	} else {
		u.RawPath = ""
	}
	q := ref.Query()
	for k, vs := range query {
		q[k] = vs
	}
	u.RawQuery = q.Encode()
	return &u, nil
}
