package figures

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// readBytes reads a document that is not a fixture.
func readBytes(doc []byte, opts Options) (*Report, error) { return Read(doc, opts) }

// A document a reader must survive: never a crash or a hang, a clear
// error when nothing at all can be read, and the figures that can be
// read when some can.
func TestDocumentsThatAreNotInlineXBRLAreRefusedSayingWhy(t *testing.T) {
	t.Parallel()
	fixture := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	tests := []struct {
		name string
		doc  []byte
		kind *Error
		says string
	}{
		{"a PDF", []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"), ErrNotInlineXBRL, `it starts with "%PDF-1.7"`},
		{"JSON", []byte(`{"company_number":"00006400"}`), ErrNotInlineXBRL, `it starts with "{"compan"`},
		{"nothing at all", nil, ErrNotInlineXBRL, "it is empty"},
		{"an HTML page that is not XHTML", fixture("not-xhtml.html"), ErrNotInlineXBRL, "it is not well-formed XML"},
		{"an XHTML page with no inline XBRL", []byte(`<html xmlns="http://www.w3.org/1999/xhtml"><body><p>Net assets 12,000</p></body></html>`), ErrNotInlineXBRL, "an XHTML page with no inline XBRL in it"},
		{"plain XBRL", []byte(`<?xml version="1.0"?><xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance"/>`), ErrNotInlineXBRL, "it is XBRL, not inline XBRL"},
		{"another XML document", []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>`), ErrNotInlineXBRL, `its root element is "svg"`},
		{"entities declared (billion laughs)", fixture("billion-laughs.xhtml"), ErrEntities, "declares entities"},
		{"an external entity", fixture("external-entity.xhtml"), ErrEntities, "declares entities"},
		{"an encoding coview does not read", []byte(`<?xml version="1.0" encoding="EBCDIC-037"?><html/>`), ErrNotInlineXBRL, "EBCDIC-037"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, err := readBytes(tt.doc, Options{})
			if r != nil || !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.says) || !strings.HasPrefix(err.Error(), "no figures: ") {
				t.Fatalf("got %v, %v; want %v saying %q", r, err, tt.kind, tt.says)
			}
		})
	}
}

func TestTheNotInlineXBRLErrorSaysSoInPlainWords(t *testing.T) {
	t.Parallel()
	_, err := Read([]byte(`<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>`), Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "no figures: the document is not inline XBRL") {
		t.Fatalf("%v", err)
	}
}

// Entities are never expanded: the billion laughs is refused before its
// first use, in no time and no memory to speak of.
func TestEntitiesAreNeverExpanded(t *testing.T) {
	t.Parallel()
	doc, _ := os.ReadFile(filepath.Join("testdata", "billion-laughs.xhtml"))
	start := time.Now()
	_, err := Read(doc, Options{})
	if !errors.Is(err, ErrEntities) || time.Since(start) > 5*time.Second {
		t.Fatalf("%v after %s", err, time.Since(start))
	}
	// Without the declaration, an undeclared entity is a document that is
	// not well-formed, not a string to look up anywhere.
	doc = []byte(`<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><body>&secret;</body></html>`)
	if _, err := Read(doc, Options{}); !errors.Is(err, ErrNotInlineXBRL) && !errors.Is(err, ErrMalformed) {
		t.Fatalf("an undeclared entity: %v", err)
	}
}

func TestADocumentOverTheSizeBoundIsRefusedUnread(t *testing.T) {
	t.Parallel()
	doc := make([]byte, DefaultMaxBytes+1)
	copy(doc, `<html xmlns="http://www.w3.org/1999/xhtml">`)
	r, err := Read(doc, Options{})
	if r != nil || !errors.Is(err, ErrTooLarge) || err.Error() != "no figures: the document is too large to read (50.0 MB, more than the 50.0 MB a document may be)" {
		t.Fatalf("%v, %v", r, err)
	}
}

// nested is a document whose body nests depth elements.
func nested(depth int) []byte {
	var b bytes.Buffer
	b.WriteString(`<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><body>`)
	for range depth {
		b.WriteString("<div>")
	}
	for range depth {
		b.WriteString("</div>")
	}
	b.WriteString("</body></html>")
	return b.Bytes()
}

func TestElementsNested100000DeepStopTheReadingNotTheProgram(t *testing.T) {
	t.Parallel()
	r, err := Read(nested(100_000), Options{})
	if r != nil || !errors.Is(err, ErrTooDeep) || !strings.Contains(err.Error(), "more than 1000 deep") {
		t.Fatalf("%v, %v", r, err)
	}
	// The same nesting after the balance sheet: the figures before it are
	// read, and the problem says where reading stopped.
	micro, _ := os.ReadFile(filepath.Join("testdata", "frs105-micro.xhtml"))
	deep := bytes.Replace(micro, []byte("<p>These financial"), append(nested(5_000)[120:], []byte("<p>These financial")...), 1)
	r, err = Read(deep, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := r.Figure(day("2024-12-31"), false, NetAssets); !ok || f.Value.String() != "23225" {
		t.Errorf("net assets before the nesting: %+v, %v", f, ok)
	}
	if len(problemsSaying(r, "could not be read past line", "nest more than 1000 deep", "the figures shown are those tagged before it")) != 1 {
		t.Errorf("problems: %v", r.Problems)
	}
}

func TestADocumentThatBreaksOffGivesWhatWasTaggedBeforeTheBreak(t *testing.T) {
	t.Parallel()
	micro, _ := os.ReadFile(filepath.Join("testdata", "frs105-micro.xhtml"))
	cut := micro[:bytes.Index(micro, []byte("<tr><td>Net assets"))]
	r, err := Read(cut, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := r.Figure(day("2024-12-31"), false, CurrentAssets); !ok || f.Value.String() != "38912" {
		t.Errorf("current assets: %+v, %v", f, ok)
	}
	if _, ok := r.Figure(day("2024-12-31"), false, NetAssets); ok {
		t.Error("net assets, after the break, were read")
	}
	if len(problemsSaying(r, "could not be read past line", "ends before its elements are closed")) != 1 {
		t.Errorf("problems: %v", r.Problems)
	}
	// Broken before any fact, it is not read at all.
	head := micro[:bytes.Index(micro, []byte("<ix:hidden>"))+20]
	if _, err := Read(head, Options{}); !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrNotInlineXBRL) {
		t.Errorf("a document broken before its facts: %v", err)
	}
}

func TestMoreFactsThanTheBoundStopTheReading(t *testing.T) {
	t.Parallel()
	micro, _ := os.ReadFile(filepath.Join("testdata", "frs105-micro.xhtml"))
	r, err := Read(micro, Options{MaxFacts: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Facts) != 10 || len(problemsSaying(r, "more than 10 facts")) != 1 {
		t.Errorf("%d facts, problems %v", len(r.Facts), r.Problems)
	}
}

func TestAnUnknownTaxonomyGivesNoFiguresAndSaysWhy(t *testing.T) {
	t.Parallel()
	r := read(t, "unknown-taxonomy.xhtml")
	if len(r.Years) != 0 || len(r.Facts) != 2 {
		t.Fatalf("%d years, %d facts", len(r.Years), len(r.Facts))
	}
	if len(r.Problems) != 1 || r.Problems[0].Kind != ProblemUnknownTaxonomy || !strings.Contains(r.Problems[0].Error(), `"http://example.com/acme-gaap/2025"`) {
		t.Fatalf("problems: %v", r.Problems)
	}
}

// Text where a number belongs: that fact is unreadable, said in words
// with what it reads, and the rest is read.
func TestTextWhereANumberBelongsMakesThatFactUnreadableAndNoOther(t *testing.T) {
	t.Parallel()
	r := read(t, "text-in-number.xhtml")
	checkYears(t, r, []wantYear{{start: "2024-01-01", end: "2024-12-31", figures: map[string]string{"turnover": "250000"}}})
	for _, want := range []string{
		`could not read net assets from core:NetAssetsLiabilities (context bs) at line 13: it is not a number: "see note 7"`,
		`could not read cash from core:CashBankOnHand (context bs) at line 14: it has a minus sign or brackets inside the tag ("12,000 (2023: 9,000)"); inline XBRL gives a negative as sign="-"`,
		`could not read debtors from core:Debtors (context bs) at line 15: it is not a number: "228,726 750,000"`,
		`could not read current assets from core:CurrentAssets (context bs) at line 16: it has a minus sign or brackets inside the tag ("(4,000)")`,
		`could not read stock from core:TotalInventories (context nowhere) at line 17: it refers to a context "nowhere" that the document does not have`,
		`could not read average employees from core:AverageNumberEmployeesDuringPeriod (context y) at line 18: it is not a number:`,
		`could not read profit for the year from core:ProfitLoss (context y) at line 19: its scale "many" is not a whole number of a sensible size`,
	} {
		if len(problemsSaying(r, want)) != 1 {
			t.Errorf("no problem saying %q; problems:\n%v", want, r.Problems)
		}
	}
	y := r.Years[0]
	for _, n := range []Name{NetAssets, Cash, Debtors, CurrentAssets, AverageEmployees, ProfitForTheYear} {
		if p := y.Problem[n]; p == nil || p.Kind != ProblemUnreadable {
			t.Errorf("%s: trouble %v", n, p)
		}
	}
}

// Two values for one figure and period: the figure is not shown, and
// the problem gives both with where each is; copies that agree (the same
// value, or a rounded copy of it) are one fact.
func TestTwoValuesForOneFigureAreAContradictionNotAGuess(t *testing.T) {
	t.Parallel()
	r := read(t, "conflicting.xhtml")
	checkYears(t, r, []wantYear{{start: "2024-01-01", end: "2024-12-31", figures: map[string]string{
		"turnover": "980000", // the same in two contexts of the same period
		"cash":     "12046",  // and 12 thousand, tagged to the thousand
	}}})
	y := r.Years[0]
	if p := y.Problem[NetAssets]; p == nil || p.Error() != `Net assets at 31 December 2024: the document gives it 375,004 (core:NetAssetsLiabilities, context "bs", line 13) and 375,104 (core:NetAssetsLiabilities, context "bs-note", line 18); not shown` {
		t.Errorf("net assets: %v", p)
	}
	if p := y.Problem[ProfitForTheYear]; p == nil || !strings.Contains(p.Error(), "45,500 (core:ProfitLoss") || !strings.Contains(p.Error(), "54,500 (uk-gaap:ProfitLossForPeriod") {
		t.Errorf("a figure tagged under an old and a new concept: %v", p)
	}
	if len(problemsSaying(r, "the document gives it")) != 2 {
		t.Errorf("problems: %v", r.Problems)
	}
}

func TestAFractionalHeadcountIsReadAsTaggedAndSaid(t *testing.T) {
	t.Parallel()
	micro, _ := os.ReadFile(filepath.Join("testdata", "frs105-micro.xhtml"))
	doc := bytes.Replace(micro, []byte(`contextRef="FY24" unitRef="pure" decimals="0">2<`), []byte(`contextRef="FY24" unitRef="pure" decimals="2" scale="-2">3<`), 1)
	r, err := Read(doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := r.Figure(day("2024-12-31"), false, AverageEmployees); !ok || f.Value.String() != "0.03" {
		t.Errorf("employees: %+v", f)
	}
	if len(problemsSaying(r, "average employees for the period to 31 December 2024 read as 0.03, as tagged")) != 1 {
		t.Errorf("problems: %v", r.Problems)
	}
}

// A continuation chain that loops is followed once, not for ever.
func TestAContinuationChainThatLoopsEnds(t *testing.T) {
	t.Parallel()
	doc := []byte(`<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:bus="http://xbrl.frc.org.uk/cd/2023-01-01/business" xmlns:xbrli="http://www.xbrl.org/2003/instance"><body>
<div><ix:header><ix:resources><xbrli:context id="c"><xbrli:entity><xbrli:identifier scheme="s">1</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:instant>2024-12-31</xbrli:instant></xbrli:period></xbrli:context></ix:resources></ix:header></div>
<ix:nonNumeric name="bus:EntityCurrentLegalOrRegisteredName" contextRef="c" continuedAt="a">Loop</ix:nonNumeric>
<ix:continuation id="a" continuedAt="b">the</ix:continuation><ix:continuation id="b" continuedAt="a">loop</ix:continuation>
</body></html>`)
	r, err := Read(doc, Options{})
	if err != nil || r.Name != "Loop the loop" {
		t.Fatalf("%v: %q", err, r.Name)
	}
}

// A start the document states that no figure over the year starts at (a
// slip in its hidden facts) does not lose the year's profit and loss.
func TestAStatedStartNoFigureStartsAtIsNotWhereTheYearStarts(t *testing.T) {
	t.Parallel()
	small, _ := os.ReadFile(filepath.Join("testdata", "frs102-small.xhtml"))
	doc := bytes.Replace(small, []byte(`contextRef="duration_2025">2024-04-01<`), []byte(`contextRef="duration_2025">2024-04-02<`), 1)
	r, err := Read(doc, Options{})
	if err != nil || !r.Start.Equal(day("2024-04-02")) {
		t.Fatalf("%v, start %v", err, r.Start)
	}
	if f, ok := r.Figure(day("2025-03-31"), false, Turnover); !ok || f.Value.String() != "1482106" || !r.Years[0].Start.Equal(day("2024-04-01")) {
		t.Errorf("turnover %+v, %v; the year from %v", f, ok, r.Years[0].Start)
	}
	if len(r.Years) != 2 {
		t.Errorf("%d years", len(r.Years))
	}
}
