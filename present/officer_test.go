package present

import (
	"context"
	"slices"
	"strings"
	"testing"

	"coview/api"
)

func TestAnOfficersAppointmentInFull(t *testing.T) {
	tests := []struct {
		name, link string
		want       map[string][]string
	}{
		{"a director with a former name", "/company/00006400/appointments/QzGyWRag1vxZmTAoPFGM2Cxgews", map[string][]string{
			"Appointment": {"Name: ABERNATHY-QUAYLE, Rosalind Jane", "Role: Director", "Appointed: 14 Feb 2022",
				"Appointments: every appointment of ABERNATHY-QUAYLE, Rosalind Jane",
				"Nationality: British", "Occupation: Finance Director", "Resident in: England", "Born: Feb 1981", "Identity: verification statement due 14 Dec 2026 (in 21 days)",
				"Former names: Rosalind Jane Quayle",
				"Address: Unit 4, The Old Marmalade Works", ": 17 Treacle Lane", ": Nettlecombe Trading Estate", ": Little Puddleford", ": Wessex", ": ZZ6 4AA", ": England"},
		}},
		{"a corporate secretary and where it is registered", "/company/00006400/appointments/jlzCz_XbYu9bP0FX0TCyZ8Xnh8J", map[string][]string{
			"Registered as": {"Kind: UK limited company", "Legal form: Private Limited Company", "Governing law: Companies Act 2006",
				"Register: Register of Companies for England and Wales", "Number: 00006499", "Company: 00006499 QUILLFEATHER SECRETARIES LIMITED"},
		}},
		{"an appointment from before 1992", "/company/00006401/appointments/hlo7N_9vqrS57CzXXErM6dac-Ry", map[string][]string{
			"Appointment": {"Name: FENWICK-LOAM, Hector Lowell", "Role: Director", "Appointed: before 1 Jul 1991", "Resigned: 5 Apr 2002",
				"Appointments: every appointment of FENWICK-LOAM, Hector Lowell",
				"Nationality: Dutch", "Occupation: Banker", "Resident in: United Kingdom", "Born: Apr 1935",
				"Address: 1 Kettle Circus", ": Spout Quay", ": Brewminster", ": ZZ1 6TP", ": United Kingdom"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pg := demoPage(t, tt.link)
			for title, rows := range tt.want {
				if got := rowsIn(pg, title); !slices.Equal(got, rows) {
					t.Errorf("%s:\n%s\nwant:\n%s", title, strings.Join(got, "\n"), strings.Join(rows, "\n"))
				}
			}
		})
	}
}

// Every officer on a list opens in full, and from there all their
// appointments, titled with their name.
func TestEveryOfficerOpensInFullAndThenAllTheirAppointments(t *testing.T) {
	c := demoRegistry(t)
	a, _ := follow(t, c, "/company/00006400/officers")
	officers, _ := api.Value[*api.Officers](a)
	for _, o := range officers.Items {
		_, pg := follow(t, c, o.Links.Self)
		links := linksIn(pg)
		if len(links) == 0 || links[0].Link != o.Links.Appointments() || links[0].Open != o.Name {
			t.Fatalf("%s: links %+v", o.Name, links)
		}
		b, list := follow(t, c, links[0].Link)
		if !holds[*api.Appointments](b) || list.Heading != o.Name {
			t.Fatalf("%s's appointments open a page headed %q", o.Name, list.Heading)
		}
	}
}

func TestAnOfficerOfACeasedCompanyIsNotReadAsCurrent(t *testing.T) {
	c := demoRegistry(t)
	profile, err := c.Company(context.Background(), "00006402")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := follow(t, c, "/company/00006402/appointments/64GXDDKr7Puh27pLdWg7679D8kj")
	rows := rowsIn(ShowAt(a, profile, testToday), "Appointment")
	if !slices.Contains(rows, "Resigned: not recorded: the company has ceased, so the appointment has ended") {
		t.Fatalf("rows %q", rows)
	}
}

func TestAnOfficersQuirksAndWhatTheRegistryAddsLater(t *testing.T) {
	pg := servedPage(t, "/company/00000001/appointments/a", `{
	  "name": "EVIL", "officer_role": "EVIL", "appointed_on": "EVIL", "nationality": "EVIL", "occupation": "EVIL",
	  "country_of_residence": "EVIL", "date_of_birth": {"month": "EVIL", "year": 1970},
	  "address": {"premises": "EVIL", "care_of": "EVIL"},
	  "former_names": [{"forenames": "EVIL", "surname": "EVIL"}],
	  "identification": {"identification_type": "a-new-kind-of-body", "registration_number": "EVIL", "legal_form": "EVIL"},
	  "links": {"self": "/company/00000001/appointments/a", "officer": {"appointments": "/officers/b/appointments"}}
	}`)
	assertSafe(t, pg)
	if got := rowsIn(pg, "Registered as"); !slices.Contains(got, "Kind: A new kind of body") {
		t.Errorf("an unknown identification type: %q", got)
	}
	if got := rowsIn(pg, "Appointment"); !slices.Contains(got, "Born: 1970") {
		t.Errorf("a month that is not one: %q", got)
	}
	if links := linksIn(pg); len(links) != 1 || links[0].Link != "/officers/b/appointments" {
		t.Errorf("links %+v", links)
	}

	none := servedPage(t, "/company/00000001/appointments/a", `{"officer_role": "director", "links": {"officer": {"appointments": "/officers/b/appointments"}}}`)
	if links := linksIn(none); len(links) != 1 || links[0].Open != "Appointments" || links[0].Value != "every appointment of this officer" {
		t.Errorf("an officer without a name: %+v", links)
	}
}
