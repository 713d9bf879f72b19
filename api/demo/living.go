package demo

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Living companies change with the clock, so that a watch list has
// something to report: every few minutes of real time each of them files
// something, and what it filed shows in its profile and lists. The same
// minute always gives the same answers (everything is worked out from the
// handler's clock, Options.Now), so tests pin the clock and move it on.
//
// Each one has its own beat: event e (0, 1, 2, ...) happens at
// livingEpoch + offset + e*period, and the state at a time is the base
// state with every event up to then applied. A filing is added for every
// event, so the filing history only grows, as live; the officer, charge
// and PSC lists show the recent part of their history (an item drops off
// a while after it resigned, was satisfied or ceased), so that they stay
// small however long the clock runs.
//
// Like the generated companies, they are not in Numbers (the showcase
// catalogue) nor in the search index: they are asked for by number.
const (
	LivingFirst = "00006420"
	LivingLast  = "00006424"
)

// livingEpoch is when the living companies' clocks start; before it each
// is in its base state.
var livingEpoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// livingKeep is how many events back an item that ended (a resignation,
// a satisfaction, a cessation) stays listed.
const livingKeep = 12

// livingBeat is one living company: who it is and how often it changes.
type livingBeat struct {
	number, about  string
	period, offset time.Duration
	build          func(l *lived) // fills in the company's state after l.k events
}

var livingBeats = []livingBeat{
	{"00006420", "files every 3 minutes: accounts, new SIC codes, a new office, reference date or name",
		3 * time.Minute, time.Minute, buildFiler},
	{"00006421", "changes status every 5 minutes: strike-off proposed, discontinued, liquidation, restored",
		5 * time.Minute, 2 * time.Minute, buildStatusChanger},
	{"00006422", "every 4 minutes a director is appointed, or one resigns",
		4 * time.Minute, 0, buildBoard},
	{"00006423", "every 6 minutes a charge is created, or one is satisfied",
		6 * time.Minute, 3 * time.Minute, buildLender},
	{"00006424", "every 7 minutes a person with significant control is notified, or one ceases",
		7 * time.Minute, 4 * time.Minute, buildOwners},
}

// LivingNumbers are the numbers of the companies that change with the
// clock, in order.
func LivingNumbers() []string {
	out := make([]string, len(livingBeats))
	for i, b := range livingBeats {
		out[i] = b.number
	}
	return out
}

// LivingEvery is how often the living company numbered number changes,
// or 0 if it is not one.
func LivingEvery(number string) time.Duration {
	if b := livingBeatOf(number); b != nil {
		return b.period
	}
	return 0
}

// LivingEventAt is when event e (0, 1, 2, ...) of the living company
// numbered number happens, so that a test can set its clock just before
// or after one; zero if the number is not a living company.
func LivingEventAt(number string, e int) time.Time {
	b := livingBeatOf(number)
	if b == nil {
		return time.Time{}
	}
	return livingEpoch.Add(b.offset + time.Duration(e)*b.period)
}

func livingBeatOf(number string) *livingBeat {
	for i := range livingBeats {
		if livingBeats[i].number == number {
			return &livingBeats[i]
		}
	}
	return nil
}

// lived is a living company being built for one moment: k events have
// happened. The build functions fill in the profile members and lists
// and add one filing per event through filingFor.
type lived struct {
	beat    *livingBeat
	k       int
	profile map[string]any
	// filingFor makes the filing of event e (from <= e < k); base are the
	// filings from before the first of them, newest first. from is 0 but
	// for a company whose history keeps only its latest day of beats.
	filingFor func(e int) livingFiling
	base      []livingFiling
	from      int
	c         *company
	items     map[string]json.RawMessage // self link -> item, for the lists
}

// livingFiling is what a build function says of one filing; the rest of
// the item is made the same way for all.
type livingFiling struct {
	form, category, description string
	date                        string
	values                      map[string]string
}

