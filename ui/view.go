package ui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"coview/api"
	"coview/present"
	"coview/present/labels"
)

func (m *model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.WindowTitle = m.windowTitle()
	return v
}

func (m *model) windowTitle() string {
	if m.page.isHome() || m.page.title == "" {
		return "coview"
	}
	return "coview · " + m.page.title
}

// frame is the screen cut into its parts: everything but the page itself
// is drawn first, and the page gets the rows that are left.
type frame struct {
	top  []string // title, search, recent numbers, breadcrumb, tabs or summary, rule
	mid  []string // an error, and a list's column headings
	foot []string // the selected row's long text, status and keys
	body int      // rows for the page
}

// The smallest window the browser draws in; below it, it says so.
const minWidth, minHeight = 30, 8

func (m *model) tooSmall() bool { return m.width < minWidth || m.height < minHeight }

func (m *model) frame() frame {
	var f frame
	w := m.width
	f.top = append(f.top, m.titleLine(w))
	// The input draws its own suggestion past its width; cut it without
	// an ellipsis, which would read as part of the text.
	f.top = append(f.top, ansi.Truncate(m.search.View(), max(w, 1), ""))
	f.top = append(f.top, m.suggestLines(w)...)
	f.top = append(f.top, m.recentLines(w)...)
	f.top = append(f.top, m.queueLines(w)...)
	f.top = append(f.top, m.pageHeadLines(w)...)
	f.top = append(f.top, m.styles.Rule.Render(strings.Repeat("─", max(w, 1))))
	if m.problem != nil {
		f.mid = append(f.mid, m.problemLines(*m.problem, w)...)
	}
	if m.page.list != nil && m.page.list.len() > 0 && !m.showHelp {
		f.mid = append(f.mid, m.columnHeadings(w))
	}
	f.foot = append(m.previewLines(w), m.downloadLines(w)...)
	f.foot = append(f.foot, m.footerLines(w)...)
	f.body = max(m.height-len(f.top)-len(f.mid)-len(f.foot), 1)
	return f
}

// previewRows is the room under a list for the selected row's long text
// (a filing's description, a PSC statement) when the list's last column
// is its flexible one and some row loaded is too long for it. It is kept
// while the list is shown, so the list does not jump as the cursor moves.
const previewRows = 2

func (m *model) hasPreview(w int) bool {
	l := m.page.list
	if l == nil || l.len() == 0 || m.showHelp {
		return false
	}
	last := len(l.columns) - 1
	if last < 0 || !l.columns[last].Flex || last >= len(l.widest) {
		return false
	}
	return l.widest[last] > widths(l.columns, l.widest, w)[last]
}

func (m *model) previewLines(w int) []string {
	if !m.hasPreview(w) {
		return nil
	}
	pg := m.page
	r := pg.list.item(pg.lv.Cursor())
	text := r.Cells[len(r.Cells)-1]
	out := make([]string, previewRows)
	for i, l := range wrap(text, w-4, previewRows) {
		out[i] = "  " + m.styles.rows.note.paint(l)
	}
	return out
}

// bodyHeight is the rows the page gets on screen now, as Update needs it
// after every key: the frame is drawn without the page to count them, so
// the count and the drawing cannot disagree.
func (m *model) bodyHeight() int { return m.frame().body }

// layout gives the page's cursor the window it will be drawn in, after
// every update, so that moving, paging and fetching more agree with what
// is on screen.
func (m *model) layout() {
	pg := m.page
	if pg.doc != nil {
		pg.doc.wrapFor(m.width)
		pg.lv.SetLen(len(pg.doc.lines))
	}
	pg.lv.SetHeight(m.bodyHeight())
	if pg.restore {
		cursor := pg.cursor
		if pg.doc != nil && pg.doc.sections != nil && pg.cursor == 0 && pg.offset == 0 {
			// Opened afresh, a page about one thing starts on what it
			// leads to (the company a PSC is), when that is on its first
			// screen; otherwise at its top, which says what it is.
			if first := pg.doc.firstLink(); first < pg.lv.Height() {
				cursor = first
			}
		}
		pg.lv.SetPosition(cursor, pg.offset)
		pg.restore = false
	}
}

