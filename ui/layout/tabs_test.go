package layout

import (
	"context"
	"testing"

	"coview/ui/common"
)

func TestTabAtFindsTheTabUnderAColumn(t *testing.T) {
	t.Parallel()
	c := common.New(context.Background(), nil, nil)
	line := c.TabsLine([]string{"overview", "address", "accounts", "confirmation", "links"}, 2, 120)
	// "   1 overview  2 address  3 accounts  4 confirmation  5 links "
	for _, tc := range []struct {
		name string
		x    int
		want int
		ok   bool
	}{
		{"the margin is no tab", 0, 0, false},
		{"on the first tab's number", 2, 0, true},
		{"on the first tab's name", 6, 0, true},
		{"on the second tab", 17, 1, true},
		{"on the selected third tab", 27, 2, true},
		{"on the last tab", 57, 4, true},
		{"past the tabs", 80, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := TabAt(line, tc.x)
			if got != tc.want || ok != tc.ok {
				t.Fatalf("TabAt(x=%d) = %d, %v; want %d, %v", tc.x, got, ok, tc.want, tc.ok)
			}
		})
	}
	if _, ok := TabAt("  1 officer appointed", 3); ok {
		t.Error("a line that merely begins with a 1 was taken for tabs")
	}
}
