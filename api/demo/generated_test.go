package demo_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
)

// The generated companies are what load tests open by the hundred: each
// must be a full, readable profile with its own name, and the same bytes
// every time.
func TestGeneratedCompaniesAreFullProfilesWithDistinctNames(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	names := map[string]string{}
	dissolvedCount := 0
	for n := 7000; n <= 7999; n++ {
		number := fmt.Sprintf("%08d", n)
		resp, body := get(t, srv, "/company/"+number)
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/json" {
			t.Fatalf("%s: status %d, Content-Type %q, body %s", number, resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
		if resp.Header.Get("X-Ratelimit-Remain") == "" {
			t.Fatalf("%s: no rate-limit headers", number)
		}
		p, err := api.DecodeProfile(body, api.Number(number))
		if err != nil {
			t.Fatalf("%s: %v", number, err)
		}
		if len(p.Unreadable) > 0 || p.NumberMismatch() {
			t.Fatalf("%s: unreadable %v, company_number %q", number, p.Unreadable, p.CompanyNumber)
		}
		if other, dup := names[p.CompanyName]; dup || p.CompanyName == "" {
			t.Fatalf("%s is named %q, as is %q", number, p.CompanyName, other)
		}
		names[p.CompanyName] = number

		// Every pane has something in it. One in seven before 00007900 is
		// dissolved, some years after it was incorporated.
		a, cs, ro := p.Accounts, p.ConfirmationStatement, p.RegisteredOfficeAddress
		dissolved := p.CompanyStatus == "dissolved"
		if dissolved {
			dissolvedCount++
		}
		switch {
		case p.CompanyStatus != "active" && !dissolved || p.Type == "" || p.DateOfCreation == "" || len(p.SICCodes) == 0:
			t.Fatalf("%s: the overview is incomplete: %s", number, body)
		case dissolved != (n < 7900 && n%7 == 3):
			t.Fatalf("%s: status %q", number, p.CompanyStatus)
		case dissolved && (p.DateOfCessation <= p.DateOfCreation || p.DateOfCessation > today.Format(time.DateOnly) || isTrue(p.CanFile)):
			t.Fatalf("%s: dissolved on %q, incorporated on %q, can file %v", number, p.DateOfCessation, p.DateOfCreation, isTrue(p.CanFile))
		case !dissolved && p.DateOfCessation != "":
			t.Fatalf("%s: active, with a date of cessation %q", number, p.DateOfCessation)
		case ro == nil || ro.AddressLine1 == "" || ro.Locality == "" || ro.PostalCode == "":
			t.Fatalf("%s: the address is incomplete: %s", number, body)
		case a == nil || a.AccountingReferenceDate == nil || a.LastAccounts == nil || a.NextAccounts == nil || a.NextAccounts.DueOn == "":
			t.Fatalf("%s: the accounts are incomplete: %s", number, body)
		case cs == nil || cs.LastMadeUpTo == "" || cs.NextDue == "" || cs.NextMadeUpTo == "":
			t.Fatalf("%s: the confirmation statement is incomplete: %s", number, body)
		}
		links := map[string]string{}
		for _, l := range p.Links.All() {
			links[l.Name] = l.Path
		}
		want := map[string]string{
			api.LinkSelf:          "/company/" + number,
			api.LinkOfficers:      "/company/" + number + "/officers",
			api.LinkFilingHistory: "/company/" + number + "/filing-history",
		}
		if fmt.Sprint(links) != fmt.Sprint(want) {
			t.Fatalf("%s: links %v, want %v", number, links, want)
		}

		// In good standing on the day the fixtures are written against;
		// a dissolved company's last statement is from before it was.
		if dissolved {
			if cs.LastMadeUpTo >= p.DateOfCessation || a.LastAccounts.MadeUpTo >= p.DateOfCessation {
				t.Fatalf("%s: dissolved on %s, with a statement to %s and accounts to %s", number, p.DateOfCessation, cs.LastMadeUpTo, a.LastAccounts.MadeUpTo)
			}
			continue
		}
		for what, due := range map[string]string{"accounts": a.NextAccounts.DueOn, "confirmation statement": cs.NextDue} {
			on, err := time.Parse(time.DateOnly, due)
			if err != nil || !on.After(today) {
				t.Fatalf("%s: %s due %q, not after %s", number, what, due, today.Format(time.DateOnly))
			}
		}
		if *a.NextAccounts.Overdue || *cs.Overdue {
			t.Fatalf("%s: marked overdue", number)
		}
		if i := len(names); i%250 == 0 {
			_, again := get(t, srv, "/company/"+number)
			if !bytes.Equal(body, again) {
				t.Fatalf("%s: answered differently the second time", number)
			}
		}
	}
	if dissolvedCount != 129 {
		t.Errorf("%d generated companies are dissolved, want 129 (one in seven of 00007000-00007899)", dissolvedCount)
	}
}

func isTrue(b *bool) bool { return b != nil && *b }

func TestGeneratedCompaniesLinkToEmptyLists(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	for _, number := range []string{demo.GeneratedFirst, "00007421", demo.GeneratedLast} {
		var officers struct {
			Kind         string            `json:"kind"`
			TotalResults int               `json:"total_results"`
			Items        []json.RawMessage `json:"items"`
		}
		getJSON(t, srv, "/company/"+number+"/officers", &officers)
		if officers.Kind != "officer-list" || officers.TotalResults != 0 || len(officers.Items) != 0 {
			t.Errorf("%s officers: %+v", number, officers)
		}
		var filings struct {
			Kind   string            `json:"kind"`
			Status string            `json:"filing_history_status"`
			Total  int               `json:"total_count"`
			Items  []json.RawMessage `json:"items"`
		}
		getJSON(t, srv, "/company/"+number+"/filing-history", &filings)
		if filings.Kind != "filing-history" || filings.Status != "filing-history-available" || filings.Total != 0 || len(filings.Items) != 0 {
			t.Errorf("%s filing history: %+v", number, filings)
		}
		if resp, body := get(t, srv, "/company/"+number+"/persons-with-significant-control-statements"); resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s PSC statements: status %d, body %s", number, resp.StatusCode, body)
		}
		var charges struct {
			Total *int              `json:"total_count"`
			Items []json.RawMessage `json:"items"`
		}
		getJSON(t, srv, "/company/"+number+"/charges", &charges)
		if charges.Total == nil || *charges.Total != 0 || charges.Items == nil || len(charges.Items) != 0 {
			t.Errorf("%s charges: %+v, want none listed", number, charges)
		}
	}
}

