// Package keyscreen is the screen that asks for an API key: on the first
// run, when none is stored, and whenever the registry refuses the one in
// use. The key is typed into a masked input and never drawn.
package keyscreen

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"coview/present/sanitize"
	"coview/ui/common"
)

// DeveloperSite is where a free REST key is created.
const DeveloperSite = "https://developer.company-information.service.gov.uk/"

// Options say where a key goes and how it is kept.
type Options struct {
	// Save validates and stores a key; it returns the cleaned key to
	// use, or an error saying why (with a key: usable, but not kept).
	Save func(key string) (string, error)
	Host string // the registry the key is for
	Kept string // where Save keeps it; "" means it is not kept
}

// Model is the key screen.
type Model struct {
	c      *common.Common
	opts   Options
	input  textinput.Model
	reason string // why it is up: the registry's refusal, or "" on a first run
	err    string // why the last key entered was not taken
	saving bool
}

// SavedMsg is the answer of Options.Save, which may take a moment (a
// keyring behind D-Bus), so it runs as a Cmd.
type SavedMsg struct {
	key string
	err error
}

// DoneMsg says a key is in use: the screen is done. Warning says why it
// could not be kept, if it could not.
type DoneMsg struct{ Warning string }

// LeftMsg says the user left the screen without a key.
type LeftMsg struct{}

// New puts the key screen up, saying why.
func New(c *common.Common, reason string, opts Options) *Model {
	in := textinput.New()
	in.Prompt = "Key › "
	in.Placeholder = "paste your REST API key"
	in.EchoMode = textinput.EchoPassword
	in.EchoCharacter = '•'
	in.CharLimit = 200
	in.KeyMap.Paste.SetEnabled(false)
	in.SetStyles(c.Styles.Input)
	in.Focus()
	m := &Model{c: c, opts: opts, input: in, reason: reason}
	m.Resize()
	return m
}

// Resize fits the input to the window.
func (m *Model) Resize() {
	m.input.SetWidth(max(m.c.Width-common.Cells(m.input.Prompt)-4, 8))
}

// Restyle takes new styles in.
func (m *Model) Restyle() { m.input.SetStyles(m.c.Styles.Input) }

// Saving says whether a key is being saved.
func (m *Model) Saving() bool { return m.saving }

// Update takes keys, pastes and the saved key's answer: Enter saves, esc
// leaves.
func (m *Model) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.onKey(msg)
	case SavedMsg:
		return m.onSaved(msg)
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return cmd
}

func (m *Model) onKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	switch {
	case key.Matches(msg, k.Do.Cancel):
		return m.c.Post(LeftMsg{})
	case key.Matches(msg, k.Pages.Open):
		if m.saving {
			return nil
		}
		v := strings.TrimSpace(m.input.Value())
		if v == "" {
			m.err = "Paste a key first."
			return nil
		}
		m.saving, m.err = true, ""
		save := m.opts.Save
		return m.c.Guard(func() tea.Msg {
			if save == nil {
				return SavedMsg{key: v}
			}
			cleaned, err := save(v)
			return SavedMsg{key: cleaned, err: err}
		})
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return cmd
}

// onSaved takes a stored key into use, or says why it was not taken.
func (m *Model) onSaved(msg SavedMsg) tea.Cmd {
	m.saving = false
	var reason string
	if msg.err != nil {
		// The reason may quote what was typed; the key is never drawn.
		reason = msg.err.Error()
		if v := strings.TrimSpace(m.input.Value()); len(v) >= 4 {
			reason = strings.ReplaceAll(reason, v, "(the key)")
		}
		reason = sanitize.Line(reason)
		if msg.key == "" {
			// Refused: the field is emptied, so the next key typed or
			// pasted is the whole of the next try.
			m.err = reason
			m.input.Reset()
			return nil
		}
	}
	// A key with an error is usable but could not be kept (no keyring):
	// browse with it, and say so.
	m.c.Reg.SetKey(msg.key)
	return m.c.Post(DoneMsg{Warning: reason})
}

// View draws the key screen over the whole window. status is the status
// line, and keys draws the footer's keys.
func (m *Model) View(status string, keys func([]key.Binding) string) string {
	s := m.c.Styles
	w := m.c.Width
	var out []string
	add := func(text string) {
		for _, l := range common.Wrap(text, w-4, 0) {
			out = append(out, "  "+s.Value.Render(l))
		}
	}
	out = append(out, "", "  "+s.Heading.Render("An API key is needed"), "")
	if m.reason != "" {
		for _, l := range common.Wrap(m.reason, w-4, 3) {
			out = append(out, "  "+s.Warning.Render(l))
		}
		out = append(out, "")
	}
	add("The registry's API asks every program for a key. Keys are free:")
	out = append(out, "")
	add("1. Create an account on the registry's developer site:")
	out = append(out, "     "+s.URL.Render(DeveloperSite))
	add("2. Create an application there, and add a REST API key to it.")
	add("3. Paste the key below and press Enter.")
	out = append(out, "")
	m.where(add)
	out = append(out, "", common.Fit("  "+m.input.View(), w), "")
	if m.err != "" {
		for _, l := range common.Wrap("! "+m.err, w-4, 3) {
			out = append(out, "  "+s.Warning.Render(l))
		}
	}
	for len(out) < m.c.Height-2 {
		out = append(out, "")
	}
	foot := " " + keys(m.c.Keys.KeyScreenHelp())
	out = append(out[:min(len(out), m.c.Height-2)], common.Fit(status, w), common.Fit(foot, w))
	return strings.Join(out, "\n")
}

// where says which registry the key is for and where it will be kept.
func (m *Model) where(add func(string)) {
	if m.opts.Host != "" {
		add("The key is for the registry at " + common.Line(m.opts.Host) + ".")
	}
	if m.opts.Kept != "" {
		add("It will be kept " + common.Line(m.opts.Kept) + ".")
	} else {
		add("It will be used for this session only.")
	}
}

// Masked says whether what is typed is hidden, as a key must be.
func (m *Model) Masked() bool { return m.input.EchoMode == textinput.EchoPassword }
