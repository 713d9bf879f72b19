package e2e

import (
	"strings"
	"testing"
)

// On a terminal the styled error says what the user typed as they typed
// it: fang's style capitalised the first word of the message, which here
// is the user's input.
func TestEndToEndAStyledErrorKeepsTheUsersInputAsTyped(t *testing.T) {
	t.Parallel()
	s := startTmux(t, 100, 20, cleanEnv(t), "--demo", "--plain", "marzipan")
	screen := s.waitFor("ERROR", `is not a company number`, "coview exited with 2")
	if !strings.Contains(screen, `"marzipan" is not a company number`) || strings.Contains(screen, `"Marzipan"`) {
		t.Fatalf("the error does not quote the input as typed:\n%s", screen)
	}
}