// at is when event e happens.
func (l *lived) at(e int) time.Time {
	return livingEpoch.Add(l.beat.offset + time.Duration(e)*l.beat.period)
}

// day is the date of event e.
func (l *lived) day(e int) string { return l.at(e).Format(time.DateOnly) }

// eventsBy is how many of a beat's events have happened by now.
func (b *livingBeat) eventsBy(now time.Time) int {
	first := livingEpoch.Add(b.offset)
	if now.Before(first) {
		return 0
	}
	return int(now.Sub(first)/b.period) + 1
}

// livingCompany is the living company numbered number as it is at now, or
// nil if the number is not one of them.
func livingCompany(number string, now time.Time) *company {
	b := livingBeatOf(number)
	if b == nil {
		return nil
	}
	l := &lived{beat: b, k: b.eventsBy(now), items: map[string]json.RawMessage{}}
	l.c = &company{number: number, status: "active", documents: map[string][]byte{}, filingHistoryStatus: "filing-history-available"}
	l.profile = map[string]any{
		"company_number":                  number,
		"company_status":                  "active",
		"type":                            "ltd",
		"jurisdiction":                    "england-wales",
		"date_of_creation":                "2019-05-01",
		"can_file":                        true,
		"has_charges":                     false,
		"has_been_liquidated":             false,
		"has_insolvency_history":          false,
		"registered_office_is_in_dispute": false,
		"undeliverable_registered_office_address": false,
		"registered_office_address":               livingAddresses()[0],
		"sic_codes":                               []string{"70229"},
		"accounts":                                livingAccounts("31", "03", "2026-03-31", false),
		"confirmation_statement":                  livingConfirmation("2026-04-30"),
	}
	links := map[string]string{
		"self":           "/company/" + number,
		"filing_history": "/company/" + number + "/filing-history",
		"officers":       "/company/" + number + "/officers",
	}
	l.profile["links"] = links
	l.base = []livingFiling{{form: "NEWINC", category: "incorporation", description: "incorporation-company", date: "2019-05-01"}}
	b.build(l)
	if l.c.charges != nil {
		links["charges"] = "/company/" + number + "/charges"
		l.profile["has_charges"] = true
	}
	if _, ok := l.c.documents["insolvency"]; ok {
		links["insolvency"] = "/company/" + number + "/insolvency"
	}
	if l.c.pscs != nil {
		links["persons_with_significant_control"] = "/company/" + number + "/persons-with-significant-control"
	}
	if l.c.officers == nil {
		l.c.officers = []json.RawMessage{livingSecretary(number)}
	}
	l.c.name, _ = l.profile["company_name"].(string)
	l.c.status, _ = l.profile["company_status"].(string)
	l.profile["etag"] = etag("living", number, strconv.Itoa(l.k))
	body, err := json.MarshalIndent(l.profile, "", "  ")
	if err != nil {
		panic("demo: encoding a living profile: " + err.Error())
	}
	l.c.profile = append(body, '\n')
	l.c.officersEtag = etag("living", number, "officers", strconv.Itoa(l.k))
	l.c.filingsEtag = etag("living", number, "filings", strconv.Itoa(l.k))
	l.c.chargesEtag = etag("living", number, "charges", strconv.Itoa(l.k))
	if err := l.c.countOfficers(); err != nil {
		panic("demo: counting living officers: " + err.Error())
	}
	for _, list := range [][]json.RawMessage{l.c.officers, l.c.charges, l.c.pscs} {
		for _, item := range list {
			var it struct {
				Links selfLink `json:"links"`
			}
			json.Unmarshal(item, &it)
			l.items[it.Links.Self] = item
		}
	}
	l.c.filingPage = l.filingPage
	l.c.itemAt = l.itemAt
	return l.c
}

