//go:build ignore

// gen_fixtures writes the long lists of the demo PLC, 00006401: 130 officers
// and 5,000 filings, too many to write by hand. It is deterministic (a fixed
// seed, no clock), so running it again rewrites the same bytes; run it with
// go generate ./api/demo/ after changing it, and commit its output.
//
// The lists tell one consistent story: every appointment and resignation has
// its filing, the yearly accounts and returns match the profile's dates, and
// the forms change with the law (legacy 288a/363a before October 2009, AP01
// and AR01 after, CS01 from 2016). The rest is share capital traffic, which a
// large listed company files in bulk.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

const (
	number        = "00006401"
	totalFilings  = 5000
	totalOfficers = 130
	documentAPI   = "https://document-api.company-information.service.gov.uk/document/"
)

var (
	incorporated = day(1984, 3, 14)
	renamed      = day(1991, 5, 20) // re-registered as a PLC under its present name
	newForms     = day(2009, 10, 1) // Companies Act 2006 forms replace the legacy ones
	firstCS      = day(2016, 6, 30) // confirmation statements replace annual returns
	lastFiling   = day(2026, 11, 16)
	pre1992      = day(1991, 7, 1) // appointments before this are only known as "before"
)

// Shared with the hand-written fixtures of other demo companies: the same
// officer ids, names and dates of birth, so the appointments walk joins up.
const (
	hargreaveID    = "aLPIZckotbZ8y-YwrnfapWZqBTz"
	quillfeatherID = "bAGZqULdEViF0Xqf8CBMEFeujCV"
)

var rng = rand.New(rand.NewPCG(6401, 5000))

func main() {
	officers := makeOfficers()
	filings := makeFilings(officers)
	dir := filepath.Join("fixtures", number)
	write(filepath.Join(dir, "officers.json"), `{"items":[`, officers)
	// 5,000 filings are 2.3 MB of JSON, most of the binary's embedded
	// data; gzipped they are a seventh of that.
	write(filepath.Join(dir, "filing-history.json.gz"), `{"filing_history_status":"filing-history-available","items":[`, filings)
}

// ---- officers

type monthYear struct {
	Month int `json:"month"`
	Year  int `json:"year"`
}

type address struct {
	Premises     string `json:"premises,omitempty"`
	AddressLine1 string `json:"address_line_1"`
	AddressLine2 string `json:"address_line_2,omitempty"`
	Locality     string `json:"locality"`
	PostalCode   string `json:"postal_code,omitempty"`
	Country      string `json:"country"`
}

type identification struct {
	IdentificationType string `json:"identification_type"`
	LegalAuthority     string `json:"legal_authority"`
	LegalForm          string `json:"legal_form"`
	PlaceRegistered    string `json:"place_registered"`
	RegistrationNumber string `json:"registration_number"`
}

type officer struct {
	Name                 string          `json:"name"`
	OfficerRole          string          `json:"officer_role"`
	AppointedOn          string          `json:"appointed_on,omitempty"`
	AppointedBefore      string          `json:"appointed_before,omitempty"`
	IsPre1992Appointment bool            `json:"is_pre_1992_appointment,omitempty"`
	ResignedOn           string          `json:"resigned_on,omitempty"`
	Nationality          string          `json:"nationality,omitempty"`
	Occupation           string          `json:"occupation,omitempty"`
	CountryOfResidence   string          `json:"country_of_residence,omitempty"`
	DateOfBirth          *monthYear      `json:"date_of_birth,omitempty"`
	Address              address         `json:"address"`
	Identification       *identification `json:"identification,omitempty"`
	Links                struct {
		Self    string `json:"self"`
		Officer struct {
			Appointments string `json:"appointments"`
		} `json:"officer"`
	} `json:"links"`

	// What the filings need to know, not part of the item.
	appointed, resigned time.Time
	displayName         string // as in filing descriptions, "Mr Forenames Surname"
}

var registeredOffice = address{
	AddressLine1: "1 Kettle Circus",
	AddressLine2: "Spout Quay",
	Locality:     "Brewminster",
	PostalCode:   "ZZ1 6TP",
	Country:      "United Kingdom",
}

