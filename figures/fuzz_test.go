package figures

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// The seed corpus is every fixture; `go test` runs it as an ordinary
// test. To fuzz: go test -run='^$' -fuzz='^FuzzRead$' -fuzztime=60s ./figures/
func FuzzRead(f *testing.F) {
	entries, err := os.ReadDir("testdata")
	if err != nil {
		f.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		b, err := os.ReadFile(filepath.Join("testdata", e.Name()))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		r, err := Read(doc, Options{MaxDepth: 200, MaxFacts: 500})
		if err != nil {
			var e *Error
			if r != nil || !errors.As(err, &e) || !strings.HasPrefix(err.Error(), "no figures") {
				t.Fatalf("Read failed with %v (%T) and a report %v", err, err, r)
			}
			return
		}
		if len(r.Facts) > 500 {
			t.Fatalf("%d facts, over the bound", len(r.Facts))
		}
		for i, y := range r.Years {
			if i > 0 && y.End.After(r.Years[i-1].End) {
				t.Fatalf("years out of order: %v after %v", y.End, r.Years[i-1].End)
			}
			for n, fig := range y.Figures {
				if fig.Name != n || fig.Source.Concept == "" || !fig.Source.Period.End.Equal(y.End) {
					t.Fatalf("figure %s: %+v", n, fig)
				}
				if back, ok := ParseNumber(fig.Value.String()); !ok || !back.Equal(fig.Value) {
					t.Fatalf("figure %s = %s does not read back", n, fig.Value)
				}
				if _, bad := y.Problem[n]; bad {
					t.Fatalf("figure %s is both shown and in trouble", n)
				}
			}
		}
		for _, p := range r.Problems {
			if s := p.Error(); s == "" || !utf8.ValidString(s) && utf8.Valid(doc) {
				t.Fatalf("a problem in no words, or broken ones: %q", s)
			}
		}
	})
}

// To fuzz: go test -run='^$' -fuzz='^FuzzReadNumber$' -fuzztime=60s ./figures/
func FuzzReadNumber(f *testing.F) {
	for _, s := range []string{"1,234.56", "1.234,56", "-", "twenty-one", "12 pounds 5", "(4,000)", "228,726 750,000", "\u00a0"} {
		for _, format := range []string{"", "numdotdecimal", "numcommadecimal", "zerodash", "numwordsen", "numunitdecimal"} {
			f.Add(s, format)
		}
	}
	f.Fuzz(func(t *testing.T, text, format string) {
		n, has, why := readNumber(text, format)
		if why != "" && (has || !n.IsZero()) {
			t.Fatalf("%q under %q: unreadable (%s) but has a value %s", text, format, why, n)
		}
		if has {
			if back, ok := ParseNumber(n.String()); !ok || !back.Equal(n) {
				t.Fatalf("%q under %q = %s, which does not read back", text, format, n)
			}
		}
	})
}
