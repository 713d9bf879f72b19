// Package listview is a cursor over a long list seen through a window of a
// few rows. It renders only the rows in the window, so a list of 10,000
// items costs the same to draw as a list of 10: the browser's officer,
// filing, statement and appointment lists and its JSON documents use it.
//
// It holds no items. The caller says how many there are and draws one row
// when asked, which keeps the data where it is loaded and lets more pages
// arrive without copying.
package listview

import "strings"

// Model is the cursor and the window. The zero value is an empty list with
// a window of one row.
type Model struct {
	n      int // rows loaded
	cursor int
	offset int // first row in the window
	height int // rows in the window
}

// Len is the number of rows.
func (m Model) Len() int { return m.n }

// Cursor is the selected row.
func (m Model) Cursor() int { return m.cursor }

// Offset is the first row in the window.
func (m Model) Offset() int { return m.offset }

// Height is the number of rows in the window.
func (m Model) Height() int { return max(m.height, 1) }

// SetLen says how many rows there are now, for example after another page
// arrived; the cursor stays on its row.
func (m *Model) SetLen(n int) {
	m.n = max(n, 0)
	m.clamp()
}

// SetHeight sets the window's height, as after a resize; the cursor stays
// in view.
func (m *Model) SetHeight(h int) {
	m.height = max(h, 1)
	m.clamp()
}

// SetPosition restores a cursor and window saved earlier (going back in
// history); both are clamped to what is loaded now.
func (m *Model) SetPosition(cursor, offset int) {
	m.cursor, m.offset = cursor, offset
	m.clamp()
}

// Move moves the cursor by delta rows (negative is up).
func (m *Model) Move(delta int) {
	m.cursor += delta
	m.clamp()
}

// PageDown moves a window's height down.
func (m *Model) PageDown() {
	// Keep the cursor at the same place in the window, as pagers do.
	m.offset += m.Height()
	m.cursor += m.Height()
	m.clamp()
}

// PageUp moves a window's height up.
func (m *Model) PageUp() {
	m.offset -= m.Height()
	m.cursor -= m.Height()
	m.clamp()
}

// Home goes to the first row.
func (m *Model) Home() { m.cursor, m.offset = 0, 0 }

// End goes to the last row loaded.
func (m *Model) End() {
	m.cursor = m.n - 1
	m.offset = m.n
	m.clamp()
}

// NearEnd reports whether the cursor is within a screen of the last row
// loaded: the moment to ask for the next page, so that it is there before
// the user reaches the end.
func (m Model) NearEnd() bool {
	return m.n == 0 || m.cursor+m.Height() >= m.n
}

// Visible is the half-open range of rows in the window.
func (m Model) Visible() (from, to int) {
	return m.offset, min(m.offset+m.Height(), m.n)
}

func (m *Model) clamp() {
	h := m.Height()
	if m.n == 0 {
		m.cursor, m.offset = 0, 0
		return
	}
	m.cursor = min(max(m.cursor, 0), m.n-1)
	// The window follows the cursor, and never shows empty space below
	// the last row when there are rows above it that could be shown.
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+h {
		m.offset = m.cursor - h + 1
	}
	m.offset = min(max(m.offset, 0), max(m.n-h, 0))
}

// Render draws the window: row is called once for each visible row with
// its index and whether it is selected, and must return one line. Rows
// below the last one are left out, so the result may be shorter than the
// window.
func (m Model) Render(row func(i int, selected bool) string) string {
	from, to := m.Visible()
	var b strings.Builder
	for i := from; i < to; i++ {
		if i > from {
			b.WriteByte('\n')
		}
		b.WriteString(row(i, i == m.cursor))
	}
	return b.String()
}
