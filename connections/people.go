package connections

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"coview/api"
)

// Birth is a month and year of birth, all the register shows of a date of
// birth; zero when not given.
type Birth struct {
	Month int `json:"month"`
	Year  int `json:"year"`
}

// Known reports whether both the month and the year are there: one alone
// is not enough to tell two people apart, or to take them for one.
func (b Birth) Known() bool { return b.Month >= 1 && b.Month <= 12 && b.Year > 0 }

// BirthOf reads the registry's {month, year}; anything unreadable is zero.
func BirthOf(d *api.PartialDate) Birth {
	if d == nil {
		return Birth{}
	}
	m, okM := d.Month.Int()
	y, okY := d.Year.Int()
	if !okM || !okY || m < 1 || m > 12 || y <= 0 {
		return Birth{}
	}
	return Birth{Month: m, Year: y}
}

// Record is one entry of the register for someone: an officer record (an
// officer id, with all its appointments) or a person with significant
// control of one company. The registry gives no id shared between the two,
// and opens a new officer record whenever an appointment is filed with
// details that differ slightly, so one human may be several records.
type Record struct {
	OfficerID string // the officer record's id; "" for a PSC, or an officer item without a link to its appointments
	Ref       string // for a record without an officer id: its own link (a PSC's self link, an appointment's)
	Name      string // as the registry writes it: "SPROCKETT, Wilhelmina Joan", "Mrs Wilhelmina Joan Sprockett"
	Born      Birth
	Corporate bool // a company or other body, not a natural person
	// Appointments is how many appointments the record holds, as the
	// registry counts them; -1 when not known.
	Appointments int
}

// ident names the record uniquely: its officer id, or its own link.
func (r Record) ident() string {
	if r.OfficerID != "" {
		return "officer:" + r.OfficerID
	}
	return "ref:" + r.Ref
}

// RecordOf is the record of an officer from the first page of their
// appointments: what an officer's appointments page knows of them.
func RecordOf(officerID string, a *api.Appointments) Record {
	r := Record{OfficerID: officerID, Appointments: -1}
	if a == nil {
		return r
	}
	r.Name, r.Born, r.Appointments = a.Name, BirthOf(a.DateOfBirth), a.Total()
	r.Corporate = a.IsCorporateOfficer != nil && *a.IsCorporateOfficer
	return r
}

// Apart says whether two records are taken for one person, and if not,
// why not.
type Apart int

const (
	// Same: the same officer id, or the same name, month and year of birth
	// for two natural persons: probably the same person.
	Same Apart = iota
	// ApartName: the names differ.
	ApartName
	// ApartBirth: the same name, born in another month or year: never the
	// same person.
	ApartBirth
	// ApartNoBirth: the same name, but one of them (or both) has no date
	// of birth to compare.
	ApartNoBirth
	// ApartCorporate: the same name, but a corporate body, which has no
	// date of birth; two of them are one only under the same officer id.
	ApartCorporate
)

// Compare says whether two records are probably the same person. Names
// are compared as NormalName writes them; month AND year of birth must
// both be there and agree. A corporate body is never taken for another by
// its name alone.
func Compare(a, b Record) Apart {
	switch {
	case a.ident() == b.ident():
		return Same
	case NormalName(a.Name) == "" || NormalName(a.Name) != NormalName(b.Name):
		return ApartName
	case a.Corporate || b.Corporate:
		return ApartCorporate
	case !a.Born.Known() || !b.Born.Known():
		return ApartNoBirth
	case a.Born != b.Born:
		return ApartBirth
	}
	return Same
}

// groupKey is what records of one person share: the name (as NormalName
// writes it) with the month and year of birth for a natural person who
// has them, else the record itself, which is then a person alone.
func (r Record) groupKey(name string) string {
	if r.Corporate || !r.Born.Known() || name == "" {
		return r.ident()
	}
	return "person:" + name + "|" + strconv.Itoa(r.Born.Month) + "|" + strconv.Itoa(r.Born.Year)
}

// titles are words before a name that say nothing about who it is: a PSC
// is "Mrs Wilhelmina Joan Sprockett" where the officer list has
// "SPROCKETT, Wilhelmina Joan".
var titles = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"mr": true, "mrs": true, "ms": true, "miss": true, "mx": true, "dr": true, "sir": true, "dame": true,
		"lord": true, "lady": true, "prof": true, "professor": true, "rev": true, "revd": true, "reverend": true,
	}
})

