package demo

import (
	"crypto/sha1"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// The generated companies 00007900 to 00007959 were all formed by one
// formation agent, whose nominee director (the same officer id, name and
// date of birth as the first director of the fixture 00006413) took office
// on the day each was incorporated and, at most of them, resigned three
// days later for the owner, a director made up from the number. That gives
// the demo an officer with more than 50 appointments (61), so that an
// officer's appointments take more than one page even at the largest page
// size (50). Like the companies, the officers are made up from the number.
const (
	nomineeFrom  = 900 // index of 00007900
	nomineeCount = 60
	nomineeID    = "q7HnT2pW-xKc9vRm0LzAe4YbJ8s"
)

// The nominee: the same name and date of birth as in
// fixtures/00006413/officers.json.
var nominee = genOfficer{
	Name:               "PLUMTREE-WAXWING, Cornelius Barnaby",
	OfficerRole:        "director",
	Nationality:        "British",
	Occupation:         "Company Formation Agent",
	CountryOfResidence: "England",
	DateOfBirth:        &monthYear{Month: 2, Year: 1958},
	Address: genAddress{
		Premises:     "Suite 5, Nominee Court",
		AddressLine1: "Paperweight Lane",
		Locality:     "Quillington",
		Region:       "Wessex",
		PostalCode:   "ZZ9 1NO",
		Country:      "England",
	},
}

// The names of the owners: a surname for each last digit and a forename
// for each ten, so each of the 60 is someone else.
var (
	ownerSurnames  = [10]string{"BLACKTHORN", "CRUMBLEHOLME", "DEWBERRY", "FIDDLEWOOD", "GRISTMILL", "HOLLYHOCK", "KNAPWEED", "LARKSPUR", "MALLOWBY", "NETTLEFOLD"}
	ownerForenames = [6]string{"Agnes Ottoline", "Bertram", "Cordelia Mae", "Digby", "Esmeralda", "Fergus Aled"}
)

// genOfficer is an officer list item, in the fixtures' member order.
type genOfficer struct {
	Name               string     `json:"name"`
	OfficerRole        string     `json:"officer_role"`
	AppointedOn        string     `json:"appointed_on"`
	ResignedOn         string     `json:"resigned_on,omitempty"`
	Nationality        string     `json:"nationality"`
	Occupation         string     `json:"occupation"`
	CountryOfResidence string     `json:"country_of_residence"`
	DateOfBirth        *monthYear `json:"date_of_birth"`
	Address            genAddress `json:"address"`
	Links              struct {
		Self    string `json:"self"`
		Officer struct {
			Appointments string `json:"appointments"`
		} `json:"officer"`
	} `json:"links"`
}

// generatedOfficers are the officer items of the generated company with
// the given number and index: the owner and the nominee for the formation
// agent's companies, nil for the others.
func generatedOfficers(number string, i int) []json.RawMessage {
	j := i - nomineeFrom
	if j < 0 || j >= nomineeCount {
		return nil
	}
	day := func(t time.Time) string { return t.Format(time.DateOnly) }
	created := generatedCreated(i)
	p := generatedProfile(number, "", i)

	owner := genOfficer{
		Name:               fmt.Sprintf("%s, %s", ownerSurnames[j%10], ownerForenames[j/10]),
		OfficerRole:        "director",
		AppointedOn:        day(created.AddDate(0, 0, 3)),
		Nationality:        "British",
		Occupation:         "Company Director",
		CountryOfResidence: "England",
		DateOfBirth:        &monthYear{Month: j%12 + 1, Year: 1950 + j*7%45},
		Address:            p.RegisteredOfficeAddress,
	}
	owner.Links.Officer.Appointments = "/officers/" + genID("owner", number) + "/appointments"

	agent := nominee
	agent.AppointedOn = day(created)
	if j%5 != 0 {
		agent.ResignedOn = day(created.AddDate(0, 0, 3))
	}
	agent.Links.Officer.Appointments = "/officers/" + nomineeID + "/appointments"

	var items []json.RawMessage
	for k, o := range []genOfficer{owner, agent} {
		o.Links.Self = "/company/" + number + "/appointments/" + genID("appointment", number, strconv.Itoa(k))
		item, err := json.Marshal(o)
		if err != nil {
			panic("demo: encoding a generated officer: " + err.Error())
		}
		items = append(items, item)
	}
	return items
}

// genID makes a stable id in the shape of the live ones (27 characters of
// URL-safe base64) from the parts.
func genID(parts ...string) string {
	h := sha1.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil))
}

// generatedWithOfficers are the generated companies that have officers,
// for the officer index: they are made once, when the registry loads.
func generatedWithOfficers() []*company {
	var out []*company
	for j := range nomineeCount {
		out = append(out, generatedCompany(fmt.Sprintf("%08d", generatedFrom+nomineeFrom+j)))
	}
	return out
}
