// Package help is the help screen (?): every key, in groups laid side by
// side as far as the width allows, those that do nothing on the page
// underneath greyed and bracketed, so the help is the same everywhere and
// still tells what works here.
package help

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"coview/ui/common"
)

// Model is the help over a page: how far it is scrolled on a window too
// small for all of it.
type Model struct {
	c      *common.Common
	scroll int
	filter string // what is typed: the help is then the commands holding it
	sel    int    // the command highlighted among them
}

// New opens the help at its top.
func New(c *common.Common) *Model { return &Model{c: c} }

// Body is the help from where it is scrolled, h lines at most. k are the
// page's keys, those that do nothing there disabled.
func (m *Model) Body(k common.KeyMap, w, h int) []string {
	if m.filter != "" {
		return m.filteredLines(w, h)
	}
	all := Lines(m.c, k, w)
	from := min(m.scroll, max(len(all)-h, 0))
	return all[from:min(len(all), from+h)]
}

// Key filters the help as it is typed (run is then the command of the
// entry enter picked), scrolls it with the keys that move, and closes it
// with ? or esc; handled is false for any other key, which acts on the
// page.
func (m *Model) Key(msg tea.KeyPressMsg, k common.KeyMap, w, h int) (run string, closed, handled bool) {
	if run, handled := m.filterKey(msg); handled {
		return run, run != "", true
	}
	most := max(len(Lines(m.c, k, w))-h, 0)
	km := m.c.Keys
	switch {
	case key.Matches(msg, km.Do.Help, km.Do.Cancel):
		return "", true, true
	case key.Matches(msg, km.Move.Up):
		m.scroll = max(m.scroll-1, 0)
	case key.Matches(msg, km.Move.Down):
		m.scroll = min(m.scroll+1, most)
	case key.Matches(msg, km.Move.PageUp, km.Move.Home):
		m.scroll = 0
	case key.Matches(msg, km.Move.PageDown, km.Move.End):
		m.scroll = most
	default:
		return "", false, false
	}
	return "", false, true
}

// Lines are every key, in groups side by side.
func Lines(c *common.Common, k common.KeyMap, w int) []string {
	s := c.Styles
	var blocks [][]string
	widest := 0
	for _, g := range k.Groups() {
		block := groupBlock(c, g)
		for _, l := range block {
			widest = max(widest, ansi.StringWidth(l))
		}
		blocks = append(blocks, block)
	}
	colW := widest + 3
	perRow := max((w-2)/colW, 1)
	var out []string
	for i := 0; i < len(blocks); i += perRow {
		out = append(out, sideBySide(blocks[i:min(i+perRow, len(blocks))], colW, w)...)
		out = append(out, "")
	}
	note := "Keys in brackets do nothing on this page. y copies with OSC 52, which works over SSH where the terminal allows it (tmux: set -g set-clipboard on). Type to find a key or a command: enter runs it. " +
		"On a list wide or tall enough, what the row under the cursor opens is previewed beside or under it: " +
		c.Keys.Lists.Preview.Help().Key + " turns the preview off and on, and the other way. " +
		"The mouse clicks tabs, rows and links, and the wheel scrolls what is under it; while it is on, shift-drag selects text, and " +
		c.Keys.Do.Mouse.Help().Key + " turns it off and on."
	for _, l := range common.Wrap(note, w-4, 0) {
		out = append(out, "  "+s.Quiet.Render(l))
	}
	return out
}

// groupBlock is a group's title and its keys, one a line.
func groupBlock(c *common.Common, g common.Group) []string {
	s := c.Styles
	keyW := 0
	for _, b := range g.Keys {
		keyW = max(keyW, ansi.StringWidth(b.Help().Key))
	}
	block := []string{s.Head.Render(g.Title)}
	for _, b := range g.Keys {
		h := b.Help()
		if b.Enabled() || g.Always {
			block = append(block, s.Value.Render(common.Pad(h.Key, keyW)+"  "+h.Desc))
		} else {
			block = append(block, s.Quiet.Render(common.Pad(h.Key, keyW)+"  ("+h.Desc+")"))
		}
	}
	return block
}

// sideBySide lays a row of blocks out in columns colW wide.
func sideBySide(row [][]string, colW, w int) []string {
	height := 0
	for _, b := range row {
		height = max(height, len(b))
	}
	out := make([]string, 0, height)
	for l := range height {
		var b strings.Builder
		b.WriteString("  ")
		for j, block := range row {
			cell := ""
			if l < len(block) {
				cell = block[l]
			}
			if j < len(row)-1 {
				cell = common.Pad(cell, colW)
			}
			b.WriteString(cell)
		}
		out = append(out, common.Fit(b.String(), w))
	}
	return out
}
