package table

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"coview/present"
	"coview/ui/common"
	"coview/ui/listview"
)

// Model is a list a part shows: its rows, the cursor and window over
// them, and the filter that keeps some of them (f, c).
type Model struct {
	C      *common.Common
	Rows   *Rows
	LV     listview.Model
	input  textinput.Model // the filter, as typed
	typing bool            // the filter has the keyboard
}

// NewModel shows rows, filtered as at says, the cursor where at left it
// (applied by Restore once the window's height is known).
func NewModel(c *common.Common, rows *Rows, at common.Place) *Model {
	t := &Model{C: c, Rows: rows, input: newFilterInput(c)}
	rows.SetFilter(at.Filter, at.Current)
	rows.SortBy(at.Sort)
	t.LV.SetLen(rows.Len())
	return t
}

// newFilterInput is the line a list is filtered from, as the user types.
func newFilterInput(c *common.Common) textinput.Model {
	in := textinput.New()
	in.Prompt = "Filter › "
	in.Placeholder = "words in any column"
	in.CharLimit = 100
	in.KeyMap.Paste.SetEnabled(false)
	in.SetStyles(c.Styles.Input)
	in.SetWidth(max(c.Width/5, 12))
	return in
}

// Add joins the next page of the list.
func (t *Model) Add(p *present.Page) {
	t.Rows.Add(p)
	t.LV.SetLen(t.Rows.Len())
}

// Selected is the row under the cursor; ok is false on an empty list.
func (t *Model) Selected() (present.Item, bool) {
	if t.Rows.Len() == 0 {
		return present.Item{}, false
	}
	return t.Rows.Item(t.LV.Cursor()), true
}

// View puts how the list is looked at into a place, for history.
func (t *Model) View(p common.Place) common.Place {
	p.Cursor, p.Offset = t.LV.Cursor(), t.LV.Offset()
	p.Filter, p.Current, p.Sort = t.Rows.Filter, t.Rows.Current, t.Rows.Sort
	return p
}

// Mid is the column headings, over the rows.
func (t *Model) Mid(w int) []string {
	if t.Rows.Len() == 0 {
		return nil
	}
	return []string{Headings(t.C, t.Rows, w)}
}

// Body is the window of rows.
func (t *Model) Body(w, h int) []string { return Body(t.C, t.Rows, t.LV, w, h) }

// Foot is the selected row's long text.
func (t *Model) Foot(w int) []string { return Preview(t.C, t.Rows, t.LV.Cursor(), w) }

// Position says where the cursor is, and how much of the list is in.
func (t *Model) Position() string {
	l := t.Rows
	thousands := present.Thousands
	switch {
	case l.Filtered() && l.Len() > 0:
		return fmt.Sprintf("%s of %s shown", thousands(t.LV.Cursor()+1), thousands(l.Len()))
	case l.Len() > 0:
		total := l.Total
		if total < 0 {
			total = l.Count
		}
		return fmt.Sprintf("%s of %s", thousands(t.LV.Cursor()+1), thousands(total))
	}
	return ""
}

// Typing says whether the filter has the keyboard.
func (t *Model) Typing() bool { return t.typing }

// TypingKeys are the footer's keys while the filter has the keyboard.
func (t *Model) TypingKeys() []key.Binding { return t.C.Keys.FilterHelp() }

// StartFilter is f: type to keep only the rows that match.
func (t *Model) StartFilter() tea.Cmd {
	t.typing = true
	t.input.SetWidth(max(t.C.Width/5, 12))
	t.input.SetValue(t.Rows.Filter)
	t.input.CursorEnd()
	return t.input.Focus()
}

// FilterKey takes a key while the filter has the keyboard: the list
// follows each one; Enter keeps the filter and gives the keys back to the
// list, esc drops it.
func (t *Model) FilterKey(msg tea.KeyPressMsg) tea.Cmd {
	k := t.C.Keys
	switch {
	case key.Matches(msg, k.Pages.Open):
		t.stopTyping()
		return nil
	case key.Matches(msg, k.Box.Leave):
		t.stopTyping()
		t.clear(t.Rows.Current)
		return nil
	}
	var cmd tea.Cmd
	t.input, cmd = t.input.Update(msg)
	if t.input.Value() != t.Rows.Filter {
		t.Apply(t.input.Value(), t.Rows.Current)
	}
	return cmd
}

