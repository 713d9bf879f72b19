package demo

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// Generated companies for load tests. Numbers GeneratedFirst to
// GeneratedLast (00007000–00007999) answer with a profile made up from the
// number alone: a distinct name, every pane filled, and links to an officers
// list (empty but for 00007900-00007959, see generated_officers.go) and an
// empty filing history. They exist so that a memory or
// throughput measurement can open hundreds of different companies without a
// fixture file each. They are not showcase companies: Numbers leaves them
// out, and nothing is stored for them, so they cost no memory until asked
// for.
const (
	GeneratedFirst = "00007000"
	GeneratedLast  = "00007999"

	generatedFrom  = 7000
	generatedCount = 1000
	generatedAbout = "generated company for load tests"
)

// IsGenerated reports whether number is one of the generated companies for
// load tests.
func IsGenerated(number string) bool {
	_, ok := generatedIndex(number)
	return ok
}

// generatedIndex is the position of a generated company's number in the
// range (0 for 00007000), and whether the number is in it at all. Only the
// canonical 8-digit form counts, as for the fixtures.
func generatedIndex(number string) (int, bool) {
	if len(number) != 8 || number < GeneratedFirst || number > GeneratedLast {
		return 0, false
	}
	n, err := strconv.Atoi(number)
	if err != nil {
		return 0, false
	}
	return n - generatedFrom, true
}

// The words of generated names: one list per digit of the index, so every
// number has its own name (10 × 10 × 10 = 1,000).
var (
	genFirst  = [10]string{"AMBER", "BRAMBLE", "COPPER", "DAMSON", "ELDER", "FENWICK", "GORSE", "HAZEL", "IRONWOOD", "JUNIPER"}
	genSecond = [10]string{"ANVIL", "BEACON", "CRESCENT", "DYNAMO", "EMBER", "FOUNDRY", "GALLEON", "HARBOUR", "ISLAND", "JUBILEE"}
	genThird  = [10]string{"BAKERIES", "CARPENTRY", "DATA", "ENGINEERING", "FREIGHT", "GARDENS", "HOLDINGS", "INSTRUMENTS", "JOINERY", "KNITWEAR"}
	genStreet = [10]string{"Quarry Lane", "Mill Street", "Orchard Row", "Tannery Yard", "Weaver's Walk", "Lock Road", "Chapel Hill", "Ropewalk", "Station Approach", "Kiln Close"}
	genTown   = [10]string{"Little Puddleford", "Nettlecombe", "Upper Wickham", "Brackenfold", "Marshby", "Oakhampton Vale", "Saltmere", "Thistlewick", "Yarrowford", "Cobbleston"}
	genSIC    = [10]string{"10710", "43320", "62012", "62020", "49410", "81300", "64209", "26511", "16230", "13910"}
)

// generatedName is the name of the generated company at index i.
func generatedName(i int) string {
	return fmt.Sprintf("%s %s %s LTD", genFirst[i/100%10], genSecond[i/10%10], genThird[i%10])
}

// generatedCompany makes the generated company with the given number, or
// returns nil if the number is not one. The same number always gives the
// same bytes.
func generatedCompany(number string) *company {
	i, ok := generatedIndex(number)
	if !ok {
		return nil
	}
	name := generatedName(i)
	p := generatedProfile(number, name, i)
	body, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		panic("demo: encoding a generated profile: " + err.Error())
	}
	c := &company{
		number:              number,
		name:                name,
		status:              p.CompanyStatus,
		profile:             append(body, '\n'),
		filingHistoryStatus: "filing-history-available",
		officers:            generatedOfficers(number, i),
	}
	if c.officers != nil {
		c.officersEtag = etag("generated", number, officersFile)
	}
	if err := c.countOfficers(); err != nil {
		panic("demo: counting generated officers: " + err.Error())
	}
	return c
}

// generatedCreated is the day the generated company at index i was
// incorporated.
func generatedCreated(i int) time.Time {
	return time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i*9)
}

