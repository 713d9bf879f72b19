package register

import (
	"testing"

	"coview/internal/testkit/testmain"
)

func TestMain(m *testing.M) { testmain.Run(m) }
