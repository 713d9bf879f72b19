package connections

import "coview/api"

// Result is what a walk found: the companies linked to the company walked
// from, ranked, the people who link them, every tie between the two, and
// what was not checked. A Result is never changed once handed out, so a
// page may keep the one it shows while the walk goes on.
type Result struct {
	Company Company // the company walked from
	// Depth is 1, or 2 when the connections of connected companies were
	// walked too (Expanded says which).
	Depth    int
	Expanded []api.Number
	// Companies are the companies linked, strongest first (see Rank). The
	// company walked from is never among them.
	Companies []Connection
	// People are everyone tied to a company of the result, grouped (see
	// Group), by name.
	People []Person
	// Ties are every appointment and every control the walk read between
	// the people and companies of the result, and the companies that own
	// others.
	Ties []Tie
	// NotChecked is everything the walk should have read and did not,
	// with why: nothing is silently missing.
	NotChecked []NotChecked

	Officers        int // distinct officer records whose appointments the walk needs
	OfficersChecked int // of those, read in full; the others are being read or are in NotChecked
	Requests        int // requests this walk sent; answers from the session's cache cost none
	Reused          int // answers taken from the session's cache
	Budget          int // the most requests this walk could send
	// Done is false in the snapshots a walk hands out while it runs.
	Done bool
}

// Left is how many requests the walk could still send.
func (r *Result) Left() int { return max(r.Budget-r.Requests, 0) }

// Complete reports whether the walk ended having checked everything.
func (r *Result) Complete() bool { return r.Done && len(r.NotChecked) == 0 }

// Person is the person of the result with this ID, or nil.
func (r *Result) Person(id string) *Person {
	for i := range r.People {
		if r.People[i].ID == id {
			return &r.People[i]
		}
	}
	return nil
}

// PersonOf is the person of the result an officer id belongs to, or nil:
// on an officer's page, the other records taken for the same person.
func (r *Result) PersonOf(officerID string) *Person {
	for i := range r.People {
		for _, rec := range r.People[i].Records {
			if rec.OfficerID == officerID {
				return &r.People[i]
			}
		}
	}
	return nil
}

// Connection is the linked company with this number, or nil.
func (r *Result) Connection(n api.Number) *Connection {
	for i := range r.Companies {
		if r.Companies[i].Number == n {
			return &r.Companies[i]
		}
	}
	return nil
}

// Name is what the result knows a company by: its name, or "" for a
// company neither an appointment nor an owner named.
func (r *Result) Name(n api.Number) string {
	if n == r.Company.Number {
		return r.Company.Name
	}
	if c := r.Connection(n); c != nil {
		return c.Name
	}
	return ""
}

// Company is a company as the walk learned it: from an appointment's
// appointed_to, or from the PSC that names it. A company only reached as
// an owner has no status.
type Company struct {
	// Number is always a company number as api.ParseNumber makes it, so
	// it may be opened as it is. It is "" only in a NotChecked for a
	// company whose number the registry wrote as no company number is
	// written (Err says how it was written).
	Number api.Number
	Name   string // as the registry writes it; "" when nothing named it
	Status string // company_status, the registry's key; "" when not known
}

// Connection is a company linked to the company walked from, directly
// (depth 1) or through a connected company whose connections were walked
// too (depth 2), with every link.
type Connection struct {
	Company
	Depth int
	// Via are the companies it is linked to: the company walked from at
	// depth 1; at depth 2, the connected companies it was found from.
	Via   []api.Number
	Links []Link
	// People is how many people it has in common with Via.
	People int
	// Current reports whether any link still stands.
	Current bool
}

// Strength is what connections are ranked by: the people in common, and
// one for each company owning the other.
func (c *Connection) Strength() int {
	n := c.People
	seen := map[api.Number]bool{}
	for _, l := range c.Links {
		if l.Kind != ThroughPerson && !seen[l.With] {
			seen[l.With] = true
			n++
		}
	}
	return n
}

// LinkKind is how a connected company is linked.
type LinkKind int

const (
	// ThroughPerson: someone holds (or held) office in, or controls, both.
	ThroughPerson LinkKind = iota
	// Owns: the connected company is a PSC of With (its owner, or a
	// controller).
	Owns
	// OwnedBy: With is a PSC of the connected company.
	OwnedBy
)

// Link is one reason a company is connected: a person tied to both it and
// With, in one role, or one company owning the other.
type Link struct {
	With api.Number // the company at the other end: the company walked from, or at depth 2 the connected company walked
	Kind LinkKind
	// Person is the Person.ID of the person in common (ThroughPerson).
	Person string
	// Role is the person's officer_role at the connected company; "" when
	// their tie there is control (Natures).
	Role string
	// Natures are the natures_of_control: of the person over the
	// connected company when Role is "", or of one company over the other.
	Natures []string
	// Current reports whether the link still stands: for a person, both
	// their ties are current (not resigned or ceased, at a company that
	// has not ceased); for ownership, it has not ceased.
	Current bool
	// Until is when a past link ended, as the registry dates it
	// (resigned_on, ceased_on), if it says.
	Until string
}

// Tie is one edge of the graph: a person's appointment at, or control of,
// a company; or a company owning (or controlling) another.
type Tie struct {
	Person  string     // Person.ID; "" when Owner is set
	Owner   api.Number // the company that is a PSC of Company
	Company api.Number
	Role    string   // officer_role, for an appointment
	Natures []string // natures_of_control, for control
	Since   string   // appointed_on or notified_on, as the registry dates it
	Until   string   // resigned_on or ceased_on
	Current bool
}

// Unchecked is what was not checked.
type Unchecked int

const (
	// UncheckedAppointments: one officer's appointments (or the pages of
	// them from From).
	UncheckedAppointments Unchecked = iota
	// UncheckedOfficers: a company's officer list (from From).
	UncheckedOfficers
	// UncheckedPSCs: a company's list of persons with significant control.
	UncheckedPSCs
	// UncheckedCompany: a connected company whose own connections were
	// to be walked (depth 2) and were not at all.
	UncheckedCompany
)

// Reason is why something was not checked.
type Reason int

const (
	// ReasonBudget: the walk's request budget was spent.
	ReasonBudget Reason = iota
	// ReasonStopped: the walk was cancelled first.
	ReasonStopped
	// ReasonFailed: the registry's answer was an error (Err).
	ReasonFailed
)

// NotChecked is something the walk should have read and did not.
type NotChecked struct {
	What Unchecked
	// Company is the company whose list it is, the company not walked,
	// or, for appointments, the company the officer was met at.
	Company   Company
	Officer   string // the officer's name as written, for appointments
	OfficerID string
	// From is where the part not read begins, 0-based: 50 when the
	// first page of 50 was read; Total is the length of the list, -1 when
	// not known.
	From, Total int
	Link        string // the resource not read
	Why         Reason
	Err         error // for ReasonFailed
}
