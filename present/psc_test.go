package present

import (
	"slices"
	"strings"
	"testing"

	"coview/api"
)

// row is one list row as a user reads it: its cells joined with " | ",
// and "(dim)" after a quiet one.
func row(it Item) string {
	s := strings.Join(it.Cells, " | ")
	if it.Quiet {
		s += " (dim)"
	}
	return s
}

func listRows(pg *Page) []string {
	out := make([]string, len(pg.Items))
	for i, it := range pg.Items {
		out[i] = row(it)
	}
	return out
}

func TestThePSCListSaysWhoHasControlInWords(t *testing.T) {
	tests := []struct {
		name, link, summary string
		rows                []string
	}{
		{"individuals, a ceased one dim and a protected one without a name", "/company/00006411/persons-with-significant-control",
			"4 people with significant control: 3 active, 1 ceased", []string{
				"Mrs Wilhelmina Joan Sprockett | Individual | 1 Mar 2020 |  | verified 20 Feb 2026 | owns 50–75% of shares; holds 50–75% of voting rights; can appoint or remove directors",
				"Mr Barnaby Fitzwilliam Tremlett-Oddie | Individual | 6 Apr 2016 |  | overdue by 162 days | owns 25–50% of shares; holds 25–50% of voting rights",
				"Protected: details withheld | Protected | 4 Nov 2019 |  |  | ",
				"Mr Ambrose Pellinore Sprockett | Individual | 6 Apr 2016 | 29 Feb 2020 |  | owns 50–75% of shares; holds 50–75% of voting rights; can appoint or remove directors (dim)",
			}},
		{"a company and a council", "/company/00006412/persons-with-significant-control",
			"2 people with significant control: 1 active, 1 ceased", []string{
				"Gooseberry Fool Holdings Limited | Corporate | 6 Apr 2016 |  |  | owns 75–100% of shares; holds 75–100% of voting rights; can appoint or remove directors",
				"Fictionshire County Council | Legal person | 6 Apr 2016 | 31 Dec 2018 |  | has significant influence or control (dim)",
			}},
		{"counts missing, counted from the whole list", "/company/00006413/persons-with-significant-control",
			"2 people with significant control: 1 active, 1 ceased", []string{
				"Gooseberry Fool Dairies Limited | Corporate | 1 Jul 2019 |  |  | owns 75–100% of shares; holds 75–100% of voting rights; can appoint or remove directors",
				"Grand Unified Teapot Holdings PLC | Corporate | 6 Apr 2016 | 30 Jun 2019 |  | owns 75–100% of shares; holds 75–100% of voting rights; can appoint or remove directors (dim)",
			}},
		{"an overseas entity's beneficial owners", "/company/OE006415/persons-with-significant-control",
			"4 beneficial owners: 3 active, 1 ceased", []string{
				"Mr Casimir Bartholomew Vondel | Individual | 1 Sep 2022 |  |  | owns more than 25% of shares; holds more than 25% of voting rights",
				"Freedonian Rubber Duck Exports S.A. | Corporate | 1 Sep 2022 |  |  | owns more than 25% of shares; can appoint or remove directors",
				"Protected: details withheld | Protected | 1 Sep 2022 |  |  | ",
				"Treasury of the Grand Duchy of Freedonia | Legal person | 1 Sep 2022 | 31 May 2024 |  | has significant influence or control (dim)",
			}},
		{"a listed company exempt from keeping a register", "/company/00006401/persons-with-significant-control",
			"No persons with significant control are listed: the company is exempt from keeping a register of them.", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pg := demoPage(t, tt.link)
			if pg.Summary != tt.summary {
				t.Errorf("summary %q, want %q", pg.Summary, tt.summary)
			}
			if got := listRows(pg); !slices.Equal(got, tt.rows) {
				t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.rows, "\n"))
			}
		})
	}
}

func TestEveryPSCRowOpensThatPersonsOwnPage(t *testing.T) {
	c := demoRegistry(t)
	for _, n := range []string{"00006411", "00006412", "00006413", "OE006415", "SC006414", "SC006416"} {
		_, list := follow(t, c, "/company/"+n+"/persons-with-significant-control")
		for _, it := range list.Items {
			if !strings.HasPrefix(it.Link, "/company/"+n+"/persons-with-significant-control/") || it.Title == "" {
				t.Fatalf("%s: %q opens %q titled %q", n, it.Cells[0], it.Link, it.Title)
			}
			_, pg := follow(t, c, it.Link)
			if len(pg.Sections) == 0 || pg.Sections[0].Rows[0].Value != it.Cells[0] {
				t.Errorf("%s: %q opens a page about %v", n, it.Cells[0], visible(pg))
			}
		}
	}
}