var (
	surnames = []string{
		"ABBOTSLEIGH", "ASHCOMBE-TRY", "BELLWEATHER", "BILBERRY", "BOTTOMLEY-FISK", "BRAITHWAITE-PIM",
		"CRUMPINGTON", "CUDDLESTONE", "DAMPIER-WICK", "DRIZZLEWOOD", "EGGLESCLIFFE", "FANSHAWE-NUTT",
		"FENWICK-LOAM", "GIMBLETT", "GOOSEGRAVE", "HALLORAN-PYE", "HOBNOBBE", "INGLEBERRY", "JOLLIFANT",
		"KETTLEWORTH", "LAPSANG", "LOVEGROVE-TUTT", "MARMADUKE", "MUFFINSHAW", "NETTLEFOLD", "NUTHATCH",
		"OOLONG-PRICE", "PADDINGTON-BREW", "PEKOE", "PIPKIN", "QUENBY", "RATTLEBURY", "ROOIBOS-GRANT",
		"SCONEWORTH", "SNODGRASS", "STEEPLEFORD", "TANNAHILL", "TIDDLYWINK", "TWINING-HOLT", "UMBERSLADE",
		"VARLEY-CHAI", "WAFFLETON", "WHISTLEDOWN", "WIMBLEBURY", "YARROWFIELD", "ZEPHYRINE",
	}
	forenames = []string{
		"Agatha", "Albert", "Beatrix", "Bertram", "Cecily", "Clarence", "Dorothea", "Edmund", "Euphemia",
		"Ferdinand", "Florence", "Gideon", "Gwendolen", "Hector", "Honoria", "Ignatius", "Imogen", "Jasper",
		"Juniper", "Leopold", "Lavinia", "Montague", "Marigold", "Neville", "Octavia", "Percival", "Philippa",
		"Quentin", "Rupert", "Rosamund", "Sebastian", "Seraphina", "Tobias", "Theodora", "Ulysses", "Viola",
		"Wilfred", "Winifred",
	}
	middleNames  = []string{"", "", "Ashby", "Fairfax", "Lowell", "Marlow", "Sinclair", "Vere", "Ellis", "Avery"}
	nationality  = []string{"British", "British", "British", "British", "British", "Irish", "Canadian", "Dutch", "Indian", "New Zealander"}
	occupations  = []string{"Company Director", "Company Director", "Chartered Accountant", "Non-Executive Director", "Banker", "Engineer", "Solicitor", "Tea Taster", "Chief Executive", "Economist"}
	corporations = []struct{ name, reg string }{
		{"TEAPOT NOMINEES LIMITED", "00006498"},
		{"KETTLEBRIDGE CORPORATE DIRECTORS LIMITED", "00006497"},
	}
)

