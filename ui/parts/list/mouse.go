package list

import tea "charm.land/bubbletea/v2"

// Click selects the row clicked, or opens it when it is selected already.
func (p *Part) Click(_, y, _, _ int) tea.Cmd {
	lv := &p.T.LV
	row := lv.Offset() + y
	if y < 0 || y >= lv.Height() || row >= p.T.Rows.Len() {
		return nil
	}
	if row == lv.Cursor() {
		return p.open()
	}
	lv.Move(row - lv.Cursor())
	return p.moreIfNear()
}

// Wheel moves the cursor by lines, asking for more of the list near its
// end as the keys do.
func (p *Part) Wheel(_, _, _, _, lines int) tea.Cmd {
	p.T.LV.Move(lines)
	return p.moreIfNear()
}
