package api

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// Insolvency, exemptions, registers and UK establishments come whole, and
// a company without them gets a 404: an answer with a reason, not an error.
func TestDocumentsWithNothingThereAreAnswersWithAReason(t *testing.T) {
	type fetch func(*Client) (*DocumentInfo, error)
	ctx := context.Background()
	insolvency := func(c *Client) (*DocumentInfo, error) {
		d, err := c.Insolvency(ctx, "/company/1/insolvency")
		if err != nil {
			return nil, err
		}
		return &d.DocumentInfo, nil
	}
	exemptions := func(c *Client) (*DocumentInfo, error) {
		d, err := c.Exemptions(ctx, "/company/1/exemptions")
		if err != nil {
			return nil, err
		}
		return &d.DocumentInfo, nil
	}
	registers := func(c *Client) (*DocumentInfo, error) {
		d, err := c.Registers(ctx, "/company/1/registers")
		if err != nil {
			return nil, err
		}
		return &d.DocumentInfo, nil
	}
	establishments := func(c *Client) (*DocumentInfo, error) {
		d, err := c.UKEstablishments(ctx, "/company/1/uk-establishments")
		if err != nil {
			return nil, err
		}
		return &d.DocumentInfo, nil
	}
	notFound := `{"errors":[{"error":"not-found","type":"ch:service"}]}`
	tests := []struct {
		name   string
		fetch  fetch
		status int
		body   string
		want   string
	}{
		{"insolvency as a 404", insolvency, 404, notFound, "no insolvency record"},
		{"insolvency without cases", insolvency, 200, `{"etag":"e","cases":[]}`, "no insolvency record"},
		{"exemptions as a 404", exemptions, 404, notFound, "no exemptions"},
		{"exemptions with none in them", exemptions, 200, `{"kind":"exemptions","exemptions":{}}`, "no exemptions"},
		{"registers as a 404", registers, 404, notFound, "registered office"},
		{"UK establishments as a 404", establishments, 404, notFound, "no UK establishments"},
		{"UK establishments as an empty list", establishments, 200, `{"kind":"related-companies","items":[]}`, "no UK establishments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := serve(t, jsonReply(tt.status, tt.body))
			info, err := tt.fetch(newClient(t, srv.URL))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(info.Empty, tt.want) {
				t.Errorf("Empty = %q, want it to say %q", info.Empty, tt.want)
			}
			if (info.Raw == nil) != (tt.status == 404) {
				t.Errorf("Raw is %q for a %d", info.Raw, tt.status)
			}
		})
	}
}

func TestInsolvencyReadsStatusEitherWayAndCaseNumbersAsText(t *testing.T) {
	tests := []struct {
		name, status, number string
		want                 StringList
		wantNumber           FlexString
	}{
		{"status as an array, as live", `["in-administration"]`, `1`, StringList{"in-administration"}, "1"},
		{"status as a string, as the spec says", `"liquidation"`, `"2"`, StringList{"liquidation"}, "2"},
		{"status absent", `null`, `null`, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := serve(t, jsonReply(200, `{"etag":"e","status":`+tt.status+`,"cases":[{
			  "type":"a-case-type-added-later","number":`+tt.number+`,
			  "dates":[{"type":"wound-up-on","date":"2026-06-18"},{"type":"a-date-added-later","date":"2026-07-01"}],
			  "notes":["a note"],
			  "practitioners":[
			    {"name":"A Liquidator","role":"practitioner","appointed_on":"2026-06-18","address":{"address_line_1":"9 Row","locality":"Town"}},
			    {"name":"A Proposed Liquidator","role":"proposed-liquidator","appointed_on":"2026-05-29","ceased_to_act_on":"2026-06-18"}],
			  "links":{"charge":"/company/1/charges/c"}}]}`))
			ins, err := newClient(t, srv.URL).Insolvency(context.Background(), "/company/1/insolvency")
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(ins.Status, tt.want) || len(ins.Unreadable) != 0 || ins.Empty != "" {
				t.Fatalf("status %q, unreadable %v, empty %q", ins.Status, ins.Unreadable, ins.Empty)
			}
			cs := ins.Cases[0]
			if cs.Number != tt.wantNumber || cs.Type != "a-case-type-added-later" || len(cs.Dates) != 2 || cs.Notes[0] != "a note" ||
				len(cs.Practitioners) != 2 || cs.Practitioners[0].Address.Locality != "Town" ||
				cs.Practitioners[1].CeasedToActOn != "2026-06-18" || cs.Links.Charge == "" {
				t.Errorf("the case lost members: %+v", cs)
			}
		})
	}
}

