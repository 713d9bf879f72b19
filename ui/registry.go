package ui

import (
	"context"
	"io"
	"time"

	"coview/api"
)

// Registry is what the browser needs from the api client (*api.Client
// satisfies it): one way to fetch any resource, and the quota and key.
type Registry interface {
	Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error)
	URLFor(link string) (string, error)
	RateLimit() api.RateLimit
	SetKey(key string)
}

var _ Registry = (*api.Client)(nil)

// Options configure the browser.
type Options struct {
	Registry Registry
	Numbers  []api.Number                     // open the first; offer the rest
	NeedKey  bool                             // no key found: start on the key screen
	SaveKey  func(key string) (string, error) // validates and stores; returns the cleaned key to use, or an error saying why
	StateDir string                           // where "recent" lives; "" = XDG default
	Now      func() time.Time                 // nil = time.Now (tests pin it)
	Version  string
	Input    io.Reader // nil = stdin
	Output   io.Writer // nil = stdout
}