// generatedCeased is the day the generated company at index i was
// dissolved, and whether it was: one in seven of those before
// 00007900, between 3 and 13 years after it was incorporated (from
// 1993 to 2025), so that the advanced and dissolved searches have
// dissolved companies to find, before 2009 and after. 00007900 to
// 00007999 stay active: they are the nominee director's companies and
// the deepest page of a name search.
func generatedCeased(i int) (time.Time, bool) {
	if i >= 900 || i%7 != 3 {
		return time.Time{}, false
	}
	return generatedCreated(i).AddDate(3+i%11, 0, i%200), true
}

// The profile members a generated company has, in the order the fixtures
// write them.
type genProfile struct {
	Accounts                    genAccounts     `json:"accounts"`
	CanFile                     bool            `json:"can_file"`
	CompanyName                 string          `json:"company_name"`
	CompanyNumber               string          `json:"company_number"`
	CompanyStatus               string          `json:"company_status"`
	ConfirmationStatement       genConfirmation `json:"confirmation_statement"`
	DateOfCessation             string          `json:"date_of_cessation,omitempty"`
	DateOfCreation              string          `json:"date_of_creation"`
	Etag                        string          `json:"etag"`
	HasBeenLiquidated           bool            `json:"has_been_liquidated"`
	HasCharges                  bool            `json:"has_charges"`
	HasInsolvencyHistory        bool            `json:"has_insolvency_history"`
	Jurisdiction                string          `json:"jurisdiction"`
	Links                       genLinks        `json:"links"`
	PreviousCompanyNames        []genPrevious   `json:"previous_company_names,omitempty"`
	RegisteredOfficeAddress     genAddress      `json:"registered_office_address"`
	RegisteredOfficeIsInDispute bool            `json:"registered_office_is_in_dispute"`
	SICCodes                    []string        `json:"sic_codes"`
	Type                        string          `json:"type"`
	UndeliverableAddress        bool            `json:"undeliverable_registered_office_address"`
}

type genAccounts struct {
	AccountingReferenceDate struct {
		Day   string `json:"day"`
		Month string `json:"month"`
	} `json:"accounting_reference_date"`
	LastAccounts struct {
		MadeUpTo      string `json:"made_up_to"`
		PeriodEndOn   string `json:"period_end_on"`
		PeriodStartOn string `json:"period_start_on"`
		Type          string `json:"type"`
	} `json:"last_accounts"`
	NextAccounts struct {
		DueOn         string `json:"due_on"`
		Overdue       bool   `json:"overdue"`
		PeriodEndOn   string `json:"period_end_on"`
		PeriodStartOn string `json:"period_start_on"`
	} `json:"next_accounts"`
	NextDue      string `json:"next_due"`
	NextMadeUpTo string `json:"next_made_up_to"`
	Overdue      bool   `json:"overdue"`
}

type genConfirmation struct {
	LastMadeUpTo string `json:"last_made_up_to"`
	NextDue      string `json:"next_due"`
	NextMadeUpTo string `json:"next_made_up_to"`
	Overdue      bool   `json:"overdue"`
}

type genLinks struct {
	Self          string `json:"self"`
	FilingHistory string `json:"filing_history"`
	Officers      string `json:"officers"`
}

type genPrevious struct {
	CeasedOn      string `json:"ceased_on"`
	EffectiveFrom string `json:"effective_from"`
	Name          string `json:"name"`
}

type genAddress struct {
	Premises     string `json:"premises"`
	AddressLine1 string `json:"address_line_1"`
	Locality     string `json:"locality"`
	Region       string `json:"region"`
	PostalCode   string `json:"postal_code"`
	Country      string `json:"country"`
}