// filingPage is a page of the filing history, newest first: the events'
// filings, then the base ones. Only the page asked for is made, so a
// history of a hundred thousand filings costs no more than one of ten.
func (l *lived) filingPage(p page) (items []json.RawMessage, total int) {
	total = l.k - l.from + len(l.base)
	for j := p.start; j < total && j < p.start+p.size; j++ {
		items = append(items, l.filingItem(j))
	}
	if items == nil {
		items = []json.RawMessage{}
	}
	return items, total
}

// filingItem is the j-th filing from the newest.
func (l *lived) filingItem(j int) json.RawMessage {
	var f livingFiling
	var id string
	if j < l.k-l.from {
		e := l.k - 1 - j
		f = l.filingFor(e)
		if f.date == "" {
			f.date = l.day(e)
		}
		id = livingID(l.c.number, "filing", e)
	} else {
		// Counted from the oldest, so that an id stays its filing's as
		// the base grows.
		i := j - (l.k - l.from)
		f = l.base[i]
		id = livingID(l.c.number, "base-filing", len(l.base)-1-i)
	}
	values := f.values
	if values == nil {
		values = map[string]string{}
	}
	links := map[string]string{"self": "/company/" + l.c.number + "/filing-history/" + id}
	if filedAsIXBRL(l.c.number, f.description, values["made_up_date"]) {
		// Its accounts come as inline XBRL, the document's id the filing's.
		links["document_metadata"] = liveDocumentPrefix + id
	}
	item, err := json.Marshal(map[string]any{
		"transaction_id":     id,
		"barcode":            "XL" + strings.ToUpper(id[len(id)-6:]),
		"type":               f.form,
		"date":               f.date,
		"category":           f.category,
		"description":        f.description,
		"description_values": values,
		"pages":              1,
		"links":              links,
	})
	if err != nil {
		panic("demo: encoding a living filing: " + err.Error())
	}
	return item
}

// itemAt finds an item of the company's lists by its self link, as it is
// now; a filing is made from its id, which says which it is.
func (l *lived) itemAt(path string) (json.RawMessage, bool) {
	if it, ok := l.items[path]; ok {
		return it, true
	}
	id, ok := strings.CutPrefix(path, "/company/"+l.c.number+"/filing-history/")
	if !ok {
		return nil, false
	}
	if e, ok := livingEvent(l.c.number, "filing", id); ok && e >= l.from && e < l.k {
		return l.filingItem(l.k - 1 - e), true
	}
	if i, ok := livingEvent(l.c.number, "base-filing", id); ok && i < len(l.base) {
		return l.filingItem(l.k - l.from + len(l.base) - 1 - i), true
	}
	return nil, false
}

// livingID is the id of the n-th thing of a sort (a filing, an
// appointment, a charge) of a living company: URL-safe, as live ids are,
// and the same every time.
func livingID(number, sort string, n int) string {
	return base64.RawURLEncoding.EncodeToString(fmt.Appendf(nil, "%s:%s:%d", number, sort, n))
}

// livingEvent reads the n back out of a livingID.
func livingEvent(number, sort, id string) (int, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(id)
	if err != nil {
		return 0, false
	}
	rest, ok := strings.CutPrefix(string(raw), number+":"+sort+":")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil && n >= 0
}

// count is how many events e < k had e%cycle == phase.
func count(k, cycle, phase int) int {
	if k <= phase {
		return 0
	}
	return (k-phase-1)/cycle + 1
}

// lastOf is the last event e < k with e%cycle == phase, or -1.
func lastOf(k, cycle, phase int) int {
	n := count(k, cycle, phase)
	if n == 0 {
		return -1
	}
	return phase + (n-1)*cycle
}

var livingAddresses = sync.OnceValue(func() []map[string]string {
	return []map[string]string{
		{"premises": "The Old Clock House", "address_line_1": "3 Pendulum Parade", "locality": "Little Puddleford", "region": "Wessex", "postal_code": "ZZ6 4TT", "country": "England"},
		{"premises": "Unit 9", "address_line_1": "Escapement Yard", "locality": "Nettlecombe", "region": "Wessex", "postal_code": "ZZ6 9CK", "country": "England"},
	}
})