func TestAPersonWithSignificantControlInFull(t *testing.T) {
	tests := []struct {
		name, link, title string
		rows              []string
	}{
		{"an individual, with birth and address", "/company/00006411/persons-with-significant-control/individual/EaNsPevoUiF0xzq53POMoX3NUib",
			"Person with significant control", []string{
				"Name: Mr Ambrose Pellinore Sprockett", "Kind: Individual",
				"Control: owns 50–75% of shares", ": holds 50–75% of voting rights", ": can appoint or remove directors",
				"Notified: 6 Apr 2016", "Ceased: 29 Feb 2020", "Nationality: British", "Resident in: England", "Born: Jan 1941",
				"Address: Gooseberry House", ": 3 Custard Row", ": Brackenfold", ": Wessex", ": ZZ4 1GF", ": England",
			}},
		{"a protected person, in the registry's single shape", "/company/00006411/persons-with-significant-control/super-secure/zEbQqDEr0bUABE87Tgo5oKhktJy",
			"Person with significant control", []string{
				"Name: Protected: details withheld", "Kind: Protected person",
				"Protected: The registry withholds this person's details: making them public could put someone at serious risk of violence or intimidation.",
			}},
		{"a beneficial owner registered abroad, which cannot be followed", "/company/OE006415/persons-with-significant-control/corporate-entity-beneficial-owner/tiF8UqvacPA7CEX1RMlk0Np1paa",
			"Beneficial owner", []string{
				"Name: Freedonian Rubber Duck Exports S.A.", "Kind: Beneficial owner: a company or other corporate body",
				"Company: not on this register, so it cannot be followed",
				"Control: owns more than 25% of shares", ": can appoint or remove directors",
				"Notified: 1 Sep 2022", "Sanctioned: no",
				"Address: Flat 3", ": 9 Moonraker Mews", ": Brewminster", ": ZZ1 4MM", ": England",
				"Principal office: Avenida Firefly 12", ": Fredonia City", ": Central Province 4400", ": Freedonia",
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pg := demoPage(t, tt.link)
			if got := rowsIn(pg, tt.title); !slices.Equal(got, tt.rows) {
				t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.rows, "\n"))
			}
		})
	}
}

// The ownership chain of the demo group is walked as a user would:
// company, its PSCs, the corporate PSC, that company, and on up.
func TestACorporatePSCOpensItsCompanySoThatAnOwnershipChainCanBeWalked(t *testing.T) {
	c := demoRegistry(t)
	company := "00006413"
	var chain []string
	for range 3 {
		chain = append(chain, company)
		_, list := follow(t, c, "/company/"+company+"/persons-with-significant-control")
		var owner *Item
		for i, it := range list.Items {
			if !it.Quiet && strings.Contains(it.Cells[1], "Corporate") {
				owner = &list.Items[i]
			}
		}
		if owner == nil {
			break
		}
		_, pg := follow(t, c, owner.Link)
		links := linksIn(pg)
		if len(links) == 0 || links[0].Label != "Company" {
			t.Fatalf("%s's owner %q: the company is not the first link: %+v", company, owner.Cells[0], links)
		}
		a, _ := follow(t, c, links[0].Link)
		p, _ := api.Value[*api.Profile](a)
		if p == nil || !strings.HasPrefix(links[0].Open, p.CompanyNumber+" ") {
			t.Fatalf("%q opens %q, titled %q", owner.Cells[0], links[0].Link, links[0].Open)
		}
		company = p.CompanyNumber
	}
	if got := strings.Join(chain, " -> "); got != "00006413 -> 00006412 -> 00006411" {
		t.Fatalf("walked %s", got)
	}
}

