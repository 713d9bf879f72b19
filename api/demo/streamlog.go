package demo

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// The demo's streams are a pure function of the clock, as the living
// companies are: every event has its time, and its timepoint is how many
// events of its stream came before it, counted from livingEpoch, plus the
// stream's base. So two demos (two runs of coview --demo) agree on every
// timepoint, a resume in one finds its place in the other, and a test
// that pins the clock knows what each stream holds.
//
// What happens is made by sources: each happens every period from
// livingEpoch+offset, and its occurrence k sends counts[k%len(counts)]
// events (0 is none; 2 a repeat with a new timepoint). Events at one
// moment go in the order of the sources.

// StreamNames are the paths the demo serves as streams, as the live
// streaming API does.
func StreamNames() []string {
	return []string{"companies", "filings", "officers", "persons-with-significant-control", "charges",
		"insolvency-cases", "disqualified-officers", "company-exemptions", "persons-with-significant-control-statements"}
}

// streamBase is where each stream's timepoints start: as large as the
// live ones, so that nothing is written for small numbers only.
func streamBase(name string) int64 {
	switch name {
	case "companies":
		return 82_000_000
	case "filings":
		return 168_000_000
	case "officers":
		return 31_000_000
	case "persons-with-significant-control":
		return 9_000_000
	case "charges":
		return 4_000_000
	case "insolvency-cases":
		return 1_000_000
	}
	return 100
}

// source is one thing that keeps happening on a stream.
type source struct {
	period, offset time.Duration
	counts         []int
	// lines are occurrence k's events (as many as its count) of the
	// moment at; tp is the first one's timepoint.
	lines func(k int, at time.Time, tp int64) [][]byte
}

// first is when the source first happens.
func (s *source) first() time.Time { return livingEpoch.Add(s.offset) }

// before is how many times the source happened strictly before t.
func (s *source) before(t time.Time) int64 {
	f := s.first()
	if !t.After(f) {
		return 0
	}
	return int64((t.Sub(f)-1)/s.period) + 1
}

// by is how many times the source happened up to t, t included.
func (s *source) by(t time.Time) int64 { return s.before(t.Add(1)) }

// sent is how many events its first m occurrences sent.
func (s *source) sent(m int64) int64 {
	n := int64(len(s.counts))
	sum := int64(0)
	for _, c := range s.counts {
		sum += int64(c)
	}
	out := m / n * sum
	for _, c := range s.counts[:m%n] {
		out += int64(c)
	}
	return out
}

// at reports whether the source happens at t, and which occurrence it is.
func (s *source) at(t time.Time) (int, bool) {
	d := t.Sub(s.first())
	if d < 0 || d%s.period != 0 {
		return 0, false
	}
	return int(d / s.period), true
}

// next is the source's first occurrence at or after t.
func (s *source) next(t time.Time) time.Time {
	f := s.first()
	if !t.After(f) {
		return f
	}
	k := (t.Sub(f) + s.period - 1) / s.period
	return f.Add(k * s.period)
}

// streamLog is one stream's sources.
type streamLog struct {
	name    string
	base    int64
	sources []*source
}

// tpBefore is the timepoint of the first event at or after t.
func (l *streamLog) tpBefore(t time.Time) int64 {
	n := l.base
	for _, s := range l.sources {
		n += s.sent(s.before(t))
	}
	return n
}

// sentBy is how many events the stream sent up to t, t included.
func (l *streamLog) sentBy(t time.Time) int64 {
	n := int64(0)
	for _, s := range l.sources {
		n += s.sent(s.by(t))
	}
	return n
}

// nextAt is the first moment at or after t when something happens.
func (l *streamLog) nextAt(t time.Time) (time.Time, bool) {
	var best time.Time
	found := false
	for _, s := range l.sources {
		if n := s.next(t); !found || n.Before(best) {
			best, found = n, true
		}
	}
	return best, found
}

// StreamTimepoint is the timepoint of the first event of the demo's
// stream name at or after at: where a replay of what happened since at
// begins. 0 for a stream the demo sends nothing on.
func StreamTimepoint(name string, at time.Time) int64 {
	l := sharedStreamLogs()[name]
	if l == nil || len(l.sources) == 0 {
		return 0
	}
	return l.tpBefore(at)
}

// farFuture bounds the search for a timepoint not yet reached.
var farFuture = livingEpoch.AddDate(200, 0, 0)

// timeOf is the moment of the event at timepoint tp (tp at or above the
// base): the first moment by which the stream sent more than tp-base.
func (l *streamLog) timeOf(tp int64) (time.Time, bool) {
	if len(l.sources) == 0 {
		return time.Time{}, false
	}
	want := tp - l.base
	lo, hi := livingEpoch, farFuture
	if l.sentBy(hi) <= want {
		return time.Time{}, false
	}
	for hi.Sub(lo) > time.Nanosecond {
		mid := lo.Add(hi.Sub(lo) / 2)
		if l.sentBy(mid) > want {
			hi = mid
		} else {
			lo = mid
		}
	}
	if l.sentBy(lo) > want {
		return lo, true
	}
	return hi, true
}

