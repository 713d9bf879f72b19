package api

import (
	"testing"

	"coview/internal/testkit"
	"coview/internal/testkit/testmain"
)

func TestMain(m *testing.M) {
	// The tests that run in parallel here (t.Parallel) wait: out 429s,
	// quota windows and timeouts of registries of their own, each test
	// with its own, and compute next to nothing meanwhile. The rest run
	// one at a time, first.
	testkit.Parallel(8)
	testmain.Run(m)
}
