package searchbox

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/screen"
	"coview/ui/common"
)

// Paste takes a bracketed paste. Pasting is how most numbers arrive: a
// number with a label or spaces around it, or a column copied from a
// spreadsheet. A block of two or more lines (numbers or names, one a
// line; blank lines and a heading are not entries) is screened, its
// numbers offered to open one by one with n. A paste that ends a line,
// or holds several numbers on one, opens the first at once and offers
// the rest; a single number without a newline waits in the box for
// Enter, as typed text would.
func (b *Box) Paste(msg tea.PasteMsg) (tea.Cmd, Intent) {
	defer b.matchRecent()
	b.takeOver()
	numbers, ignored := api.ExtractNumbers(msg.Content)
	editing := b.focused && b.input.Value() != ""
	multiline := strings.ContainsAny(msg.Content, "\r\n")
	if inputs, header := screen.Lines(msg.Content); multiline && len(inputs) >= 2 {
		b.queue = dedupe(numbers)
		b.pasted = inputs
		b.Blur()
		return nil, Intent{Screen: inputs, Header: header}
	}
	switch {
	case len(numbers) == 0 || (editing && !multiline && len(numbers) == 1):
		cmd := b.Focus()
		b.input, _ = b.input.Update(msg)
		if len(numbers) == 0 && (multiline || nameQuery(b.input.Value()) == "") {
			why := "No company number in the pasted text."
			if len(ignored) == 1 && ignored[0].Why != api.NoNumber {
				why = "No company number in the pasted text: " + common.Line(ignored[0].Why) + "."
			}
			return tea.Batch(cmd, b.c.Flash(why, true)), Intent{}
		}
		// A name pasted is searched for as one typed.
		return tea.Batch(cmd, b.onText()), Intent{}
	case len(numbers) == 1 && !multiline:
		cmd := b.Focus()
		b.input.SetValue(numbers[0].String())
		b.input.CursorEnd()
		return cmd, Intent{}
	}
	b.pasted = numberEntries(msg.Content, numbers)
	numbers = dedupe(numbers)
	b.input.SetValue(numbers[0].String())
	b.queue = numbers[1:]
	// The rest are offered on the line under the box.
	return nil, Intent{Company: numbers[0], Typed: true, Ignored: ignored}
}
