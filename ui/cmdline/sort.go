package cmdline

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"coview/api"
	"coview/ui/common"
)

// Here is what the page on screen gives the line to complete and check
// what is typed: the companies opened lately (after company), and the
// columns of the list on screen (after sort; nil when no list is).
type Here struct {
	Recent  []api.Number
	Columns []string
}

// The ways :sort takes after a column, and what each means: descending
// or not.
var ways = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"up": false, "down": true, "asc": false, "desc": true,
		"ascending": false, "descending": true, "↑": false, "↓": true}
})

// sortBy is :sort: a column of the list on screen by its title (any
// case, or an unambiguous beginning of it; - or _ for a space), then up
// or down (up when not said); alone, or none, the registry's order. By
// is as table.Rows.Sort: the column+1, negative for down, 0 the
// registry's order.
func sortBy(args []string, columns []string) (Run, error) {
	if columns == nil {
		return Run{}, fmt.Errorf("Only a list can be sorted: :sort COLUMN on a list of officers, filings, results…")
	}
	down := false
	if n := len(args); n > 1 {
		if d, ok := ways()[strings.ToLower(args[n-1])]; ok {
			down, args = d, args[:n-1]
		}
	}
	typed := normal(strings.Join(args, " "))
	if typed == "" || typed == "none" {
		return Run{Sort: true}, nil
	}
	col, err := column(typed, columns)
	if err != nil {
		return Run{}, err
	}
	by := col + 1
	if down {
		by = -by
	}
	return Run{Sort: true, SortBy: by}, nil
}

// column is the column a title typed names: the one it is, or the one
// alone it begins.
func column(typed string, columns []string) (int, error) {
	if i := slices.IndexFunc(columns, func(c string) bool { return normal(c) == typed }); i >= 0 {
		return i, nil
	}
	var begun []int
	for i, c := range columns {
		if strings.HasPrefix(normal(c), typed) {
			begun = append(begun, i)
		}
	}
	switch len(begun) {
	case 1:
		return begun[0], nil
	case 0:
		return 0, fmt.Errorf("No column %q here: the columns are %s (and none, the registry's order)",
			common.Line(typed), strings.Join(columns, ", "))
	}
	names := make([]string, len(begun))
	for i, c := range begun {
		names[i] = columns[c]
	}
	return 0, fmt.Errorf("%q begins %s: type more of it", common.Line(typed), strings.Join(names, " and "))
}

// normal is a column's title as it is matched: lower case, a dash or an
// underscore for a space, one space between words.
func normal(s string) string {
	s = strings.NewReplacer("-", " ", "_", " ").Replace(strings.ToLower(s))
	return strings.Join(strings.Fields(s), " ")
}

// sortCandidates complete what is typed after sort: the columns of the
// list on screen (and none) by their beginning, then up and down after a
// column typed whole.
func sortCandidates(rest string, columns []string) []string {
	if columns == nil {
		return nil
	}
	low := strings.ToLower(rest)
	var out []string
	for _, c := range append(slices.Clone(columns), "none") {
		lc := strings.ToLower(c)
		switch {
		case len(lc) > len(low) && strings.HasPrefix(lc, low):
			out = append(out, c)
		case c != "none" && strings.HasPrefix(low, lc+" "):
			way := low[len(lc)+1:]
			for _, w := range []string{"up", "down"} {
				if len(w) > len(way) && strings.HasPrefix(w, way) {
					out = append(out, c+" "+w)
				}
			}
		}
	}
	return out
}
