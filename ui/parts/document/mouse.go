package document

import tea "charm.land/bubbletea/v2"

// Click puts the cursor on the line clicked, or follows its link when it
// is there already.
func (p *Part) Click(_, y, _, _ int) tea.Cmd {
	line := p.lv.Offset() + y
	if y < 0 || y >= p.lv.Height() || line >= p.lv.Len() {
		return nil
	}
	if line == p.lv.Cursor() {
		return p.open()
	}
	p.lv.Move(line - p.lv.Cursor())
	return nil
}

// Wheel moves the cursor by lines.
func (p *Part) Wheel(_, _, _, _, lines int) tea.Cmd {
	p.lv.Move(lines)
	return nil
}
