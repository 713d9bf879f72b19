package e2e

import (
	"strings"
	"testing"
	"time"

	"coview/api/demo"
	"coview/internal/testkit"
)

// Issue 24 in the real binary: a block of ten numbers pasted as a
// bracketed paste opens a screening, whose table fills in as the
// registry answers (a registry 300 ms away, so that it can be seen
// filling); enter opens a company, at no cost (the screening read it),
// and back returns to the table where it was left.
func TestEndToEndAPastedBlockIsScreenedAndACompanyOpenedAndBack(t *testing.T) {
	t.Parallel()
	srv := testkit.Demo(t, demo.Options{Latency: 300 * time.Millisecond})
	s := startTmux(t, 120, 40, cleanEnv(t, "COVIEW_API_KEY="+demo.Key), "--base-url", srv.URL)
	s.waitFor("Company ›")

	s.paste("00006400\n00006401\n00006402\n00006403\nOC006404\nSC006405\nFC006406\n00006407\n00006408\n00006409\n")
	s.waitFor("Screening of 10 entries", "Screening: ", "… esc stops")
	screen := s.waitFor("10 rows: 10 ok", "WONKY WHEELBARROW WORKS LIMITED", "in liquidation; accou", "strike-off proposed")
	if strings.Contains(screen, "Screening: ") {
		t.Fatalf("the status line still says the screening runs:\n%s", screen)
	}
	if n := srv.Requests(); n != 10 {
		t.Fatalf("ten companies screened with %d requests, want one each", n)
	}

	s.keys("Down", "Down", "Down")
	s.waitFor("▸ 00006403")
	s.keys("Enter")
	s.waitFor("WONKY WHEELBARROW WORKS LIMITED  00006403", "! accounts overdue", "1 overview",
		"Screening of 10 entries › WONKY WHEELBARROW WORKS LIMITED")
	s.keys("BSpace")
	s.waitFor("Screening of 10 entries", "10 rows: 10 ok", "▸ 00006403")
	if n := srv.Requests(); n != 10 {
		t.Fatalf("opening a company the screening read, and coming back, cost %d requests", n-10)
	}
	s.keys("q")
	s.waitFor("coview exited with 0")
}
