package api

import "context"

// Answer is what the registry said about a resource, decoded by its kind
// into the kind's Go type (its row of the table kinds), which Value reads
// back. Raw is always the body as received (nil when "nothing there" came
// as a 404, or "no deeper" as a search's 416).
type Answer struct {
	Resource Resource
	Raw      []byte
	// Unreadable lists the members of a single item (a PSC, a charge, a
	// filing, an officer) that could not be read; lists and documents
	// carry their own.
	Unreadable []string

	value any
}

// NewAnswer is an answer about res holding value, which is of the Go type
// of res's kind (*Officers for ResOfficers...): what a registry other than
// Client (a test's, a cache's) answers with.
func NewAnswer(res Resource, raw []byte, value any) *Answer {
	return &Answer{Resource: res, Raw: raw, value: value}
}

// Value is what the answer holds as T, the Go type of its kind: *Profile
// for ResCompany, *Officers for ResOfficers, *FilingItem for ResFiling,
// *SearchResults for the searches, and so on (the table kinds). ok is
// false, and the value T's zero, when the answer holds no T: a resource
// coview has no type for (ResOther), or an answer of another kind.
func Value[T any](a *Answer) (v T, ok bool) {
	if a == nil {
		return v, false
	}
	v, ok = a.value.(T)
	return v, ok
}

// Fetch gets a resource, or the page of it that page asks for when it is
// a list, and decodes it by its kind. Each kind's "nothing there" (a 404
// for PSC statements, an empty list for officers) is an answer with the
// value's Empty set, not an error. A single item (a PSC, a charge, a
// filing, an officer) is decoded into the same type as in its list.
func (c *Client) Fetch(ctx context.Context, res Resource, page Page) (*Answer, error) {
	k := res.Kind.row()
	return k.fetch(ctx, c, res, page, k)
}

// fetchAs is Fetch of the resource of kind at link, typed.
func fetchAs[T any](ctx context.Context, c *Client, kind ResourceKind, link string, page Page) (T, error) {
	a, err := c.Fetch(ctx, Resource{Kind: kind, Link: link}, page)
	if err != nil {
		var zero T
		return zero, err
	}
	v, _ := Value[T](a)
	return v, nil
}