func oneLine(a map[string]string) string {
	var parts []string
	for _, k := range []string{"premises", "address_line_1", "locality", "postal_code"} {
		if a[k] != "" {
			parts = append(parts, a[k])
		}
	}
	return strings.Join(parts, ", ")
}

func livingAccounts(day, month, lastMadeUpTo string, overdue bool) map[string]any {
	last, _ := time.Parse(time.DateOnly, lastMadeUpTo)
	next := last.AddDate(1, 0, 0)
	due := time.Date(next.Year(), next.Month()+10, 0, 0, 0, 0, 0, time.UTC) // nine months after the period ends
	d := func(t time.Time) string { return t.Format(time.DateOnly) }
	return map[string]any{
		"accounting_reference_date": map[string]string{"day": day, "month": month},
		"last_accounts":             map[string]string{"made_up_to": lastMadeUpTo, "period_end_on": lastMadeUpTo, "period_start_on": d(last.AddDate(-1, 0, 1)), "type": "full"},
		"next_accounts":             map[string]any{"due_on": d(due), "overdue": overdue, "period_end_on": d(next), "period_start_on": d(last.AddDate(0, 0, 1))},
		"next_due":                  d(due),
		"next_made_up_to":           d(next),
		"overdue":                   overdue,
	}
}

func livingConfirmation(last string) map[string]any {
	t, _ := time.Parse(time.DateOnly, last)
	return map[string]any{
		"last_made_up_to": last,
		"next_made_up_to": t.AddDate(1, 0, 0).Format(time.DateOnly),
		"next_due":        t.AddDate(1, 0, 14).Format(time.DateOnly),
		"overdue":         false,
	}
}

// livingSecretary is the one officer every living company keeps.
func livingSecretary(number string) json.RawMessage {
	item, _ := json.Marshal(map[string]any{
		"name":         "CLOCKWORK SECRETARIES LIMITED",
		"officer_role": "corporate-secretary",
		"appointed_on": "2019-05-01",
		"address":      livingAddresses()[0],
		"links":        map[string]string{"self": "/company/" + number + "/appointments/" + livingID(number, "secretary", 0)},
	})
	return item
}