func (m *model) render() string {
	if m.tooSmall() {
		return m.renderTooSmall()
	}
	if m.keys != nil {
		return m.renderKeyScreen()
	}
	f := m.frame()
	lines := make([]string, 0, m.height)
	lines = append(lines, f.top...)
	lines = append(lines, f.mid...)
	body := m.renderBody(f.body)
	lines = append(lines, body...)
	for range f.body - len(body) {
		lines = append(lines, "")
	}
	lines = append(lines, f.foot...)
	return strings.Join(lines, "\n")
}

func (m *model) renderBody(h int) []string {
	pg := m.page
	w := m.width
	var out []string
	switch {
	case m.showHelp:
		all := m.helpLines(w)
		from := min(m.helpScroll, max(len(all)-h, 0))
		out = all[from:]
	case pg.isHome():
		out = m.homeLines(w)
	case pg.showsPanes() && pg.tab == linksTab:
		if len(pg.links) == 0 {
			return []string{"  " + m.styles.Quiet.Render("This profile carries no links.")}
		}
		nameW := 0
		for _, l := range pg.links {
			nameW = max(nameW, ansi.StringWidth(l.Name))
		}
		out = split(pg.lv.Render(func(i int, sel bool) string { return m.linkLine(pg.links[i], sel, nameW, w) }))
	case pg.showsPanes():
		all := m.paneLines(pg, w)
		// Scrolled on a smaller screen, the pane may now fit: show it from
		// its first line rather than leave its top hidden above blank rows.
		from := min(pg.scroll, max(len(all)-h, 0))
		out = all[from:min(from+h, len(all))]
	case pg.list != nil:
		if pg.list.len() == 0 {
			empty := or(line(pg.list.empty), "Nothing listed.")
			if pg.list.filtered() && pg.list.count > 0 {
				empty = "No row loaded matches the filter."
			}
			var out []string
			for _, l := range wrap(empty, w-4, h) {
				out = append(out, "  "+m.styles.rows.quiet.paint(l))
			}
			return out
		}
		cols := widths(pg.list.columns, pg.list.widest, w)
		out = split(pg.lv.Render(func(i int, sel bool) string { return m.listLine(pg.list.item(i), cols, sel, w) }))
	case pg.doc != nil:
		pg.doc.wrapFor(w)
		out = split(pg.lv.Render(func(i int, sel bool) string { return m.docLine(pg.doc.lines[i], sel, w) }))
	}
	if len(out) > h {
		out = out[:h]
	}
	return out
}

// titleLine is what the page is about: the company (with its status and
// alerts), the officer, or coview itself on the home page.
func (m *model) titleLine(w int) string {
	pg := m.page
	s := m.styles
	switch {
	case pg.isHome():
		title := s.Title.Render("coview") + "  " + s.Meta.Render("the company registry, in a terminal")
		if m.opts.Version != "" {
			title += s.Meta.Render("  " + m.opts.Version)
		}
		return fit(title, w)
	case pg.res.Kind == api.ResAppointments && pg.list != nil && pg.list.heading != "":
		return fit(s.Title.Render(pg.list.heading)+"  "+s.Meta.Render("officer"), w)
	case pg.profile != nil:
		return m.companyLine(w)
	}
	return fit(s.Title.Render(or(pg.company.String(), pg.title)), w)
}