// cursor walks a stream's events in order from a place.
type cursor struct {
	log  *streamLog
	at   time.Time // the next moment something happens
	tp   int64     // the timepoint of its first event
	skip int64     // events of that moment to leave out (a replay that starts within it)
	none bool      // the stream never sends anything
}

// cursorAfter is at the first event after t: what a live connection made
// at t gets.
func (l *streamLog) cursorAfter(t time.Time) *cursor {
	at, ok := l.nextAt(t.Add(1))
	if !ok {
		return &cursor{log: l, none: true}
	}
	return &cursor{log: l, at: at, tp: l.tpBefore(at)}
}

// cursorFrom is at the event of timepoint tp: a replay from it.
func (l *streamLog) cursorFrom(tp int64) *cursor {
	at, ok := l.timeOf(tp)
	if !ok {
		return &cursor{log: l, none: true}
	}
	c := &cursor{log: l, at: at, tp: l.tpBefore(at)}
	c.skip = tp - c.tp
	return c
}

// take is the events of the cursor's moment, as lines, and moves it on.
func (c *cursor) take() [][]byte {
	var out [][]byte
	for _, s := range c.log.sources {
		k, ok := s.at(c.at)
		if !ok {
			continue
		}
		if n := s.counts[k%len(s.counts)]; n > 0 {
			lines := s.lines(k, c.at, c.tp+int64(len(out)))
			out = append(out, lines[:n]...)
		}
	}
	c.tp += int64(len(out))
	if c.skip > 0 {
		out = out[min(int(c.skip), len(out)):]
		c.skip = 0
	}
	c.at, _ = c.log.nextAt(c.at.Add(1))
	return out
}

// streamEvent is an event as the streams serialise it, members in their
// order.
type streamEvent struct {
	ResourceKind string          `json:"resource_kind"`
	ResourceURI  string          `json:"resource_uri"`
	ResourceID   string          `json:"resource_id"`
	Data         json.RawMessage `json:"data,omitempty"`
	Event        struct {
		FieldsChanged []string `json:"fields_changed,omitempty"`
		Timepoint     int64    `json:"timepoint"`
		PublishedAt   string   `json:"published_at"`
		Type          string   `json:"type"`
	} `json:"event"`
}

// eventLine is one event's line, its end included. Its published_at takes
// the three forms the streams have sent, in turn by timepoint.
func eventLine(kind, uri, id string, data []byte, deleted bool, tp int64, at time.Time) []byte {
	var e streamEvent
	e.ResourceKind, e.ResourceURI, e.ResourceID = kind, uri, id
	if len(data) > 0 {
		var b bytes.Buffer
		if json.Compact(&b, data) == nil {
			e.Data = b.Bytes()
		}
	}
	e.Event.Timepoint = tp
	e.Event.Type = "changed"
	if deleted {
		e.Event.Type = "deleted"
	}
	e.Event.PublishedAt = publishedAt(at, tp)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(e); err != nil {
		panic("demo: encoding a stream event: " + err.Error())
	}
	return b.Bytes()
}

// publishedAt is the moment at in one of the three forms: no zone
// (seconds, UTC, as sent since 2024), microseconds and Z, microseconds
// and +01:00.
func publishedAt(at time.Time, tp int64) string {
	micro := time.Duration(tp*7919%1_000_000) * time.Microsecond
	switch tp % 3 {
	case 1:
		return at.Add(micro).UTC().Format("2006-01-02T15:04:05.000000Z")
	case 2:
		return at.Add(micro).In(time.FixedZone("", 60*60)).Format("2006-01-02T15:04:05.000000-07:00")
	}
	return at.UTC().Format("2006-01-02T15:04:05")
}

// streamLogs are the demo's streams, made once.
func streamLogs() map[string]*streamLog {
	logs := map[string]*streamLog{}
	for _, name := range StreamNames() {
		logs[name] = &streamLog{name: name, base: streamBase(name)}
	}
	add := func(name string, s *source) { logs[name].sources = append(logs[name].sources, s) }
	for i := range livingBeats {
		b := &livingBeats[i]
		every := func(counts []int, lines func(k int, at time.Time, tp int64) [][]byte) *source {
			return &source{period: b.period, offset: b.offset, counts: counts, lines: lines}
		}
		add("companies", every([]int{1}, func(k int, at time.Time, tp int64) [][]byte {
			c := livingCompany(b.number, at)
			return [][]byte{eventLine("company-profile", "/company/"+b.number, b.number, c.profile, false, tp, at)}
		}))
		add("filings", every([]int{1}, func(k int, at time.Time, tp int64) [][]byte {
			id := livingID(b.number, "filing", k)
			uri := "/company/" + b.number + "/filing-history/" + id
			item, _ := livingCompany(b.number, at).itemAt(uri)
			return [][]byte{eventLine("filing-history", uri, id, item, false, tp, at)}
		}))
	}
	addLivingItems(add)
	addFlows(add)
	addSerial(add)
	return logs
}