// makeOfficers returns the officer list in the order it is served: current
// officers by name, then former ones, most recently resigned first.
func makeOfficers() []*officer {
	var list []*officer
	used := map[string]bool{}
	person := func(role string, appointed, resigned time.Time) *officer {
		var surname, first, middle string
		for {
			surname, first, middle = pick(surnames), pick(forenames), pick(middleNames)
			if !used[surname+first] {
				used[surname+first] = true
				break
			}
		}
		given := strings.TrimSpace(first + " " + middle)
		o := &officer{Name: surname + ", " + given, OfficerRole: role, appointed: appointed, resigned: resigned}
		o.displayName = titleCase(given + " " + surname)
		if role != "secretary" {
			age := 38 + rng.IntN(25)
			o.DateOfBirth = &monthYear{Month: 1 + rng.IntN(12), Year: appointed.Year() - age}
			o.Nationality = pick(nationality)
			o.Occupation = pick(occupations)
			o.CountryOfResidence = "United Kingdom"
		}
		return o
	}

	// Secretaries follow one another without a gap; Quillfeather's spell is
	// the one the other fixtures know about.
	secretaryTerms := []time.Time{incorporated, day(1988, 9, 1), day(1994, 2, 1), day(1999, 6, 30), day(2004, 4, 1),
		day(2008, 11, 17), day(2013, 6, 3), day(2019, 1, 14)}
	for i, from := range secretaryTerms {
		var until time.Time
		if i+1 < len(secretaryTerms) {
			until = secretaryTerms[i+1]
		}
		if from.Equal(day(1994, 2, 1)) {
			q := &officer{Name: "QUILLFEATHER SECRETARIES LIMITED", OfficerRole: "corporate-secretary",
				appointed: from, resigned: until, displayName: "Quillfeather Secretaries Limited"}
			q.Address = address{Premises: "Quill House", AddressLine1: "5 Inkwell Court", Locality: "Ledgerton", PostalCode: "ZZ3 1QS", Country: "England"}
			q.Identification = &identification{"uk-limited-company", "Companies Act 2006", "Private Limited Company",
				"Register of Companies for England and Wales", "00006499"}
			list = append(list, withIDs(q, quillfeatherID))
			continue
		}
		list = append(list, withIDs(person("secretary", from, until), ""))
	}

	for _, c := range corporations {
		from := between(day(1996, 1, 1), day(2006, 1, 1))
		o := &officer{Name: c.name, OfficerRole: "corporate-director", appointed: from,
			resigned: from.AddDate(2+rng.IntN(5), rng.IntN(12), 0), displayName: titleCase(c.name)}
		o.Identification = &identification{"uk-limited-company", "Companies Act 1985", "Private Limited Company",
			"Register of Companies for England and Wales", c.reg}
		list = append(list, withIDs(o, ""))
	}

	h := &officer{Name: "HARGREAVE, Eleanor Mabel", OfficerRole: "director", appointed: day(2020, 7, 1),
		displayName: "Eleanor Mabel Hargreave", Nationality: "British", Occupation: "Company Director",
		CountryOfResidence: "United Kingdom", DateOfBirth: &monthYear{Month: 4, Year: 1968}}
	list = append(list, withIDs(h, hargreaveID))

	// The current board, then directors who have come and gone since 1984.
	for range 10 {
		list = append(list, withIDs(person("director", between(day(2012, 1, 1), day(2026, 9, 1)), time.Time{}), ""))
	}
	for len(list) < totalOfficers {
		from := between(incorporated, day(2023, 1, 1))
		if rng.IntN(8) == 0 {
			from = incorporated // the founding board
		}
		until := from.AddDate(1+rng.IntN(11), rng.IntN(12), rng.IntN(28))
		if until.After(day(2026, 10, 31)) {
			until = day(2026, 10, 31).AddDate(0, 0, -rng.IntN(300))
		}
		if !until.After(from) {
			continue
		}
		list = append(list, withIDs(person("director", from, until), ""))
	}

	for _, o := range list {
		if o.Address == (address{}) {
			o.Address = registeredOffice
		}
		if o.appointed.Before(pre1992) {
			o.AppointedBefore, o.IsPre1992Appointment = "1991-07-01", true
		} else {
			o.AppointedOn = iso(o.appointed)
		}
		if !o.resigned.IsZero() {
			o.ResignedOn = iso(o.resigned)
		}
	}
	slices.SortStableFunc(list, func(a, b *officer) int {
		switch {
		case a.resigned.IsZero() && b.resigned.IsZero():
			return strings.Compare(a.Name, b.Name)
		case a.resigned.IsZero():
			return -1
		case b.resigned.IsZero():
			return 1
		}
		return b.resigned.Compare(a.resigned)
	})
	return list
}

func withIDs(o *officer, officerID string) *officer {
	if officerID == "" {
		officerID = randomID(27)
	}
	o.Links.Self = "/company/" + number + "/appointments/" + randomID(27)
	o.Links.Officer.Appointments = "/officers/" + officerID + "/appointments"
	return o
}

// ---- filings

type filing struct {
	TransactionID     string         `json:"transaction_id"`
	Barcode           string         `json:"barcode,omitempty"`
	Type              string         `json:"type"`
	Date              string         `json:"date"`
	ActionDate        string         `json:"action_date,omitempty"`
	Category          string         `json:"category"`
	Subcategory       any            `json:"subcategory,omitempty"`
	Description       string         `json:"description"`
	DescriptionValues map[string]any `json:"description_values,omitempty"`
	Pages             int            `json:"pages"`
	PaperFiled        bool           `json:"paper_filed,omitempty"`
	Links             struct {
		Self             string `json:"self"`
		DocumentMetadata string `json:"document_metadata,omitempty"`
	} `json:"links"`

	on time.Time
}

type values = map[string]any

