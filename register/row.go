package register

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"coview/api"
)

// Problem is a row of the file that could not be read whole: where it
// is (the file, and the line, the header being line 1) and why. A row
// with the wrong number of fields is skipped, since its columns cannot
// be trusted; a row with a date that cannot be is kept, without it.
type Problem struct {
	File    string
	Line    int
	Reason  string
	Skipped bool
}

func (p Problem) String() string {
	what := "kept without it"
	if p.Skipped {
		what = "skipped"
	}
	return fmt.Sprintf("%s:%d: %s (%s)", p.File, p.Line, p.Reason, what)
}

// MaxProblems is how many problems a Report keeps; the rest are counted.
const MaxProblems = 100

// Report is what reading the file found.
type Report struct {
	Rows      int       // companies read (and indexed)
	Malformed int       // rows that could not be read whole, skipped or not
	Skipped   int       // rows left out
	Problems  []Problem // the first MaxProblems of them
	// Unknown are words the file used where the registry has keys, which
	// are in no table here (a status, a category or an accounts category
	// the registry added since), by column and words, with how many rows
	// had them. They are kept as the file has them.
	Unknown map[string]int
}

const maxUnknown = 50

func (r *Report) problem(p Problem) {
	r.Malformed++
	if p.Skipped {
		r.Skipped++
	}
	if len(r.Problems) < MaxProblems {
		r.Problems = append(r.Problems, p)
	}
}

func (r *Report) unknown(column, words string) {
	key := column + ": " + words
	if _, ok := r.Unknown[key]; !ok && len(r.Unknown) >= maxUnknown {
		return
	}
	if r.Unknown == nil {
		r.Unknown = map[string]int{}
	}
	r.Unknown[key]++
}

// rowReader reads companies out of records, knowing where each column
// is; the words it maps are remembered, as a few dozen values fill
// millions of rows.
type rowReader struct {
	fields []string // reused for each record's text
	file   string
	lay    layout
	report *Report
	status map[string][3]string // words -> status, detail, "!" when unknown
	kinds  map[string][3]string // words -> type, subtype, "!" when unknown
	acc    map[string][2]string // words -> key, "!" when unknown
}

func newRowReader(file string, lay layout, report *Report) *rowReader {
	return &rowReader{file: file, lay: lay, report: report,
		status: map[string][3]string{}, kinds: map[string][3]string{}, acc: map[string][2]string{}}
}

// read fills c from a record's fields; false when the row is skipped.
func (rr *rowReader) read(fields [][]byte, line int, c *Company) bool {
	if len(fields) != rr.lay.fields {
		rr.report.problem(Problem{File: rr.file, Line: line, Skipped: true,
			Reason: fmt.Sprintf("it has %d %s where the header has %d", len(fields), plural(len(fields), "field"), rr.lay.fields)})
		return false
	}
	text := rr.text(fields)
	f := func(k col) string { return text[rr.lay.at[k]] }
	*c = Company{Name: f(colName), Number: strings.ToUpper(f(colNumber))}
	if !numberLike(c.Number) {
		rr.report.problem(Problem{File: rr.file, Line: line, Skipped: true,
			Reason: fmt.Sprintf("%q is not a company number", shorten(c.Number, 20))})
		return false
	}
	c.Address = api.Address{CareOf: f(colCareOf), POBox: f(colPOBox), AddressLine1: f(colLine1), AddressLine2: f(colLine2),
		Locality: f(colTown), Region: f(colCounty), Country: f(colCountry), PostalCode: f(colPostCode)}
	c.Status, c.StatusDetail = rr.statusOf(f(colStatus))
	c.Type, c.Subtype = rr.typeOf(f(colCategory))
	c.CountryOfOrigin = f(colOrigin)
	c.Accounts.RefDay, c.Accounts.RefMonth = number(f(colRefDay)), number(f(colRefMonth))
	c.Accounts.Type = rr.accountsOf(f(colAccountsCategory))
	c.Charges = Charges{number(f(colCharges)), number(f(colOutstanding)), number(f(colPartSatisfied)), number(f(colSatisfied))}
	c.Partners = Partners{number(f(colGeneralPartners)), number(f(colLimitedPartners))}
	for k := colSIC1; k <= colSIC4; k++ {
		if s, ok := sicOf(f(k)); ok {
			c.SIC = append(c.SIC, s)
		}
	}

	var bad []string
	date := func(k col) string {
		d, ok := dayOf(f(k))
		if !ok {
			bad = append(bad, fmt.Sprintf("%s %q", Columns[k], shorten(f(k), 20)))
		}
		return d
	}
	c.Incorporated, c.Dissolved = date(colIncorporated), date(colDissolved)
	c.Accounts.NextDue, c.Accounts.LastMadeUpTo = date(colAccountsDue), date(colAccountsMadeUp)
	c.Returns = Due{date(colReturnsDue), date(colReturnsMadeUp)}
	c.Confirmation = Due{date(colConfirmationDue), date(colConfirmationMadeUp)}
	var ceasedOn [11]string
	for i := range 10 {
		ceasedOn[i] = date(colPrevious1Date + col(2*i))
	}
	for i := range 10 {
		name := f(colPrevious1Date + col(2*i) + 1)
		if name == "" {
			continue
		}
		// It began when the name before it ceased, or at incorporation.
		from := c.Incorporated
		if i < 9 && f(colPrevious1Date+col(2*i)+3) != "" {
			from = ceasedOn[i+1]
		}
		c.PreviousNames = append(c.PreviousNames, api.PreviousName{Name: name, CeasedOn: ceasedOn[i], EffectiveFrom: from})
	}
	if len(bad) > 0 {
		rr.report.problem(Problem{File: rr.file, Line: line,
			Reason: strings.Join(bad, ", ") + " is not a day (DD/MM/YYYY)"})
	}
	return true
}

