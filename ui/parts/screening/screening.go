// Package screening is the page of a pasted list screened: one row an
// entry, in the order pasted, filling in as the registry answers. The
// session's screenings service does the asking, and goes on while the
// user looks elsewhere. s, S and :sort sort it as any list (by what a
// cell means: flags gravest first, dates as dates), f filters, enter opens a company (at no cost: the screening read
// it), d saves the table as CSV, esc stops the screening and r screens
// again.
package screening

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/present"
	"coview/screen"
	"coview/ui/common"
	"coview/ui/parts/list"
	"coview/ui/screenings"
	"coview/ui/table"
)

// Part is a screening on screen: a list made again from the screening's
// rows whenever they change, sorted as every list is (s, S, :sort), the
// order kept by the session's screenings across visits.
type Part struct {
	*list.Part
	s       *screenings.Session
	id      int
	version int      // the screening's Version the table was made from
	fields  []string // the fields of the columns shown, for the width
	bodyW   int      // the width the table gets (less than the window's beside a preview); 0 until told
}

// Place is the page of a screening of n entries, opened from the page at
// from.
func Place(id, n int, from common.Place) common.Place {
	entries := "entries"
	if n == 1 {
		entries = "entry"
	}
	return common.Place{Res: api.Resource{ID: strconv.Itoa(id)}, Show: common.ShowScreening,
		Title: fmt.Sprintf("Screening of %s %s", present.Thousands(n), entries), Trail: common.TrailHere(from)}
}

// New makes the page of a screening as it is now.
func New(c *common.Common, s *screenings.Session, at common.Place) *Part {
	id, _ := strconv.Atoi(at.Res.ID)
	p := &Part{s: s, id: id}
	rows := p.table(c)
	at.Sort = rows.Sort // the session's order, whatever the place said
	p.Part = list.FromRows(c, at, rows)
	p.Below = p.pastedLine
	return p
}

// screening is the screening shown, or nil when the session has none of
// that number (it keeps every one, so only a place made up has none).
func (p *Part) screening() *screenings.Screening { return p.s.Of(p.id) }

// table is the screening's rows as a list, in the order pasted, sorted
// as the session keeps it.
func (p *Part) table(c *common.Common) *table.Rows {
	sc := p.screening()
	if sc == nil {
		rows := table.New(&present.Page{Columns: []present.Column{{Title: "Input", Flex: true}}})
		rows.Empty = "This screening is not kept any more: paste the list again."
		return rows
	}
	page := present.ScreenPage(sc.Rows, false, c.Now())
	p.fields = shown(p.width(c), sc.Sort.Field)
	project(page, p.fields)
	t := table.New(page)
	if sc.Header != "" {
		t.Summary += fmt.Sprintf(" (the heading %q was not screened)", common.Line(sc.Header))
	}
	if i := slices.Index(p.fields, sc.Sort.Field); i >= 0 && sc.Sort.Field != "" {
		by := i + 1
		if sc.Sort.Desc {
			by = -by
		}
		t.SortBy(by)
	}
	p.version = sc.Version
	return t
}

// refresh makes the table again when the screening changed, keeping the
// filter and the order, and the cursor on its row where it was in the
// window.
func (p *Part) refresh() {
	sc := p.screening()
	if sc == nil || sc.Version == p.version {
		return
	}
	p.T.Replace(p.table(p.C))
}

// keepSort notes the table's order in the session, which keeps it across
// visits and widths (by field, as the columns shown vary).
func (p *Part) keepSort() {
	sc := p.screening()
	if sc == nil {
		return
	}
	by, sort := p.T.Rows.Sort, screenings.Sort{}
	if col := max(by, -by) - 1; col >= 0 && col < len(p.fields) {
		sort = screenings.Sort{Field: p.fields[col], Desc: by < 0}
	}
	if sort != sc.Sort {
		p.s.SetSort(p.id, sort)
	}
}

// SetBodyWidth is told the width the table gets: the window's, or less
// beside a preview.
func (p *Part) SetBodyWidth(w int) { p.bodyW = w }

// width is the width the table gets.
func (p *Part) width(c *common.Common) int {
	if p.bodyW > 0 {
		return p.bodyW
	}
	return c.Width
}

// Layout makes the table again when the width it gets shows other
// columns; the list lays out the rest.
func (p *Part) Layout(h int) {
	if sc := p.screening(); sc != nil && !slices.Equal(shown(p.width(p.C), sc.Sort.Field), p.fields) {
		p.version = -1
		p.refresh()
	}
	p.Part.Layout(h)
}

