package connections_test

import (
	"testing"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit"
	"coview/internal/testkit/testclient"
)

// demoRegistry serves the demo registry over loopback, counted, and a
// client for it with the demo key: one attempt a request, so that a
// failure on purpose is not retried.
func demoRegistry(t *testing.T, opts demo.Options) (*api.Client, *testkit.Meter) {
	t.Helper()
	c, srv := testclient.Demo(t, opts, testclient.Attempts(1))
	return c, srv.Meter
}
