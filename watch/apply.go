package watch

import (
	"maps"
	"slices"
	"strings"
	"time"

	"coview/api"
)

// What a stream event does to what the list keeps of a company or a
// person: the change a check would record, found by the same diffs, and
// the snapshot brought up to the event. An event applied twice changes
// nothing the second time (the snapshot holds it already), which is what
// makes a follow safe to restart from an earlier timepoint, and safe
// beside another follow.
//
// An event is applied only if it is newer than what the snapshot was
// read from: a check that began reading a company after the event was
// published has the event's state, or a newer one, already; a profile,
// a list read whole, an item an earlier event wrote each keep when they
// were read or written (the registry's time), and an event published a
// whole second before that is left alone (published_at is to the second,
// rounded down). So an old event, replayed after a restart while a check
// ran meanwhile, does not report a change backwards, and then forwards
// again.

// rounding is how much earlier published_at may say than the event was.
const rounding = time.Second

// stale reports whether an event published at at is older than a
// reading of asOf.
func stale(at, asOf time.Time) bool { return !asOf.IsZero() && !at.Add(rounding).After(asOf) }

// staleFiling is how much older than its event a filing's date may be
// and still be taken for a new filing: older ones are updates of old
// filings (a document added, a barcode) or late paper filings, and are
// left to the next check, whose probe counts the filings.
const staleFiling = 30 * 24 * time.Hour

// maxGone bounds the items a company's list remembers were deleted by an
// event (ListSnap.Gone).
const maxGone = 100

// companyEdit is a company's record as events change it, before it is
// written back.
type companyEdit struct {
	next   *record
	setsAt map[string]time.Time // each dataset's read_at as kept
	dirty  map[string]bool      // datasets to write back
	setAt  map[string]time.Time // the new read_at of those replaced whole
	marked bool                 // reads were left to the next check (next.work)
	// touched says the record changed and is to be written back.
	touched bool
}

func newCompanyEdit(rec *record, setsAt map[string]time.Time) *companyEdit {
	next := *rec
	next.noted, next.sets = maps.Clone(rec.noted), maps.Clone(rec.sets)
	if next.noted == nil {
		next.noted = map[string]string{}
	}
	if next.sets == nil {
		next.sets = map[string]ListSnap{}
	}
	return &companyEdit{next: &next, setsAt: setsAt, dirty: map[string]bool{}, setAt: map[string]time.Time{}}
}

// apply applies one event published at at; today is the registry's day.
// It returns the changes, or why the event was left alone.
func (c *companyEdit) apply(e *api.Event, at time.Time, today time.Time) ([]Change, string) {
	day := at.In(today.Location()).Format(time.DateOnly)
	switch e.Kind {
	case api.ResCompany:
		return c.profile(e, at, today, day)
	case api.ResFiling:
		return c.filing(e, at, day)
	case api.ResOfficer:
		o, ok := api.EventValue[*api.Officer](e)
		var item *ItemSnap
		if ok && !e.Deleted() {
			it := officerItems([]api.Officer{*o})
			item = ptr(only(it))
		}
		return c.item(setOfficers, keyOf(e.ResourceURI, e.ResourceID), item, e, at, day)
	case api.ResPSC:
		p, ok := api.EventValue[*api.PSC](e)
		var item *ItemSnap
		if ok && !e.Deleted() {
			item = ptr(only(pscItems([]api.PSC{*p})))
		}
		return c.item(setPSCs, keyOf(e.ResourceURI, e.ResourceID), item, e, at, day)
	case api.ResCharge:
		ch, ok := api.EventValue[*api.Charge](e)
		var item *ItemSnap
		key := e.ResourceID
		if ok && !e.Deleted() {
			items := chargeItems([]api.Charge{*ch})
			for k, it := range items {
				key, item = k, &it
			}
		}
		if key == "" {
			key = keyOf(e.ResourceURI)
		}
		return c.item(setCharges, key, item, e, at, day)
	case api.ResInsolvency:
		return c.insolvency(e, at, day)
	}
	return nil, "a kind of event the watch list keeps nothing of"
}

func ptr[T any](v T) *T { return &v }

// only is the one item of a map of one.
func only(m map[string]ItemSnap) ItemSnap {
	for _, it := range m {
		return it
	}
	return ItemSnap{}
}