// NormalName is a name as compared: "SURNAME, Forenames" turned round to
// "forenames surname", in lower case, every run of punctuation and space
// one space (so "Tremlett-Oddie" is "tremlett oddie"), apostrophes and
// full stops dropped ("O'Brien" is "obrien"), and leading titles (Mr, Mrs,
// Dr, Sir...) left out.
func NormalName(name string) string {
	name = strings.TrimSpace(name)
	if surname, forenames, ok := strings.Cut(name, ","); ok {
		name = forenames + " " + surname
	}
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r == '\'' || r == '’' || r == '.':
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		default:
			b.WriteByte(' ')
		}
	}
	words := strings.Fields(b.String())
	for len(words) > 1 && titles()[words[0]] {
		words = words[1:]
	}
	return strings.Join(words, " ")
}

// Person is one human or body as far as the register lets it be told:
// every record of one officer id, and records of different ids (or a PSC)
// with the same name and month and year of birth, which are probably the
// same person.
type Person struct {
	// ID names the person within a Result: "officer:" and the first of its
	// officer ids, or "ref:" and a PSC's link.
	ID        string
	Name      string // as the registry writes it, from the first record
	Born      Birth
	Corporate bool
	Records   []Record // officer records first, by id, then the others
	// Namesakes are people of the same name kept apart, each with why.
	Namesakes []Namesake
}

// Namesake is someone else of the same name, and why they are not taken
// for the same person.
type Namesake struct {
	Person string // their Person.ID
	Name   string
	Born   Birth
	Why    Apart
}

// OfficerIDs are the officer records behind the person.
func (p *Person) OfficerIDs() []string {
	var out []string
	for _, r := range p.Records {
		if r.OfficerID != "" {
			out = append(out, r.OfficerID)
		}
	}
	return out
}

// Probable reports whether the person was put together from more than one
// record by name and birth rather than by the registry's own id:
// "probably the same person".
func (p *Person) Probable() bool { return len(p.Records) > 1 }

// Group puts records into people: the records of one officer id are one
// person, and records of natural persons with the same normalised name and
// the same month and year of birth are one person too. Nobody is merged
// whose month or year of birth differs, who has no date of birth, or who
// is a corporate body. Each person learns the namesakes kept apart from
// them, and why. The order of records does not change the outcome.
func Group(records []Record) []Person {
	byKey := map[string]*Person{}
	seen := map[string]bool{}
	var keys []string
	for _, r := range records {
		if seen[r.ident()] {
			continue
		}
		seen[r.ident()] = true
		k := r.groupKey(NormalName(r.Name))
		p := byKey[k]
		if p == nil {
			p = &Person{}
			byKey[k] = p
			keys = append(keys, k)
		}
		p.Records = append(p.Records, r)
	}
	people := make([]Person, 0, len(keys))
	for _, k := range keys {
		p := byKey[k]
		slices.SortFunc(p.Records, func(a, b Record) int {
			if (a.OfficerID == "") != (b.OfficerID == "") {
				if a.OfficerID != "" {
					return -1
				}
				return 1
			}
			return cmp.Or(cmp.Compare(a.OfficerID, b.OfficerID), cmp.Compare(a.Ref, b.Ref))
		})
		first := p.Records[0]
		p.ID, p.Name, p.Born, p.Corporate = first.ident(), first.Name, first.Born, first.Corporate
		for _, r := range p.Records[1:] {
			if p.Name == "" {
				p.Name = r.Name
			}
		}
		people = append(people, *p)
	}
	noteNamesakes(people)
	return people
}

// noteNamesakes tells each person of the others with the same name.
func noteNamesakes(people []Person) {
	byName := map[string][]int{}
	for i, p := range people {
		if n := NormalName(p.Name); n != "" {
			byName[n] = append(byName[n], i)
		}
	}
	for _, same := range byName {
		for _, i := range same {
			for _, j := range same {
				if i == j {
					continue
				}
				a, b := &people[i], &people[j]
				a.Namesakes = append(a.Namesakes, Namesake{
					Person: b.ID, Name: b.Name, Born: b.Born, Why: Compare(a.Records[0], b.Records[0]),
				})
			}
			slices.SortFunc(people[i].Namesakes, func(a, b Namesake) int { return cmp.Compare(a.Person, b.Person) })
		}
	}
}
