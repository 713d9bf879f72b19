package stream

import (
	"slices"
	"strings"
	"testing"
)

// split feeds input to lines cut at every position in cuts, and returns
// the lines read and the lengths of those skipped.
func split(max int, input string, cuts ...int) (got []string, long []int) {
	l := lines{max: max}
	prev := 0
	for _, c := range append(cuts, len(input)) {
		l.feed([]byte(input[prev:c]), func(b []byte) error { got = append(got, string(b)); return nil }, func(n int) { long = append(long, n) })
		prev = c
	}
	return got, long
}

func TestALineIsReadWholeWhereverTheChunksEnd(t *testing.T) {
	input := "{\"a\":\"é€😀\"}\r\n\n{\"b\":1}\n"
	want := []string{"{\"a\":\"é€😀\"}", "", "{\"b\":1}"}
	for i := 0; i <= len(input); i++ {
		for j := i; j <= len(input); j++ {
			got, long := split(100, input, i, j)
			if !slices.Equal(got, want) || long != nil {
				t.Fatalf("cut at %d and %d: %q %v", i, j, got, long)
			}
		}
	}
}

func TestALineTooLongIsToldOnceAndNotKept(t *testing.T) {
	l := lines{max: 10}
	var got []string
	var long []int
	line := func(b []byte) error { got = append(got, string(b)); return nil }
	skip := func(n int) { long = append(long, n) }
	for range 1000 {
		l.feed([]byte(strings.Repeat("x", 1000)), line, skip)
	}
	if cap(l.part) > 10 || l.pending() != 1_000_000 {
		t.Fatalf("kept %d bytes of room, %d pending", cap(l.part), l.pending())
	}
	l.feed([]byte("x\nshort\n"), line, skip)
	if !slices.Equal(long, []int{1_000_001}) || !slices.Equal(got, []string{"short"}) {
		t.Fatalf("long %v, lines %q", long, got)
	}
	// A line that becomes too long only in its last chunk.
	got, long = split(10, "12345678901\nok\n", 5)
	if !slices.Equal(long, []int{11}) || !slices.Equal(got, []string{"ok"}) {
		t.Fatalf("long %v, lines %q", long, got)
	}
}

func TestAnEventNearTheLimitIsKept(t *testing.T) {
	got, long := split(10, "1234567890\n", 3)
	if !slices.Equal(got, []string{"1234567890"}) || long != nil {
		t.Fatalf("lines %q long %v", got, long)
	}
}