// selected is the row under the cursor.
func (p *Part) selected() (screen.Row, bool) {
	sc, l := p.screening(), p.T.Rows
	if sc == nil || l.Len() == 0 {
		return screen.Row{}, false
	}
	return sc.Rows[l.LoadedIndex(p.T.LV.Cursor())], true
}

// Foot is the selected row's flags and why, whole.
func (p *Part) Foot(w int) []string {
	row, ok := p.selected()
	if !ok {
		return nil
	}
	return foot(p.C, row, w)
}

// pastedLine says, while the table is in the order pasted, that it is,
// and how it sorts; sorted, the list's own line says by what.
func (p *Part) pastedLine(w int) []string {
	if p.screening() == nil || p.T.Rows.Sorted() {
		return nil
	}
	next, _ := p.C.Keys.SortKeys()
	text := "In the order pasted · " + next + ": sort by a column · :sort COLUMN"
	return []string{common.Fit("  "+p.C.Styles.Meta.Render(text), w)}
}

// Update takes the screening's rows as they come; the rest is the
// list's, the order it leaves kept in the session.
func (p *Part) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case screenings.Msg:
		p.refresh()
		return nil
	case table.SortMsg:
		cmd := p.Part.Update(msg)
		p.keepSort()
		if msg.By == 0 {
			return p.C.Flash("In the order pasted.", false)
		}
		return cmd
	}
	cmd := p.Part.Update(msg)
	p.keepSort()
	return cmd
}

// Arrive shows the screening as it is now.
func (p *Part) Arrive() tea.Cmd {
	p.refresh()
	return p.Part.Arrive()
}

// Busy is the screening under way.
func (p *Part) Busy() string {
	sc := p.screening()
	if !sc.Running() {
		return p.Part.Busy()
	}
	text := present.ScreenProgress(sc.Progress)
	return "S" + text[1:] + "… esc stops"
}

// Cancel is esc while it runs: it stops, and the rows not read yet are
// not screened, kept in the table.
func (p *Part) Cancel() (tea.Cmd, bool) {
	if !p.s.Stop(p.id) {
		return nil, false
	}
	return p.C.Flash("Stopped: the rows not read yet are not screened. r screens them again.", false), true
}

// Reload is r: screen the list again; what was read already costs
// nothing.
func (p *Part) Reload() tea.Cmd {
	cmd, ok := p.s.Again(p.id)
	if !ok {
		return p.C.Flash("Still screening: esc stops it first.", false)
	}
	p.refresh()
	return tea.Batch(cmd, p.C.Flash("Screening again: what was read already costs no request.", false))
}

// Save is d: the rows shown, in the order shown, as CSV in the download
// directory.
func (p *Part) Save() tea.Cmd {
	sc := p.screening()
	if sc == nil {
		return p.C.Flash("Nothing to save here.", false)
	}
	p.refresh()
	l := p.T.Rows
	rows := make([]screen.Row, 0, l.Len())
	pending := 0
	for i := range l.Len() {
		row := sc.Rows[l.LoadedIndex(i)]
		if row.Result == "" {
			pending++
		}
		rows = append(rows, row)
	}
	what := fmt.Sprintf("the %s rows", present.Thousands(len(rows)))
	if l.Filtered() {
		what = fmt.Sprintf("the %s rows shown (of %s)", present.Thousands(len(rows)), present.Thousands(l.Count))
	}
	if pending > 0 {
		what += fmt.Sprintf(", %s not answered yet,", present.Thousands(pending))
	}
	return p.s.Save(rows, what)
}

// Keys enables d to save the table and r to screen again, as well as
// the list's keys.
func (p *Part) Keys(k common.KeyMap) common.KeyMap {
	k = p.Part.Keys(k)
	// d saves the screening's CSV: the footer offers s/S alone, as it
	// has no room at 80 columns for ctrl+s too.
	k.Lists.Sort.SetHelp(strings.TrimSuffix(k.Lists.Sort.Help().Key, "/"+k.Lists.Save.Help().Key), "sort")
	k.Docs.Download.SetEnabled(true)
	k.Docs.Download.SetHelp("d", "save CSV")
	k.Docs.OpenDoc.SetEnabled(false)
	k.Do.Reload.SetHelp("r", "screen again")
	return k
}

// CopyText is y where the registry has no web site: the selected row's
// company number, or its entry as pasted.
func (p *Part) CopyText() (string, *common.Problem) {
	row, ok := p.selected()
	switch {
	case !ok:
		return "", nil
	case row.Number != "":
		return row.Number.String(), nil
	}
	return common.Line(row.Input.Text), nil
}

// HasSource is false: a screening is made of many answers, not one.
func (p *Part) HasSource() bool { return false }