// pageHeadLines are the way the user came (when they came from another
// page) and the tabs, or the list's counts and caveat, or the document.
func (m *model) pageHeadLines(w int) []string {
	pg := m.page
	s := m.styles
	if pg.isHome() {
		return nil
	}
	var out []string
	if len(pg.trail) > 0 {
		out = append(out, m.breadcrumb(w))
	}
	caveat := pg.caveat
	switch {
	case pg.showsPanes():
		out = append(out, m.tabsLine(w))
	case pg.list != nil:
		if isSearch(pg.res) {
			out = append(out, m.searchTabsLine(w))
		}
		if pg.show == showConnections {
			out = append(out, m.connectionTabsLine(w))
		}
		out = append(out, fit("  "+s.Meta.Render(or(pg.list.summary, "—")), w))
		for _, l := range m.sameAsLines() {
			out = append(out, fit("  "+s.Note.Render(line(l)), w))
		}
		caveat = pg.list.caveat
	case pg.head != "":
		for _, l := range wrap(pg.head, w-4, 2) {
			out = append(out, "  "+s.Meta.Render(l))
		}
	}
	if caveat != "" {
		for _, l := range wrap(caveat, w-4, 2) {
			out = append(out, "  "+s.Warning.Render(l))
		}
	}
	if l := pg.list; l != nil && (l.filtered() || m.filtering) {
		out = append(out, fit(m.filterLine(w), w))
	}
	return out
}

// companyLine is the name, number, status badge, alerts and type. The
// name gives way first when the line is too long (and the overview then
// shows it whole in a row of its own).
func (m *model) companyLine(w int) string {
	name, room, tail := m.companyParts(w)
	return fit(m.styles.Title.Render(ansi.Truncate(name, room, "…"))+tail, w)
}

// companyParts are the company's name, the cells the title line leaves
// it, and the rest of the line, styled.
func (m *model) companyParts(w int) (name string, room int, tail string) {
	s := m.styles
	p := m.page.profile
	var rest []string
	rest = append(rest, s.Meta.Render(line(or(p.CompanyNumber, m.page.company.String()))))
	if p.CompanyStatus != "" {
		badge := s.Badge[api.StatusClassOf(p.CompanyStatus)]
		rest = append(rest, badge.Render(line(labels.Status(p.CompanyStatus))))
	}
	for _, a := range present.Alerts(p) {
		rest = append(rest, s.Warning.Render("! "+a))
	}
	if p.Type != "" {
		rest = append(rest, s.Meta.Render(line(labels.CompanyType(p.Type))))
	}
	tail = "  " + strings.Join(rest, "  ")
	name = or(line(p.CompanyName), "(no name on record)")
	return name, max(w-ansi.StringWidth(tail), min(20, w)), tail
}

// breadcrumb is the way the user came, dropping the oldest steps when it
// is too long.
func (m *model) breadcrumb(w int) string {
	steps := append(append([]string(nil), m.page.trail...), m.page.title)
	const sep = " › "
	text := strings.Join(steps, sep)
	for len(steps) > 1 && ansi.StringWidth(text)+2 > w {
		steps = steps[1:]
		text = "…" + sep + strings.Join(steps, sep)
	}
	return fit("  "+m.styles.Crumb.Render(ansi.Truncate(text, max(w-2, 1), "…")), w)
}

func (m *model) tabsLine(w int) string {
	var b strings.Builder
	for i, name := range present.PaneNames {
		label := fmt.Sprintf("%d %s", i+1, name)
		if i == m.page.tab {
			b.WriteString(m.styles.TabOn.Render(label))
		} else {
			b.WriteString(m.styles.Tab.Render(label))
		}
	}
	return fit(" "+b.String(), w)
}

