package common

import (
	"context"

	"coview/api"
)

// Registry is what the browser needs from the api client (*api.Client
// satisfies it): one way to fetch any resource, and the quota and key.
type Registry interface {
	Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error)
	URLFor(link string) (string, error)
	RateLimit() api.RateLimit
	SetKey(key string)
	// SetWaitNotice is told of every wait before a request longer than a
	// moment (a spent quota), so the status line can count it down.
	SetWaitNotice(func(api.Wait))
}

var _ Registry = (*api.Client)(nil)
