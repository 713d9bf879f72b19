package present

import (
	"fmt"
	"io"
	"strings"

	"coview/accounts"
	"coview/figures"
	"coview/present/labels"
	"coview/present/sanitize"
)

// AccountsTable is a company's figures year by year, as coview accounts
// prints them and the browser's table of years shows them: a row a
// figure the accounts give, a column a year, newest first. A group's
// consolidated years are one table and the company's own another.
type AccountsTable struct {
	// Title names whose figures they are: "The group (consolidated)",
	// "The company alone"; "" for a company that files no group's.
	Title   string
	Columns []accounts.Column
	Rows    []AccountsRow
}

// AccountsRow is one figure over the years.
type AccountsRow struct {
	Name  figures.Name
	Cells []AccountsCell // a cell a column
}

// AccountsCell is one figure of one year.
type AccountsCell struct {
	Figure *figures.Figure // nil when the year does not give it
	// Unread says the accounts tag it but it could not be read, or they
	// give it two values: "?".
	Unread bool
	// Change is from the year before (the next column): "+17%"; "" for
	// the oldest, or when either is not given.
	Change string
}

// Text is the cell's amount (Amount), "?" for one unread, "" when none.
func (c AccountsCell) Text(short bool) string {
	switch {
	case c.Figure != nil:
		return Amount(*c.Figure, short)
	case c.Unread:
		return "?"
	}
	return ""
}

// Heads are the columns' headings: each year's balance sheet date.
func (t AccountsTable) Heads() []string {
	out := make([]string, len(t.Columns))
	for i, col := range t.Columns {
		out[i] = col.Year.End.Format("2 Jan 2006")
	}
	return out
}

// The titles of a group's two tables.
const (
	GroupTitle   = "The group (consolidated)"
	CompanyTitle = "The company alone"
)

// AccountsTables are a company's figures as tables: the group's, then the
// company's own (or the company's alone).
func AccountsTables(c *accounts.Company) []AccountsTable {
	var group, company []accounts.Column
	for _, col := range c.Columns() {
		if col.Year.Consolidated {
			group = append(group, col)
		} else {
			company = append(company, col)
		}
	}
	var out []AccountsTable
	if len(group) > 0 {
		out = append(out, accountsTable(GroupTitle, group))
	}
	if len(company) > 0 {
		title := ""
		if len(group) > 0 {
			title = CompanyTitle
		}
		out = append(out, accountsTable(title, company))
	}
	return out
}

func accountsTable(title string, cols []accounts.Column) AccountsTable {
	t := AccountsTable{Title: title, Columns: cols}
	for _, n := range figures.Names() {
		row := AccountsRow{Name: n, Cells: make([]AccountsCell, len(cols))}
		any := false
		for i, col := range cols {
			cell := &row.Cells[i]
			if f, ok := col.Year.Figures[n]; ok {
				cell.Figure = &f
				if i+1 < len(cols) {
					if older, ok := cols[i+1].Year.Figures[n]; ok {
						cell.Change = Change(f.Value, older.Value)
					}
				}
			} else if col.Year.Problem[n] != nil {
				cell.Unread = true
			}
			any = any || cell.Figure != nil || cell.Unread
		}
		if any {
			t.Rows = append(t.Rows, row)
		}
	}
	return t
}

// AccountsHeading is the first line of a company's tables: its name as
// its newest accounts give it, and its number.
func AccountsHeading(c *accounts.Company) string {
	if name := sanitize.Line(c.Name()); name != "" {
		return name + " (" + string(c.Number) + ")"
	}
	return "Company " + string(c.Number)
}

// WriteAccounts prints a company's tables as coview accounts does: its
// heading, then each table under its title, amounts whole or short.
func WriteAccounts(w io.Writer, c *accounts.Company, short bool) {
	fmt.Fprintln(w, AccountsHeading(c))
	for _, t := range AccountsTables(c) {
		fmt.Fprintln(w)
		if t.Title != "" {
			fmt.Fprintln(w, t.Title)
		}
		for _, l := range t.Lines(short) {
			fmt.Fprintln(w, l)
		}
	}
}

// Lines are the table as plain text: its headings, then a line a row,
// each year's value and, but for the oldest, its change, aligned.
func (t AccountsTable) Lines(short bool) []string {
	labelWidth := 0
	for _, r := range t.Rows {
		labelWidth = max(labelWidth, len(r.Name.Label()))
	}
	heads := t.Heads()
	valueWidth, changeWidth := make([]int, len(t.Columns)), make([]int, len(t.Columns))
	for i := range t.Columns {
		valueWidth[i] = len(heads[i])
		for _, r := range t.Rows {
			valueWidth[i] = max(valueWidth[i], len(r.Cells[i].Text(short)))
			changeWidth[i] = max(changeWidth[i], len(r.Cells[i].Change))
		}
	}
	var out []string
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", labelWidth))
	for i := range t.Columns {
		fmt.Fprintf(&b, "  %*s", valueWidth[i], heads[i])
		if changeWidth[i] > 0 {
			fmt.Fprintf(&b, " %*s", changeWidth[i], "")
		}
	}
	out = append(out, strings.TrimRight(b.String(), " "))
	for _, r := range t.Rows {
		b.Reset()
		fmt.Fprintf(&b, "%-*s", labelWidth, r.Name.Label())
		for i, c := range r.Cells {
			fmt.Fprintf(&b, "  %*s", valueWidth[i], c.Text(short))
			if changeWidth[i] > 0 {
				fmt.Fprintf(&b, " %*s", changeWidth[i], c.Change)
			}
		}
		out = append(out, strings.TrimRight(b.String(), " "))
	}
	return out
}

// FigureSource says where a year's figure was read from: the concept
// and context that tag it in the document (and the line), and the filing
// the document is: "uk-core:NetAssetsLiabilities, context FY25, line
// 412: full accounts made up to 31 March 2025, filed 9 Dec 2025
// (transaction OTI1ODMy...)". Text from the document and the registry is
// cleaned.
func FigureSource(col accounts.Column, cell AccountsCell) string {
	var s string
	switch {
	case cell.Figure != nil:
		src := cell.Figure.Source
		s = sanitize.Line(src.Concept)
		if src.Context != "" {
			s += ", context " + sanitize.Line(src.Context)
		}
		if src.Line > 0 {
			s += fmt.Sprintf(", line %d", src.Line)
		}
		if src.Hidden {
			s += " (hidden)"
		}
	case cell.Unread:
		s = "tagged, but could not be read (coview accounts says why)"
	default:
		s = "not given"
	}
	fa := col.Filed
	if fa == nil {
		return s
	}
	filing := clean(labels.FilingDescription(fa.Filing.Description, fa.Filing.Values()))
	if filing == "" {
		filing = fa.Name()
	}
	s += ": " + lowerFirst(filing)
	if fa.Filing.Date != "" {
		s += ", filed " + labels.Date(fa.Filing.Date)
	}
	if id := clean(fa.Filing.TransactionID); id != "" {
		s += " (transaction " + id + ")"
	}
	return s
}