// buildFiler: 00006420 files in a cycle of five, each changing something
// in its profile: full accounts, a confirmation statement that changes
// its SIC codes, a new registered office, a new accounting reference
// date, a new name. Its history keeps the day of its newest filing, after
// a history such as a tea room's before it (a confirmation statement and
// accounts a year since it was incorporated): filing every 3 minutes
// since the epoch, it would hold hundreds of thousands.
func buildFiler(l *lived) {
	const cycle = 5
	names := []string{"TICKTOCK TEA ROOMS LTD", "TICKTOCK TEA ROOMS AND BAKERY LTD"}
	sics := [][]string{{"56102"}, {"56102", "10710"}}
	ards := []struct{ day, month, name string }{{"31", "03", "31 March"}, {"30", "06", "30 June"}}
	renamed := count(l.k, cycle, 4)
	l.profile["company_name"] = names[renamed%2]
	if renamed > 0 {
		l.profile["previous_company_names"] = filerNames(l, names, renamed)
	}
	since := livingEpoch
	if l.k > 0 {
		last := l.at(l.k - 1)
		since = time.Date(last.Year(), last.Month(), last.Day(), 0, 0, 0, 0, time.UTC)
		l.from = l.beat.eventsBy(since)
	}
	l.base = filerHistory(since)
	l.profile["sic_codes"] = sics[count(l.k, cycle, 1)%2]
	l.profile["registered_office_address"] = livingAddresses()[count(l.k, cycle, 2)%2]
	ard := ards[count(l.k, cycle, 3)%2]
	lastAccounts := "2025-03-31"
	if e := lastOf(l.k, cycle, 0); e >= 0 {
		lastAccounts = madeUpBefore(l.at(e), ard.day, ard.month)
	}
	l.profile["accounts"] = livingAccounts(ard.day, ard.month, lastAccounts, false)
	if e := lastOf(l.k, cycle, 1); e >= 0 {
		l.profile["confirmation_statement"] = livingConfirmation(l.day(e))
	}
	l.filingFor = func(e int) livingFiling {
		switch e % cycle {
		case 0:
			a := ards[count(e, cycle, 3)%2]
			return livingFiling{form: "AA", category: "accounts", description: "accounts-with-accounts-type-full",
				values: map[string]string{"made_up_date": madeUpBefore(l.at(e), a.day, a.month)}}
		case 1:
			return livingFiling{form: "CS01", category: "confirmation-statement", description: "confirmation-statement-with-updates",
				values: map[string]string{"made_up_date": l.day(e)}}
		case 2:
			n := count(e, cycle, 2)
			return livingFiling{form: "AD01", category: "address", description: "change-registered-office-address-company-with-date-old-address-new-address",
				values: map[string]string{"change_date": l.day(e), "old_address": oneLine(livingAddresses()[n%2]), "new_address": oneLine(livingAddresses()[(n+1)%2])}}
		case 3:
			n := count(e, cycle, 3)
			from, to := ards[n%2], ards[(n+1)%2]
			how := "change-account-reference-date-company-current-extended"
			if n%2 == 1 {
				how = "change-account-reference-date-company-current-shortened"
			}
			return livingFiling{form: "AA01", category: "accounts", description: how,
				values: map[string]string{"made_up_date": madeUpBefore(l.at(e).AddDate(1, 0, 0), from.day, from.month), "new_date": madeUpBefore(l.at(e).AddDate(1, 0, 0), to.day, to.month)}}
		}
		return livingFiling{form: "CERTNM", category: "change-of-name", description: "change-of-name-by-resolution"}
	}
}

// filerNames are the names 00006420 had before its own, newest first,
// each from the change that gave it to the one that took it away: the
// last three of them (it changes name every quarter of an hour).
func filerNames(l *lived, names []string, renamed int) []map[string]string {
	const cycle, phase, kept = 5, 4, 3
	renameDay := func(n int) string { return l.day(phase + (n-1)*cycle) } // the n-th change of name, from 1
	var out []map[string]string
	for n := renamed; n > max(renamed-kept, 0); n-- {
		from := "2019-05-01"
		if n > 1 {
			from = renameDay(n - 1)
		}
		out = append(out, map[string]string{"name": names[(n-1)%2], "effective_from": from, "ceased_on": renameDay(n)})
	}
	return out
}

// filerHistory is what 00006420 filed before since, newest first: its
// incorporation on 1 May 2019, then each year a confirmation statement in
// May and its accounts (made up to 31 March) in December.
func filerHistory(since time.Time) []livingFiling {
	before := since.Format(time.DateOnly)
	out := []livingFiling{{form: "NEWINC", category: "incorporation", description: "incorporation-company", date: "2019-05-01"}}
	for y := 2020; ; y++ {
		cs := livingFiling{form: "CS01", category: "confirmation-statement", description: "confirmation-statement-with-no-updates",
			date: fmt.Sprintf("%d-05-12", y), values: map[string]string{"made_up_date": fmt.Sprintf("%d-04-30", y)}}
		aa := livingFiling{form: "AA", category: "accounts", description: "accounts-with-accounts-type-micro-entity",
			date: fmt.Sprintf("%d-12-09", y), values: map[string]string{"made_up_date": fmt.Sprintf("%d-03-31", y)}}
		if cs.date >= before {
			break
		}
		out = append(out, cs)
		if aa.date >= before {
			break
		}
		out = append(out, aa)
	}
	slices.Reverse(out)
	return out
}

// madeUpBefore is the last day.month on or before t, as a date.
func madeUpBefore(t time.Time, day, month string) string {
	d, _ := strconv.Atoi(day)
	m, _ := strconv.Atoi(month)
	y := t.Year()
	if time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC).After(t) {
		y--
	}
	return time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
}