func makeFilings(officers []*officer) []*filing {
	var list []*filing
	add := func(on time.Time, typ, category, description string, v values, pages int) *filing {
		f := &filing{Type: typ, Category: category, Description: description, DescriptionValues: v, Pages: pages, on: on}
		list = append(list, f)
		return f
	}
	legacy := func(on time.Time, typ, category, text string) *filing {
		return add(on, typ, category, "legacy", values{"description": text}, 1+rng.IntN(4))
	}

	add(incorporated, "NEWINC", "incorporation", "incorporation-company", nil, 18)
	add(renamed, "CERTNM", "change-of-name", "certificate-change-of-name-company", nil, 2)
	legacy(renamed, "43(3)", "change-of-constitution", "Re-registration of private company as public")

	// Group accounts for every year, filed four months after the year end.
	for y := 1984; y <= 2025; y++ {
		madeUp := day(y, 12, 31)
		f := add(madeUp.AddDate(0, 3, 5+rng.IntN(40)), "AA", "accounts", "accounts-with-accounts-type-group",
			values{"made_up_date": iso(madeUp)}, 40+rng.IntN(160))
		f.ActionDate = iso(madeUp)
	}
	// The yearly return, made up to the anniversary of incorporation.
	for y := 1985; y <= 2026; y++ {
		madeUp := day(y, 3, 14)
		filed := madeUp.AddDate(0, 0, 3+rng.IntN(20))
		switch {
		case madeUp.Before(newForms):
			legacy(filed, "363a", "annual-return", "Return made up to "+madeUp.Format("02/01/06")+"; full list of members")
		case madeUp.Before(firstCS):
			f := add(filed, "AR01", "annual-return", "annual-return-company-with-made-up-date-full-list-shareholders",
				values{"made_up_date": iso(madeUp)}, 30+rng.IntN(40))
			f.ActionDate = iso(madeUp)
		default:
			desc := "confirmation-statement-with-no-updates"
			if rng.IntN(3) == 0 {
				desc = "confirmation-statement-with-updates"
			}
			f := add(filed, "CS01", "confirmation-statement", desc, values{"made_up_date": iso(madeUp)}, 3+rng.IntN(30))
			f.ActionDate = iso(madeUp)
		}
	}

	// Every appointment and resignation after the founding board.
	for _, o := range officers {
		if o.appointed.After(incorporated) {
			officerEvent(add, legacy, o, true)
		}
		if !o.resigned.IsZero() {
			officerEvent(add, legacy, o, false)
		}
	}

	// The rest: share allotments, buy-backs and cancellations, resolutions,
	// changes of directors' details, spread over the company's life.
	for len(list) < totalFilings {
		on := between(day(1986, 1, 1), lastFiling)
		modern := !on.Before(newForms)
		switch n := rng.IntN(100); {
		case n < 45:
			if modern {
				f := add(on, "SH01", "capital", "capital-allotment-shares",
					values{"date": iso(on.AddDate(0, 0, -rng.IntN(20))), "capital": money()}, 3+rng.IntN(3))
				f.ActionDate = f.DescriptionValues["date"].(string)
			} else {
				legacy(on, "88(2)", "capital", "Return of allotment of shares")
			}
		case n < 65:
			if modern {
				add(on, "SH03", "capital", "capital-return-purchase-own-shares", nil, 2+rng.IntN(2))
			} else {
				legacy(on, "169", "capital", "Return of purchase of own shares")
			}
		case n < 80:
			if modern {
				add(on, "SH06", "capital", "capital-cancellation-shares",
					values{"date": iso(on.AddDate(0, 0, -rng.IntN(10))), "capital": money()}, 4)
			} else {
				legacy(on, "169(1B)", "capital", "Notice of cancellation of shares held as treasury shares")
			}
		case n < 88:
			f := add(on, "RESOLUTIONS", "resolution", "resolution", values{"description": "Resolutions"}, 2+rng.IntN(30))
			f.Subcategory = []string{"resolution"}
			if rng.IntN(2) == 0 {
				f.Subcategory = []string{"resolution", "capital"}
			}
		case n < 96:
			if modern {
				o := officers[rng.IntN(len(officers))]
				if o.OfficerRole != "director" || o.appointed.After(on) || (!o.resigned.IsZero() && o.resigned.Before(on)) {
					continue
				}
				f := add(on, "CH01", "officers", "change-person-director-company-with-change-date",
					values{"change_date": iso(on.AddDate(0, 0, -rng.IntN(14))), "officer_name": o.displayName}, 2)
				f.ActionDate = f.DescriptionValues["change_date"].(string)
			} else {
				legacy(on, "288c", "officers", "Director's particulars changed")
			}
		default:
			legacy(on, "MISC", "miscellaneous", pick([]string{
				"Section 519 auditor's statement of circumstances",
				"Form of proxy for annual general meeting",
				"Listing particulars",
				"Statement of guarantee by parent undertaking",
			}))
		}
	}

	slices.SortStableFunc(list, func(a, b *filing) int { return b.on.Compare(a.on) })
	seen := map[string]bool{}
	for _, f := range list {
		f.Date = iso(f.on)
		for f.TransactionID == "" || seen[f.TransactionID] {
			f.TransactionID = base64.RawStdEncoding.EncodeToString(fmt.Appendf(nil, "%010ddmoregxz", rng.Int64N(1e10)))
		}
		seen[f.TransactionID] = true
		f.PaperFiled = f.on.Before(day(2003, 1, 1)) && rng.IntN(3) > 0
		if f.on.After(day(1995, 1, 1)) {
			f.Barcode = "X" + randomCode(7)
		}
		f.Links.Self = "/company/" + number + "/filing-history/" + f.TransactionID
		if rng.IntN(40) > 0 { // a few have no image, so no document link
			f.Links.DocumentMetadata = documentAPI + randomID(43)
		}
	}
	return list
}

