package ui

import (
	"slices"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"coview/present"
	"coview/ui/common"
	"coview/ui/download"
	"coview/ui/layout"
)

// footerLines are the status line (what is in flight, a message, or
// where the cursor is, with the quota on the right) and the keys that
// work here.
func (m *model) footerLines(w int) []string {
	s := m.c.Styles
	right := ""
	quota := present.Quota(m.c.Quota)
	switch {
	case m.c.Local.Offline():
		quota = m.offlineWords(w)
	case m.foot.waits.Len() > 0:
		quota = "" // the wait says it all, and needs the room
	case w < 100:
		quota = present.QuotaShort(m.c.Quota)
	}
	if quota != "" {
		right = s.Quiet.Render(quota)
	}
	gap := w - 1 - ansi.StringWidth(right)
	above, left := m.statusLeft(w, gap)
	status := " " + common.Pad(ansi.Truncate(left, max(gap-1, 1), "…"), max(gap-1, 1)) + " " + right
	var bindings []key.Binding
	switch t, keyer := m.page.(common.TypingKeyer); {
	case m.cmd.Active():
		bindings = m.cmd.Keys()
	case m.box.Focused():
		bindings = m.box.Keys()
	case keyer && typing(m.page):
		bindings = t.TypingKeys()
	default:
		bindings = m.contextKeys().ShortHelp()
	}
	keys := " " + m.foot.help.ShortHelpView(fitKeys(bindings, w-1))
	return append(above, common.Fit(status, w), common.Fit(keys, w))
}

// statusLeft is the left of the status line, and a message too long for
// it on lines over it.
func (m *model) statusLeft(w, gap int) (above []string, left string) {
	s := m.c.Styles
	note := m.c.Note
	switch {
	case m.busy() && m.foot.waits.Len() > 0:
		return nil, m.foot.spin.View() + " " + s.Warning.Render(m.foot.waits.Text())
	case m.busy() && note.Text == "":
		return nil, m.foot.spin.View() + " " + s.Note.Render(m.busyText())
	case note.Text != "":
		// A key's words (p: "Preview off") are said for their few
		// seconds even over work that goes on for minutes (a screening).
		style := s.Note
		if note.Bad {
			style = s.Warning
		}
		if common.Cells(note.Text) <= gap-1 {
			return nil, style.Render(note.Text)
		}
		for _, l := range common.Wrap(note.Text, w-2, 2) {
			above = append(above, " "+style.Render(l))
		}
	}
	return above, s.Quiet.Render(m.page.Position())
}

// busyText says what is in flight.
func (m *model) busyText() string {
	switch {
	case m.keys != nil && m.keys.Saving():
		return "Saving the key…"
	case m.nav != nil:
		return "Loading " + m.nav.Key.What() + "… esc cancels"
	}
	return m.page.Busy()
}

// contextKeys are the bindings with those that do nothing here disabled,
// so the help shows only what works where the user is.
func (m *model) contextKeys() common.KeyMap {
	k := m.c.Keys
	at := m.page.Place()
	common.DisableAll(&k.Pages.NextTab, &k.Pages.PrevTab, &k.Pages.Tabs, &k.Lists.Expand, &k.Lists.Filter, &k.Lists.Current, &k.Lists.Category,
		&k.Lists.Sort, &k.Lists.Reverse, &k.Lists.Save, &k.Watch.Check)
	k.Lists.Connect.SetEnabled(at.Company != "")
	_, list := m.page.(layout.Lister)
	k.Lists.Preview.SetEnabled(list)
	k.Lists.Flip.SetEnabled(list && !m.preview.State.Hide)
	_, nearby := m.nearbyName()
	k.Lists.Nearby.SetEnabled(nearby)
	_, company := m.watchTarget()
	k.Watch.Toggle.SetEnabled(company && m.makers.watches.Available())
	k.Watch.List.SetEnabled(m.makers.watches.Available())
	_, back := m.hist.peek(-1)
	_, fwd := m.hist.peek(1)
	k.Pages.Back.SetEnabled(back)
	k.Pages.Forward.SetEnabled(fwd)
	k.Do.Next.SetEnabled(m.box.Queued())
	k.Do.Cancel.SetEnabled(m.busy() || m.trouble.shown != nil || m.help != nil || m.dl.Shown())
	if !m.busy() && !m.dl.Running() {
		k.Do.Cancel.SetHelp("esc", "dismiss")
	}
	k.Do.Reload.SetEnabled(!at.IsHome() || m.trouble.failed != nil)
	pointed := m.pointed()
	_, filing := download.Target(at, pointed)
	saves := filing && m.dl.Available() && !pointed.NoDocument
	k.Docs.Download.SetEnabled(saves)
	k.Docs.OpenDoc.SetEnabled(saves)
	k.Pages.Open.SetEnabled(pointed.Link != "")
	src, ok := m.page.(common.Sourced)
	k.Lists.Source.SetEnabled(ok && (src.HasSource() || at.Source))
	k = m.page.Keys(k)
	_, web := m.webTarget()
	k.Docs.Web.SetEnabled(web)
	if web {
		k.Do.Copy.SetHelp("y", "copy web address")
	}
	return k
}

// fitKeys drops keys from the end of the footer's list, but help and quit
// last, until the rest fits in w cells: the help would cut them off with
// "…", and "? help" and "q quit" are what a lost user looks for.
func fitKeys(bindings []key.Binding, w int) []key.Binding {
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
