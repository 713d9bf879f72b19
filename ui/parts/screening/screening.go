// Package screening is the page of a pasted list screened: one row an
// entry, in the order pasted, filling in as the registry answers. The
// session's screenings service does the asking, and goes on while the
// user looks elsewhere. s sorts by the next column and S the other way
// round, f filters, enter opens a company (at no cost: the screening read
// it), d saves the table as CSV, esc stops the screening and r screens
// again.
package screening

import (
	"fmt"
	"slices"
	"strconv"

	"charm.land/bubbles/v2/key"
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
// rows whenever they change, the cursor staying on its row.
type Part struct {
	*list.Part
	s       *screenings.Session
	id      int
	order   []int    // the row (its Index) each row of the table shows, in the table's order
	version int      // the screening's Version the table was made from
	sorted  string   // the title of the column sorted by, if any
	fields  []string // the fields of the columns shown, for the width
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
	p.Part = list.FromRows(c, at, p.table(c))
	p.Below = p.sortLine
	return p
}

// screening is the screening shown, or nil when the session has none of
// that number (it keeps every one, so only a place made up has none).
func (p *Part) screening() *screenings.Screening { return p.s.Of(p.id) }

// table is the screening's rows as a list, in the order asked for, the
// column sorted by marked.
func (p *Part) table(c *common.Common) *table.Rows {
	sc := p.screening()
	if sc == nil {
		rows := table.New(&present.Page{Columns: []present.Column{{Title: "Input", Flex: true}}})
		rows.Empty = "This screening is not kept any more: paste the list again."
		return rows
	}
	today := c.Now()
	rows := slices.Clone(sc.Rows)
	switch {
	case sc.Sort.Field != "":
		present.SortScreenRows(rows, sc.Sort.Field, sc.Sort.Desc, today)
	case sc.Sort.Desc:
		slices.Reverse(rows)
	}
	p.order = make([]int, len(rows))
	for i, r := range rows {
		p.order[i] = r.Index
	}
	page := present.ScreenPage(rows, false, today)
	p.sorted = ""
	if i := slices.Index(Fields, sc.Sort.Field); i >= 0 && i < len(page.Columns) {
		p.sorted = page.Columns[i].Title
		page.Columns[i].Title += " " + arrow(sc.Sort.Desc)
	}
	p.fields = shown(c.Width)
	project(page, p.fields)
	t := table.New(page)
	if sc.Header != "" {
		t.Summary += fmt.Sprintf(" (the heading %q was not screened)", common.Line(sc.Header))
	}
	p.version = sc.Version
	return t
}

func arrow(desc bool) string {
	if desc {
		return "↓"
	}
	return "↑"
}

// refresh makes the table again when the screening changed, keeping the
// filter, and the cursor on its row where it was in the window.
func (p *Part) refresh() {
	sc := p.screening()
	if sc == nil || sc.Version == p.version {
		return
	}
	t := p.T
	sel, gap := -1, 0
	if t.Rows.Len() > 0 {
		sel = p.order[t.Rows.Index(t.LV.Cursor())]
		gap = t.LV.Cursor() - t.LV.Offset()
	}
	rows := p.table(p.C)
	rows.SetFilter(t.Rows.Filter, t.Rows.Current)
	t.Rows = rows
	t.LV.SetLen(rows.Len())
	for i := range rows.Len() {
		if p.order[rows.Index(i)] == sel {
			t.LV.SetPosition(i, i-gap)
			return
		}
	}
}

// Layout makes the table again when the window's width shows other
// columns; the list lays out the rest.
func (p *Part) Layout(h int) {
	if !slices.Equal(shown(p.C.Width), p.fields) {
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
	return sc.Rows[p.order[l.Index(p.T.LV.Cursor())]], true
}

// Foot is the selected row's flags and why, whole.
func (p *Part) Foot(w int) []string {
	row, ok := p.selected()
	if !ok {
		return nil
	}
	return foot(p.C, row, w)
}

// sortLine says how the table is ordered, under its counts.
func (p *Part) sortLine(w int) []string {
	sc := p.screening()
	if sc == nil {
		return nil
	}
	var text string
	switch {
	case p.sorted != "":
		text = fmt.Sprintf("Sorted by %s %s · s: next column · S: reverse", p.sorted, arrow(sc.Sort.Desc))
	case sc.Sort.Desc:
		text = "In the order pasted, last first · s: sort by a column · S: reverse"
	default:
		text = "In the order pasted · s: sort by a column · S: reverse"
	}
	return []string{common.Fit("  "+p.C.Styles.Meta.Render(text), w)}
}

// Update takes the screening's rows as they come, and the sort keys; the
// rest is the list's.
func (p *Part) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case screenings.Msg:
		p.refresh()
		return nil
	case tea.KeyPressMsg:
		if p.Typing() {
			break
		}
		k := p.C.Keys
		switch {
		case key.Matches(msg, k.Lists.Sort):
			return p.sortNext()
		case key.Matches(msg, k.Lists.Reverse):
			return p.reverse()
		}
	}
	return p.Part.Update(msg)
}

// sortNext is s: sort by the next column shown, ascending; after the
// last, the order pasted again.
func (p *Part) sortNext() tea.Cmd {
	sc := p.screening()
	if sc == nil {
		return nil
	}
	next := ""
	if i := slices.Index(p.fields, sc.Sort.Field) + 1; i < len(p.fields) {
		next = p.fields[i]
	}
	p.s.SetSort(p.id, screenings.Sort{Field: next})
	p.refresh()
	return nil
}

// reverse is S: the same order, the other way round.
func (p *Part) reverse() tea.Cmd {
	sc := p.screening()
	if sc == nil {
		return nil
	}
	p.s.SetSort(p.id, screenings.Sort{Field: sc.Sort.Field, Desc: !sc.Sort.Desc})
	p.refresh()
	return nil
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
		row := sc.Rows[p.order[l.Index(i)]]
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

// Keys enables the sort keys, d to save the table, and r to screen again.
func (p *Part) Keys(k common.KeyMap) common.KeyMap {
	k = p.Part.Keys(k)
	k.Lists.Sort.SetEnabled(true)
	k.Lists.Sort.SetHelp("s/S", "sort")
	k.Lists.Reverse.SetEnabled(true)
	k.Docs.Download.SetEnabled(true)
	k.Docs.Download.SetHelp("d", "save CSV")
	k.Docs.OpenDoc.SetEnabled(false)
	k.Do.Reload.SetHelp("r", "screen again")
	return k
}

// CopyText is y where the registry has no web site: the selected row's
// company number, or its entry as pasted.
func (p *Part) CopyText() (string, *common.Trouble) {
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
