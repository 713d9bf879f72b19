package demo

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"sync"
)

// The registry's monthly company file (Basic Company Data), of the demo's
// companies, as the registry writes it: the 55 columns, the header with
// the leading spaces some of its names have, every field quoted, the
// status and category in words ("Active - Proposal to Strike off",
// "PRI/LTD BY GUAR/NSC (...)"), days as DD/MM/YYYY, "62020 - words" for a
// SIC code, CRLF line ends, the companies in order of name, and a few rows
// as broken as the live file's can be. Only the companies on the
// register are in it: the dissolved ones are not.

// monthlyColumns are the file's header, as the registry writes it.
const monthlyHeader = "CompanyName, CompanyNumber,RegAddress.CareOf,RegAddress.POBox,RegAddress.AddressLine1, RegAddress.AddressLine2," +
	"RegAddress.PostTown,RegAddress.County,RegAddress.Country,RegAddress.PostCode,CompanyCategory,CompanyStatus,CountryOfOrigin," +
	"DissolutionDate,IncorporationDate,Accounts.AccountRefDay,Accounts.AccountRefMonth,Accounts.NextDueDate,Accounts.LastMadeUpDate," +
	"Accounts.AccountCategory,Returns.NextDueDate,Returns.LastMadeUpDate,Mortgages.NumMortCharges,Mortgages.NumMortOutstanding," +
	"Mortgages.NumMortPartSatisfied,Mortgages.NumMortSatisfied,SICCode.SicText_1,SICCode.SicText_2,SICCode.SicText_3,SICCode.SicText_4," +
	"LimitedPartnerships.NumGenPartners,LimitedPartnerships.NumLimPartners,URI," +
	"PreviousName_1.CONDATE, PreviousName_1.CompanyName, PreviousName_2.CONDATE, PreviousName_2.CompanyName," +
	"PreviousName_3.CONDATE, PreviousName_3.CompanyName,PreviousName_4.CONDATE, PreviousName_4.CompanyName," +
	"PreviousName_5.CONDATE, PreviousName_5.CompanyName,PreviousName_6.CONDATE, PreviousName_6.CompanyName," +
	"PreviousName_7.CONDATE, PreviousName_7.CompanyName,PreviousName_8.CONDATE, PreviousName_8.CompanyName," +
	"PreviousName_9.CONDATE, PreviousName_9.CompanyName,PreviousName_10.CONDATE, PreviousName_10.CompanyName," +
	"ConfStmtNextDueDate, ConfStmtLastMadeUpDate"

// MonthlyMalformed are the file's rows that the registry's file would
// be the worse for: each is about a company the registry does not have.
// One has too few fields, one too many, and one an incorporation day that
// cannot be, which a reader keeps without the day.
var MonthlyMalformed = []string{"00009901", "00009902", "00009903"}

// fileWords are the file's words for the registry's keys, made on first use.
var fileWords = sync.OnceValue(func() fileVocabulary {
	return fileVocabulary{status: map[string]string{
		"active": "Active", "liquidation": "Liquidation", "administration": "In Administration",
		"receivership": "RECEIVERSHIP", "voluntary-arrangement": "Voluntary Arrangement",
		"insolvency-proceedings": "Insolvency Proceedings", "open": "Open", "registered": "Registered",
	}, category: map[string]string{
		"ltd": "Private Limited Company", "plc": "Public Limited Company", "llp": "Limited Liability Partnership",
		"private-limited-guarant-nsc":                   "PRI/LTD BY GUAR/NSC (Private, limited by guarantee, no share capital)",
		"private-limited-guarant-nsc-limited-exemption": "PRI/LBG/NSC (Private, Limited by guarantee, no share capital, use of 'Limited' exemption)",
		"registered-overseas-entity":                    "Overseas Entity", "oversea-company": "Overseas company",
		"uk-establishment": "UK establishment company", "limited-partnership": "Limited Partnership",
	},
		// The words of the SIC codes the demo's companies have (the
		// registry's own, constants.yml's sic_descriptions).
		sic: map[string]string{
			"62012": "Business and domestic software development", "62020": "Information technology consultancy activities",
			"70229": "Management consultancy activities other than financial management", "64209": "Activities of other holding companies not elsewhere classified",
			"46370": "Wholesale of coffee, tea, cocoa and spices", "46470": "Wholesale of furniture, carpets and lighting equipment",
			"28302": "Manufacture of agricultural and forestry machinery other than tractors", "25990": "Manufacture of other fabricated metal products not elsewhere classified",
			"43220": "Plumbing, heat and air-conditioning installation", "75000": "Veterinary activities", "70100": "Activities of head offices",
			"10511": "Liquid milk and cream production", "10520": "Manufacture of ice cream", "49410": "Freight transport by road",
			"52103": "Operation of warehousing and storage facilities for land transport activities", "11010": "Distilling, rectifying and blending of spirits",
			"10822": "Manufacture of sugar confectionery", "47290": "Other retail sale of food in specialised stores",
			"10710": "Manufacture of bread; manufacture of fresh pastry goods and cakes", "43320": "Joinery installation",
			"81300": "Landscape service activities", "26511": "Manufacture of electronic measuring, testing etc. equipment, not for industrial process control",
			"16230": "Manufacture of other builders' carpentry and joinery", "13910": "Manufacture of knitted and crocheted fabrics",
		}}
})