// buildStatusChanger: 00006421 goes round a cycle of four: a proposal to
// strike it off (its accounts overdue), the proposal discontinued (the
// accounts filed), liquidation (an insolvency case), restored to the
// register. Its accounts are as the register has them at its last event:
// made up to the last year end at least nine months before, so due in
// the year ahead; while the proposal stands, a year behind that, so due
// before then, and overdue.
func buildStatusChanger(l *lived) {
	const cycle = 4
	l.profile["company_name"] = "WEATHERVANE WINDOWS LTD"
	overdue := false
	switch phase := (l.k - 1) % cycle; {
	case l.k == 0:
	case phase == 0:
		l.profile["company_status_detail"] = "active-proposal-to-strike-off"
		overdue = true
	case phase == 2:
		l.profile["company_status"] = "liquidation"
		l.profile["has_insolvency_history"] = true
	}
	last := livingEpoch
	if l.k > 0 {
		last = l.at(l.k - 1)
	}
	behind := last.AddDate(0, -9, 0)
	if overdue {
		behind = last.AddDate(-1, -10, 0)
	}
	l.profile["accounts"] = livingAccounts("31", "12", madeUpBefore(behind, "31", "12"), overdue)
	if cases := count(l.k, cycle, 2); cases > 0 {
		l.profile["has_insolvency_history"] = true
		var list []map[string]any
		for n := max(cases-2, 0); n < cases; n++ {
			e := 2 + n*cycle
			list = append(list, map[string]any{
				"type":   "creditors-voluntary-liquidation",
				"number": strconv.Itoa(n + 1),
				"dates":  []map[string]string{{"type": "wound-up-on", "date": l.day(e)}},
				"practitioners": []map[string]any{{
					"name": "Zephyrine Gustavsen", "role": "practitioner", "appointed_on": l.day(e),
					"address": map[string]string{"address_line_1": "1 Anemometer Row", "locality": "Saltmere", "postal_code": "ZZ3 1WV", "country": "England"},
				}},
			})
		}
		status := []string{"liquidation"}
		if l.profile["company_status"] != "liquidation" {
			status = []string{}
		}
		body, _ := json.Marshal(map[string]any{"etag": etag("living", l.c.number, "insolvency", strconv.Itoa(l.k)), "status": status, "cases": list})
		l.c.documents["insolvency"] = body
	}
	l.filingFor = func(e int) livingFiling {
		switch e % cycle {
		case 0:
			return livingFiling{form: "GAZ1", category: "gazette", description: "gazette-notice-compulsory"}
		case 1:
			return livingFiling{form: "DISS40", category: "gazette", description: "gazette-filings-brought-up-to-date"}
		case 2:
			return livingFiling{form: "600", category: "insolvency", description: "liquidation-voluntary-appointment-of-liquidator"}
		}
		return livingFiling{form: "RT01", category: "restoration", description: "administrative-restoration-application"}
	}
}

// livingPeople are the names the board, the lenders and the owners take
// in turn.
var livingPeople = []struct{ forename, surname string }{
	{"Agatha", "Pendlebury"}, {"Bartholomew", "Quince"}, {"Cordelia", "Ashdown"}, {"Desmond", "Fairweather"},
	{"Euphemia", "Thorncastle"}, {"Fitzgerald", "Moss"}, {"Gwendolyn", "Bellweather"}, {"Horatio", "Plumtree"},
	{"Imogen", "Larkspur"}, {"Jasper", "Whitlock"}, {"Kezia", "Brambleby"}, {"Lysander", "Coddington"},
}

func livingPerson(n int) (forename, surname string) {
	p := livingPeople[(n%len(livingPeople)+len(livingPeople))%len(livingPeople)]
	return p.forename, p.surname
}

