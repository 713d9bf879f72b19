package demo_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"coview/api/demo"
)

type chargePage struct {
	Etag               string            `json:"etag"`
	TotalCount         *int              `json:"total_count"`
	UnfilteredCount    *int              `json:"unfiltered_count"`
	SatisfiedCount     *int              `json:"satisfied_count"`
	PartSatisfiedCount *int              `json:"part_satisfied_count"`
	ItemsPerPage       *int              `json:"items_per_page"`
	Items              []json.RawMessage `json:"items"`
}

type charge struct {
	Status          string `json:"status"`
	PersonsEntitled []struct {
		Name string `json:"name"`
	} `json:"persons_entitled"`
	Transactions []struct {
		Links struct {
			Filing string `json:"filing"`
		} `json:"links"`
	} `json:"transactions"`
	Links struct {
		Self string `json:"self"`
	} `json:"links"`
}

func TestChargeLists(t *testing.T) {
	tests := []struct {
		name                                 string
		path                                 string
		total, unfiltered, satisfied, partly int
		items                                int
	}{
		{"a register with every status counts each", "/company/00006412/charges", 4, 4, 2, 1, 4},
		{"filtered to outstanding, satisfied charges are left out of the total only", "/company/00006412/charges?filter=outstanding", 2, 4, 2, 1, 2},
		{"an unknown filter is ignored", "/company/00006412/charges?filter=everything", 4, 4, 2, 1, 4},
		{"charges can be paged one at a time", "/company/00006412/charges?items_per_page=1&start_index=3", 4, 4, 2, 1, 1},
		{"a page past the end is empty", "/company/00006412/charges?start_index=4", 4, 4, 2, 1, 0},
		{"a company whose charges are all gone answers 200 and total_count 0, as live", "/company/00006413/charges", 0, 0, 0, 0, 0},
		{"the fully populated company has an outstanding and a satisfied charge", "/company/00006400/charges", 2, 2, 1, 0, 2},
	}
	srv := serve(t, demo.Options{Limit: plenty})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p chargePage
			getJSON(t, srv, tt.path, &p)
			got := fmt.Sprint(*p.TotalCount, *p.UnfilteredCount, *p.SatisfiedCount, *p.PartSatisfiedCount, len(p.Items))
			if want := fmt.Sprint(tt.total, tt.unfiltered, tt.satisfied, tt.partly, tt.items); got != want {
				t.Errorf("total, unfiltered, satisfied, part satisfied, items = %s; want %s", got, want)
			}
			if p.Items == nil || p.Etag == "" || p.ItemsPerPage != nil {
				t.Errorf("items %v, etag %q, items_per_page %v (the live list has none)", p.Items, p.Etag, p.ItemsPerPage)
			}
		})
	}
}

// The charges list does not say which page it is, so the pages must join
// up by themselves. (The demo has too few charges for the default of 25
// and the cap of 100 to show; they are the PSC list's rule, tested there.)
func TestChargePagesJoinUpToTheWholeRegister(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var whole chargePage
	getJSON(t, srv, "/company/00006412/charges", &whole)
	var joined []json.RawMessage
	for start := 0; start < len(whole.Items)+2; start += 3 {
		var p chargePage
		getJSON(t, srv, fmt.Sprintf("/company/00006412/charges?items_per_page=3&start_index=%d", start), &p)
		joined = append(joined, p.Items...)
	}
	if len(joined) != len(whole.Items) {
		t.Fatalf("%d charges over the pages, %d in one", len(joined), len(whole.Items))
	}
	for i := range joined {
		if !jsonEqual(t, joined[i], whole.Items[i]) {
			t.Errorf("charge %d differs between the pages and the whole", i)
		}
	}
	if resp, _ := get(t, srv, "/company/00006412/charges?items_per_page=-1"); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("a negative page size: status %d", resp.StatusCode)
	}
}