// fileVocabulary are the file's words for statuses, categories and SIC
// codes, by the registry's keys.
type fileVocabulary struct{ status, category, sic map[string]string }

// fileProfile is what the file takes from a profile.
type fileProfile struct {
	Name, Number, Type, Subtype, Status, Detail, Created, Ceased string
	Address                                                      struct {
		CareOf       string `json:"care_of"`
		POBox        string `json:"po_box"`
		Premises     string `json:"premises"`
		AddressLine1 string `json:"address_line_1"`
		AddressLine2 string `json:"address_line_2"`
		Locality     string `json:"locality"`
		Region       string `json:"region"`
		Country      string `json:"country"`
		PostalCode   string `json:"postal_code"`
	}
	SIC      []string
	Accounts struct {
		Ref struct {
			Day   dayOrMonth `json:"day"`
			Month dayOrMonth `json:"month"`
		} `json:"accounting_reference_date"`
		NextDue string `json:"next_due"`
		Last    struct {
			MadeUpTo string `json:"made_up_to"`
			Type     string `json:"type"`
		} `json:"last_accounts"`
	}
	Confirmation struct {
		NextDue      string `json:"next_due"`
		LastMadeUpTo string `json:"last_made_up_to"`
	}
	Previous   []firmName
	HasCharges bool
	Origin     string
}

// dayOrMonth is a day or a month of the accounting reference date, which
// the registry sends as a string ("03") and the spec as a number: as a
// json.Number, "03" would be refused, and the rest of the accounts with
// it.
type dayOrMonth string

func (d *dayOrMonth) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) != nil {
		s = string(b)
	}
	*d = dayOrMonth(strings.TrimSpace(s))
	return nil
}

// readFileProfile reads a profile member by member, as firmOf does: a
// fixture may be malformed on purpose, and a bad member is left out.
func readFileProfile(body []byte) *fileProfile {
	var obj map[string]json.RawMessage
	if json.Unmarshal(body, &obj) != nil {
		return nil
	}
	read := func(name string, v any) { json.Unmarshal(obj[name], v) }
	p := &fileProfile{}
	read("company_name", &p.Name)
	read("company_number", &p.Number)
	read("type", &p.Type)
	read("subtype", &p.Subtype)
	read("company_status", &p.Status)
	read("company_status_detail", &p.Detail)
	read("date_of_creation", &p.Created)
	read("date_of_cessation", &p.Ceased)
	read("registered_office_address", &p.Address)
	read("sic_codes", &p.SIC)
	read("accounts", &p.Accounts)
	read("confirmation_statement", &p.Confirmation)
	read("previous_company_names", &p.Previous)
	read("has_charges", &p.HasCharges)
	var foreign struct {
		Registry struct {
			Country string `json:"country"`
		} `json:"originating_registry"`
	}
	read("foreign_company_details", &foreign)
	p.Origin = foreign.Registry.Country
	if p.Origin == "" {
		p.Origin = "United Kingdom"
	}
	if p.Name == "" || p.Number == "" {
		return nil
	}
	return p
}

// onRegister reports whether the company is in the file: a company that
// has left the register is not.
func (p *fileProfile) onRegister() bool {
	return !slices.Contains([]string{"dissolved", "closed", "converted-closed", "removed"}, p.Status)
}