// turns lists the items of a rotation in which item n starts at event
// 2n and ends at event 2n+3 (item -1 started before the epoch and ends at
// event 1): those started, and not ended more than livingKeep events ago,
// newest first.
func turns(k int) []int {
	var out []int
	for n := k / 2; n >= -1; n-- {
		if 2*n >= k && n >= 0 {
			continue // not started yet
		}
		if end := 2*n + 3; end < k && k-end > livingKeep {
			break
		}
		out = append(out, n)
	}
	return out
}

// turnEnded reports whether item n of a rotation has ended after k
// events, and the event that ended it.
func turnEnded(k, n int) (int, bool) {
	end := 2*n + 3
	return end, end < k
}

// buildBoard: at 00006422 a director is appointed at every even event and
// one resigns at every odd one.
func buildBoard(l *lived) {
	l.profile["company_name"] = "REVOLVING DOOR CONSULTANTS LTD"
	start := func(n int) string {
		if n < 0 {
			return "2019-05-01"
		}
		return l.day(2 * n)
	}
	for _, n := range turns(l.k) {
		forename, surname := livingPerson(n)
		item := map[string]any{
			"name":                 strings.ToUpper(surname) + ", " + forename,
			"officer_role":         "director",
			"appointed_on":         start(n),
			"nationality":          "British",
			"occupation":           "Consultant",
			"country_of_residence": "England",
			"date_of_birth":        map[string]int{"month": (n+12)%12 + 1, "year": 1970 + (n+1)%30},
			"address":              livingAddresses()[0],
			"links":                map[string]string{"self": "/company/" + l.c.number + "/appointments/" + livingID(l.c.number, "appointment", n+1)},
		}
		if e, ended := turnEnded(l.k, n); ended {
			item["resigned_on"] = l.day(e)
		}
		raw, _ := json.Marshal(item)
		l.c.officers = append(l.c.officers, raw)
	}
	l.c.officers = append(l.c.officers, livingSecretary(l.c.number))
	l.filingFor = func(e int) livingFiling {
		if e%2 == 0 {
			forename, surname := livingPerson(e / 2)
			return livingFiling{form: "AP01", category: "officers", description: "appoint-person-director-company-with-name-date",
				values: map[string]string{"officer_name": forename + " " + surname, "appointment_date": l.day(e)}}
		}
		forename, surname := livingPerson((e - 3) / 2) // -1 at event 1: the director from before the epoch
		return livingFiling{form: "TM01", category: "officers", description: "termination-director-company-with-name-termination-date",
			values: map[string]string{"officer_name": forename + " " + surname, "termination_date": l.day(e)}}
	}
}

// livingLenders lend to 00006423 in turn.
var livingLenders = []string{"Fictionshire Building Society", "Wessex Mutual Bank PLC", "Saltmere Savings and Loans Limited"}

// buildLender: at 00006423 a charge is created at every even event and
// one is satisfied at every odd one.
func buildLender(l *lived) {
	l.profile["company_name"] = "PAWNBROKER PLUMS LTD"
	l.c.charges = []json.RawMessage{}
	for _, n := range turns(l.k) {
		created := "2023-02-01"
		if n >= 0 {
			created = l.day(2 * n)
		}
		id := livingID(l.c.number, "charge", n+1)
		item := map[string]any{
			"id":               id,
			"charge_code":      fmt.Sprintf("%s%04d", l.c.number, n+2),
			"charge_number":    n + 2,
			"classification":   map[string]string{"type": "charge-description", "description": "A registered charge"},
			"status":           "outstanding",
			"created_on":       created,
			"delivered_on":     created,
			"persons_entitled": []map[string]string{{"name": livingLenders[(n+1)%len(livingLenders)]}},
			"particulars":      map[string]any{"type": "brief-description", "contains_fixed_charge": true, "description": "The plum orchard at Pendulum Parade."},
			"links":            map[string]string{"self": "/company/" + l.c.number + "/charges/" + id},
		}
		status := "outstanding"
		if e, ended := turnEnded(l.k, n); ended {
			status = "fully-satisfied"
			item["status"], item["satisfied_on"] = status, l.day(e)
			l.c.chargesSatisfied++
		}
		raw, _ := json.Marshal(item)
		l.c.charges = append(l.c.charges, raw)
		l.c.chargeStatuses = append(l.c.chargeStatuses, status)
	}
	l.filingFor = func(e int) livingFiling {
		if e%2 == 0 {
			return livingFiling{form: "MR01", category: "mortgage", description: "mortgage-create-with-deed-with-charge-number-charge-creation-date",
				values: map[string]string{"charge_number": fmt.Sprintf("%s%04d", l.c.number, e/2+2), "charge_creation_date": l.day(e)}}
		}
		return livingFiling{form: "MR04", category: "mortgage", description: "mortgage-satisfy-charge-full",
			values: map[string]string{"charge_number": fmt.Sprintf("%s%04d", l.c.number, (e-3)/2+2)}}
	}
}

