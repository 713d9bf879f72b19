package demo

import (
	"bytes"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"coview/figures"
)

// ixbrlDocuments are the demo's documents that come as inline XBRL,
// each with its accounts as written.
func ixbrlDocuments(t *testing.T) []*accountsDoc {
	t.Helper()
	var out []*accountsDoc
	docs := indexDocuments(fixtures())
	for _, id := range slices.Sorted(maps.Keys(docs)) {
		d := docs[id]
		if !d.xhtml {
			continue
		}
		end, err := time.Parse(time.DateOnly, d.madeUpDate)
		if err != nil {
			t.Fatalf("%s %s: made up to %q", d.number, d.filing, d.madeUpDate)
		}
		out = append(out, newAccountsDoc(d, planOf(d.number), end))
	}
	return out
}

// Every demo document in inline XBRL reads back, through the figures
// package, into exactly the figures it was written to report, with
// nothing it cannot read.
func TestEveryDemoAccountsDocumentReadsBackIntoItsFigures(t *testing.T) {
	t.Parallel()
	docs := ixbrlDocuments(t)
	if len(docs) < 60 {
		t.Fatalf("only %d documents in inline XBRL", len(docs))
	}
	for _, a := range docs {
		doc := a.write()
		r, err := figures.Read([]byte(doc), figures.Options{})
		if err != nil {
			t.Fatalf("%s made up to %s: %v", a.d.number, a.d.madeUpDate, err)
		}
		for _, p := range r.Problems {
			t.Errorf("%s made up to %s: %v", a.d.number, a.d.madeUpDate, p)
		}
		got := map[string]map[string]int64{}
		for _, y := range r.Years {
			key := y.End.Format(time.DateOnly) + " company"
			if y.Consolidated {
				key = y.End.Format(time.DateOnly) + " group"
			}
			got[key] = map[string]int64{}
			for n, f := range y.Figures {
				v, ok := figures.ParseNumber(f.Value.String())
				if !ok || !v.IsWhole() {
					t.Fatalf("%s %s: %s = %s", a.d.number, key, n, f.Value)
				}
				got[key][n.String()] = int64(v.Float64())
			}
		}
		if !maps.EqualFunc(got, a.intended, maps.Equal) {
			t.Errorf("%s made up to %s (%v, layout %d) reads back as\n%v\nwritten as\n%v", a.d.number, a.d.madeUpDate, a.e.core, a.l, got, a.intended)
		}
		if r.Name != strings.ReplaceAll(a.d.company, "&amp;", "&") || r.End.Format(time.DateOnly) != a.d.madeUpDate {
			t.Errorf("%s: the document says it is %q's, made up to %s", a.d.number, r.Name, r.End)
		}
	}
}

// The same filing gives the same document, whenever it is asked for.
func TestTheDemoAccountsAreTheSameEveryTime(t *testing.T) {
	t.Parallel()
	for _, a := range ixbrlDocuments(t)[:5] {
		if !bytes.Equal([]byte(a.d.ixbrl()), []byte(a.d.ixbrl())) {
			t.Fatalf("%s %s differs from one request to the next", a.d.number, a.d.filing)
		}
	}
}

// Each demo company's figures tell the story the red flags need.
func TestTheDemoAccountsTellTheirStories(t *testing.T) {
	t.Parallel()
	latest := map[string]*figures.Report{}
	layouts := map[string]map[layout]bool{}
	for _, a := range ixbrlDocuments(t) {
		if layouts[a.d.number] == nil {
			layouts[a.d.number] = map[layout]bool{}
		}
		layouts[a.d.number][a.l] = true
		r, err := figures.Read([]byte(a.write()), figures.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if old := latest[a.d.number]; old == nil || r.End.After(old.End) {
			latest[a.d.number] = r
		}
	}
	// value is a figure of a company's latest accounts: of its year, or
	// of the comparative.
	value := func(number string, current, group bool, n figures.Name) float64 {
		t.Helper()
		for _, y := range latest[number].Years {
			if y.Current == current && y.Consolidated == group {
				if f, ok := y.Figures[n]; ok {
					return f.Value.Float64()
				}
			}
		}
		t.Fatalf("%s has no %s in its latest accounts (current %v, group %v)", number, n, current, group)
		return 0
	}
	if now, before := value("00006402", true, false, figures.NetAssets), value("00006402", false, false, figures.NetAssets); !(now < before/2) {
		t.Errorf("00006402's net assets went from %v to %v, not down by more than half", before, now)
	}
	for _, n := range []string{"00006403", "SC006405"} {
		if v := value(n, true, false, figures.NetAssets); v >= 0 {
			t.Errorf("%s's net assets are %v, not negative", n, v)
		}
	}
	if nca, na := value("00006407", true, false, figures.NetCurrentAssets), value("00006407", true, false, figures.NetAssets); nca >= 0 || na <= 0 {
		t.Errorf("00006407: net current assets %v, net assets %v; want net current liabilities and net assets", nca, na)
	}
	for _, n := range []string{"00006411", "00006401"} {
		if g, c := value(n, true, true, figures.NetAssets), value(n, true, false, figures.NetAssets); g == c {
			t.Errorf("%s: the group's net assets and the company's are one figure, %v", n, g)
		}
	}
	for number, want := range map[string][]layout{
		"00006400": {layoutFilleted, layoutSmall, layoutFull}, "00006401": {layoutIFRS}, "00006402": {layoutMicro},
		"00006411": {layoutGroup}, "00006412": {layoutFull}, "00006413": {layoutFilleted, layoutSmall},
	} {
		for _, l := range want {
			if !layouts[number][l] {
				t.Errorf("%s files no accounts of layout %d: %v", number, l, layouts[number])
			}
		}
	}
	for _, n := range []string{"00006409", "FC006406"} {
		if latest[n] != nil {
			t.Errorf("%s files on paper, yet has accounts in inline XBRL", n)
		}
	}
}