// Every charge's transactions lead to filings in the same company's
// filing history, and one charge has several lenders.
func TestChargesLeadToTheirLendersAndFilings(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	statuses := map[string]bool{}
	lenders := 0
	for _, number := range demo.Numbers() {
		resp, body := get(t, srv, "/company/"+number+"/charges")
		if resp.StatusCode == http.StatusNotFound {
			continue
		}
		var p chargePage
		json.Unmarshal(body, &p)
		filings := map[string]bool{}
		var history struct {
			Items []struct {
				Links struct {
					Self string `json:"self"`
				} `json:"links"`
			} `json:"items"`
		}
		getJSON(t, srv, "/company/"+number+"/filing-history?items_per_page=100", &history)
		for _, f := range history.Items {
			filings[f.Links.Self] = true
		}
		for _, raw := range p.Items {
			var c charge
			json.Unmarshal(raw, &c)
			statuses[c.Status] = true
			lenders = max(lenders, len(c.PersonsEntitled))
			if len(c.Transactions) == 0 {
				t.Errorf("%s has no transactions", c.Links.Self)
			}
			for _, tx := range c.Transactions {
				if !filings[tx.Links.Filing] {
					t.Errorf("%s leads to %s, which is not in %s's filing history", c.Links.Self, tx.Links.Filing, number)
				}
			}
			if _, body := get(t, srv, c.Links.Self); !jsonEqual(t, body, raw) {
				t.Errorf("%s is not the item of the list", c.Links.Self)
			}
		}
	}
	for _, s := range []string{"outstanding", "part-satisfied", "fully-satisfied", "satisfied"} {
		if !statuses[s] {
			t.Errorf("no demo charge is %s", s)
		}
	}
	if lenders < 3 {
		t.Errorf("at most %d lenders on a charge, want one with several", lenders)
	}
}

func TestInsolvencyStatusIsAnArrayAsLive(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var ins struct {
		Status []string `json:"status"`
		Cases  []struct {
			Type          string `json:"type"`
			Practitioners []struct {
				Name, Role    string
				CeasedToActOn string `json:"ceased_to_act_on"`
			} `json:"practitioners"`
		} `json:"cases"`
	}
	getJSON(t, srv, "/company/00006403/insolvency", &ins)
	if len(ins.Status) != 1 || len(ins.Cases) != 1 || ins.Cases[0].Type != "creditors-voluntary-liquidation" {
		t.Fatalf("insolvency %+v", ins)
	}
	acting := 0
	for _, p := range ins.Cases[0].Practitioners {
		if p.CeasedToActOn == "" {
			acting++
		}
	}
	if acting != 2 || len(ins.Cases[0].Practitioners) != 3 {
		t.Errorf("practitioners %+v: want two acting and one who ceased", ins.Cases[0].Practitioners)
	}
}

func TestDocumentsOfAnOverseasCompanyAListedCompanyAndAHoldingCompany(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	var est struct {
		Kind  string `json:"kind"`
		Items []struct {
			CompanyNumber string `json:"company_number"`
			Links         struct {
				Company string `json:"company"`
			} `json:"links"`
		} `json:"items"`
	}
	getJSON(t, srv, "/company/FC006406/uk-establishments", &est)
	if est.Kind != "related-companies" || len(est.Items) != 1 || est.Items[0].Links.Company != "/company/"+est.Items[0].CompanyNumber {
		t.Errorf("UK establishments %+v", est)
	}
	var ex struct {
		Kind       string `json:"kind"`
		Exemptions map[string]struct {
			Items []struct {
				ExemptTo string `json:"exempt_to"`
			} `json:"items"`
		} `json:"exemptions"`
	}
	getJSON(t, srv, "/company/00006401/exemptions", &ex)
	if ex.Kind != "exemptions" || len(ex.Exemptions["psc_exempt_as_trading_on_uk_regulated_market"].Items) != 1 ||
		ex.Exemptions["psc_exempt_as_trading_on_regulated_market"].Items[0].ExemptTo == "" {
		t.Errorf("exemptions %+v: want a current UK-market exemption and an ended EU-market one", ex)
	}
	var reg struct {
		Kind      string `json:"kind"`
		Registers map[string]struct {
			RegisterType string `json:"register_type"`
			Items        []struct {
				RegisterMovedTo string `json:"register_moved_to"`
				Links           struct {
					Filing string `json:"filing"`
				} `json:"links"`
			} `json:"items"`
		} `json:"registers"`
	}
	getJSON(t, srv, "/company/00006411/registers", &reg)
	if reg.Kind != "registers" || reg.Registers["directors"].Items[0].RegisterMovedTo != "public-register" || len(reg.Registers["members"].Items) != 2 {
		t.Errorf("registers %+v", reg)
	}
	for name, r := range reg.Registers {
		if r.RegisterType != strings.ReplaceAll(name, "_", "-") {
			t.Errorf("register %s has type %q", name, r.RegisterType)
		}
	}
}
