package accounts

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"coview/api"
	"coview/figures"
)

// Filed is one accounts filing and what its document gave.
type Filed struct {
	Filing   api.FilingItem
	MadeUpTo time.Time       // zero when the filing does not say
	Report   *figures.Report // nil when there are no figures
	// Why says why there are none, for a user: filed on paper, not
	// inline XBRL, not fetched (text from the registry or the document:
	// clean it before showing it).
	Why   string
	Paper bool // no inline XBRL at all, as against one that could not be read
	// failed says the document could not be fetched: worth asking for
	// again, so not kept.
	failed bool
}

// passOver keeps a failure that concerns this document alone as why it
// has no figures, and returns one that stops the whole reading.
func (fa *Filed) passOver(err error) error {
	if stops(err) {
		return err
	}
	fa.Why, fa.failed = "their document could not be fetched: "+err.Error(), true
	return nil
}

// Failed reports whether the document could not be fetched (as against
// read): asking again may bring it.
func (fa *Filed) Failed() bool { return fa.failed }

// Name is what the accounts are called in a line: "the accounts made up
// to 31 March 2025".
func (fa *Filed) Name() string {
	if fa.MadeUpTo.IsZero() {
		return "the accounts filed on " + fa.Filing.Date
	}
	return "the accounts made up to " + fa.MadeUpTo.Format("2 January 2006")
}

// IsAnnual reports whether a filing is a company's annual accounts (or
// amended ones), not a change of its accounting reference date.
func IsAnnual(f api.FilingItem) bool {
	d := f.Description
	return strings.HasPrefix(d, "accounts-with-") || strings.HasPrefix(d, "accounts-amended-with-")
}

// annual are the annual accounts of a filing history's accounts
// category, newest first, the newest of any made up to the same date
// (amended accounts replace the original).
func annual(items []api.FilingItem) []api.FilingItem {
	var out []api.FilingItem
	seen := map[string]bool{}
	for _, f := range items {
		if !IsAnnual(f) {
			continue
		}
		madeUp := f.Values()["made_up_date"]
		if seen[madeUp] {
			continue
		}
		seen[madeUp] = true
		out = append(out, f)
	}
	return out
}

// Company is what a company's last accounts say.
type Company struct {
	Number api.Number
	Filed  []*Filed // newest first
	// Listed is how many annual accounts the first page of the filing
	// history lists: more than Filed when fewer were asked for.
	Listed int
}

// Notes say what could not be read: accounts without figures and why,
// and what could not be read in those with some; one line each.
func (c *Company) Notes() []string {
	var out []string
	for _, fa := range c.Filed {
		if fa.Report == nil {
			out = append(out, fmt.Sprintf("%s: %s", fa.Name(), fa.Why))
			continue
		}
		for _, p := range fa.Report.Problems {
			out = append(out, fmt.Sprintf("%s: %s", fa.Name(), p.Error()))
		}
		if len(fa.Report.Years) == 0 && len(fa.Report.Problems) == 0 {
			out = append(out, fa.Name()+": no figures are tagged in them")
		}
	}
	return out
}

// AllPaper reports whether every accounts read has no inline XBRL at all
// (none read is not all on paper).
func (c *Company) AllPaper() bool {
	for _, fa := range c.Filed {
		if !fa.Paper {
			return false
		}
	}
	return len(c.Filed) > 0
}

// Column is one year's figures, and the accounts they came from.
type Column struct {
	Year  figures.Year
	Filed *Filed
}

// Columns are the years the accounts give, newest first, the group's
// before the company's; each year from the accounts whose own year it is
// (as filed, not as restated a year on), else from the newest that
// gives it as its comparative.
func (c *Company) Columns() []Column {
	var out []Column
	for _, current := range []bool{true, false} {
		for _, fa := range c.Filed {
			if fa.Report == nil {
				continue
			}
			for _, y := range fa.Report.Years {
				dup := slices.ContainsFunc(out, func(o Column) bool {
					return o.Year.End.Equal(y.End) && o.Year.Consolidated == y.Consolidated
				})
				if y.Current == current && !dup {
					out = append(out, Column{Year: y, Filed: fa})
				}
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Column) int {
		if c := b.Year.End.Compare(a.Year.End); c != 0 {
			return c
		}
		switch {
		case a.Year.Consolidated == b.Year.Consolidated:
			return 0
		case a.Year.Consolidated:
			return -1
		}
		return 1
	})
	return out
}

// Name is the company's name as its newest accounts give it, as written
// (clean it before showing it); "" when none does.
func (c *Company) Name() string {
	for _, fa := range c.Filed {
		if fa.Report != nil && fa.Report.Name != "" {
			return fa.Report.Name
		}
	}
	return ""
}
