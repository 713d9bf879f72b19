package watch

import (
	"path"
	"slices"
	"strings"

	"coview/api"
)

// The snapshots below are what is kept of each thing read, in the store
// as JSON: only what a diff compares and a list shows, never a whole
// answer, so that the store stays small and the key-free.

// snapshotVersion is the form the snapshots are kept in. A change to what
// a snapshot holds, or to what its fields mean, is a new version: a
// company whose snapshots are of another version, or cannot be read, is
// seeded again (its next check records what is there and reports
// nothing), rather than diffed against a snapshot misread as empty,
// which would report every officer and charge as new.
const snapshotVersion = 1

// ProfileSnap is what is kept of a company's profile.
type ProfileSnap struct {
	Name          string   `json:"name"`
	Status        string   `json:"status"`
	StatusDetail  string   `json:"status_detail,omitempty"`
	Cessation     string   `json:"cessation,omitempty"`
	Office        string   `json:"office,omitempty"` // the registered office on one line
	SIC           []string `json:"sic,omitempty"`
	ReferenceDate string   `json:"reference_date,omitempty"` // day and month, "31-03"

	AccountsDue         string `json:"accounts_due,omitempty"`
	AccountsOverdue     bool   `json:"accounts_overdue,omitempty"`
	ConfirmationDue     string `json:"confirmation_due,omitempty"`
	ConfirmationOverdue bool   `json:"confirmation_overdue,omitempty"`
	InDispute           bool   `json:"in_dispute,omitempty"`
	Undeliverable       bool   `json:"undeliverable,omitempty"`

	// Links are the datasets the profile links to, by dataset name.
	Links map[string]string `json:"links,omitempty"`
}

// The datasets a company may link to, by the names the store keeps them
// under.
const (
	setFilings       = "filings"
	setOfficers      = "officers"
	setPSCs          = "pscs"
	setPSCStatements = "psc-statements"
	setCharges       = "charges"
	setInsolvency    = "insolvency"
)

// datasets are those read as lists or documents beside the profile, in
// the order they are read.
var datasets = []string{setOfficers, setPSCs, setPSCStatements, setCharges, setInsolvency}

// profileSnap keeps what matters of a profile.
func profileSnap(p *api.Profile) ProfileSnap {
	s := ProfileSnap{
		Name:          strings.TrimSpace(p.CompanyName),
		Status:        strings.TrimSpace(p.CompanyStatus),
		StatusDetail:  strings.TrimSpace(p.CompanyStatusDetail),
		Cessation:     p.DateOfCessation,
		Office:        oneLine(p.RegisteredOfficeAddress),
		SIC:           slices.Clone(p.SICCodes),
		InDispute:     isTrue(p.RegisteredOfficeIsInDispute),
		Undeliverable: isTrue(p.UndeliverableRegisteredOfficeAddress),
		Links:         map[string]string{},
	}
	if a := p.Accounts; a != nil {
		if r := a.AccountingReferenceDate; r != nil && (r.Day != "" || r.Month != "") {
			s.ReferenceDate = pad2(string(r.Day)) + "-" + pad2(string(r.Month))
		}
		s.AccountsDue, s.AccountsOverdue = a.NextDue, isTrue(a.Overdue)
		if n := a.NextAccounts; n != nil {
			if n.DueOn != "" {
				s.AccountsDue = n.DueOn
			}
			if n.Overdue != nil {
				s.AccountsOverdue = *n.Overdue
			}
		}
	}
	c := p.ConfirmationStatement
	if c == nil {
		c = p.AnnualReturn
	}
	if c != nil {
		s.ConfirmationDue, s.ConfirmationOverdue = c.NextDue, isTrue(c.Overdue)
	}
	l := p.Links
	for name, link := range map[string]string{
		setFilings: l.FilingHistory, setOfficers: l.Officers, setPSCs: l.PersonsWithSignificantControl,
		setPSCStatements: l.PersonsWithSignificantControlStatements, setCharges: l.Charges, setInsolvency: l.Insolvency,
	} {
		if link != "" {
			s.Links[name] = link
		}
	}
	return s
}

func isTrue(b *bool) bool { return b != nil && *b }

func pad2(s string) string {
	s = strings.TrimSpace(s)
	if len(s) == 1 {
		return "0" + s
	}
	return s
}

