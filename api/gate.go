package api

import "context"

// requestGateKey carries a RequestGate in a context.
type requestGateKey struct{}

// WithRequestGate returns a context under which every request the client
// sends to the registry asks gate first: each try, the retries after a
// 5xx or a reset connection and the retry after a 429 included. An error
// from gate is returned instead of sending (unwrapped, so that errors.Is
// finds it). A walk that spends a budget of requests counts with it what
// was sent, not what it asked for.
func WithRequestGate(ctx context.Context, gate func() error) context.Context {
	return context.WithValue(ctx, requestGateKey{}, gate)
}

// passGate asks the context's gate, if it has one, whether a request may
// go out.
func passGate(ctx context.Context) error {
	if gate, ok := ctx.Value(requestGateKey{}).(func() error); ok && gate != nil {
		return gate()
	}
	return nil
}
