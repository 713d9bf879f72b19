package download

import (
	"context"
	"errors"
	"fmt"
	"time"

	"coview/api"
	"coview/present/sanitize"
	"coview/ui/common"
)

// Lines are the download's line under the page: its progress, or how it
// ended, with what to do next.
func (m *Model) Lines(w int) []string {
	d := m.dl
	if d == nil {
		return nil
	}
	if !d.finished {
		return m.progressLines(d, w)
	}
	s := m.c.Styles
	var text string
	style := s.Note
	switch {
	case errors.Is(d.err, context.Canceled) || errors.Is(d.err, api.ErrCanceled):
		text = "Download cancelled: nothing was saved. d starts it again."
	case d.err != nil:
		text = "Download failed: " + common.Sentence(sanitize.Line(d.err.Error())) + " d tries again."
		style = s.Warning
	default:
		text = "Saved as " + sanitize.Line(d.path)
		switch {
		case d.opened != "":
			text += " (" + d.opened + ")."
		case m.opts.OpenFile != nil:
			text += ". D opens it."
		default:
			text += "."
		}
	}
	var out []string
	for _, l := range common.Wrap(text, w-2, 3) {
		out = append(out, " "+style.Render(l))
	}
	return out
}

// progressLines are a download under way: its name, then what it waits
// for or its bar.
func (m *Model) progressLines(d *download, w int) []string {
	s := m.c.Styles
	name := common.Line(d.title)
	tail := " · esc cancels"
	if d.cancelled {
		return []string{common.Fit(s.Note.Render(" ⇣ "+common.CutMiddle("Cancelling the download of "+name, w-4)), w), common.Fit(s.Note.Render("   taking the unfinished file away…"), w)}
	}
	head := s.Note.Render(" ⇣ "+common.CutMiddle("Downloading "+name, w-common.Cells(tail)-4)) + s.Quiet.Render(tail)
	if !d.bytes {
		return []string{common.Fit(head, w), common.Fit(s.Note.Render("   asking "+d.stage+"…"), w)}
	}
	// The name on a line of its own, the bar under it: both need room.
	amount := api.ByteSize(d.prog.Done) + " so far"
	bar, progress := "", m.bar // a copy: drawing changes nothing
	if f := d.prog.Fraction(); f >= 0 {
		amount = fmt.Sprintf("%d%%  %s of %s", int(f*100), api.ByteSize(d.prog.Done), api.ByteSize(d.prog.Total))
		if left := m.timeLeft(d); left != "" {
			amount += ", " + left
		}
		progress.SetWidth(min(max(w/3, 10), 40))
		bar = progress.ViewAs(f) + "  "
	}
	return []string{common.Fit(head, w), common.Fit("   "+bar+s.Note.Render(amount), w)}
}

// timeLeft guesses how long the rest of a download takes at the pace so
// far, once there is a pace to go by.
func (m *Model) timeLeft(d *download) string {
	spent := m.c.Now().Sub(d.started)
	if spent < time.Second || d.prog.Done <= 0 || d.prog.Total <= d.prog.Done {
		return ""
	}
	left := time.Duration(float64(spent) * float64(d.prog.Total-d.prog.Done) / float64(d.prog.Done))
	switch {
	case left < time.Minute:
		return fmt.Sprintf("about %d s left", max(int(left.Round(time.Second)/time.Second), 1))
	default:
		return fmt.Sprintf("about %d min left", int(left.Round(time.Minute)/time.Minute))
	}
}