func (m *model) recentLines(w int) []string {
	if !m.showRecent() {
		return nil
	}
	s := m.styles
	picks := m.picks()
	title := "Recent (↑/↓ to pick, Enter to open)"
	if len(picks) > recentShown {
		title = fmt.Sprintf("Recent, %d in all (↑/↓ to pick, Enter to open)", len(picks))
	}
	out := []string{fit("  "+s.Quiet.Render(title), w)}
	// A window of recentShown picks that keeps the selected one in view.
	from := 0
	if m.recentSel >= recentShown {
		from = m.recentSel - recentShown + 1
	}
	for i := from; i < min(len(picks), from+recentShown); i++ {
		p := picks[i]
		text := m.numberAndName(p.number)
		if p.number == "" {
			text = line(p.text) + "  " + s.Quiet.Render("(typed before)")
		}
		if i == m.recentSel {
			out = append(out, fit(s.Selected.Render("▸ "+text), w))
		} else {
			out = append(out, fit("  "+s.Value.Render(text), w))
		}
	}
	return out
}

func (m *model) queueLines(w int) []string {
	if len(m.queue) == 0 {
		return nil
	}
	shown := m.queue[:min(len(m.queue), 6)]
	names := make([]string, len(shown))
	for i, n := range shown {
		names[i] = n.String()
	}
	text := "Next to open: " + strings.Join(names, ", ")
	if len(m.queue) > len(shown) {
		text += fmt.Sprintf(" and %d more", len(m.queue)-len(shown))
	}
	return []string{fit("  "+m.styles.Note.Render(text+" · n opens the next"), w)}
}

func (m *model) problemLines(t trouble, w int) []string {
	s := m.styles
	bar := s.ErrBar.Render("▌ ")
	out := []string{fit(bar+s.ErrTitle.Render(t.title), w)}
	for _, l := range wrap(t.detail, w-3, 3) {
		out = append(out, bar+s.ErrText.Render(l))
	}
	return out
}

func (m *model) columnHeadings(w int) string {
	l := m.page.list
	ws := widths(l.columns, l.widest, w)
	cells := make([]string, len(l.columns))
	for i, c := range l.columns {
		cells[i] = pad(cut(c.Title, ws[i]), ws[i])
	}
	return fit("  "+m.styles.Head.Render(strings.TrimRight(strings.Join(cells, "  "), " ")), w)
}

// minFlex is the least a flexible column (a name, a description) keeps
// before the others give way, on a narrow terminal.
const minFlex = 12

// widths shares a line among a list's columns. Each column is as wide as
// what it holds (its widest cell loaded, or its title); a flexible column
// gives way first when the line is too short, down to minFlex, and only
// then do the others, widest first, so a date or a role is never cut
// while a name has room to spare. Room left over stays at the end of the
// line rather than padding a name. widest is kept as pages arrive, so
// this costs nothing per row.
func widths(cols []present.Column, widest []int, w int) []int {
	out := make([]int, len(cols))
	avail := w - 2 - 2*max(len(cols)-1, 0)
	used := 0
	for i, c := range cols {
		out[i] = ansi.StringWidth(c.Title)
		if i < len(widest) {
			out[i] = max(out[i], widest[i], 1)
		}
		used += out[i]
	}
	over := used - avail
	// The flexible columns give way first, the widest of them each time,
	// down to minFlex; then any column, the widest first, down to 4.
	shrink := func(can func(i int) bool, floor int) {
		for over > 0 {
			widest := -1
			for i := range cols {
				if can(i) && out[i] > floor && (widest < 0 || out[i] > out[widest]) {
					widest = i
				}
			}
			if widest < 0 {
				return
			}
			out[widest]--
			over--
		}
	}
	// The first flexible column (the name) is the last of them to give.
	first := slices.IndexFunc(cols, func(c present.Column) bool { return c.Flex })
	shrink(func(i int) bool { return cols[i].Flex && i != first }, minFlex)
	shrink(func(i int) bool { return cols[i].Flex }, minFlex)
	shrink(func(int) bool { return true }, 4)
	return out
}

