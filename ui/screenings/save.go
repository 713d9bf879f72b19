package screenings

import (
	"fmt"
	"io"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/present"
	"coview/save"
	"coview/screen"
	"coview/ui/common"
)

// SavedMsg is what became of a table saved as CSV.
type SavedMsg struct {
	Path string
	Err  error
	what string // the rows saved, in words
}

// Save writes rows as CSV, with the fields and words of coview screen
// --csv, in the download directory: whole or not at all, and never over a
// file that is there (save.Into). what says which rows they are ("the 3
// rows shown"), for the message that says where they went.
func (s *Session) Save(rows []screen.Row, what string) tea.Cmd {
	dir, today := s.dir(), s.c.Now()
	name := FileName(today, len(rows))
	return s.c.Guard(func() tea.Msg {
		path, err := save.Into(dir, name, func(w io.Writer) error { return WriteCSV(w, rows, today) })
		return SavedMsg{Path: path, Err: err, what: what}
	})
}

// FileName is the name a table of n rows is saved under, on the day
// today: "coview screening 2026-11-22, 10 rows.csv".
func FileName(today time.Time, n int) string {
	unit := "rows"
	if n == 1 {
		unit = "row"
	}
	return fmt.Sprintf("coview screening %s, %d %s.csv", today.Format(time.DateOnly), n, unit)
}

// WriteCSV writes rows as coview screen --csv does: a header, then a
// record a row, with the one writer of every export (present.CSV).
func WriteCSV(w io.Writer, rows []screen.Row, today time.Time) error {
	cw := present.NewCSV(w)
	cw.Write(present.ScreenFields(false))
	for _, row := range rows {
		cw.Write(present.ScreenRecord(row, false, today))
	}
	cw.Flush()
	return cw.Error()
}

// onSaved says where the table went, or why it did not.
func (s *Session) onSaved(msg SavedMsg) tea.Cmd {
	if msg.Err != nil {
		return s.c.Flash("The table was not saved: "+common.Line(msg.Err.Error()), true)
	}
	return s.c.Flash("Saved "+msg.what+" as "+common.Line(msg.Path), false)
}