func TestExemptionsAndRegistersKeepKeysTheyDoNotKnow(t *testing.T) {
	srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/company/1/exemptions":
			jsonReply(200, `{"kind":"exemptions","links":{"self":"/company/1/exemptions"},"exemptions":{
			  "disclosure_transparency_rules_chapter_five_applies":{"exemption_type":"disclosure-transparency-rules-chapter-five-applies","items":[{"exempt_from":"2016-06-30"}]},
			  "an_exemption_added_later":{"items":[{"exempt_from":"2030-01-01"}]},
			  "psc_exempt_as_trading_on_regulated_market":{"items":[{"exempt_from":"2016-06-30","exempt_to":"2020-12-31"}]},
			  "psc_exempt_as_trading_on_uk_regulated_market":{"items":[{"exempt_from":"2021-01-01"}]}}}`)(w, r)
		case "/company/1/registers":
			jsonReply(200, `{"company_number":"1","kind":"registers","links":{"self":"/company/1/registers"},"registers":{
			  "members":{"register_type":"members","items":[
			    {"moved_on":"2015-05-11","register_moved_to":"single-alternative-inspection-location","links":{"filing":"/company/1/filing-history/a"}},
			    {"moved_on":"2022-06-30","register_moved_to":"registered-office"}]},
			  "a_register_added_later":{"items":[]},
			  "directors":{"register_type":"directors","items":[{"moved_on":"2017-03-01","register_moved_to":"public-register"}],
			               "links":{"directors_register":"/company/1/officers?register_view=true&register_type=directors"}}}}`)(w, r)
		}
	})
	c, ctx := newClient(t, srv.URL), context.Background()
	e, err := c.Exemptions(ctx, "/company/1/exemptions")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{ExemptPSCTradingOnUKRegulatedMarket, ExemptPSCTradingOnRegulatedMarket, ExemptDisclosureTransparencyRules, "an_exemption_added_later"}
	if !slices.Equal(e.Keys(), want) {
		t.Errorf("Keys() = %v, want %v", e.Keys(), want)
	}
	if !e.Exemptions[ExemptPSCTradingOnUKRegulatedMarket].Current() || e.Exemptions[ExemptPSCTradingOnRegulatedMarket].Current() {
		t.Error("an open period is current and a closed one is not")
	}
	r, err := c.Registers(ctx, "/company/1/registers")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Keys(), []string{RegisterDirectors, RegisterMembers, "a_register_added_later"}) {
		t.Errorf("Keys() = %v", r.Keys())
	}
	if m, ok := r.Registers[RegisterMembers].Current(); !ok || m.RegisterMovedTo != "registered-office" {
		t.Errorf("the members register is now at %+v, want the registered office (the latest move, whatever the order)", m)
	}
	if _, ok := r.Registers["a_register_added_later"].Current(); ok {
		t.Error("a register without moves has a current place")
	}
	if r.Registers[RegisterDirectors].Links["directors_register"] == "" {
		t.Error("a register's own links are lost")
	}
}

func TestAUKEstablishmentOpensItsCompany(t *testing.T) {
	tests := []struct {
		name string
		item UKEstablishment
		want Number
	}{
		{"by its number", UKEstablishment{CompanyNumber: "BR006410"}, "BR006410"},
		{"by its link when the number is unreadable", UKEstablishment{CompanyNumber: "??", Links: struct {
			Company string `json:"company"`
		}{"/company/BR006410"}}, "BR006410"},
		{"not at all when neither can be read", UKEstablishment{CompanyNumber: "??"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, ok := tt.item.Company()
			if r.Number != tt.want || ok != (tt.want != "") || (ok && r.Kind != ResCompany) {
				t.Errorf("Company() = %+v, %v", r, ok)
			}
		})
	}
}