func (m *model) listLine(it present.Item, cols []int, selected bool, w int) string {
	plain := selected || it.Quiet || len(it.Accents) == 0
	var b strings.Builder
	b.Grow(w + 8)
	for i, c := range it.Cells {
		if i >= len(cols) {
			break
		}
		if i > 0 {
			b.WriteString("  ")
		}
		if c == "" {
			c = "—"
		}
		shown := cut(c, cols[i])
		if !plain {
			shown = m.accentedCell(it, i, shown, m.styles.rows.value)
		}
		b.WriteString(shown)
		b.WriteString(spaces(max(cols[i]-cells(cut(c, cols[i])), 0)))
	}
	if plain {
		return m.rowStyle(b.String(), selected, it.Quiet, w)
	}
	// Accented rows are painted here: rowStyle would paint over them.
	return "  " + m.styles.rows.value.paint(b.String())
}

// accented paints the accents of a cell of it onto its whole text, under
// base.
func (m *model) accented(it present.Item, cell int, text string, base ink) string {
	return base.paint(m.accentedCell(it, cell, text, base))
}

// accentedCell paints the accents of a cell onto shown, which is the
// cell's text or the start of it (cut to its column, ending in "…"): each
// accented part in its ink, then base again for what follows.
func (m *model) accentedCell(it present.Item, cell int, shown string, base ink) string {
	text := it.Cells[cell]
	visible := len(text)
	if shown != text {
		visible = len(strings.TrimSuffix(shown, "…"))
		if !strings.HasPrefix(text, shown[:visible]) {
			return shown // cut other than at the front: paint nothing
		}
	}
	var b strings.Builder
	at := 0
	for _, a := range it.Accents {
		if a.Cell != cell || a.Start < at || a.Start >= visible {
			continue
		}
		end := min(a.End, visible)
		b.WriteString(shown[at:a.Start])
		ink := m.styles.rows.accent(a.Kind)
		b.WriteString(ink.paint(shown[a.Start:end]) + base.pre)
		at = end
	}
	b.WriteString(shown[at:])
	return b.String()
}

func (m *model) linkLine(l present.LinkItem, selected bool, nameW, w int) string {
	nameW = min(nameW, max(w/3, 10))
	text := pad(cut(l.Name, nameW), nameW) + "  "
	if l.Refused != nil {
		text += "refused: " + line(refusalReason(l.Refused))
		if !selected {
			return "  " + m.styles.rows.refused.paint(cut(text, w-2))
		}
		return m.rowStyle(text, selected, false, w)
	}
	return m.rowStyle(text+l.Path, selected, false, w)
}

// rowStyle draws one row of a list: the selected one marked and
// highlighted across the width, quiet ones dim.
func (m *model) rowStyle(text string, selected, quiet bool, w int) string {
	room := max(w-2, 1)
	ink := m.styles.rows
	switch {
	case selected:
		return ink.selected.paint("▸ " + pad(cut(text, room), room))
	case quiet:
		return "  " + ink.quiet.paint(cut(text, room))
	}
	return "  " + ink.value.paint(cut(text, room))
}

// paneLines are a profile pane's rows as lines: labels in a column, values
// wrapped beside them, warnings marked and quiet values dim.
func (m *model) paneLines(pg *page, w int) []string {
	s := m.styles
	rows := pg.panes[pg.tab].Rows
	if pg.tab == 0 {
		if name, room, _ := m.companyParts(w); cells(name) > room {
			rows = append([]present.Row{{Label: "Name", Value: name}}, rows...)
		}
	}
	labelW := 0
	for _, r := range rows {
		labelW = max(labelW, cells(r.Label))
	}
	labelW = min(labelW, max(w/3, 8))
	valueW := max(w-labelW-5, 10)
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		v, style := r.Value, s.tone(r.Tone)
		if v == "" {
			v, style = "—", s.rows.quiet
		}
		if r.Tone == present.Warning {
			v = "! " + v
		}
		for i, l := range wrap(v, valueW, 0) {
			label := ""
			if i == 0 {
				label = ansi.Truncate(r.Label, labelW, "…")
			}
			out = append(out, "  "+s.rows.label.paint(pad(label, labelW))+"  "+style.paint(l))
		}
	}
	return out
}

