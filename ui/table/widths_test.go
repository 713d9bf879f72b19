package table

import (
	"fmt"
	"slices"
	"testing"

	"coview/present"
)

// The officers of 00006401 as they were cut before: the name column took
// the room while dates and roles were cut at every width.
var officerColumns = []present.Column{{Title: "Name", Flex: true}, {Title: "Role"}, {Title: "Appointed"}, {Title: "Resigned"}}

func TestColumnWidthsNeverCutADateOrRoleWhileTheNameHasRoom(t *testing.T) {
	widest := []int{30, len("LLP designated member"), len("before 1 Jul 1991"), len("31 Mar 2026")}
	for _, w := range []int{40, 60, 80, 120, 200} {
		ws := Widths(officerColumns, widest, nil, w)
		total := 2 + 2*(len(ws)-1)
		for _, n := range ws {
			total += n
		}
		if total > w {
			t.Errorf("at %d the columns take %d cells: %v", w, total, ws)
		}
		cut := ws[1] < widest[1] || ws[2] < widest[2] || ws[3] < widest[3]
		if cut && ws[0] > MinFlex {
			t.Errorf("at %d a role or date is cut (%v) while the name keeps %d cells", w, ws, ws[0])
		}
		if w >= 120 && (cut || ws[0] != widest[0]) {
			t.Errorf("at %d nothing should be cut: %v for %v", w, ws, widest)
		}
	}
	// Narrow columns stay as narrow as what they hold, and the name no
	// wider than the longest name: spare room goes to the end of the line.
	ws := Widths(officerColumns, []int{10, 8, 8, 1}, nil, 120)
	if ws[0] != 10 || ws[1] != 8 || ws[3] != len("Resigned") {
		t.Errorf("widths %v: columns should be as wide as their content or title", ws)
	}
}

// An optional column (an officer's identity verification) is left out on
// a line too short for every column, before a name is cut; with room it
// is drawn like any other.
func TestAnOptionalColumnGivesWayBeforeANameIsCut(t *testing.T) {
	cols := append(append([]present.Column(nil), officerColumns...), present.Column{Title: "Identity", Optional: true})
	widest := []int{31, len("Corporate secretary"), len("14 Feb 2022"), len("31 Jul 2018"), len("due 14 Dec 2026")}
	ws := Widths(cols, widest, nil, 80)
	if ws[4] != 0 || ws[0] != 31 {
		t.Errorf("at 80 the widths are %v: want the identity left out and the name whole", ws)
	}
	ws = Widths(cols, widest, nil, 120)
	if ws[4] != widest[4] || ws[0] != 31 {
		t.Errorf("at 120 the widths are %v: want every column whole", ws)
	}
}