func TestOnlyTheGeneratedRangeIsGenerated(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	for _, number := range []string{"00006999", "00008000", "SC007000", "0007000", "000007000", "7000"} {
		if resp, body := get(t, srv, "/company/"+number); resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: status %d, body %s", number, resp.StatusCode, body)
		}
		if demo.IsGenerated(number) || demo.Describe(number) != "" {
			t.Errorf("%s is taken for a generated company", number)
		}
	}
	for _, number := range []string{demo.GeneratedFirst, "00007500", demo.GeneratedLast} {
		if !demo.IsGenerated(number) || demo.Describe(number) != "generated company for load tests" {
			t.Errorf("%s: IsGenerated %v, Describe %q", number, demo.IsGenerated(number), demo.Describe(number))
		}
		if slices.Contains(demo.Numbers(), number) {
			t.Errorf("%s is listed among the showcase companies", number)
		}
	}
}

// The generated companies are counted against the quota like any other
// request.
func TestGeneratedCompaniesCostQuota(t *testing.T) {
	srv := serve(t, demo.Options{Limit: 2, Window: time.Minute})
	for i, want := range []int{http.StatusOK, http.StatusOK, http.StatusTooManyRequests} {
		if resp, _ := get(t, srv, fmt.Sprintf("/company/%08d", 7000+i)); resp.StatusCode != want {
			t.Fatalf("request %d: status %d, want %d", i+1, resp.StatusCode, want)
		}
	}
}
