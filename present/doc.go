// Package present turns registry data into words and rows: the five panes
// of a company profile, the rows of every list the registry serves, one
// thing (a PSC, a charge, a filing) in titled sections, and a document's
// lines. The browser styles what it returns and --plain prints
// it, so the two always show the same thing. Every value that came from the
// network is sanitised here (package sanitize); labels for the registry's
// machine keys come from package labels. It knows nothing of terminals.
package present