type adder func(on time.Time, typ, category, description string, v values, pages int) *filing

// officerEvent files an appointment or a resignation with the form of its day.
func officerEvent(add adder, legacy func(time.Time, string, string, string) *filing, o *officer, appointed bool) {
	on, filed := o.resigned, o.resigned.AddDate(0, 0, 1+rng.IntN(10))
	if appointed {
		on, filed = o.appointed, o.appointed.AddDate(0, 0, 1+rng.IntN(10))
	}
	secretary := strings.HasSuffix(o.OfficerRole, "secretary")
	if on.Before(newForms) {
		what := "director"
		if secretary {
			what = "secretary"
		}
		if appointed {
			legacy(filed, "288a", "officers", "New "+what+" appointed")
		} else {
			legacy(filed, "288b", "officers", strings.ToUpper(what[:1])+what[1:]+" resigned")
		}
		return
	}
	var typ, desc string
	switch {
	case appointed && o.OfficerRole == "corporate-director":
		typ, desc = "AP02", "appoint-corporate-director-company-with-name-date"
	case appointed && o.OfficerRole == "corporate-secretary":
		typ, desc = "AP04", "appoint-corporate-secretary-company-with-name-date"
	case appointed && secretary:
		typ, desc = "AP03", "appoint-person-secretary-company-with-name-date"
	case appointed:
		typ, desc = "AP01", "appoint-person-director-company-with-name-date"
	case secretary:
		typ, desc = "TM02", "termination-secretary-company-with-name-termination-date"
	default:
		typ, desc = "TM01", "termination-director-company-with-name-termination-date"
	}
	v := values{"officer_name": o.displayName}
	sub := "termination"
	if appointed {
		v["appointment_date"], sub = iso(on), "appointments"
	} else {
		v["termination_date"] = iso(on)
	}
	f := add(filed, typ, "officers", desc, v, 1+rng.IntN(2))
	f.Subcategory, f.ActionDate = sub, iso(on)
}

// ---- helpers

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func iso(t time.Time) string { return t.Format(time.DateOnly) }

func between(from, to time.Time) time.Time {
	days := int(to.Sub(from).Hours() / 24)
	return from.AddDate(0, 0, rng.IntN(days))
}

func pick(s []string) string { return s[rng.IntN(len(s))] }

func money() []map[string]string {
	pence := 5_000_000_00 + rng.Int64N(45_000_000_00)
	pounds := fmt.Sprint(pence / 100)
	var grouped []string
	for len(pounds) > 3 {
		grouped = append([]string{pounds[len(pounds)-3:]}, grouped...)
		pounds = pounds[:len(pounds)-3]
	}
	grouped = append([]string{pounds}, grouped...)
	return []map[string]string{{"currency": "GBP", "figure": fmt.Sprintf("%s.%02d", strings.Join(grouped, ","), pence%100)}}
}

const idAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

func randomID(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = idAlphabet[rng.IntN(len(idAlphabet))]
	}
	return string(b)
}

func randomCode(n int) string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}

// titleCase turns "GIMBLETT" into "Gimblett", keeping hyphenated parts.
func titleCase(s string) string {
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		parts := strings.Split(w, "-")
		for j, p := range parts {
			if p != "" {
				parts[j] = strings.ToUpper(p[:1]) + p[1:]
			}
		}
		words[i] = strings.Join(parts, "-")
	}
	return strings.Join(words, " ")
}

// write stores a list one item to a line, so that a change shows up in a diff
// as the items it touched.
func write[T any](path, opening string, items []T) {
	var buf bytes.Buffer
	buf.WriteString(opening + "\n")
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for i, it := range items {
		if err := enc.Encode(it); err != nil {
			log.Fatal(err)
		}
		if i < len(items)-1 {
			buf.Truncate(buf.Len() - 1)
			buf.WriteString(",\n")
		}
	}
	buf.WriteString("]}\n")
	data := buf.Bytes()
	if strings.HasSuffix(path, ".gz") {
		// No name or time in the header, so the output is the same every run.
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		w.Write(data)
		if err := w.Close(); err != nil {
			log.Fatal(err)
		}
		data = z.Bytes()
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		log.Fatal(err)
	}
}