func TestPSCQuirksAndWhatTheRegistryAddsLater(t *testing.T) {
	const list = `{"items_per_page": 2, "start_index": 0, "items": [
	  {"kind": "trust-person-with-significant-control", "name": "The EVIL Trust", "notified_on": "2020-01-01",
	   "natures_of_control": ["right-to-name-the-cat", "EVIL"], "links": {"self": "/company/00000001/persons-with-significant-control/trust/a"}},
	  {"kind": null, "name_elements": {"title": "Dr", "forename": "Ada", "surname": "EVIL"}, "ceased": true,
	   "links": {"self": "/company/00000001/persons-with-significant-control/x/b"}}
	]}`
	pg := servedPage(t, "/company/00000001/persons-with-significant-control", list)
	t.Run("a page of a list without counts is counted as a page", func(t *testing.T) {
		if pg.Summary != "2 people with significant control on this page: 1 active, 1 ceased" || pg.Total != -1 ||
			!strings.Contains(pg.Caveat, "no counts") {
			t.Errorf("summary %q, total %d, caveat %q", pg.Summary, pg.Total, pg.Caveat)
		}
	})
	t.Run("an unknown kind and nature are humanised", func(t *testing.T) {
		if it := pg.Items[0]; it.Cells[1] != "Trust" || !strings.HasPrefix(it.Cells[5], "Right to name the cat; ") {
			t.Errorf("row %q", row(it))
		}
	})
	t.Run("a name is made from its parts, and a ceased flag without a date is ceased", func(t *testing.T) {
		if it := pg.Items[1]; !strings.HasPrefix(it.Cells[0], "Dr Ada ") || it.Cells[3] != "ceased" || !it.Quiet {
			t.Errorf("row %q", row(it))
		}
	})
	t.Run("hostile text is made harmless", func(t *testing.T) { assertSafe(t, pg) })

	const one = `{"kind": "individual-beneficial-owner", "name": "EVIL", "is_sanctioned": true, "ceased": "1",
	  "natures_of_control": ["EVIL-registered-overseas-entity"],
	  "address": {"premises": "EVIL", "locality": "EVIL"},
	  "identification": {"legal_form": "EVIL", "registration_number": "EVIL"},
	  "links": {"self": "/company/OE000001/persons-with-significant-control/individual-beneficial-owner/a",
	            "statement": "/company/OE000001/persons-with-significant-control-statements/s",
	            "persons_with_significant_control": {"notifications": "/persons-with-significant-control/a/notifications"}}}`
	detail := servedPage(t, "/company/OE000001/persons-with-significant-control/individual-beneficial-owner/a", one)
	t.Run("a sanctioned owner is a warning", func(t *testing.T) {
		for _, s := range detail.Sections {
			for _, r := range s.Rows {
				if r.Label == "Sanctioned" && r.Tone == Warning {
					return
				}
			}
		}
		t.Errorf("no sanctions warning in %v", rowsIn(detail, "Beneficial owner"))
	})
	t.Run("the statement and the notifications open from the page", func(t *testing.T) {
		var got []string
		for _, r := range linksIn(detail) {
			got = append(got, r.Label+" "+r.Link)
		}
		want := []string{"Statement /company/OE000001/persons-with-significant-control-statements/s",
			"Notifications /persons-with-significant-control/a/notifications"}
		if !slices.Equal(got, want) {
			t.Errorf("links %q", got)
		}
	})
	t.Run("a ceased flag without a date still says ceased", func(t *testing.T) {
		if !slices.Contains(rowsIn(detail, "Beneficial owner"), "Ceased: yes (no date given)") {
			t.Errorf("rows %q", rowsIn(detail, "Beneficial owner"))
		}
	})
	t.Run("hostile text on the person's page is made harmless", func(t *testing.T) { assertSafe(t, detail) })
}

func TestACorporatePSCRegisteredAbroadOrUnreadablyIsNotFollowed(t *testing.T) {
	for _, id := range []string{
		`{"registration_number": "06412", "place_registered": "Registre du commerce, Paris", "country_registered": "France"}`,
		`{"registration_number": "not a number", "place_registered": "Companies House"}`,
	} {
		pg := servedPage(t, "/company/00000001/persons-with-significant-control/corporate-entity/a",
			`{"kind": "corporate-entity-person-with-significant-control", "name": "X", "identification": `+id+`}`)
		if links := linksIn(pg); len(links) != 0 {
			t.Errorf("%s opens %+v", id, links)
		}
	}
}

func TestAPSCsUnreadableMembersAreFlagged(t *testing.T) {
	pg := servedPage(t, "/company/00000001/persons-with-significant-control/individual/a",
		`{"kind": "individual-person-with-significant-control", "name": "Ada", "natures_of_control": "not a list"}`)
	if rows := rowsIn(pg, "Person with significant control"); !strings.Contains(strings.Join(rows, "\n"), "Unreadable: the registry sent these in an unexpected form: natures_of_control") {
		t.Errorf("rows %q", rows)
	}
}
