package e2e

import (
	"strings"
	"testing"
)

// Issue 33 in the real binary: a company's profile, its accounts pane
// selected (which reads the latest accounts' figures from the demo's
// document API), the figures there, then enter: the figures by year,
// moved through, and a figure's sources.
func TestEndToEndTheAccountsFiguresAndTheirTableOfYears(t *testing.T) {
	t.Parallel()
	s := startTmux(t, 100, 32, cleanEnv(t), "--demo", "00006400")
	s.waitFor("MARZIPAN MOUNTAIN SOFTWARE LTD", "1 overview")
	s.keys("3")
	s.waitFor("Last type", "Figures", "year to 31 March 2025", "£1,569,093 (+17%)", "Net assets", "£687,954 (+20%)")
	s.keys("Enter")
	screen := s.waitFor("Figures by year", "Mar 2025", "Mar 2022", "figure 1 of 22")
	if !strings.Contains(selected(screen), "Turnover") || !strings.ContainsAny(selected(screen), "▁▂▃▄▅▆▇█") {
		t.Fatalf("the first figure, with its trend, is not selected:\n%s", screen)
	}
	s.downTo("Net assets")
	s.keys("Enter")
	s.waitFor("Where net assets was read from", "uk-core:NetAssetsLiabilities, context BS25", "filed 9 Dec 2025")
	s.keys("BSpace")
	s.waitFor("Last type", "£687,954 (+20%)")
	s.keys("q")
	s.waitFor("coview exited with 0")
}
