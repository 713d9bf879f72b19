package present

import (
	"strconv"
	"sync"
	"time"

	"coview/api"
)

// Page is one answer of the registry in words, in one of three forms: a
// list (rows under columns: Columns and Items), one thing described in
// titled sections of label and value (Sections: a charge, a PSC, a
// filing), or, for what coview has no words for, its JSON (Lines). It
// also says what it is about. A list read a page at a time gives one Page
// per answer; the browser joins them and --plain prints them one after
// the other.
type Page struct {
	Heading string // whose it is when that is not a company: an officer's name, shown in the company's place
	Summary string // counts, such as "8 officers: 5 active, 3 resigned"
	Caveat  string // a warning about reading it
	Empty   string // why nothing is listed, when nothing is
	// Past is what a quiet row of this list is ("resigned", "ceased",
	// "satisfied", "dissolved"), for the words of showing the current
	// rows only; "" for a list whose rows are neither current nor past
	// (filings).
	Past     string
	Columns  []Column
	Items    []Item
	Total    int       // items in the whole list; -1 when the registry did not say
	Sections []Section // one thing in words
	// Before and After are, for a page of the registry's alphabetical
	// index, the cursors of the pages either side of it.
	Before, After string
	Lines         []Line // a resource coview has no words for: its JSON
}

// Section is a titled group of label and value rows, for a page about one
// thing: "Charge", "Persons entitled", "Transactions". A row with an empty
// label continues the one above; a row with a Link opens it.
type Section struct {
	Title string
	Rows  []Row
}

// Column is a column of a list. A Flex column (a name, a description)
// takes the room the others leave; the others are as wide as what they
// hold and are never cut while a Flex column has room to give.
type Column struct {
	Title string
	Flex  bool
	// Optional is a column that adds to what a row says (whether an
	// officer's identity is verified): on a line too short for every
	// column it is left out, rather than cut the name.
	Optional bool
	// Brief is a column of a word or two (a role, a status, a kind) whose
	// cells are now and then long ("Corporate secretary"): on a narrow
	// screen those give way before a name is cut.
	Brief bool
	// Yields is a flexible column whose whole text is under the list
	// for the row selected (a filing's description): on a line too short
	// for every column it gives the optional columns after it room, down
	// to a line's worth of words, before they are left out.
	Yields bool
	// ScreenOnly is a column the browser draws (when there is room) and
	// saves, and --plain leaves out: a filing's category and pages, after
	// its description, would make every printed line as wide as the
	// longest description (--json has them, as the registry sent them).
	ScreenOnly bool
	// Max, when not 0, is the most cells the browser gives the column
	// however long what it holds (an entry as pasted): the rest is room
	// for the name. Printed text is never cut.
	Max int
}

// Item is one row of a list: its cells in column order, and where Enter
// takes the user.
type Item struct {
	Cells []string
	Quiet bool   // resigned, ceased: drawn dim
	Link  string // the registry link it opens; "" for nothing
	Title string // what the breadcrumb calls what it opens
	// Accents mark parts of cells to stand out: where a search matched a
	// name, a status to colour as in the header. Plain text ignores them.
	Accents []Accent
	// NoDocument marks a filing with no document to save.
	NoDocument bool
	// Keys, when set, say how each cell sorts where its text would not
	// (one a cell, read as the cell would be: a number, a date, text; ""
	// after all the others): a screening's flags by how grave, its
	// results in screen.Results' order, a date marked overdue as the
	// date.
	Keys []string
}

// Accent is a part of one cell (bytes Start to End of Cells[Cell]) and how
// it stands out.
type Accent struct {
	Cell, Start, End int
	Kind             AccentKind
}

// AccentKind is how an accented part stands out.
type AccentKind int

