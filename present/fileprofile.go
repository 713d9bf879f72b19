package present

import (
	"io"
	"time"

	"coview/api"
)

// A profile read from the register's monthly file on this machine
// (coview --offline) is marked as such wherever it is shown, and the pane
// the file cannot fill says so: the file has no officers, filings,
// persons with significant control or charges to link to.

// FileLinksNote is what the links pane of a profile from the file says.
const FileLinksNote = "None in the register's file: its officers, filings, persons with significant control, charges and insolvency are the registry's to say. Leave out --offline to read the live profile."

// FileSource is the overview's first row of a profile from the file:
// where it comes from (where: "the register of 1 Nov 2026, on this
// machine"), and what it is not.
func FileSource(where string) Row {
	return Row{Label: "From", Value: where + ": what its file holds, not the live profile", Tone: Warning}
}

// FilePanes are the five panes of a profile from the file: the overview
// says where it comes from, and the links pane what the file lacks.
func FilePanes(p *api.Profile, today time.Time, where string) []Pane {
	panes := Panes(p, today)
	for i := range panes {
		switch panes[i].Name {
		case "overview":
			panes[i].Rows = append([]Row{FileSource(where)}, panes[i].Rows...)
		case "links":
			panes[i].Rows = []Row{{Label: "Links", Value: FileLinksNote, Tone: Quiet}}
		}
	}
	return panes
}

// WriteFileProfile prints a profile from the file as WriteProfile prints
// one, with FilePanes.
func WriteFileProfile(w io.Writer, p *api.Profile, today time.Time, where string) {
	writeProfile(w, p, today, FilePanes(p, today, where))
}