// buildOwners: at 00006424 a person with significant control is notified
// at every even event and one ceases at every odd one.
func buildOwners(l *lived) {
	l.profile["company_name"] = "NEW BROOM NOMINEES LTD"
	l.c.pscs = []json.RawMessage{}
	for _, n := range turns(l.k) {
		forename, surname := livingPerson(n + 5)
		notified := "2019-05-01"
		if n >= 0 {
			notified = l.day(2 * n)
		}
		id := livingID(l.c.number, "psc", n+1)
		item := map[string]any{
			"kind":                 "individual-person-with-significant-control",
			"name":                 "Mx " + forename + " " + surname,
			"name_elements":        map[string]string{"title": "Mx", "forename": forename, "surname": surname},
			"nationality":          "British",
			"country_of_residence": "England",
			"date_of_birth":        map[string]int{"month": (n+13)%12 + 1, "year": 1960 + (n+1)%40},
			"notified_on":          notified,
			"ceased":               false,
			"natures_of_control":   []string{"ownership-of-shares-25-to-50-percent", "voting-rights-25-to-50-percent"},
			"address":              livingAddresses()[1],
			"etag":                 etag("living", id),
			"links":                map[string]string{"self": "/company/" + l.c.number + "/persons-with-significant-control/individual/" + id},
		}
		if e, ended := turnEnded(l.k, n); ended {
			item["ceased"], item["ceased_on"] = true, l.day(e)
			l.c.pscsCeased++
		} else {
			l.c.pscsActive++
		}
		raw, _ := json.Marshal(item)
		l.c.pscs = append(l.c.pscs, raw)
	}
	l.filingFor = func(e int) livingFiling {
		if e%2 == 0 {
			forename, surname := livingPerson(e/2 + 5)
			return livingFiling{form: "PSC01", category: "persons-with-significant-control", description: "notification-of-a-person-with-significant-control",
				values: map[string]string{"psc_name": forename + " " + surname, "notification_date": l.day(e)}}
		}
		forename, surname := livingPerson((e-3)/2 + 5)
		return livingFiling{form: "PSC07", category: "persons-with-significant-control", description: "cessation-of-a-person-with-significant-control",
			values: map[string]string{"psc_name": forename + " " + surname, "cessation_date": l.day(e)}}
	}
}

// livingDocument is the document of a living company's filing, whose id
// is the filing's own, as it is at now: nil unless the company has filed
// it by then and it has a document (its accounts, as inline XBRL).
func livingDocument(id string, now time.Time) *document {
	raw, err := base64.RawURLEncoding.DecodeString(id)
	if err != nil {
		return nil
	}
	number, _, ok := strings.Cut(string(raw), ":")
	c := livingCompany(number, now)
	if !ok || c == nil {
		return nil
	}
	item, ok := c.itemAt("/company/" + number + "/filing-history/" + id)
	if !ok {
		return nil
	}
	return documentOf(c, item)
}