// text is the record's fields as strings, trimmed, made from one string
// for the whole record (the fields are one after another in one
// buffer). Bytes that are not UTF-8 are read as Latin-1, the likeliest
// reading of a name written by an older system, and the separators the
// index packs fields with become spaces.
func (rr *rowReader) text(fields [][]byte) []string {
	total := 0
	for _, f := range fields {
		total += len(f)
	}
	var whole []byte
	if len(fields) > 0 && cap(fields[0]) >= total {
		whole = fields[0][:total]
	} else {
		for _, f := range fields {
			whole = append(whole, f...)
		}
	}
	plain := true
	for _, c := range whole {
		if c >= 0x80 || c >= 0x1d && c <= 0x1f {
			plain = false
			break
		}
	}
	s := string(whole)
	if cap(rr.fields) < len(fields) {
		rr.fields = make([]string, len(fields))
	}
	out := rr.fields[:len(fields)]
	at := 0
	for i, f := range fields {
		v := s[at : at+len(f)]
		at += len(f)
		if !plain {
			v = cleaned(v)
		}
		if len(v) > 0 && (v[0] == ' ' || v[len(v)-1] == ' ' || v[0] == '\t' || v[len(v)-1] == '\t') {
			v = strings.TrimSpace(v)
		}
		out[i] = v
	}
	return out
}

// cleaned is a field that may not be UTF-8 or may hold the separators.
func cleaned(v string) string {
	if !utf8.ValidString(v) {
		v = latin1(v)
	}
	if strings.ContainsAny(v, sep1+sep2+sep3) {
		v = strings.Map(func(r rune) rune {
			if r >= 0x1d && r <= 0x1f {
				return ' '
			}
			return r
		}, v)
	}
	return v
}

func latin1(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			r = rune(s[i])
		}
		b.WriteRune(r)
		i += n
	}
	return b.String()
}

func (rr *rowReader) statusOf(words string) (string, string) {
	v, ok := rr.status[words]
	if !ok {
		s, d, known := statusOf(words)
		v = [3]string{s, d, ""}
		if !known && words != "" {
			v[2] = "!"
		}
		rr.status[words] = v
	}
	if v[2] != "" {
		rr.report.unknown("CompanyStatus", words)
	}
	return v[0], v[1]
}

func (rr *rowReader) typeOf(words string) (string, string) {
	v, ok := rr.kinds[words]
	if !ok {
		t, s, known := typeOf(words)
		v = [3]string{t, s, ""}
		if !known && words != "" {
			v[2] = "!"
		}
		rr.kinds[words] = v
	}
	if v[2] != "" {
		rr.report.unknown("CompanyCategory", words)
	}
	return v[0], v[1]
}

func (rr *rowReader) accountsOf(words string) string {
	v, ok := rr.acc[words]
	if !ok {
		k, known := accountsOf(words)
		v = [2]string{k, ""}
		if !known && words != "" {
			v[1] = "!"
		}
		rr.acc[words] = v
	}
	if v[1] != "" {
		rr.report.unknown("Accounts.AccountCategory", words)
	}
	return v[0]
}

// numberLike reports whether s can be a company number: one to eight
// letters and digits.
func numberLike(s string) bool {
	if s == "" || len(s) > 8 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// number is a count; what is not one counts as 0.
func number(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' || n > 1e8 {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// dayOf reads DD/MM/YYYY as yyyy-mm-dd; "" is no day, and fine.
func dayOf(s string) (string, bool) {
	if s == "" {
		return "", true
	}
	if len(s) != 10 || s[2] != '/' || s[5] != '/' {
		return "", false
	}
	d, m, y := number(s[0:2]), number(s[3:5]), number(s[6:10])
	if y < 1000 || m < 1 || m > 12 || d < 1 || d > daysIn(y, m) || !digits(s[0:2]) || !digits(s[3:5]) || !digits(s[6:10]) {
		return "", false
	}
	return s[6:10] + "-" + s[3:5] + "-" + s[0:2], true
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// sicOf reads "70229 - Management consultancy activities other than
// financial management"; "None Supplied" and "" are none.
func sicOf(s string) (SIC, bool) {
	code, text, _ := strings.Cut(s, " - ")
	code = strings.TrimSpace(code)
	if len(code) < 4 || len(code) > 5 || !digits(code) {
		return SIC{}, false
	}
	return SIC{Code: code, Text: strings.TrimSpace(text)}, true
}

func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