// addLivingItems adds the events of the living companies' officers,
// charges, persons with significant control and insolvency: each turn's
// item as it starts and as it ends, and its deletion when it drops off
// the list (an officer's with its data, a PSC's without, as live).
func addLivingItems(add func(string, *source)) {
	beat := func(n string) *livingBeat { return livingBeatOf(n) }
	item := func(b *livingBeat, kind, path, sort string, stream string, deleted, withData bool, turn func(k int) int, offset int) *source {
		return &source{period: 2 * b.period, offset: b.offset + time.Duration(offset)*b.period, counts: []int{1},
			lines: func(j int, at time.Time, tp int64) [][]byte {
				k := offset + 2*j
				n := turn(k)
				id := livingID(b.number, sort, n+1)
				uri := "/company/" + b.number + "/" + path + "/" + id
				when := at
				if deleted {
					when = at.Add(-1) // as it was listed before it dropped off
				}
				data, _ := livingCompany(b.number, when).itemAt(uri)
				if stream == "persons-with-significant-control" && !deleted {
					data = withNotifications(data, uri, k)
				}
				if !withData {
					data = nil
				}
				return [][]byte{eventLine(kind, uri, id, data, deleted, tp, at)}
			}}
	}
	started := func(k int) int { return k / 2 }
	ended := func(k int) int { return (k - 3) / 2 }
	// A turn that ended at event 2n+3 is listed while livingKeep events
	// or fewer followed, and drops off with event 2n+3+livingKeep.
	dropped := func(k int) int { return (k - 3 - livingKeep) / 2 }
	board, lender, owners := beat("00006422"), beat("00006423"), beat("00006424")
	for _, s := range []struct {
		stream, kind, path, sort string
		b                        *livingBeat
		withData                 bool
	}{
		{"officers", "company-officers", "appointments", "appointment", board, true},
		{"charges", "company-charges", "charges", "charge", lender, true},
		{"persons-with-significant-control", "company-psc-individual", "persons-with-significant-control/individual", "psc", owners, false},
	} {
		add(s.stream, item(s.b, s.kind, s.path, s.sort, s.stream, false, true, started, 0))
		add(s.stream, item(s.b, s.kind, s.path, s.sort, s.stream, false, true, ended, 1))
		if s.stream != "charges" {
			add(s.stream, item(s.b, s.kind, s.path, s.sort, s.stream, true, s.withData, dropped, 1+livingKeep))
		}
	}
	status := beat("00006421")
	add("insolvency-cases", &source{period: status.period, offset: status.offset, counts: []int{0, 0, 1, 0},
		lines: func(k int, at time.Time, tp int64) [][]byte {
			c := livingCompany(status.number, at)
			return [][]byte{eventLine("company-insolvency", "/company/"+status.number+"/insolvency", status.number, c.documents["insolvency"], false, tp, at)}
		}})
}

// withNotifications adds the 2026 notifications link to a PSC, under the
// key the stream used before 2026-05-28 (hyphens) or the one after
// (underscores), in turn.
func withNotifications(item []byte, self string, k int) []byte {
	var m map[string]any
	if json.Unmarshal(item, &m) != nil {
		return item
	}
	links, _ := m["links"].(map[string]any)
	if links == nil {
		links = map[string]any{}
		m["links"] = links
	}
	key := "persons_with_significant_control"
	if k%4 == 0 {
		key = "persons-with-significant-control"
	}
	links[key] = map[string]string{"notifications": self + "/notifications"}
	out, err := json.Marshal(m)
	if err != nil {
		return item
	}
	return out
}

// The steady flow: a company incorporated every incorporationEvery (with
// its first filing), every third one sent twice; and a filing at one of
// the generated companies every filingEvery, every fourth sent twice.
const (
	incorporationEvery = 90 * time.Second
	filingEvery        = 20 * time.Second
	// FirstIncorporated is the number of the flow's first company; the
	// k-th is FirstIncorporated+k.
	firstIncorporated = 14_000_000
)

