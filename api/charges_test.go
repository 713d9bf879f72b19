package api

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestOutstandingChargesAreWorkedOutFromTheCounts(t *testing.T) {
	n := func(v int) *int { return &v }
	items := func(k int) []Charge { return make([]Charge, k) }
	tests := []struct {
		name    string
		charges Charges
		want    int
		known   bool
	}{
		{"the total less the satisfied and the part satisfied",
			Charges{TotalCount: n(4), UnfilteredCount: n(4), SatisfiedCount: n(2), PartSatisfiedCount: n(1), Items: items(4)}, 1, true},
		{"the same when the list is filtered to outstanding charges",
			Charges{TotalCount: n(2), UnfilteredCount: n(4), SatisfiedCount: n(2), PartSatisfiedCount: n(1), Items: items(2)}, 1, true},
		{"none outstanding when all are satisfied",
			Charges{TotalCount: n(2), UnfilteredCount: n(2), SatisfiedCount: n(2), PartSatisfiedCount: n(0), Items: items(2)}, 0, true},
		{"a company without charges has none outstanding",
			Charges{TotalCount: n(0), UnfilteredCount: n(0), SatisfiedCount: n(0), PartSatisfiedCount: n(0)}, 0, true},
		{"unknown when a count is missing",
			Charges{TotalCount: n(3), UnfilteredCount: n(3), SatisfiedCount: n(1), Items: items(3)}, 0, false},
		{"unknown when the counts came back as zeros beside charges",
			Charges{TotalCount: n(3), UnfilteredCount: n(0), SatisfiedCount: n(0), PartSatisfiedCount: n(0), Items: items(3)}, 0, false},
		{"unknown when the counts contradict each other",
			Charges{TotalCount: n(2), UnfilteredCount: n(2), SatisfiedCount: n(2), PartSatisfiedCount: n(1), Items: items(2)}, 0, false},
		{"unknown when a later page holds more charges than the counts say",
			Charges{ListInfo: ListInfo{StartIndex: 25}, TotalCount: n(3), UnfilteredCount: n(3), SatisfiedCount: n(0), PartSatisfiedCount: n(0), Items: items(1)}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, known := tt.charges.Outstanding()
			if got != tt.want || known != tt.known {
				t.Errorf("Outstanding() = %d, %v; want %d, %v", got, known, tt.want, tt.known)
			}
		})
	}
}

func TestChargesWithNothingInThemAreAnswersWithAReason(t *testing.T) {
	tests := []struct {
		name   string
		status int
		body   string
	}{
		{"none is 200 with total_count 0, as the service answers now", 200,
			`{"etag":"e","total_count":0,"unfiltered_count":0,"satisfied_count":0,"part_satisfied_count":0,"items":[]}`},
		{"none was a 404 in the past", 404, `{"errors":[{"error":"company-charges-not-found","type":"ch:service"}]}`},
		{"none with no items member at all", 200, `{"total_count":0}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := serve(t, jsonReply(tt.status, tt.body))
			c, err := newClient(t, srv.URL).Charges(context.Background(), "/company/1/charges", Page{})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(c.Empty, "No charges") || len(c.Items) != 0 {
				t.Errorf("empty %q, %d items", c.Empty, len(c.Items))
			}
		})
	}
}

func TestAChargeReadsTheLiveShapesAndQuirks(t *testing.T) {
	srv, rec := serve(t, jsonReply(200, `{"etag":"e","total_count":2,"unfiltered_count":2,"satisfied_count":1,"part_satisfied_count":0,"items":[
	  {"charge_code":"000064120004","charge_number":4,"status":"outstanding",
	   "classification":{"type":"charge-description","description":"A registered charge"},
	   "created_on":"2024-03-01","delivered_on":"2024-03-06",
	   "persons_entitled":[{"name":"Bank One PLC"},{"name":"Credit Union Limited"},{"name":"Growth Capital LP"}],
	   "more_than_four_persons_entitled":false,
	   "particulars":{"type":"brief-description","description":"Land","contains_fixed_charge":true,
	                  "contains_floating_charge":true,"floating_charge_covers_all":true,"contains_negative_pledge":true},
	   "transactions":[{"filing_type":"create-charge-with-deed","delivered_on":"2024-03-06","transaction_id":123,
	                    "links":{"filing":"/company/1/filing-history/abc"}}],
	   "insolvency_cases":[{"case_number":2,"links":{"case":"/company/1/insolvency"}}],
	   "links":{"self":"/company/1/charges/c4"}},
	  {"charge_number":"1","status":["satisfied"],"satisfied_on":"2014-07-01",
	   "classification":{"type":"nature-of-charge","description":"Debenture"},
	   "secured_details":{"type":"amount-secured","description":"All monies"},
	   "assets_ceased_released":"a-value-added-later",
	   "links":{"self":"/company/1/charges/c1"}}]}`))
	c, err := newClient(t, srv.URL).Charges(context.Background(), "/company/1/charges?filter=outstanding", Page{StartIndex: 25})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Unreadable) != 0 || c.Total() != 2 || c.StartIndex != 25 {
		t.Fatalf("unreadable %v, total %d, start %d", c.Unreadable, c.Total(), c.StartIndex)
	}
	if q := rec.last().URL.Query(); q.Get("filter") != "outstanding" || q.Get("start_index") != "25" {
		t.Errorf("the link's filter and the page are not both asked for: %v", q)
	}
	four, one := c.Items[0], c.Items[1]
	if len(four.PersonsEntitled) != 3 || four.PersonsEntitled[2].Name != "Growth Capital LP" || four.ChargeNumber != "4" ||
		!*four.Particulars.ContainsNegativePledge || four.Transactions[0].Links.Filing != "/company/1/filing-history/abc" ||
		four.Transactions[0].TransactionID != "123" || four.InsolvencyCases[0].CaseNumber != "2" {
		t.Errorf("the outstanding charge lost members: %+v", four)
	}
	if !slices.Equal(four.Status, StringList{"outstanding"}) || !slices.Equal(one.Status, StringList{"satisfied"}) {
		t.Errorf("statuses %q and %q: a string and an array should both read", four.Status, one.Status)
	}
	if one.ChargeNumber != "1" || one.SecuredDetails.Description != "All monies" || one.Classification.Type != "nature-of-charge" ||
		one.AssetsCeasedReleased != "a-value-added-later" {
		t.Errorf("the old charge lost members: %+v", one)
	}
}

func TestAChargeMemberOfTheWrongTypeSpoilsOnlyItself(t *testing.T) {
	srv, _ := serve(t, jsonReply(200, `{"charge_code":"X1","status":{"oops":1},"persons_entitled":[{"name":"Kept"},"junk"],
	  "particulars":{"contains_fixed_charge":"yes","description":"Kept too"},"links":{"self":"/company/1/charges/x"}}`))
	ch, err := newClient(t, srv.URL).Charge(context.Background(), "/company/1/charges/x")
	if err != nil {
		t.Fatal(err)
	}
	if ch.ChargeCode != "X1" || ch.PersonsEntitled[0].Name != "Kept" || ch.Particulars.Description != "Kept too" || ch.Links.Self == "" {
		t.Errorf("good members lost: %+v", ch)
	}
	if ch.Status != nil || ch.Particulars.ContainsFixedCharge != nil {
		t.Errorf("bad members read as something: status %q, fixed %v", ch.Status, ch.Particulars.ContainsFixedCharge)
	}
}
