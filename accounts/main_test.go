package accounts

import (
	"testing"

	"coview/internal/testkit/testmain"
)

// TestMain runs the tests without the race detector's second at exit
// (see package testmain).
func TestMain(m *testing.M) { testmain.Run(m) }