func addFlows(add func(string, *source)) {
	add("companies", &source{period: incorporationEvery, offset: 15 * time.Second, counts: []int{1, 1, 2},
		lines: func(k int, at time.Time, tp int64) [][]byte {
			n := strconv.Itoa(firstIncorporated + k)
			line := eventLine("company-profile", "/company/"+n, n, incorporatedProfile(n, k, at), false, tp, at)
			again := eventLine("company-profile", "/company/"+n, n, incorporatedProfile(n, k, at), false, tp+1, at)
			return [][]byte{line, again}
		}})
	add("filings", &source{period: incorporationEvery, offset: 15 * time.Second, counts: []int{1},
		lines: func(k int, at time.Time, tp int64) [][]byte {
			n := strconv.Itoa(firstIncorporated + k)
			id := livingID(n, "newinc", 0)
			uri := "/company/" + n + "/filing-history/" + id
			return [][]byte{eventLine("filing-history", uri, id, flowFiling(n, id, "NEWINC", "incorporation", "incorporation-company", at, nil), false, tp, at)}
		}})
	add("filings", &source{period: filingEvery, offset: 5 * time.Second, counts: []int{1, 1, 1, 2},
		lines: func(k int, at time.Time, tp int64) [][]byte {
			n := fmt.Sprintf("%08d", 7000+k%1000)
			id := livingID(n, "flow", k)
			uri := "/company/" + n + "/filing-history/" + id
			var data []byte
			if k%2 == 0 {
				data = flowFiling(n, id, "CS01", "confirmation-statement", "confirmation-statement-with-no-updates", at, map[string]string{"made_up_date": at.Format(time.DateOnly)})
			} else {
				data = flowFiling(n, id, "AA", "accounts", "accounts-with-accounts-type-micro-entity", at, map[string]string{"made_up_date": at.AddDate(0, -4, 0).Format("2006-01") + "-01"})
			}
			line := eventLine("filing-history", uri, id, data, false, tp, at)
			return [][]byte{line, eventLine("filing-history", uri, id, data, false, tp+1, at)}
		}})
}

// flowWords make the names of the companies the flow incorporates; a few
// have letters of two, three and four bytes, as live names do.
var flowWords = [][]string{
	{"AMBER", "BRAMBLE", "CAFÉ", "DAMSON", "ELDER", "FÖHN", "GORSE", "HAZEL", "IRIS", "JUNIPER"},
	{"KETTLE", "LANTERN", "MEADOW", "NUTMEG", "ORCHARD", "PEBBLE", "QUILL", "RAVEN", "SORREL", "THISTLE"},
	{"BAKERY", "WORKS", "STUDIO", "TRADING", "LOGISTICS", "ANALYTICS", "€XCHANGE", "GARDENS", "ROBOTICS", "TEAS 🍵"},
}

// flowName is the name of the flow's k-th company.
func flowName(k int) string {
	return flowWords[0][k%10] + " " + flowWords[1][(k/10)%10] + " " + flowWords[2][(k/100)%10] + " LTD"
}

func incorporatedProfile(number string, k int, at time.Time) []byte {
	name := flowName(k)
	day := at.Format(time.DateOnly)
	p := map[string]any{
		"company_number": number, "company_name": name, "company_status": "active", "type": "ltd",
		"jurisdiction": "england-wales", "date_of_creation": day, "can_file": true, "has_charges": false,
		"has_insolvency_history": false, "registered_office_is_in_dispute": false,
		"registered_office_address": livingAddresses()[k%2],
		"sic_codes":                 []string{[]string{"62020", "56102", "47910", "70229"}[k%4]},
		"accounts": map[string]any{
			"accounting_reference_date": map[string]string{"day": at.AddDate(1, 0, 0).Format("02"), "month": at.Format("01")},
			"next_due":                  at.AddDate(1, 9, 0).Format(time.DateOnly),
		},
		"confirmation_statement": map[string]any{"next_due": at.AddDate(1, 0, 14).Format(time.DateOnly), "next_made_up_to": at.AddDate(1, 0, 0).Format(time.DateOnly)},
		"links": map[string]string{
			"self": "/company/" + number, "filing_history": "/company/" + number + "/filing-history", "officers": "/company/" + number + "/officers",
		},
		"etag": etag("incorporated", number),
	}
	b, err := json.Marshal(p)
	if err != nil {
		panic("demo: encoding an incorporation: " + err.Error())
	}
	return b
}

func flowFiling(number, id, form, category, description string, at time.Time, values map[string]string) []byte {
	item := map[string]any{
		"transaction_id": id, "type": form, "date": at.Format(time.DateOnly), "category": category,
		"description": description, "pages": 1 + len(id)%9, "barcode": "XF" + fmt.Sprintf("%06X", len(id)*7919+int(at.Unix()%100000)),
		"links": map[string]string{"self": "/company/" + number + "/filing-history/" + id},
	}
	if values != nil {
		item["description_values"] = values
	}
	b, err := json.Marshal(item)
	if err != nil {
		panic("demo: encoding a filing: " + err.Error())
	}
	return b
}
