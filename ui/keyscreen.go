package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"coview/present/sanitize"
)

// developerSite is where a free REST key is created.
const developerSite = "https://developer.company-information.service.gov.uk/"

// keyScreen asks for an API key: on the first run, when none is stored,
// and whenever the registry refuses the one in use. The key is typed into
// a masked input and never drawn.
type keyScreen struct {
	input  textinput.Model
	reason string // why it is up: the registry's refusal, or "" on a first run
	err    string // why the last key entered was not taken
	saving bool
}

// keySavedMsg is the answer of Options.SaveKey, which may take a moment
// (a keyring behind D-Bus), so it runs as a Cmd. An error without a key
// means the key was refused; with a key, that it is usable but was not
// stored.
type keySavedMsg struct {
	key string
	err error
}

func newKeyScreen(reason string, styles textinput.Styles) *keyScreen {
	in := textinput.New()
	in.Prompt = "Key › "
	in.Placeholder = "paste your REST API key"
	in.EchoMode = textinput.EchoPassword
	in.EchoCharacter = '•'
	in.CharLimit = 200
	in.KeyMap.Paste.SetEnabled(false)
	in.SetStyles(styles)
	in.Focus()
	return &keyScreen{input: in, reason: reason}
}

// onKeyScreenKey handles keys on the key screen: Enter saves, esc leaves.
func (m *model) onKeyScreenKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, m.keyMap.Cancel):
		m.keys = nil
		if m.failed != nil {
			m.problem = ptr(trouble{"No API key in use", "The registry needs a key. Press r to enter one and try again."})
		}
		return nil
	case key.Matches(msg, m.keyMap.Open):
		if k.saving {
			return nil
		}
		v := strings.TrimSpace(k.input.Value())
		if v == "" {
			k.err = "Paste a key first."
			return nil
		}
		k.saving, k.err = true, ""
		save := m.opts.SaveKey
		return tea.Batch(m.guard(func() tea.Msg {
			if save == nil {
				return keySavedMsg{key: v}
			}
			cleaned, err := save(v)
			return keySavedMsg{key: cleaned, err: err}
		}), m.startSpinner())
	}
	var cmd tea.Cmd
	k.input, cmd = k.input.Update(msg)
	return cmd
}

// onKeySaved takes a stored key into use and carries on: the request the
// registry refused is sent again, so the user keeps their place.
func (m *model) onKeySaved(msg keySavedMsg) tea.Cmd {
	k := m.keys
	if k == nil {
		return nil
	}
	k.saving = false
	var reason string
	if msg.err != nil {
		// The reason may quote what was typed; the key is never drawn.
		reason = msg.err.Error()
		if v := strings.TrimSpace(k.input.Value()); len(v) >= 4 {
			reason = strings.ReplaceAll(reason, v, "(the key)")
		}
		reason = sanitize.Line(reason)
		if msg.key == "" {
			k.err = reason
			return nil
		}
	}
	// A key with an error is usable but could not be kept (no keyring):
	// browse with it, and say so.
	m.reg.SetKey(msg.key)
	m.keys = nil
	var cmds []tea.Cmd
	switch {
	case m.failed != nil:
		cmds = append(cmds, m.retry())
	case m.afterKeys != nil:
		cmds = append(cmds, m.afterKeys())
	}
	m.afterKeys = nil
	// Said after the page is on its way, so its arrival does not take
	// the message with the page it leaves.
	if reason != "" {
		cmds = append(cmds, m.flash(reason, true))
	} else {
		cmds = append(cmds, m.flash("Key saved.", false))
	}
	return tea.Batch(cmds...)
}
