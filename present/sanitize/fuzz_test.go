package sanitize

import (
	"testing"
	"unicode/utf8"
)

// Seed corpora live in testdata/fuzz/<target>; `go test` runs them as
// ordinary tests. To fuzz: go test -run='^$' -fuzz='^FuzzLine$' -fuzztime=60s ./present/sanitize/

// unsafeRune says why r must never reach a terminal, or "".
func unsafeRune(r rune, newlineAllowed bool) string {
	switch {
	case r == '\n' && newlineAllowed:
		return ""
	case r < 0x20:
		return "a C0 control"
	case r == 0x7f:
		return "DEL"
	case r >= 0x80 && r <= 0x9f:
		return "a C1 control"
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return "a bidirectional control"
	}
	return ""
}

func checkSafe(t *testing.T, fn string, in, out string, newlineAllowed bool) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("%s(%q) = %q, which is not valid UTF-8", fn, in, out)
	}
	for i, r := range out {
		if why := unsafeRune(r, newlineAllowed); why != "" {
			t.Fatalf("%s(%q) = %q keeps %U, %s, at byte %d", fn, in, out, r, why, i)
		}
	}
}

var fuzzSeeds = []string{"ACME LIMITED", "\x1b]0;pwned\x07", "a\u202eb", "caf\xc3", "x\r\ny"}

func FuzzLine(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Line(s)
		checkSafe(t, "Line", s, out, false)
		if again := Line(out); again != out {
			t.Fatalf("Line(%q) = %q, but cleaning that again gives %q", s, out, again)
		}
	})
}

func FuzzText(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Text(s)
		checkSafe(t, "Text", s, out, true)
		if again := Text(out); again != out {
			t.Fatalf("Text(%q) = %q, but cleaning that again gives %q", s, out, again)
		}
	})
}