func (m *model) homeLines(w int) []string {
	s := m.styles
	text := []string{
		"Type or paste a company number and press Enter: 8 digits, or 2 letters and 6 digits (00006400, SC123456).",
		"Or type a name, of a company or of an officer: matches appear as you type; Enter on the name lists them all.",
		"Paste a column of numbers from a spreadsheet to open the first and keep the rest for n.",
		"Press / to search again from anywhere, and ? for every key.",
	}
	var out []string
	out = append(out, "")
	for _, t := range text {
		for _, l := range wrap(t, w-4, 0) {
			out = append(out, "  "+s.Value.Render(l))
		}
		out = append(out, "")
	}
	if len(m.recent) > 0 && !m.showRecent() {
		out = append(out, "  "+s.Head.Render("Recent"))
		for _, n := range m.recent[:min(len(m.recent), 10)] {
			out = append(out, fit("  "+s.Quiet.Render(m.numberAndName(n)), w))
		}
	}
	return out
}

// helpLines are every key, in groups laid side by side as far as the
// width allows. Keys that do nothing on this page are greyed and say so,
// so the help is the same everywhere and still tells what works here.
func (m *model) helpLines(w int) []string {
	s := m.styles
	k := m.contextKeys()
	search := m.keyMap
	groups := []struct {
		title string
		keys  []key.Binding
	}{
		{"Move", []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End}},
		{"Pages", []key.Binding{k.NextTab, k.PrevTab, k.Tabs, k.Open, k.Back, k.Forward}},
		{"Do", []key.Binding{k.Search, k.Next, k.Reload, k.Copy, k.Cancel, k.Help, k.Quit}},
		{"Lists", []key.Binding{k.Filter, k.Current, k.Source, k.Connect, k.Expand}},
		{"Documents and the web", []key.Binding{k.Download, k.OpenDoc, k.Web}},
		{"In the search box", []key.Binding{search.Open, search.RecentUp, search.Complete, search.LeaveSearch, search.ForceQuit}},
	}
	var blocks [][]string
	widest := 0
	for _, g := range groups {
		keyW := 0
		for _, b := range g.keys {
			keyW = max(keyW, ansi.StringWidth(b.Help().Key))
		}
		block := []string{s.Head.Render(g.title)}
		for _, b := range g.keys {
			h := b.Help()
			if b.Enabled() || g.title == "In the search box" {
				block = append(block, s.Value.Render(pad(h.Key, keyW)+"  "+h.Desc))
			} else {
				block = append(block, s.Quiet.Render(pad(h.Key, keyW)+"  ("+h.Desc+")"))
			}
		}
		for _, l := range block {
			widest = max(widest, ansi.StringWidth(l))
		}
		blocks = append(blocks, block)
	}
	colW := widest + 3
	perRow := max((w-2)/colW, 1)
	var out []string
	for i := 0; i < len(blocks); i += perRow {
		row := blocks[i:min(i+perRow, len(blocks))]
		height := 0
		for _, b := range row {
			height = max(height, len(b))
		}
		for l := range height {
			var b strings.Builder
			b.WriteString("  ")
			for j, block := range row {
				cell := ""
				if l < len(block) {
					cell = block[l]
				}
				if j < len(row)-1 {
					cell = pad(cell, colW)
				}
				b.WriteString(cell)
			}
			out = append(out, fit(b.String(), w))
		}
		out = append(out, "")
	}
	for _, t := range []string{
		"Keys in brackets do nothing on this page. y copies with OSC 52, which works over SSH where the terminal allows it (tmux: set -g set-clipboard on).",
	} {
		for _, l := range wrap(t, w-4, 0) {
			out = append(out, "  "+s.Quiet.Render(l))
		}
	}
	return out
}

