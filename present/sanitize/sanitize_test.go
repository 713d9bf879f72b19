package sanitize

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLineNeutralisesEverythingThatControlsATerminal(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain text is untouched", "ACME WIDGETS LIMITED", "ACME WIDGETS LIMITED"},
		{"accented text is untouched", "Société Générale – Zürich", "Société Générale – Zürich"},
		{"a CSI sequence is shown, not obeyed", "A\x1b[2JB", "A␛[2JB"},
		{"an OSC title change is shown", "\x1b]0;pwned\x07X", "␛]0;pwned␇X"},
		{"an OSC 52 clipboard write is shown", "\x1b]52;c;ZXZpbA==\x1b\\", "␛]52;c;ZXZpbA==␛\\"},
		{"the bell is shown", "ding\x07", "ding␇"},
		{"backspace is shown", "abc\x08\x08", "abc␈␈"},
		{"a carriage return cannot overwrite", "safe\rEVIL", "safe EVIL"},
		{"NUL is shown", "a\x00b", "a␀b"},
		{"DEL is shown", "a\x7fb", "a␡b"},
		{"a C1 CSI is shown", "a\u009b2Jb", "a<U+009B>2Jb"},
		{"a bidi override is shown", "abc\u202edcba", "abc<U+202E>dcba"},
		{"an isolate is shown", "\u2066x\u2069", "<U+2066>x<U+2069>"},
		{"a zero-width space is shown", "AC\u200bME", "AC<U+200B>ME"},
		{"newlines and tabs become spaces", "a\nb\tc", "a b c"},
		{"invalid UTF-8 becomes the replacement character", "a\xffb", "a\uFFFDb"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := Line(tc.in)
			if got != tc.want {
				t.Fatalf("Line(%q) = %q, want %q", tc.in, got, tc.want)
			}
			for _, r := range got {
				if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
					t.Fatalf("Line(%q) still has control %U", tc.in, r)
				}
			}
		})
	}
}

func TestTextKeepsNewlinesButNotCarriageReturns(t *testing.T) {
	if got := Text("a\r\nb\x1b"); got != "a\nb␛" {
		t.Fatalf("Text = %q", got)
	}
}

func BenchmarkLinePlain(b *testing.B) {
	s := strings.Repeat("ACME WIDGETS LIMITED ", 4)
	for b.Loop() {
		Line(s)
	}
}

// Issue 20, item 6: JSON printed as received carries nothing raw that a
// terminal would obey, and still reads as the same document.
func TestJSONEscapesWhatATerminalWouldObey(t *testing.T) {
	in := []byte(`{"name":"A\u001b[2J ` + "\u202eevil\u202c \u0085\u009b6n \u200b \x7f \xff\x9b \u2028 Zürich" + `",` + "\n" + ` "n": 1}`)
	got := JSON(in)
	for i := 0; i < len(got); {
		r, size := utf8.DecodeRune(got[i:])
		if (r == utf8.RuneError && size == 1) || (r < 0x20 && r != '\n') || r == 0x7f || (r >= 0x80 && r < 0xa0) || isBidiControl(r) || isInvisibleFormat(r) {
			t.Fatalf("JSON left %q raw in %q", r, got)
		}
		i += size
	}
	var before, after map[string]any
	if err := json.Unmarshal(in, &before); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(got, &after); err != nil {
		t.Fatalf("%q is not JSON: %v", got, err)
	}
	if !reflect.DeepEqual(before, after) {
		t.Fatalf("the document changed: %v, now %v", before, after)
	}
	if plain := []byte(`{"a":"Zürich – ok"}`); &JSON(plain)[0] != &plain[0] {
		t.Error("a clean document was copied")
	}
}
