package api

import (
	"net/url"
	"strings"
)

// Resource is a place on the registry: what it is, the company it belongs
// to, the item within, and the link to request.
type Resource struct {
	Kind ResourceKind
	// Number is the company the resource belongs to; "" for those that
	// belong to none (an officer's appointments, a search).
	Number Number
	// ID names the item within a list: a filing's transaction id, a
	// charge's id, an officer's id, "individual/{id}" for a PSC.
	ID string
	// Link is the path to request, with its query: checked by CheckLink,
	// so it can only ever reach the configured registry.
	Link string
}

// IsZero reports whether r names nothing.
func (r Resource) IsZero() bool { return r == Resource{} }

// Route reads a link from a response (or one built here) into a Resource.
// A link that is not a path on the registry is refused, with the reason,
// exactly as CheckLink refuses it; anything on the registry that coview
// does not know is ResOther, and still names its company when the path
// starts with one. The kinds are told apart by their rows' paths (kinds).
func Route(link string) (Resource, error) {
	if err := CheckLink(link); err != nil {
		return Resource{}, err
	}
	u, _ := url.Parse(link) // CheckLink parsed it already
	r := Resource{Link: link}
	segs := strings.Split(strings.TrimPrefix(u.Path, "/"), "/")
	if len(segs) >= 2 && segs[0] == "company" {
		n, ok := exactNumber(segs[1])
		if !ok {
			return r, nil
		}
		r.Number = n
	}
	table() // makes routes too
	for k, pattern := range routes {
		if id, ok := matchPath(pattern, segs, r.Number != ""); ok {
			r.Kind, r.ID = ResourceKind(k), id
			break
		}
	}
	return r, nil
}

// routes are the table's paths as segments, by kind; nil for ResOther.
// makeKinds makes them with the table.
var routes [][]string

func pathSegments(kinds []kind) [][]string {
	out := make([][]string, len(kinds))
	for k, row := range kinds {
		if row.path != "" {
			out[k] = strings.Split(strings.TrimPrefix(row.path, "/"), "/")
		}
	}
	return out
}

// matchPath reports whether a path's segments are those of pattern (a
// row's path), and the item's ID: its {id} segments joined with "/".
// {n} is the company number, read already (number tells whether it was
// one); an {id} is any segment but an empty one.
func matchPath(pattern, segs []string, number bool) (id string, ok bool) {
	if pattern == nil || len(pattern) != len(segs) {
		return "", false
	}
	var ids []string
	for i, p := range pattern {
		switch {
		case p == "{n}":
			if !number {
				return "", false
			}
		case p == "{id}":
			if segs[i] == "" {
				return "", false
			}
			ids = append(ids, segs[i])
		case p != segs[i]:
			return "", false
		}
	}
	return strings.Join(ids, "/"), true
}

// exactNumber accepts a path segment only if it already is a normalised
// company number: a link the registry wrote names its company exactly.
func exactNumber(seg string) (Number, bool) {
	n, err := ParseNumber(seg)
	return n, err == nil && string(n) == seg
}

// CompanyPath is the path of a company's profile.
func CompanyPath(n Number) string { return "/company/" + url.PathEscape(string(n)) }

// CompanyResource is a company's profile as a Resource.
func CompanyResource(n Number) Resource {
	return Resource{Kind: ResCompany, Number: n, Link: CompanyPath(n)}
}

// FilingPath is the path of one filing in a company's filing history, by
// its transaction id.
func FilingPath(n Number, transactionID string) string {
	return CompanyPath(n) + "/filing-history/" + url.PathEscape(transactionID)
}