// profile applies a company-profile event: the profile as a check reads
// it, diffed as a check diffs it, and what is overdue now.
func (c *companyEdit) profile(e *api.Event, at, today time.Time, day string) ([]Change, string) {
	next := c.next
	if e.Deleted() {
		return nil, "a company deleted from the register (its next check says what is left)"
	}
	p, ok := api.EventValue[*api.Profile](e)
	if !ok {
		return nil, "a profile that cannot be read"
	}
	if err := profileUnreadable(p, next.number); err != nil {
		return nil, "a profile without what every profile has"
	}
	if stale(at, next.profileAt) {
		return nil, ""
	}
	snap := profileSnap(p)
	changes := diffProfile(next.profile, snap, day)
	c.touched = true
	for _, set := range datasets {
		_, had := next.profile.Links[set]
		_, has := snap.Links[set]
		switch {
		case had && !has:
			// As a check does when a list is no longer linked to.
			delete(next.sets, set)
			c.dirty[set] = true
		case !had && has && !followed(set):
			c.leave(set)
		}
	}
	next.profile, next.profileAt = snap, at
	if n := strings.TrimSpace(p.CompanyName); n != "" {
		next.name = n
	}
	changes = append(changes, overdue(next.profile, next.noted, today.Format(time.DateOnly))...)
	return changes, ""
}

// followed reports whether a stream carries a dataset's items: all but
// the PSC statements, which a follow leaves to the next check.
func followed(set string) bool { return set != setPSCStatements }

// leave leaves a read of a dataset to the next check of the company: the
// event said it changed, without carrying it.
func (c *companyEdit) leave(set string) {
	wk := &work{Reads: []string{readProbe}}
	if was := c.next.work; was != nil && len(was.Reads) > 0 {
		w := *was
		w.Reads = slices.Clone(was.Reads)
		wk = &w
	}
	if !slices.Contains(wk.Reads, set) {
		wk.Reads = append(wk.Reads, set)
		slices.SortStableFunc(wk.Reads[1:], func(a, b string) int { return rank(a) - rank(b) })
	}
	c.next.work, c.marked, c.touched = wk, true, true
}

// filing applies a filing-history event: a filing not seen before is
// news, as a check's probe finds it; the lists it touches come on their
// own streams, but for the PSC statements, left to the next check.
func (c *companyEdit) filing(e *api.Event, at time.Time, day string) ([]Change, string) {
	next := c.next
	f, ok := api.EventValue[*api.FilingItem](e)
	switch {
	case e.Deleted():
		return nil, ""
	case !ok || strings.TrimSpace(f.TransactionID) == "":
		return nil, "a filing that cannot be read"
	case slices.Contains(next.filings.Seen, f.TransactionID):
		return nil, ""
	}
	if d, err := time.Parse(time.DateOnly, f.Date); err == nil && at.Sub(d) > staleFiling {
		return nil, "a filing dated long before its event (its next check counts the filings)"
	}
	c.touched = true
	fs := next.filings
	fs.Seen = slices.Clone(fs.Seen)
	fs.saw([]string{f.TransactionID})
	fs.Total++
	fs.Newest = f.TransactionID
	next.filings = fs
	if slices.Contains(rereads(f.Category), setPSCStatements) {
		if _, linked := next.profile.Links[setPSCStatements]; linked {
			c.leave(setPSCStatements)
		}
	}
	return []Change{{Kind: FilingKind(f.Category), Date: orDate(f.Date, day), TransactionID: f.TransactionID,
		FormType: f.Type, Category: f.Category, Description: f.Description, DescriptionValues: f.Values()}}, ""
}

// item applies an event about one item of a list (an officer, a PSC, a
// charge): item nil is the item deleted.
func (c *companyEdit) item(set, key string, item *ItemSnap, e *api.Event, at time.Time, day string) ([]Change, string) {
	next := c.next
	if key == "" {
		return nil, "an item without an id"
	}
	if item == nil && !e.Deleted() {
		return nil, "an item that cannot be read"
	}
	old, kept := next.sets[set]
	if _, linked := next.profile.Links[set]; !kept && linked {
		// Linked to but never read: there is nothing to tell the item
		// from. The next check reads the list.
		c.leave(set)
		return nil, ""
	}
	was, known := old.Items[key]
	asOf := c.setsAt[set]
	if t := time.UnixMilli(was.At); known && was.At > 0 && t.After(asOf) {
		asOf = t
	}
	if t, ok := old.Gone[key]; ok && time.UnixMilli(t).After(asOf) {
		asOf = time.UnixMilli(t)
	}
	if stale(at, asOf) {
		return nil, ""
	}
	l := ListSnap{Items: maps.Clone(old.Items), Partial: old.Partial, Gone: maps.Clone(old.Gone)}
	if l.Items == nil {
		l.Items = map[string]ItemSnap{}
	}
	var changes []Change
	if item == nil {
		if !known {
			return nil, ""
		}
		changes = diffList(set, ListSnap{Items: map[string]ItemSnap{key: was}}, ListSnap{Items: map[string]ItemSnap{}}, day)
		delete(l.Items, key)
		l.forget(key, at)
	} else {
		before := ListSnap{Items: map[string]ItemSnap{}, Partial: true}
		if known {
			before.Items[key] = was
		}
		it := *item
		it.At = at.UnixMilli()
		changes = diffList(set, before, ListSnap{Items: map[string]ItemSnap{key: it}, Partial: true}, day)
		l.Items[key] = it
		delete(l.Gone, key)
	}
	next.sets[set] = l
	c.dirty[set] = true
	c.touched = true
	return changes, ""
}