// generatedProfile fills every pane of the generated company at index i.
// The dates are chosen against the same day as the fixtures' (22 Nov
// 2026): accounts and confirmation statement are filed and due in the
// future, so the company is in good standing.
func generatedProfile(number, name string, i int) genProfile {
	day := func(t time.Time) string { return t.Format(time.DateOnly) }
	created := generatedCreated(i)

	p := genProfile{
		CanFile:        true,
		CompanyName:    name,
		CompanyNumber:  number,
		CompanyStatus:  "active",
		DateOfCreation: day(created),
		Etag:           etag("generated", number),
		Jurisdiction:   "england-wales",
		Links: genLinks{
			Self:          "/company/" + number,
			FilingHistory: "/company/" + number + "/filing-history",
			Officers:      "/company/" + number + "/officers",
		},
		RegisteredOfficeAddress: genAddress{
			Premises:     strconv.Itoa(i%200 + 1),
			AddressLine1: genStreet[i/10%10],
			Locality:     genTown[i%10],
			Region:       "Wessex",
			PostalCode:   fmt.Sprintf("ZZ7 %d%c%c", i/100%10, 'A'+rune(i/10%10), 'A'+rune(i%10)),
			Country:      "England",
		},
		SICCodes: []string{genSIC[i%10], genSIC[(i/10+3)%10]},
		Type:     "ltd",
	}
	if p.SICCodes[0] == p.SICCodes[1] {
		p.SICCodes = p.SICCodes[:1]
	}
	if i%3 == 0 {
		renamed := created.AddDate(2, 0, 0)
		p.PreviousCompanyNames = []genPrevious{{
			CeasedOn:      day(renamed),
			EffectiveFrom: day(created),
			Name:          fmt.Sprintf("%s %s TRADING LTD", genSecond[i%10], genFirst[i/10%10]),
		}}
	}

	// A dissolved company's records stop the year it was dissolved: its
	// last accounts and statement are those of the year before, and it
	// can file nothing more.
	year, madeIn := 2026, 2026
	if ceased, ok := generatedCeased(i); ok {
		p.CompanyStatus, p.DateOfCessation, p.CanFile = "dissolved", day(ceased), false
		year, madeIn = ceased.Year(), ceased.Year()-1
	}

	// The accounting reference date is the end of March, June, September
	// or December; the last accounts cover the year to it in 2025.
	month := time.Month(3 * (i%4 + 1))
	monthEnd := func(year int) time.Time { return time.Date(year, month+1, 0, 0, 0, 0, 0, time.UTC) }
	lastEnd, nextEnd := monthEnd(year-1), monthEnd(year)
	a := &p.Accounts
	a.AccountingReferenceDate.Day = strconv.Itoa(lastEnd.Day())
	a.AccountingReferenceDate.Month = fmt.Sprintf("%02d", int(month))
	a.LastAccounts.MadeUpTo = day(lastEnd)
	a.LastAccounts.PeriodEndOn = day(lastEnd)
	a.LastAccounts.PeriodStartOn = day(monthEnd(year-2).AddDate(0, 0, 1))
	a.LastAccounts.Type = [...]string{"micro-entity", "total-exemption-full", "small", "full"}[i%4]
	a.NextAccounts.PeriodStartOn = day(lastEnd.AddDate(0, 0, 1))
	a.NextAccounts.PeriodEndOn = day(nextEnd)
	due := time.Date(year, month+10, 0, 0, 0, 0, 0, time.UTC) // nine months after the period ends
	a.NextAccounts.DueOn = day(due)
	a.NextDue, a.NextMadeUpTo = day(due), day(nextEnd)

	// Confirmation statements are made up to a day in January to October;
	// the last one was this year (a dissolved company's, the year before
	// it was dissolved), the next is due next year.
	made := time.Date(madeIn, time.Month(i%10+1), i%28+1, 0, 0, 0, 0, time.UTC)
	p.ConfirmationStatement = genConfirmation{
		LastMadeUpTo: day(made),
		NextMadeUpTo: day(made.AddDate(1, 0, 0)),
		NextDue:      day(made.AddDate(1, 0, 14)),
	}
	return p
}
