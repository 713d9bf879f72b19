package present

import (
	"io"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"coview/api"
	"coview/present/labels"
)

// WriteProfile prints a profile's five panes as text for reading or grep:
// the rows the browser shows, without styling, after a line of the
// company's flags when it has any.
func WriteProfile(w io.Writer, p *api.Profile, today time.Time) {
	writeProfile(w, p, today, Panes(p, today))
}

func writeProfile(w io.Writer, p *api.Profile, today time.Time, panes []Pane) {
	var b strings.Builder
	b.WriteString(clean(orNumber(p.CompanyName, p.CompanyNumber)) + "\n")
	head := []string{clean(p.CompanyNumber), clean(labels.Status(p.CompanyStatus))}
	for _, a := range Alerts(p) {
		head = append(head, "! "+clean(a))
	}
	head = append(head, clean(labels.CompanyType(p.Type)))
	b.WriteString(strings.Join(nonEmpty(head), " · ") + "\n")
	if flags := Flags(p, nil, today); len(flags) > 0 {
		b.WriteString("Flags: " + FlagWords(flags) + "\n")
	}
	for _, pane := range panes {
		b.WriteString("\n")
		writeRows(&b, pane.Title, pane.Rows)
	}
	io.WriteString(w, b.String())
}

// writeRows prints a titled group of rows, labels in a column, warnings
// marked with "!".
func writeRows(b *strings.Builder, title string, rows []Row) {
	if title != "" {
		b.WriteString(title + "\n")
	}
	width := 0
	for _, r := range rows {
		width = max(width, ansi.StringWidth(r.Label))
	}
	for _, r := range rows {
		value := r.Value
		if r.Tone == Warning {
			value = "! " + value
		}
		b.WriteString(strings.TrimRight("  "+r.Label+strings.Repeat(" ", width-ansi.StringWidth(r.Label))+"  "+value, " ") + "\n")
	}
}

// WritePage prints a page as text: what it says about itself, then its
// rows under their column headings, every cell whole (the columns are as
// wide as what they hold), or its lines. withHead says whether to print
// the heading, counts and column titles: a list printed a page at a time
// has them once, before its first page.
func WritePage(w io.Writer, pg *Page, withHead bool) {
	var b strings.Builder
	if withHead {
		writeHead(&b, pg)
	}
	switch {
	case len(pg.Sections) > 0:
		for i, sec := range pg.Sections {
			if i > 0 || withHead && (pg.Heading != "" || pg.Summary != "" || pg.Caveat != "") {
				b.WriteString("\n")
			}
			writeRows(&b, sec.Title, sec.Rows)
		}
	case len(pg.Lines) > 0:
		for _, l := range pg.Lines {
			b.WriteString(l.Text + "\n")
		}
	case len(pg.Items) > 0:
		cols, items := printed(pg.Columns, pg.Items)
		widths := ColumnWidths(cols, items)
		if withHead {
			titles := make([]string, len(cols))
			for i, c := range cols {
				titles[i] = c.Title
			}
			b.WriteString("\n" + plainRow(titles, widths) + "\n")
		}
		for _, it := range items {
			b.WriteString(plainRow(it.Cells, widths) + "\n")
		}
	}
	io.WriteString(w, b.String())
}

// writeHead prints what a page says about itself: its heading, counts
// and caveat, and why nothing is listed, unless the counts said it.
func writeHead(b *strings.Builder, pg *Page) {
	for _, s := range []string{pg.Heading, pg.Summary, pg.Caveat} {
		if s != "" {
			b.WriteString(s + "\n")
		}
	}
	if e := clean(pg.Empty); e != "" && e != pg.Summary && len(pg.Items) == 0 && len(pg.Sections) == 0 && len(pg.Lines) == 0 {
		b.WriteString(e + "\n")
	}
}

// printed are the columns --plain prints, and each row's cells of them:
// all but those the browser alone draws (Column.ScreenOnly).
func printed(cols []Column, items []Item) ([]Column, []Item) {
	if !slices.ContainsFunc(cols, func(c Column) bool { return c.ScreenOnly }) {
		return cols, items
	}
	var keep []int
	var out []Column
	for i, c := range cols {
		if !c.ScreenOnly {
			keep, out = append(keep, i), append(out, c)
		}
	}
	rows := make([]Item, len(items))
	for r, it := range items {
		cells := make([]string, 0, len(keep))
		for _, i := range keep {
			if i < len(it.Cells) {
				cells = append(cells, it.Cells[i])
			}
		}
		rows[r] = it
		rows[r].Cells = cells
	}
	return out, rows
}

// ColumnWidths is the width of each column: its widest cell or its title.
func ColumnWidths(cols []Column, items []Item) []int {
	out := make([]int, len(cols))
	for i, c := range cols {
		out[i] = ansi.StringWidth(c.Title)
	}
	for _, it := range items {
		for i, c := range it.Cells {
			if i < len(out) {
				out[i] = max(out[i], ansi.StringWidth(orDash(c)))
			}
		}
	}
	return out
}

// plainRow joins cells with two spaces, each padded to its column; the
// last is not padded, so lines carry no trailing blanks.
func plainRow(cells []string, widths []int) string {
	var b strings.Builder
	for i, c := range cells {
		if i >= len(widths) {
			break
		}
		c = orDash(c)
		if i > 0 {
			b.WriteString("  ")
		}
		b.WriteString(c)
		if i < len(cells)-1 {
			b.WriteString(strings.Repeat(" ", max(widths[i]-ansi.StringWidth(c), 0)))
		}
	}
	return b.String()
}

func orNumber(name, number string) string {
	if strings.TrimSpace(name) == "" {
		return "(no name) " + number
	}
	return name
}

func nonEmpty(ss []string) []string {
	out := ss[:0:0]
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	return out
}