func (m *model) footerLines(w int) []string {
	s := m.styles
	right := ""
	quota := present.Quota(m.quota)
	switch {
	case len(m.waits) > 0:
		quota = "" // the wait says it all, and needs the room
	case w < 100:
		quota = present.QuotaShort(m.quota)
	}
	if quota != "" {
		right = s.Quiet.Render(quota)
	}
	gap := w - 1 - ansi.StringWidth(right)
	var above []string // a note too long for the status line, over it
	var left string
	switch {
	case m.busy() && len(m.waits) > 0:
		left = m.spin.View() + " " + s.Warning.Render(m.waitText())
	case m.busy():
		left = m.spin.View() + " " + s.Note.Render(m.busyText())
	case m.note != "":
		style := s.Note
		if m.noteBad {
			style = s.Warning
		}
		if cells(m.note) <= gap-1 {
			left = style.Render(m.note)
			break
		}
		for _, l := range wrap(m.note, w-2, 2) {
			above = append(above, " "+style.Render(l))
		}
		left = s.Quiet.Render(m.position())
	default:
		left = s.Quiet.Render(m.position())
	}
	status := " " + pad(ansi.Truncate(left, max(gap-1, 1), "…"), max(gap-1, 1)) + " " + right
	bindings := m.contextKeys().ShortHelp()
	if m.searching {
		bindings = m.keyMap.SearchHelp()
		if m.suggesting() && len(m.suggest.items) > 0 {
			bindings[1].SetHelp("↑/↓", "pick a match")
		}
	}
	keys := " " + m.help.ShortHelpView(m.fitKeys(bindings, w-1))
	return append(above, fit(status, w), fit(keys, w))
}

func (m *model) busyText() string {
	switch {
	case m.keys != nil && m.keys.saving:
		return "Saving the key…"
	case m.nav != nil:
		return "Loading " + m.nav.f.what() + "… esc cancels"
	case m.walkingNow() != nil && m.nav == nil:
		return m.walkText(m.walkingNow())
	case m.more != nil && m.toEnd && m.page.list != nil:
		l := m.page.list
		of := ""
		if l.total >= 0 {
			of = " of " + present.Thousands(l.total)
		}
		return fmt.Sprintf("Loading %s to the end: %s%s… esc stops", m.more.f.what(), present.Thousands(l.loaded), of)
	case m.more != nil:
		return "Loading more " + m.more.f.what() + "…"
	}
	return ""
}

// position says where the cursor is in a list, and how much of it is in.
func (m *model) position() string {
	pg := m.page
	thousands := present.Thousands
	switch {
	case pg.list != nil && pg.list.filtered() && pg.list.len() > 0:
		return fmt.Sprintf("%s of %s shown", thousands(pg.lv.Cursor()+1), thousands(pg.list.len()))
	case pg.list != nil && pg.list.len() > 0:
		total := pg.list.total
		if total < 0 {
			total = pg.list.count
		}
		return fmt.Sprintf("%s of %s", thousands(pg.lv.Cursor()+1), thousands(total))
	case pg.doc != nil && len(pg.doc.lines) > 0:
		return fmt.Sprintf("line %s of %s", thousands(pg.lv.Cursor()+1), thousands(len(pg.doc.lines)))
	case pg.showsPanes() && pg.tab == linksTab && len(pg.links) > 0:
		return fmt.Sprintf("link %d of %d", pg.lv.Cursor()+1, len(pg.links))
	}
	return ""
}

