package table

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/present"
	"coview/present/labels"
	"coview/save"
	"coview/ui/common"
)

// Saving: the list on screen, as filtered and sorted, goes to a file in
// the download directory as CSV (a header row, then a record a row,
// quoted as RFC 4180 says) or JSON (an array of objects keyed by the
// columns' titles), whole and never over a file that is there
// (save.Into).

// Records are the titles of the columns and the cells of the rows shown,
// in the order shown, as text cleaned for a terminal: what a saved list
// holds.
func (l *Rows) Records() (titles []string, rows [][]string) {
	for _, c := range l.Columns {
		titles = append(titles, common.Line(c.Title))
	}
	rows = make([][]string, 0, l.Len())
	for i := range l.Len() {
		it := l.Item(i)
		rec := make([]string, len(titles))
		for j := range rec {
			rec[j] = common.Line(cell(it, j))
		}
		rows = append(rows, rec)
	}
	return titles, rows
}

// WriteCSV writes records as CSV, as every export does (present.CSV):
// the titles, then a record a row, lines ended by LF, a cell a
// spreadsheet would take for a formula made text; the dates the list
// shows ("14 Jan 2011") as yyyy-mm-dd, as a program reads them.
func WriteCSV(w io.Writer, titles []string, rows [][]string) error {
	cw := present.NewCSV(w)
	cw.Write(titles)
	rec := make([]string, 0, len(titles))
	for _, r := range rows {
		rec = rec[:0]
		for _, c := range r {
			rec = append(rec, labels.ISODates(c))
		}
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}

// WriteJSON writes records as a JSON array of objects, each keyed by the
// columns' titles in the columns' order.
func WriteJSON(w io.Writer, titles []string, rows [][]string) error {
	keys := make([][]byte, len(titles))
	for i, t := range titles {
		keys[i], _ = json.Marshal(t)
	}
	var b bytes.Buffer
	b.WriteString("[")
	for n, r := range rows {
		if n > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n  {")
		for i, c := range r {
			if i > 0 {
				b.WriteString(", ")
			}
			v, _ := json.Marshal(c)
			b.Write(keys[i])
			b.WriteString(": ")
			b.Write(v)
		}
		b.WriteString("}")
	}
	b.WriteString("\n]\n")
	_, err := w.Write(b.Bytes())
	return err
}

// FileName is the name a list is saved under: its title, the company's
// number unless the title has it, the day, and the format's extension
// ("Officers 00006400 2026-11-25.csv").
func FileName(title, number string, day time.Time, format string) string {
	name := title
	if number != "" && !strings.Contains(title, number) {
		name += " " + number
	}
	return fmt.Sprintf("%s %s.%s", strings.TrimSpace(name), day.Format(time.DateOnly), format)
}

// SaveMsg asks the list on screen to save itself: ctrl+s (CSV) and
// :save csv|json.
type SaveMsg struct{ Format string }

// SavedMsg is what became of a list saved: where it went, or why not.
type SavedMsg struct {
	Path, What string
	Err        error
}

// Say is the footer's words for a list saved.
func (m SavedMsg) Say() (string, bool) {
	if m.Err != nil {
		return "The list was not saved: " + common.Line(m.Err.Error()), true
	}
	return "Saved " + m.What + " as " + common.Line(m.Path), false
}

// Save writes the rows shown, as filtered and sorted, in the directory
// dir as format ("csv" or "json"), under a name made of the page's title,
// the company's number and today. The rows are taken now; the file is
// written in the background.
func (t *Model) Save(dir, format string, at common.Place) tea.Cmd {
	l := t.Rows
	if l.Len() == 0 {
		return t.C.Flash("No row is shown: nothing to save.", false)
	}
	titles, rows := l.Records()
	write := WriteCSV
	if format == "json" {
		write = WriteJSON
	}
	name := FileName(common.Line(at.Title), string(at.Company), t.C.Now(), format)
	what := fmt.Sprintf("the %s rows shown (%s)", present.Thousands(len(rows)), strings.ToUpper(format))
	if len(rows) == 1 {
		what = fmt.Sprintf("the row shown (%s)", strings.ToUpper(format))
	}
	return t.C.Guard(func() tea.Msg {
		path, err := save.Into(dir, name, func(w io.Writer) error { return write(w, titles, rows) })
		return SavedMsg{Path: path, What: what, Err: err}
	})
}