const (
	Match           AccentKind = iota + 1 // what a search matched
	StatusActive                          // a status, coloured by its class
	StatusClosed                          // dissolved, removed, closed
	StatusInsolvent                       // liquidation, administration...
	StatusOther
	Emphasis    // what the registry's pages show in bold: what a filing is
	Verified    // an identity verified
	Overdue     // a date past: a verification statement, a watched company's deadline
	FlagSevere  // a flag of SeveritySevere: the company has ended or is insolvent
	FlagWarning // a flag of SeverityWarning: overdue, strike-off proposed...
	FlagInfo    // a flag of SeverityInfo: worth knowing
	NeedsALook  // a screening's result other than ok
)

// Line is one line of a document, and the registry link on it, if any.
type Line struct {
	Text string
	Link string
}

// Show puts an answer in words, as of now (ShowAt).
func Show(a *api.Answer, company *api.Profile) *Page {
	return ShowAt(a, company, time.Now())
}

// ShowAt puts an answer in words. company is the profile of the company
// the resource belongs to, when known: a dissolved company's officers are
// read differently. now decides what is overdue (a verification
// statement). A profile is shown by Panes, not here; a kind with no row
// in shown, or an answer without its kind's value, is shown as the JSON it
// is.
func ShowAt(a *api.Answer, company *api.Profile, now time.Time) *Page {
	if show := shown()[a.Resource.Kind]; show != nil {
		if pg := show(a, given{answer: a, closed: company != nil && Closed(company), now: now}); pg != nil {
			return pg
		}
	}
	return &Page{Total: -1, Lines: Document(a.Raw)}
}

// shown is how each kind of answer is put in words: one row per kind of
// api's table (api/kinds.go) that coview has words for, each a function
// of the kind's Go type.
var shown = sync.OnceValue(func() map[api.ResourceKind]wording {
	return map[api.ResourceKind]wording{
		api.ResAdvancedSearch:     words(found),
		api.ResAlphabeticalSearch: words(found),
		api.ResDissolvedSearch:    words(found),

		api.ResOfficers:         words(officers),
		api.ResOfficer:          words(officer),
		api.ResFilings:          words(filings),
		api.ResFiling:           words(filing),
		api.ResPSCs:             words(pscs),
		api.ResPSC:              words(psc),
		api.ResPSCStatements:    words(pscStatements),
		api.ResPSCStatement:     words(pscStatement),
		api.ResCharges:          words(charges),
		api.ResCharge:           words(charge),
		api.ResInsolvency:       words(insolvency),
		api.ResExemptions:       words(exemptions),
		api.ResRegisters:        words(registers),
		api.ResUKEstablishments: words(ukEstablishments),
		api.ResAppointments:     words(appointments),
		api.ResSearch:           words(search),
		api.ResSearchCompanies:  words(search),
		api.ResSearchOfficers:   words(search),

		api.ResSearchDisqualified:    words(search),
		api.ResDisqualifiedNatural:   words(disqualifiedPerson),
		api.ResDisqualifiedCorporate: words(disqualifiedCorporate),
	}
})

// wording is a row of shown.
type wording = func(*api.Answer, given) *Page

// given is what a row of shown may read besides the answer's value.
type given struct {
	answer *api.Answer // its Resource, Raw and Unreadable
	closed bool        // the company has ceased: its officers are read differently
	now    time.Time   // what is overdue is decided against it (a verification statement)
}

// words makes a row of shown of a function of the kind's Go type T: nil
// when the answer holds no T.
func words[T any](show func(T, given) *Page) func(*api.Answer, given) *Page {
	return func(a *api.Answer, g given) *Page {
		v, ok := api.Value[T](a)
		if !ok {
			return nil
		}
		return show(v, g)
	}
}

// counted is "1 filing", "5,000 filings", or "" when the total is unknown.
func counted(n int, one, many string) string {
	switch {
	case n < 0:
		return ""
	case n == 1:
		return "1 " + one
	}
	return Thousands(n) + " " + many
}

// Thousands writes 5000 as "5,000".
func Thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return s
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