// monthlyCSV is the file, the header and every row, in order of name.
func monthlyCSV(reg *registry) []byte {
	var profiles []*fileProfile
	for _, number := range slices.Sorted(maps.Keys(reg.companies)) {
		if p := readFileProfile(reg.companies[number].profile); p != nil && p.onRegister() {
			profiles = append(profiles, p)
		}
	}
	for i := range generatedCount {
		number := generatedNumber(i)
		if reg.companies[number] != nil {
			continue
		}
		body, err := json.Marshal(generatedProfile(number, generatedName(i), i))
		if err != nil {
			panic("demo: encoding a generated profile: " + err.Error())
		}
		if p := readFileProfile(body); p != nil && p.onRegister() {
			profiles = append(profiles, p)
		}
	}
	rows := make([][]string, 0, len(profiles)+len(MonthlyMalformed))
	for _, p := range profiles {
		rows = append(rows, p.fields())
	}
	// The broken rows, among the others where their names fall.
	short := (&fileProfile{Name: "MALFORMED SHORT ROW LTD", Number: MonthlyMalformed[0], Type: "ltd", Status: "active"}).fields()[:40]
	long := append((&fileProfile{Name: "MALFORMED LONG ROW LTD", Number: MonthlyMalformed[1], Type: "ltd", Status: "active"}).fields(), "stray")
	day := (&fileProfile{Name: "MALFORMED DAY LTD", Number: MonthlyMalformed[2], Type: "ltd", Status: "active", SIC: []string{"99999"}}).fields()
	day[14] = "31/02/2020"
	rows = append(rows, short, long, day)
	slices.SortStableFunc(rows, func(a, b []string) int { return strings.Compare(strings.ToUpper(a[0]), strings.ToUpper(b[0])) })

	var b strings.Builder
	b.WriteString(monthlyHeader + "\r\n")
	for _, r := range rows {
		for i, f := range r {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`"` + strings.ReplaceAll(f, `"`, `""`) + `"`)
		}
		b.WriteString("\r\n")
	}
	return []byte(b.String())
}

// fields are the company's 55 fields.
func (p *fileProfile) fields() []string {
	f := make([]string, 55)
	day := func(d string) string {
		if len(d) != 10 {
			return ""
		}
		return d[8:10] + "/" + d[5:7] + "/" + d[0:4]
	}
	a := p.Address
	line1 := a.AddressLine1
	if a.Premises != "" {
		line1 = strings.TrimSpace(a.Premises + " " + line1)
	}
	f[0], f[1], f[2], f[3], f[4], f[5] = p.Name, p.Number, a.CareOf, a.POBox, line1, a.AddressLine2
	f[6], f[7], f[8], f[9] = a.Locality, a.Region, a.Country, a.PostalCode
	words := fileWords()
	f[10] = words.category[p.Type]
	if f[10] == "" {
		f[10] = p.Type
	}
	if p.Subtype == "community-interest-company" {
		f[10] = "Community Interest Company"
	}
	f[11] = words.status[p.Status]
	if p.Status == "active" && p.Detail == "active-proposal-to-strike-off" {
		f[11] = "Active - Proposal to Strike off"
	}
	f[12], f[13], f[14] = p.Origin, day(p.Ceased), day(p.Created)
	acc := p.Accounts
	f[15], f[16] = strings.TrimLeft(string(acc.Ref.Day), "0"), strings.TrimLeft(string(acc.Ref.Month), "0")
	f[17], f[18] = day(acc.NextDue), day(acc.Last.MadeUpTo)
	f[19] = "NO ACCOUNTS FILED"
	if acc.Last.Type != "" && acc.Last.Type != "null" {
		f[19] = strings.ToUpper(strings.ReplaceAll(acc.Last.Type, "-", " "))
	}
	charges := "0"
	if p.HasCharges {
		charges = "1"
	}
	f[22], f[23], f[24], f[25] = charges, charges, "0", "0"
	for i, code := range p.SIC {
		if i < 4 {
			f[26+i] = code + " - " + words.sic[code]
			if words.sic[code] == "" {
				f[26+i] = code + " - Not known"
			}
		}
	}
	f[30], f[31] = "0", "0"
	f[32] = "http://business.data.gov.uk/id/company/" + p.Number
	for i, n := range p.Previous {
		if i < 10 {
			f[33+2*i], f[34+2*i] = day(n.CeasedOn), n.Name
		}
	}
	f[53], f[54] = day(p.Confirmation.NextDue), day(p.Confirmation.LastMadeUpTo)
	return f
}

// MonthlyRows is how many companies the demo's monthly file holds, the
// malformed rows aside.
func MonthlyRows() int {
	n := 0
	reg := fixtures()
	for _, c := range reg.companies {
		if p := readFileProfile(c.profile); p != nil && p.onRegister() {
			n++
		}
	}
	for i := range generatedCount {
		if reg.companies[generatedNumber(i)] == nil {
			if _, ceased := generatedCeased(i); !ceased {
				n++
			}
		}
	}
	return n
}
