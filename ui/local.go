package ui

import "coview/ui/common"

// Where a page's answer comes from, when the register's index on this
// machine answers it: said on a line of its own under the title, so that
// an answer as old as the register's file is never taken for the
// registry's of today.

// sourceLine is that line, or "" for a page the registry answers.
func (m *model) sourceLine(w int) string {
	l := m.c.Local
	if !l.Answers(m.page.Place().Res) {
		return ""
	}
	text := "From " + l.Where() + " (--live asks the registry)"
	if l.Offline() {
		text = "Offline: from " + l.Where()
	}
	return common.Fit("  "+m.c.Styles.Meta.Render(common.Cut(text, w-2)), w)
}

// offlineWords are what the footer says in place of the quota offline,
// where there is none to spend.
func (m *model) offlineWords(w int) string {
	if w < 100 {
		return "offline"
	}
	return "offline: " + m.c.Local.Where()
}
