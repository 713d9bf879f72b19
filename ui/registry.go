package ui

import (
	"context"
	"io"
	"net/url"
	"time"

	"coview/api"
)

// Registry is what the browser needs from the api client (*api.Client
// satisfies it).
type Registry interface {
	Company(ctx context.Context, number string) (*api.Profile, error)
	Officers(ctx context.Context, link string, page api.Page) (*api.Officers, error)
	FilingHistory(ctx context.Context, link string, page api.Page) (*api.FilingHistory, error)
	PSCStatements(ctx context.Context, link string, page api.Page) (*api.PSCStatements, error)
	Appointments(ctx context.Context, link string, page api.Page) (*api.Appointments, error)
	Get(ctx context.Context, link string, query url.Values) (*api.Response, error)
	URLFor(link string) (string, error)
	RateLimit() api.RateLimit
	SetKey(key string)
}

var _ Registry = (*api.Client)(nil)

// Options configure the browser.
type Options struct {
	Registry Registry
	Numbers  []string                         // open the first; offer the rest
	NeedKey  bool                             // no key found: start on the key screen
	SaveKey  func(key string) (string, error) // validates and stores; returns the cleaned key to use, or an error saying why
	StateDir string                           // where "recent" lives; "" = XDG default
	Now      func() time.Time                 // nil = time.Now (tests pin it)
	Version  string
	Input    io.Reader // nil = stdin
	Output   io.Writer // nil = stdout
}
