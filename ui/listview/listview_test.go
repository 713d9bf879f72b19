package listview

import (
	"fmt"
	"strings"
	"testing"
)

func newList(n, h int) Model {
	var m Model
	m.SetHeight(h)
	m.SetLen(n)
	return m
}

func TestMovingKeepsTheCursorInTheWindow(t *testing.T) {
	m := newList(100, 10)
	for range 15 {
		m.Move(1)
	}
	if m.Cursor() != 15 || m.Offset() != 6 {
		t.Fatalf("cursor %d offset %d, want 15 and 6", m.Cursor(), m.Offset())
	}
	m.Move(-20)
	if m.Cursor() != 0 || m.Offset() != 0 {
		t.Fatalf("cursor %d offset %d after moving past the top, want 0 and 0", m.Cursor(), m.Offset())
	}
}

func TestPagingAndEnds(t *testing.T) {
	m := newList(95, 10)
	m.PageDown()
	if m.Cursor() != 10 || m.Offset() != 10 {
		t.Fatalf("after pgdn cursor %d offset %d, want 10 and 10", m.Cursor(), m.Offset())
	}
	m.End()
	if m.Cursor() != 94 || m.Offset() != 85 {
		t.Fatalf("after end cursor %d offset %d, want 94 and 85", m.Cursor(), m.Offset())
	}
	m.PageDown()
	if m.Cursor() != 94 {
		t.Fatalf("pgdn at the end moved the cursor to %d", m.Cursor())
	}
	m.PageUp()
	if m.Cursor() != 84 || m.Offset() != 75 {
		t.Fatalf("after pgup cursor %d offset %d, want 84 and 75", m.Cursor(), m.Offset())
	}
	m.Home()
	if m.Cursor() != 0 || m.Offset() != 0 {
		t.Fatalf("after home cursor %d offset %d", m.Cursor(), m.Offset())
	}
}

func TestNearEndAsksForMoreWithinAScreen(t *testing.T) {
	m := newList(100, 10)
	if m.NearEnd() {
		t.Fatal("near the end at the top of 100 rows with a window of 10")
	}
	for m.Cursor() < 89 {
		m.Move(1)
	}
	if m.NearEnd() {
		t.Fatalf("near the end with the cursor at %d of 100 and a window of 10", m.Cursor())
	}
	m.Move(1)
	if !m.NearEnd() {
		t.Fatalf("not near the end with the cursor at %d of 100", m.Cursor())
	}
	if !newList(0, 10).NearEnd() {
		t.Fatal("an empty list should ask for its first page")
	}
}

func TestMoreRowsKeepTheCursor(t *testing.T) {
	m := newList(100, 10)
	m.End()
	m.SetLen(200)
	if m.Cursor() != 99 {
		t.Fatalf("cursor moved to %d when rows were added", m.Cursor())
	}
	m.Move(1)
	if m.Cursor() != 100 {
		t.Fatalf("cursor %d, want 100 in the new page", m.Cursor())
	}
}

func TestShrinkingAndResizingClamp(t *testing.T) {
	m := newList(100, 10)
	m.SetPosition(150, 140)
	if m.Cursor() != 99 || m.Offset() != 90 {
		t.Fatalf("restored past the end: cursor %d offset %d", m.Cursor(), m.Offset())
	}
	m.SetHeight(30)
	if m.Offset() != 70 {
		t.Fatalf("window taller but offset %d, want 70 (no blank rows below the end)", m.Offset())
	}
	m.SetLen(0)
	if m.Cursor() != 0 || m.Offset() != 0 {
		t.Fatalf("empty list: cursor %d offset %d", m.Cursor(), m.Offset())
	}
}

func TestRenderDrawsOnlyTheWindow(t *testing.T) {
	m := newList(10000, 5)
	m.SetPosition(5000, 4998)
	calls := 0
	out := m.Render(func(i int, selected bool) string {
		calls++
		mark := " "
		if selected {
			mark = ">"
		}
		return fmt.Sprintf("%s%d", mark, i)
	})
	if calls != 5 {
		t.Fatalf("row drawn %d times for a window of 5", calls)
	}
	want := strings.Join([]string{" 4998", " 4999", ">5000", " 5001", " 5002"}, "\n")
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}
