package figures

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// read reads a fixture of testdata, failing the test if it cannot.
func read(t *testing.T, name string) *Report {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Read(doc, Options{})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return r
}

func day(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

// wantYear is a period's figures as a test expects them: every figure
// the document reports, by key, as Number.String writes it; any other
// figure must be absent.
type wantYear struct {
	start, end   string
	consolidated bool
	comparative  bool
	figures      map[string]string
}

// checkYears compares a report's years, in order, with what is wanted.
func checkYears(t *testing.T, r *Report, want []wantYear) {
	t.Helper()
	if len(r.Years) != len(want) {
		var got []string
		for _, y := range r.Years {
			got = append(got, y.End.Format(time.DateOnly))
		}
		t.Fatalf("%d years %v, want %d", len(r.Years), got, len(want))
	}
	for i, w := range want {
		y := r.Years[i]
		at := w.end
		if w.consolidated {
			at += " (group)"
		}
		start := ""
		if !y.Start.IsZero() {
			start = y.Start.Format(time.DateOnly)
		}
		if y.End.Format(time.DateOnly) != w.end || start != w.start || y.Consolidated != w.consolidated || y.Current == w.comparative {
			t.Errorf("year %d is %s to %s, group %v, current %v; want %s to %s, group %v, current %v",
				i, start, y.End.Format(time.DateOnly), y.Consolidated, y.Current, w.start, w.end, w.consolidated, !w.comparative)
		}
		for key, value := range w.figures {
			n, ok := ParseName(key)
			if !ok {
				t.Fatalf("no figure %q", key)
			}
			f, ok := y.Figures[n]
			if !ok {
				t.Errorf("%s: %s is absent, want %s (trouble: %v)", at, key, value, y.Problem[n])
				continue
			}
			if f.Value.String() != value {
				t.Errorf("%s: %s = %s, want %s", at, key, f.Value, value)
			}
		}
		for n, f := range y.Figures {
			if _, ok := w.figures[n.String()]; !ok {
				t.Errorf("%s: %s = %s (from %s), want it absent", at, n, f.Value, f.Source.Concept)
			}
		}
	}
}

// problemsSaying lists the problems whose words contain every one of the
// given pieces.
func problemsSaying(r *Report, pieces ...string) []*Problem {
	var out []*Problem
	for _, p := range r.Problems {
		if !slices.ContainsFunc(pieces, func(s string) bool { return !strings.Contains(p.Error(), s) }) {
			out = append(out, p)
		}
	}
	return out
}
