package ui

import "strings"

// renderKeyScreen draws the key screen over the whole terminal.
func (m *model) renderKeyScreen() string {
	s := m.styles
	k := m.keys
	w := m.width
	var out []string
	add := func(text string) {
		for _, l := range wrap(text, w-4, 0) {
			out = append(out, "  "+s.Value.Render(l))
		}
	}
	out = append(out, "", "  "+s.Heading.Render("An API key is needed"), "")
	if k.reason != "" {
		for _, l := range wrap(k.reason, w-4, 3) {
			out = append(out, "  "+s.Warning.Render(l))
		}
		out = append(out, "")
	}
	add("The registry's API asks every program for a key. Keys are free:")
	out = append(out, "")
	add("1. Create an account on the registry's developer site:")
	out = append(out, "     "+s.URL.Render(developerSite))
	add("2. Create an application there, and add a REST API key to it.")
	add("3. Paste the key below and press Enter.")
	out = append(out, "")
	if m.opts.KeyHost != "" {
		add("The key is for the registry at " + line(m.opts.KeyHost) + ".")
	}
	if m.opts.KeyKept != "" {
		add("It will be kept " + line(m.opts.KeyKept) + ".")
	} else {
		add("It will be used for this session only.")
	}
	out = append(out, "")
	out = append(out, fit("  "+k.input.View(), w))
	out = append(out, "")
	if k.err != "" {
		for _, l := range wrap("! "+k.err, w-4, 3) {
			out = append(out, "  "+s.Warning.Render(l))
		}
	}
	for len(out) < m.height-2 {
		out = append(out, "")
	}
	status := ""
	if k.saving {
		status = " " + m.spin.View() + " " + s.Note.Render(m.busyText())
	}
	keys := " " + m.help.ShortHelpView(m.keyMap.KeyScreenHelp())
	out = append(out[:min(len(out), m.height-2)], fit(status, w), fit(keys, w))
	return strings.Join(out, "\n")
}
