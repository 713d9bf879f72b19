// Package thirdparty_test holds the copies in third_party to upstream's
// behaviour where coview changed how they work (see README.md here).
package thirdparty_test

import (
	"crypto/sha256"
	"fmt"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"

	"coview/internal/testkit/testmain"
)

// TestMain runs the tests without the race detector's second at exit
// (see package testmain).
func TestMain(m *testing.M) { testmain.Run(m) }

// The runewidth copy makes its table of widths block by block, as runes
// are measured, rather than all of it at the first rune above U+02FF:
// every rune still measures as upstream's v0.0.30 does, by the checksums
// of upstream's own TestRuneWidthChecksums over every rune, both without
// and with East Asian widths.
func TestRuneWidthCopyMeasuresEveryRuneAsUpstream(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		eastAsian bool
		want      string
	}{
		{false, "b166b7c41c9231ce5a3f05d94b0da79c245714d5f708b3002ccef55bda38152d"},
		{true, "d46d9c64c35351d6daa041d69092fb1181d63096ca089149ecc4b922bc0e2cf8"},
	} {
		c := runewidth.NewCondition()
		c.EastAsianWidth = tc.eastAsian
		widths := make([]byte, utf8.MaxRune+1)
		// From the top down, so that most blocks are made by a rune in
		// their middle, not their first.
		for r := rune(utf8.MaxRune); r >= 0; r-- {
			widths[r] = byte(c.RuneWidth(r))
		}
		if got := fmt.Sprintf("%x", sha256.Sum256(widths)); got != tc.want {
			t.Errorf("East Asian %v: the widths' checksum is %s, upstream's %s", tc.eastAsian, got, tc.want)
		}
		for _, r := range []rune{-1, utf8.MaxRune + 1} {
			if w := c.RuneWidth(r); w != 0 {
				t.Errorf("East Asian %v: %d measures %d, want 0", tc.eastAsian, r, w)
			}
		}
	}
}

// Goroutines measuring runes of blocks not made yet, all at once, each get
// the width that measuring them alone afterwards gives; under -race this
// also checks that a block is handed over whole. (Not in parallel: the
// tests that are would make every block first.)
func TestRuneWidthCopyMakesABlockOnceForManyAtOnce(t *testing.T) {
	runes := []rune{'─', '│', '›', '»', '…', '▸', '↑', '↓', '✓', '日', '本', 0x1F600, 0xE0100, 0x10FFFD}
	for _, ea := range []bool{false, true} {
		got := make([][]int, 8)
		var wg sync.WaitGroup
		for g := range got {
			wg.Go(func() {
				c := &runewidth.Condition{EastAsianWidth: ea, StrictEmojiNeutral: true}
				for _, r := range runes {
					got[g] = append(got[g], c.RuneWidth(r))
				}
			})
		}
		wg.Wait()
		c := &runewidth.Condition{EastAsianWidth: ea, StrictEmojiNeutral: true}
		for i, r := range runes {
			for g := range got {
				if want := c.RuneWidth(r); got[g][i] != want {
					t.Errorf("East Asian %v: %q measured %d at once with others, %d alone", ea, r, got[g][i], want)
				}
			}
		}
	}
}