// Input takes what else is meant for the filter (its cursor's blinks).
func (t *Model) Input(msg tea.Msg) tea.Cmd {
	if !t.typing {
		return nil
	}
	var cmd tea.Cmd
	t.input, cmd = t.input.Update(msg)
	return cmd
}

func (t *Model) stopTyping() {
	t.typing = false
	t.input.Blur()
}

// NoPast is what c says on a list whose rows are neither current nor
// past.
const NoPast = "The rows of this list are neither current nor past: c works on lists of officers, owners, charges and appointments."

// ToggleCurrent is c: the current rows only (no one resigned, nothing
// ceased or satisfied), or all again.
func (t *Model) ToggleCurrent() tea.Cmd {
	l := t.Rows
	switch {
	case l.Past == "" && !l.Current:
		return t.C.Flash(NoPast, false)
	case !l.HasQuiet() && !l.Current:
		return t.C.Flash("No row loaded is "+l.Past+": every one is current.", false)
	}
	t.Apply(l.Filter, !l.Current)
	if l.Current {
		return t.C.Flash("Current rows only; c shows all.", false)
	}
	return t.C.Flash("All rows; c shows the current ones only.", false)
}

// Apply filters the list and puts the cursor on its first row shown.
func (t *Model) Apply(text string, current bool) {
	t.Rows.SetFilter(text, current)
	t.LV.SetLen(t.Rows.Len())
	t.LV.Home()
}

// Escape drops a filter, for esc when nothing else took it.
func (t *Model) Escape() bool {
	if !t.Rows.Filtered() {
		return false
	}
	t.clear(false)
	return true
}

// clear drops the filter's text (and with current false, the current
// rows only), keeping the cursor on the row it was on, where it was in
// the window.
func (t *Model) clear(current bool) {
	l := t.Rows
	if l.Len() == 0 {
		t.Apply("", current)
		return
	}
	t.keepRow(func() { l.SetFilter("", current) })
}

// keepRow changes what is shown (change) keeping the cursor on the row
// it was on, where it was in the window.
func (t *Model) keepRow(change func()) {
	l := t.Rows
	if l.Len() == 0 {
		change()
		t.LV.SetLen(l.Len())
		return
	}
	row, line := l.LoadedIndex(t.LV.Cursor()), t.LV.Cursor()-t.LV.Offset()
	change()
	t.LV.SetLen(l.Len())
	at := l.ShownIndex(row)
	t.LV.SetPosition(at, at-line)
}

// FilterLines say what the filter keeps, of how much: the rows loaded,
// and how many more the registry has; none when nothing is filtered.
func (t *Model) FilterLines(w int) []string {
	l := t.Rows
	if !l.Filtered() && !t.typing {
		return nil
	}
	s := t.C.Styles
	var what string
	switch {
	case l.Filter != "" && l.Current:
		what = fmt.Sprintf("are current and match %q", l.Filter)
	case l.Filter != "":
		what = fmt.Sprintf("match %q", l.Filter)
	default:
		what = "are current"
	}
	count := fmt.Sprintf("%s of %s loaded %s", present.Thousands(l.Len()), present.Thousands(l.Count), what)
	if !l.Done && l.Total > l.Count {
		count += fmt.Sprintf(" (%s in all: end loads them)", present.Thousands(l.Total))
	}
	if t.typing {
		return []string{common.Fit(t.input.View()+"  "+s.Meta.Render(count), w)}
	}
	return []string{common.Fit("  "+s.Note.Render(common.Line(count)+" · esc: all · f: edit"), w)}
}

// Keys enables what works on a list.
func (t *Model) Keys(k common.KeyMap) common.KeyMap {
	k.Lists.Filter.SetEnabled(true)
	k.Lists.Current.SetEnabled(t.Rows.Current || t.Rows.HasQuiet())
	k.Lists.Sort.SetEnabled(true)
	k.Lists.Reverse.SetEnabled(true)
	k.Lists.Save.SetEnabled(true)
	return k
}

// Restyle takes new styles in (the terminal's background was learnt).
func (t *Model) Restyle() { t.input.SetStyles(t.C.Styles.Input) }