// oneLine is an address as one line, its parts in the usual order.
func oneLine(a *api.Address) string {
	if a == nil {
		return ""
	}
	var parts []string
	for _, p := range []string{a.CareOf, a.POBox, a.Premises, a.AddressLine1, a.AddressLine2, a.Locality, a.Region, a.PostalCode, a.Country} {
		if p = strings.Join(strings.Fields(p), " "); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

// FilingsSnap is what is kept of the filing history: how many filings
// the registry counts, the newest, and the ids seen lately (to tell new
// filings from old ones when several arrive at once).
type FilingsSnap struct {
	Total  int      `json:"total"`
	Newest string   `json:"newest,omitempty"`
	Seen   []string `json:"seen,omitempty"` // newest first, at most maxSeenIDs
}

// maxSeenIDs bounds the ids kept per company.
const maxSeenIDs = 500

// saw adds ids (newest first) in front of those seen, keeping the newest
// maxSeenIDs.
func (f *FilingsSnap) saw(ids []string) {
	merged := make([]string, 0, len(ids)+len(f.Seen))
	for _, id := range append(slices.Clone(ids), f.Seen...) {
		if id != "" && !slices.Contains(merged, id) {
			merged = append(merged, id)
		}
	}
	if len(merged) > maxSeenIDs {
		merged = merged[:maxSeenIDs]
	}
	f.Seen = merged
}

// ListSnap is what is kept of a list (officers, PSCs, statements,
// charges) or of the insolvency record: its items by key. Partial is set
// when not every item could be read (the list is longer than a check
// reads), and then nothing is said of items missing from it.
type ListSnap struct {
	Items   map[string]ItemSnap `json:"items"`
	Partial bool                `json:"partial,omitempty"`
	// Gone are the items a stream event deleted since the list was last
	// read whole, with when (the registry's time, Unix ms): an older
	// event about one of them, come late, does not put it back.
	Gone map[string]int64 `json:"gone,omitempty"`
}

// ItemSnap is one item of a list: its name, its role or kind, when it
// began and ended, its status, and the details whose change is news.
type ItemSnap struct {
	Name    string            `json:"name,omitempty"`
	Role    string            `json:"role,omitempty"`
	Began   string            `json:"began,omitempty"`
	Ended   string            `json:"ended,omitempty"`
	Status  string            `json:"status,omitempty"`
	Details map[string]string `json:"details,omitempty"`
	// At is the registry's time (Unix ms) of the stream event that wrote
	// the item; 0 for one read with its list.
	At int64 `json:"at,omitempty"`
}

// keyOf is an item's key: the last part of its self link (an
// appointment, notification, statement or charge id), else what
// identifies it in words.
func keyOf(self string, fallback ...string) string {
	if self != "" {
		dir, id := path.Split(strings.TrimSuffix(self, "/"))
		// A PSC's link ends in its kind and id: keep both.
		if strings.Contains(dir, "persons-with-significant-control/") {
			return path.Base(strings.TrimSuffix(dir, "/")) + "/" + id
		}
		return id
	}
	return strings.Join(fallback, "|")
}

func officerItems(list []api.Officer) map[string]ItemSnap {
	out := make(map[string]ItemSnap, len(list))
	for _, o := range list {
		out[keyOf(o.Links.Self, o.Name, o.OfficerRole, o.AppointedOn)] = ItemSnap{
			Name: strings.TrimSpace(o.Name), Role: o.OfficerRole, Began: o.AppointedOn, Ended: o.ResignedOn,
			Details: details("address", oneLine(o.Address), "occupation", o.Occupation,
				"nationality", o.Nationality, "country of residence", o.CountryOfResidence),
		}
	}
	return out
}

func pscItems(list []api.PSC) map[string]ItemSnap {
	out := make(map[string]ItemSnap, len(list))
	for _, p := range list {
		name := strings.TrimSpace(p.Name)
		if name == "" {
			name = strings.TrimSpace(p.Description)
		}
		ended := p.CeasedOn
		if ended == "" && p.IsCeased() {
			ended = "ceased"
		}
		out[keyOf(p.Links.Self, p.Kind, name, p.NotifiedOn)] = ItemSnap{
			Name: name, Role: p.Kind, Began: p.NotifiedOn, Ended: ended,
			Details: details("nature of control", strings.Join(p.NaturesOfControl, ", "), "address", oneLine(p.Address)),
		}
	}
	return out
}

func statementItems(list []api.PSCStatement) map[string]ItemSnap {
	out := make(map[string]ItemSnap, len(list))
	for _, s := range list {
		out[keyOf(s.Links.Self, s.Statement, s.NotifiedOn)] = ItemSnap{
			Name: s.LinkedPSCName, Role: s.Statement, Began: s.NotifiedOn, Ended: s.CeasedOn,
		}
	}
	return out
}

func chargeItems(list []api.Charge) map[string]ItemSnap {
	out := make(map[string]ItemSnap, len(list))
	for _, c := range list {
		code := strings.TrimSpace(c.ChargeCode)
		if code == "" {
			code = string(c.ChargeNumber)
		}
		var lenders []string
		for _, p := range c.PersonsEntitled {
			if n := strings.TrimSpace(p.Name); n != "" {
				lenders = append(lenders, n)
			}
		}
		key := c.ID
		if key == "" {
			key = keyOf(c.Links.Self, code, c.CreatedOn)
		}
		ended := c.SatisfiedOn
		item := ItemSnap{
			Name: strings.Join(lenders, ", "), Role: code, Began: c.CreatedOn, Ended: ended,
			Status: strings.Join(c.Status, ","),
		}
		if c.AcquiredOn != "" {
			item.Details = map[string]string{"acquired": c.AcquiredOn}
		}
		out[key] = item
	}
	return out
}

func insolvencyItems(ins *api.Insolvency) map[string]ItemSnap {
	out := map[string]ItemSnap{}
	for _, c := range ins.Cases {
		var began string
		for _, d := range c.Dates {
			if began == "" || d.Date < began {
				began = d.Date
			}
		}
		practitioners := map[string]string{}
		for _, p := range c.Practitioners {
			if n := strings.TrimSpace(p.Name); n != "" && p.CeasedToActOn == "" {
				practitioners[n] = p.AppointedOn
			}
		}
		out[c.Type+"|"+string(c.Number)] = ItemSnap{Name: string(c.Number), Role: c.Type, Began: began, Details: practitioners}
	}
	return out
}

// details pairs names and values, leaving out the empty ones.
func details(kv ...string) map[string]string {
	var out map[string]string
	for i := 0; i+1 < len(kv); i += 2 {
		if v := strings.TrimSpace(kv[i+1]); v != "" {
			if out == nil {
				out = map[string]string{}
			}
			out[kv[i]] = v
		}
	}
	return out
}
