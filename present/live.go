package present

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"coview/api"
	"coview/present/labels"
)

// The live page (the browser's :live): the registry as it happens, from
// its companies and filings streams: each company incorporated and each
// filing, newest first, in words, filtered as the user says.

// LiveRow is one event of the live page, in words made safe to show.
type LiveRow struct {
	Seq    int64     // its place among the events the page received
	At     time.Time // when the registry published it
	Kind   string    // "incorporated" or "filed"
	Number api.Number
	Name   string   // the company's, when known ("" for a filing of a company not seen)
	What   string   // the filing, or the new company's kind, in words
	SIC    []string // the company's SIC codes, when known
	Place  string   // its registered office's town and postcode, when known
}

// LiveCompany is what the live page keeps of a company it has seen an
// event of, to name (and filter) the filings of it that follow.
type LiveCompany struct {
	Name  string
	SIC   []string
	Place string
}

// justIncorporated is how far before its event a company's creation
// may be for the event to be its incorporation, not a later change.
const justIncorporated = 7 * 24 * time.Hour

// LiveEvent reads an event of the companies or filings stream into a row
// of the live page, and what it says of its company (ok is false for an
// event the page does not list: a profile changed, a filing deleted; co
// may still name the company). known names the companies seen before.
func LiveEvent(e *api.Event, known func(api.Number) (LiveCompany, bool)) (row LiveRow, co *LiveCompany, ok bool) {
	at := e.PublishedAt
	row = LiveRow{At: at, Number: e.Number}
	switch e.Kind {
	case api.ResCompany:
		p, good := api.EventValue[*api.Profile](e)
		if !good || e.Deleted() {
			return row, nil, false
		}
		c := &LiveCompany{Name: clean(p.CompanyName), SIC: cleanAll(p.SICCodes), Place: livePlace(p.RegisteredOfficeAddress)}
		created, err := time.Parse(time.DateOnly, p.DateOfCreation)
		if err != nil || at.IsZero() || at.Sub(created) > justIncorporated {
			return row, c, false
		}
		row.Kind, row.Name, row.SIC, row.Place = "incorporated", c.Name, c.SIC, c.Place
		row.What = "incorporated: " + lowerFirst(clean(labels.CompanyType(p.Type)))
		if len(c.SIC) > 0 {
			row.What += ", SIC " + strings.Join(c.SIC, ", ")
		}
		return row, c, true
	case api.ResFiling:
		f, good := api.EventValue[*api.FilingItem](e)
		if !good || e.Deleted() {
			return row, nil, false
		}
		d := clean(labels.FilingDescription(f.Description, f.Values()))
		if d == "" {
			d = labels.FilingCategory(f.Category)
		}
		row.Kind, row.What = "filed", "filed: "+lowerFirst(d)
		if form := clean(f.Type); form != "" {
			row.What += " (" + form + ")"
		}
		if c, seen := known(e.Number); seen {
			row.Name, row.SIC, row.Place = c.Name, c.SIC, c.Place
		}
		return row, nil, true
	}
	return row, nil, false
}

func cleanAll(ss []string) []string {
	var out []string
	for _, s := range ss {
		if s = clean(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// livePlace is where a registered office is, in a few words: its town
// and postcode.
func livePlace(a *api.Address) string {
	if a == nil {
		return ""
	}
	var parts []string
	for _, p := range []string{a.Locality, a.PostalCode} {
		if p = clean(p); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " ")
}

// LiveFilter is what the live page keeps of the events: those of watched
// companies only, of a SIC code, of a place, holding a word. The zero
// filter keeps every event.
type LiveFilter struct {
	Watched bool
	SIC     string
	Place   string
	Word    string
}

// IsZero reports whether the filter keeps every event.
func (f LiveFilter) IsZero() bool { return f == LiveFilter{} }

// Keep reports whether the filter keeps a row; watched says whether a
// company is watched.
func (f LiveFilter) Keep(r LiveRow, watched func(api.Number) bool) bool {
	if f.Watched && (watched == nil || !watched(r.Number)) {
		return false
	}
	if f.SIC != "" && !hasPrefixOf(r.SIC, f.SIC) {
		return false
	}
	if f.Place != "" && !containsFold(r.Place, f.Place) {
		return false
	}
	if f.Word != "" && !containsFold(r.Name, f.Word) && !containsFold(r.What, f.Word) && !containsFold(string(r.Number), f.Word) {
		return false
	}
	return true
}

// hasPrefixOf reports whether a SIC code of codes begins with sic (a
// section, "62", or a whole code).
func hasPrefixOf(codes []string, sic string) bool {
	for _, c := range codes {
		if strings.HasPrefix(c, sic) {
			return true
		}
	}
	return false
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// Words says the filter in words: "watched companies, SIC 62020, in
// Leeds, with \"bakery\"".
func (f LiveFilter) Words() string {
	var parts []string
	if f.Watched {
		parts = append(parts, "watched companies")
	}
	if f.SIC != "" {
		parts = append(parts, "SIC "+clean(f.SIC))
	}
	if f.Place != "" {
		parts = append(parts, "in "+clean(f.Place))
	}
	if f.Word != "" {
		parts = append(parts, fmt.Sprintf("with %q", clean(f.Word)))
	}
	return strings.Join(parts, ", ")
}

// LiveColumns are the live page's columns.
var LiveColumns = []Column{{Title: "Time"}, {Title: "Number"}, {Title: "Name", Flex: true}, {Title: "What", Flex: true, Yields: true}}

// LivePage is the live page's list: the rows kept (newest first), and a
// summary of what came and what is kept. local is the zone times are
// shown in.
func LivePage(rows []LiveRow, received int64, f LiveFilter, local *time.Location) *Page {
	pg := &Page{Columns: LiveColumns, Total: len(rows)}
	for _, r := range rows {
		pg.Items = append(pg.Items, Item{
			Cells: liveCells(r, local, "15:04:05"),
			Link:  api.CompanyPath(r.Number),
			Title: orNumber(r.Name, string(r.Number)),
		})
	}
	pg.Summary = Plural(int(received), "event", "events") + " so far"
	if !f.IsZero() {
		pg.Summary += fmt.Sprintf(", %s of %s", Thousands(len(rows)), f.Words())
	}
	pg.Empty = "Nothing yet: new companies and filings appear here as the registry publishes them."
	if received > 0 && !f.IsZero() {
		pg.Empty = "None of the events so far is of " + f.Words() + "."
	}
	return pg
}

// liveCells are a row's time, company number, name and what happened.
func liveCells(r LiveRow, local *time.Location, layout string) []string {
	name := r.Name
	if name == "" {
		name = "(not named yet)"
	}
	at := ""
	if !r.At.IsZero() {
		at = r.At.In(local).Format(layout)
	}
	return []string{at, string(r.Number), name, r.What}
}

// LiveLine is a row of the live page as a line of plain text: when it
// was published (the day and time, in local), the company, what happened.
// A filing names no company (the filings stream does not carry names):
// its line leaves the name out rather than promise one.
func LiveLine(r LiveRow, local *time.Location) string {
	cells := liveCells(r, local, "2006-01-02 15:04:05")
	if r.Name == "" {
		cells = slices.Delete(cells, 2, 3)
	}
	return strings.Join(cells, "  ")
}