// Issue 20, item 19: columns are sized by what matters. At 80 cells the
// officers' names are whole while a role that is long in one row in
// eight gives a cell; on a connections page, who links a company keeps
// more room than a status that is long in one row.
func TestColumnWidthsGiveTheRoomOfARareLongCellToTheName(t *testing.T) {
	officers := present.Page{Columns: []present.Column{{Title: "Name", Flex: true}, {Title: "Role", Brief: true}, {Title: "Appointed"}, {Title: "Resigned"}}}
	for i, role := range []string{"Director", "Director", "Director", "Director", "Secretary", "Director", "Director", "Corporate secretary"} {
		name := fmt.Sprintf("PERSON %04d, Rosalind Jane", i)
		if i == 7 {
			name = "QUILLFEATHER SECRETARIES LIMITED"
		}
		officers.Items = append(officers.Items, present.Item{Cells: []string{name, role, "14 Jan 2011", "31 Jul 2018"}})
	}
	connections := present.Page{Columns: []present.Column{{Title: "Company", Flex: true}, {Title: "Number"}, {Title: "Status", Brief: true}, {Title: "When"}, {Title: "Linked by", Flex: true}}}
	for i := range 8 {
		status := "Active"
		if i == 3 {
			status = "Active - proposal to strike off"
		}
		connections.Items = append(connections.Items, present.Item{Cells: []string{fmt.Sprintf("GOOSEBERRY FOOL HOLDINGS %d LIMITED", i),
			"00006411", status, "current", "1 secretary in common: Marigold Oddie-Plumb"}})
	}
	for _, tc := range []struct {
		name string
		page present.Page
		w    int
		ok   func(ws []int) bool
	}{
		{"at 80 the names are whole and the rare long role gives", officers, 80,
			func(ws []int) bool {
				return ws[0] == len("QUILLFEATHER SECRETARIES LIMITED") && ws[2] == 11 && ws[3] == 11
			}},
		{"at 120 nothing is cut", officers, 120,
			func(ws []int) bool { return ws[0] == 32 && ws[1] == len("Corporate secretary") }},
		{"at 80 who links a company keeps more than a status long in one row", connections, 80,
			func(ws []int) bool { return ws[4] > ws[2] && ws[4] >= MinFlex && ws[2] >= len("Active") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := New(&tc.page)
			ws := l.Widths(tc.w)
			total := 2 + 2*(len(ws)-1)
			for _, n := range ws {
				total += n
			}
			if total > tc.w || !tc.ok(ws) {
				t.Fatalf("widths %v (%d cells of %d) for widest %v, typical %v", ws, total, tc.w, l.Widest, l.Typical)
			}
		})
	}
}

func TestAColumnWithAMaximumLeavesTheRestToTheName(t *testing.T) {
	cols := []present.Column{{Title: "Input", Flex: true, Max: 20}, {Title: "Name", Flex: true}, {Title: "Result"}}
	for _, tc := range []struct {
		name   string
		widest []int
		w      int
		want   []int
	}{
		{"a long entry stops at its maximum", []int{31, 37, 10}, 80, []int{20, 37, 10}},
		{"a short one is as wide as it is", []int{8, 37, 10}, 80, []int{8, 37, 10}},
		{"the title is never cut", []int{2, 37, 10}, 80, []int{5, 37, 10}},
		{"narrow, the second flexible column gives way first", []int{31, 37, 10}, 50, []int{20, 14, 10}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Widths(cols, tc.widest, nil, tc.w); !slices.Equal(got, tc.want) {
				t.Fatalf("widths %v, want %v", got, tc.want)
			}
		})
	}
}

// A filing's description yields (issue 25): its pages and category are
// drawn while it keeps a line's worth of words (wordy cells), the
// category (the last) left out first; below that, neither, and the
// description is sized as before.
func TestADescriptionGivesRoomToThePagesAndCategoryDownToALineOfWords(t *testing.T) {
	cols := []present.Column{{Title: "Date"}, {Title: "Type"}, {Title: "Doc"}, {Title: "Pages", Optional: true},
		{Title: "Description", Flex: true, Yields: true}, {Title: "Category", Optional: true, Max: 22}}
	widest := []int{11, 11, 3, 3, 150, 31}
	cases := []struct {
		w                     int
		pages, category, desc int
	}{
		{80, 0, 0, 47},
		{120, 5, 0, 80},
		{160, 5, 22, 96},
		{250, 5, 22, 150},
	}
	for _, c := range cases {
		ws := Widths(cols, widest, nil, c.w)
		if ws[3] != c.pages || ws[5] != c.category || ws[4] != c.desc {
			t.Errorf("at %d: pages %d, category %d, description %d; want %d, %d, %d", c.w, ws[3], ws[5], ws[4], c.pages, c.category, c.desc)
		}
		if ws[3] > 0 && ws[4] < 64 { // a line of a description's words, which it keeps (present's wordy)
			t.Errorf("at %d the description keeps %d cells for the pages", c.w, ws[4])
		}
	}
	// Without a column that yields, an optional column is left out
	// before anything is cut, as before.
	plain := slices.Clone(cols)
	plain[4].Yields = false
	if ws := Widths(plain, widest, nil, 180); ws[3] != 0 || ws[5] != 0 {
		t.Errorf("at 180, with a description that does not yield: %v", ws)
	}
}