// contextKeys are the bindings with those that do nothing here disabled,
// so the help shows only what works where the user is.
func (m *model) contextKeys() KeyMap {
	k := m.keyMap
	pg := m.page
	profile := pg.showsPanes()
	tabs := profile || isSearch(pg.res) || pg.show == showConnections
	k.NextTab.SetEnabled(tabs)
	k.PrevTab.SetEnabled(tabs)
	k.Tabs.SetEnabled(tabs)
	switch {
	case pg.show == showConnections:
		k.Tabs.SetHelp("1-3", "companies/people/not checked")
	case !profile && tabs:
		k.Tabs.SetHelp("1-3", "all/companies/officers")
	}
	k.Connect.SetEnabled(pg.company != "" && pg.show != showConnections)
	k.Expand.SetEnabled(pg.show == showConnections && pg.tab == 0 && pg.list != nil && pg.list.len() > 0)
	_, back := m.hist.peek(-1)
	_, fwd := m.hist.peek(1)
	k.Back.SetEnabled(back)
	k.Forward.SetEnabled(fwd)
	k.Next.SetEnabled(len(m.queue) > 0)
	k.Cancel.SetEnabled(m.busy() || m.problem != nil || m.showHelp || m.dl != nil)
	if !m.busy() && !m.dl.running() {
		k.Cancel.SetHelp("esc", "dismiss")
	}
	k.Reload.SetEnabled(!pg.isHome() || m.failed != nil)
	k.Copy.SetEnabled(!pg.isHome())
	_, web := m.webTarget()
	switch {
	case web:
		k.Copy.SetHelp("y", "copy web address")
	case profile && pg.tab == linksTab || pg.doc != nil:
		k.Copy.SetHelp("y", "copy URL")
	}
	k.Web.SetEnabled(web)
	_, filing := m.filingTarget()
	k.Download.SetEnabled(filing && m.opts.Documents != nil)
	k.OpenDoc.SetEnabled(filing && m.opts.Documents != nil)
	k.Open.SetEnabled(m.canOpen())
	k.Filter.SetEnabled(pg.list != nil)
	k.Current.SetEnabled(pg.list != nil && (pg.list.current || pg.list.hasQuiet()))
	k.Source.SetEnabled(!pg.isHome())
	if pg.source {
		k.Source.SetHelp("v", "back from the source")
	}
	moves := !pg.isHome()
	for _, b := range []*key.Binding{&k.Up, &k.Down, &k.PageUp, &k.PageDown, &k.Home, &k.End} {
		b.SetEnabled(moves)
	}
	return k
}

// numberAndName is a company number followed by its name when this
// session has seen the company, for lists of numbers.
func (m *model) numberAndName(n api.Number) string {
	if p := m.cache.profile(n); p != nil {
		return n.String() + "  " + line(p.CompanyName)
	}
	return n.String()
}

// renderTooSmall is all the browser draws in a window too small for its
// frame: what it needs, and how to leave.
func (m *model) renderTooSmall() string {
	text := fmt.Sprintf("coview needs a window of at least %d×%d; this one is %d×%d. Make it larger, or press q to quit.",
		minWidth, minHeight, m.width, m.height)
	lines := wrap(text, m.width, 0)
	lines = lines[:min(len(lines), m.height)]
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, m.width, "")
	}
	return strings.Join(lines, "\n")
}

// fitKeys drops keys from the end of the footer's list, but help and quit
// last, until the rest fits in w cells: the help would cut them off with
// "…", and "? help" and "q quit" are what a lost user looks for.
func (m *model) fitKeys(bindings []key.Binding, w int) []key.Binding {
	enabled := slices.DeleteFunc(slices.Clone(bindings), func(b key.Binding) bool { return !b.Enabled() })
	// What the help draws for them, uncut: "key desc" joined by " • ".
	width := func(bs []key.Binding) int {
		n := 3 * max(len(bs)-1, 0)
		for _, b := range bs {
			n += ansi.StringWidth(b.Help().Key) + 1 + ansi.StringWidth(b.Help().Desc)
		}
		return n
	}
	for len(enabled) > 2 && width(enabled) > w {
		// The last two are help and quit: drop the one before them.
		enabled = slices.Delete(enabled, len(enabled)-3, len(enabled)-2)
	}
	return enabled
}