// forget notes that an event deleted an item, so that an older event
// about it, come late, does not put it back.
func (l *ListSnap) forget(key string, at time.Time) {
	if l.Gone == nil {
		l.Gone = map[string]int64{}
	}
	l.Gone[key] = at.UnixMilli()
	for len(l.Gone) > maxGone {
		oldest, when := "", int64(0)
		for k, t := range l.Gone {
			if oldest == "" || t < when {
				oldest, when = k, t
			}
		}
		delete(l.Gone, oldest)
	}
}

// insolvency applies a company-insolvency event, which carries the whole
// record: it is read as a check reads it.
func (c *companyEdit) insolvency(e *api.Event, at time.Time, day string) ([]Change, string) {
	if e.Deleted() {
		return nil, ""
	}
	ins, ok := api.EventValue[*api.Insolvency](e)
	if !ok || insolvencyUnreadable(e.ResourceURI, ins) != nil {
		return nil, "an insolvency record that cannot be read"
	}
	if stale(at, c.setsAt[setInsolvency]) {
		return nil, ""
	}
	now := ListSnap{Items: insolvencyItems(ins)}
	changes := diffList(setInsolvency, c.next.sets[setInsolvency], now, day)
	c.next.sets[setInsolvency] = now
	c.dirty[setInsolvency] = true
	c.setAt[setInsolvency] = at
	c.touched = true
	return changes, ""
}

// personEdit is a watched person's record as events change it.
type personEdit struct {
	next *officerRecord
}

func newPersonEdit(rec *officerRecord) *personEdit {
	next := *rec
	next.snap.Items = maps.Clone(rec.snap.Items)
	return &personEdit{next: &next}
}

// apply applies an officers-stream event about one of the person's
// appointments: a new one, one ended, a new name. company is the
// company's name when the list watches it too (an event does not carry
// it). It reports whether the record changed.
func (p *personEdit) apply(e *api.Event, o *api.Officer, company string, at time.Time, today time.Time) ([]Change, bool) {
	day := at.In(today.Location()).Format(time.DateOnly)
	snap := &p.next.snap
	key, a := officerAppointment(e.Number, o)
	was, known := snap.Items[key]
	asOf := p.next.readAt
	if t := time.UnixMilli(was.At); known && was.At > 0 && t.After(asOf) {
		asOf = t
	}
	if stale(at, asOf) || e.Deleted() {
		return nil, false
	}
	a.Company = company
	if a.Company == "" {
		a.Company = was.Company
	}
	a.At = at.UnixMilli()
	name := strings.TrimSpace(o.Name)
	before := OfficerSnap{Name: snap.Name, Items: map[string]AppointmentSnap{}}
	if known {
		before.Items[key] = was
	}
	after := OfficerSnap{Name: snap.Name, Items: map[string]AppointmentSnap{key: a}}
	if name != "" && !sameName(name, snap.Name) {
		after.Name = name
	}
	changes := diffOfficer(p.next.id, before, after, day)
	snap.Items[key] = a
	if !known {
		snap.Total++
	}
	if after.Name != snap.Name {
		snap.Name, p.next.name = after.Name, after.Name
	}
	return changes, true
}

// sameName reports whether two spellings of a person's name are the same
// name: a company's list writes "SURNAME, Forenames" where a person's
// appointments may write "Forenames SURNAME".
func sameName(a, b string) bool {
	words := func(s string) []string {
		f := strings.FieldsFunc(strings.ToUpper(s), func(r rune) bool { return r == ',' || r == ' ' || r == '.' })
		slices.Sort(f)
		return f
	}
	return slices.Equal(words(a), words(b))
}
