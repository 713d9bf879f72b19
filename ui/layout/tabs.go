package layout

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// TabAt is the tab at column x of a line drawn as a row of tabs
// (common.TabsLine: " 1 name  2 name ..."), counting from 0; ok is false
// when the line is no row of tabs or x is on none.
func TabAt(line string, x int) (int, bool) {
	plain := ansi.Strip(line)
	if !strings.HasPrefix(plain, "  1 ") {
		return 0, false
	}
	starts := []int{1}
	for n := 2; n <= 9; n++ {
		from := starts[len(starts)-1]
		i := strings.Index(plain[from:], "  "+strconv.Itoa(n)+" ")
		if i < 0 {
			break
		}
		starts = append(starts, from+i+1)
	}
	if len(starts) < 2 {
		return 0, false
	}
	end := len(strings.TrimRight(plain, " ")) + 1
	// Columns are cells; the labels are ASCII up to the end of the tabs.
	for i, s := range starts {
		next := end
		if i+1 < len(starts) {
			next = starts[i+1]
		}
		if x >= s && x < next {
			return i, true
		}
	}
	return 0, false
}
