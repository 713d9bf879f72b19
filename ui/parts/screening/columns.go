package screening

import (
	"slices"
	"strings"

	"coview/present"
	"coview/screen"
	"coview/ui/common"
)

// Fields are the fields of the table's columns, in present.ScreenPage's
// order (without --deep's): what the columns shown are chosen from.
var Fields = []string{present.FieldInput, present.FieldNumber, present.FieldName, present.FieldStatus,
	present.FieldType, present.FieldIncorporated, present.FieldAccountsDue, present.FieldConfirmationDue,
	present.FieldFlags, present.FieldResult, present.FieldWhy}

// widths are the columns shown on a terminal at least so wide, widest
// first: the entry as pasted, the name, the status, the flags and the
// result always; the rest as there is room for them. The selected row's
// flags and why are under the table whatever the width (Foot).
var widths = []struct {
	min    int
	fields []string
}{
	{190, Fields},
	{150, []string{present.FieldInput, present.FieldNumber, present.FieldName, present.FieldStatus,
		present.FieldAccountsDue, present.FieldConfirmationDue, present.FieldFlags, present.FieldResult}},
	{110, []string{present.FieldInput, present.FieldNumber, present.FieldName, present.FieldStatus,
		present.FieldFlags, present.FieldResult}},
	{0, []string{present.FieldInput, present.FieldName, present.FieldStatus, present.FieldFlags, present.FieldResult}},
}

// inputMax is the most cells the entry as pasted gets.
const inputMax = 18

// shown are the fields of the columns shown on a terminal w cells wide,
// with the field the table is sorted by (sorted) whatever the width.
func shown(w int, sorted string) []string {
	fields := Fields
	for _, c := range widths {
		if w >= c.min {
			fields = c.fields
			break
		}
	}
	if sorted == "" || slices.Contains(fields, sorted) {
		return fields
	}
	var out []string
	for _, f := range Fields {
		if f == sorted || slices.Contains(fields, f) {
			out = append(out, f)
		}
	}
	return out
}

// project keeps the columns of fields of a page of present.ScreenPage,
// each row's cells, accents and sort keys with them.
func project(pg *present.Page, fields []string) {
	keep := make([]int, 0, len(fields))
	for _, f := range fields {
		if i := slices.Index(Fields, f); i >= 0 && i < len(pg.Columns) {
			keep = append(keep, i)
		}
	}
	at := make(map[int]int, len(keep)) // old cell -> new
	cols := make([]present.Column, len(keep))
	for n, i := range keep {
		at[i] = n
		cols[n] = pg.Columns[i]
		if Fields[i] == present.FieldInput {
			// The entry as pasted says which row is which; the name and
			// the flags say what it is, and keep the room.
			cols[n].Flex, cols[n].Max = false, inputMax
		}
	}
	pg.Columns = cols
	for r := range pg.Items {
		it := &pg.Items[r]
		cells := make([]string, len(keep))
		keys := make([]string, len(keep))
		for n, i := range keep {
			cells[n] = it.Cells[i]
			if i < len(it.Keys) {
				keys[n] = it.Keys[i]
			}
		}
		var accents []present.Accent
		for _, a := range it.Accents {
			if n, ok := at[a.Cell]; ok {
				a.Cell = n
				accents = append(accents, a)
			}
		}
		it.Cells, it.Accents, it.Keys = cells, accents, keys
	}
}

// footRows is the room under the table for the selected row's flags and
// why, kept whatever the row so the table does not jump as the cursor
// moves.
const footRows = 2

// foot says of the selected row what its cells may be too narrow for: why
// it is not ok, and its flags, whole.
func foot(c *common.Common, row screen.Row, w int) []string {
	out := make([]string, footRows)
	var text string
	switch {
	case row.Result == "":
		text = "Not answered yet."
	case row.Result != screen.OK:
		words := present.ResultWords(row.Result)
		text = strings.ToUpper(words[:1]) + words[1:] + ": " + row.Why
		if present.ScreenSearchable(row) {
			text += ". Enter searches the registry for it."
		}
	case row.Profile != nil:
		text = present.FlagWords(present.Flags(row.Profile, row.Deep, c.Now()))
		if text == "" {
			text = "No flags."
		} else {
			text = "Flags: " + text
		}
	}
	for i, line := range common.Wrap(common.Line(text), w-4, footRows) {
		out[i] = "  " + c.Styles.Rows.Note.Paint(line)
	}
	return out
}
