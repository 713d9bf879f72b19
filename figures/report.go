package figures

import "time"

// Report is what one document says: the facts it tags, and the figures
// of each period it reports (the year, and the one before it).
type Report struct {
	// What the document says about itself, as written (clean it before
	// showing it); zero when it does not say.
	Name, Number string
	Dormant      *bool
	Start, End   time.Time // the period the report covers
	Taxonomies   []string  // its schemaRefs: the taxonomies' entry points

	// Years are the periods with figures, newest first; for a group, the
	// group's figures come before the parent company's of the same date.
	Years []Year
	Facts []Fact
	// Problems are what could not be read, and figures not shown because
	// the document contradicts itself, in the document's order.
	Problems []*Problem
}

// Year is the figures of one period, for the company or for its group.
type Year struct {
	Start time.Time // zero when the document does not say (a balance sheet alone)
	End   time.Time // the balance sheet date
	// Consolidated says these are the group's figures, not the company's.
	Consolidated bool
	// Current says this is the report's own year, not its comparative.
	Current bool
	// Figures are those the document reports: one it does not is absent,
	// never zero.
	Figures map[Name]Figure
	// Problem says why a figure the document tags is not in Figures: it
	// could not be read, or the document gives it two values.
	Problem map[Name]*Problem
}

// Figure is one figure of one period, and where it was read from.
type Figure struct {
	Name   Name
	Value  Number
	Unit   string // the unit's measure: "GBP", "pure"...
	Source Source
}

// Source is the fact a figure was read from.
type Source struct {
	Concept string // its concept, by family: "uk-core:NetAssetsLiabilities"
	Tagged  string // its concept as the document wrote it: "core:NetAssetsLiabilities"
	Context string // its contextRef
	Period  Period
	Hidden  bool
	Line    int
}

// Figure is the figure n of the year ending end, for the group or the
// company.
func (r *Report) Figure(end time.Time, consolidated bool, n Name) (Figure, bool) {
	for _, y := range r.Years {
		if y.End.Equal(end) && y.Consolidated == consolidated {
			f, ok := y.Figures[n]
			return f, ok
		}
	}
	return Figure{}, false
}
