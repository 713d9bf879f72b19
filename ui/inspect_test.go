package ui

import (
	"strconv"

	"coview/present"
	"coview/ui/common"
	"coview/ui/listview"
	"coview/ui/parts/profile"
	"coview/ui/table"
)

// What tests read of the page on screen, whatever part shows it.

// place is where the browser is, with how the page is looked at.
func place(m *model) common.Place { return m.page.Place() }

// rowsOf is the list on screen, or nil when the page is not a list.
func rowsOf(m *model) *table.Rows {
	if t, ok := m.page.(interface{ Table() *table.Model }); ok {
		return t.Table().Rows
	}
	return nil
}

// window is the cursor and window of the page on screen: over a list's
// rows, a document's lines or a profile's links.
func window(m *model) *listview.Model {
	if w, ok := m.page.(interface{ Window() *listview.Model }); ok {
		return w.Window()
	}
	return &listview.Model{}
}

// linksOf are the links of the profile on screen.
func linksOf(m *model) []present.LinkItem {
	if p, ok := m.page.(*profile.Part); ok {
		return p.Links()
	}
	return nil
}

// pointedLink is the link under the cursor.
func pointedLink(m *model) string { return m.pointed().Link }

// toEnd says whether end is loading the list on screen to its end.
func toEnd(m *model) bool {
	l, ok := m.page.(interface{ LoadingToEnd() bool })
	return ok && l.LoadingToEnd()
}

// screeningID is the number of the screening on screen, or 0.
func screeningID(m *model) int {
	at := place(m)
	if at.Show != common.ShowScreening {
		return 0
	}
	id, _ := strconv.Atoi(at.Res.ID)
	return id
}
