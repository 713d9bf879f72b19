package main

import (
	"io"
	"strings"
	"time"

	"coview/api"
	"coview/ui/labels"
	"coview/ui/panes"
	"coview/ui/sanitize"
)

// writePlain prints a profile's five panes as text for reading or grep:
// the same rows the browser shows, without styling.
func writePlain(w io.Writer, p *api.Profile, today time.Time) {
	var b strings.Builder
	b.WriteString(sanitize.Line(orNumber(p.CompanyName, p.CompanyNumber)) + "\n")
	head := []string{sanitize.Line(p.CompanyNumber), labels.Status(p.CompanyStatus), labels.CompanyType(p.Type)}
	b.WriteString(strings.Join(nonEmpty(head), " · ") + "\n")
	for _, pane := range panes.All(p, today) {
		b.WriteString("\n" + pane.Title + "\n")
		width := 0
		for _, r := range pane.Rows {
			width = max(width, len([]rune(r.Label)))
		}
		for _, r := range pane.Rows {
			value := r.Value
			if r.Tone == panes.Warning {
				value = "! " + value
			}
			b.WriteString("  " + r.Label + strings.Repeat(" ", width-len([]rune(r.Label))) + "  " + value + "\n")
		}
	}
	io.WriteString(w, b.String())
}

func orNumber(name, number string) string {
	if strings.TrimSpace(name) == "" {
		return "(no name) " + number
	}
	return name
}

func nonEmpty(ss []string) []string {
	out := ss[:0:0]
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	return out
}
