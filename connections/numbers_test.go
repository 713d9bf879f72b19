package connections_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"coview/api"
	"coview/connections"
)

// A company number in a Result is always one api.ParseNumber makes, so
// whoever shows or opens it need not read it again. An appointment at a
// company whose number the registry writes as no company number is
// written (a registered society's "IP12345R") is not lost: it is listed
// as not checked, once, under the name the appointment gives, with the
// number as written.
func TestEveryNumberInAResultIsACompanyNumberAndAnUnreadableOneIsListedAsNotChecked(t *testing.T) {
	t.Parallel()
	appointment := func(number, name string) map[string]any {
		return map[string]any{"officer_role": "director", "appointed_to": map[string]string{
			"company_number": number, "company_name": name, "company_status": "active"}}
	}
	bodies := map[string]any{
		"/company/00000001/officers": map[string]any{"total_results": 1, "items": []any{map[string]any{
			"name": "DOE, Jane", "officer_role": "director",
			"links": map[string]any{"officer": map[string]string{"appointments": "/officers/X1/appointments"}},
		}}},
		"/officers/X1/appointments": map[string]any{"name": "DOE, Jane", "total_results": 4, "items": []any{
			appointment("00000001", "ROOT LTD"), appointment("IP12345R", "MUTUAL SOCIETY"),
			appointment("2", "OTHER LTD"), appointment(" IP12345R ", "MUTUAL SOCIETY"),
		}},
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := bodies[r.URL.Path]
		if !ok {
			body = map[string]any{"total_results": 0, "items": []any{}}
		}
		json.NewEncoder(w).Encode(body)
	}))
	t.Cleanup(srv.Close)
	c, err := api.New(api.Options{BaseURL: srv.URL, Key: "0f8fad5b-d9cb-469f-a165-70867728950e"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := connections.NewWalker(c).Walk(context.Background(), "00000001", connections.Options{Depth: 2})
	if err != nil {
		t.Fatal(err)
	}

	var numbers []api.Number
	numbers = append(numbers, r.Company.Number)
	numbers = append(numbers, r.Expanded...)
	for _, co := range r.Companies {
		numbers = append(numbers, co.Number)
		numbers = append(numbers, co.Via...)
		for _, l := range co.Links {
			numbers = append(numbers, l.With)
		}
	}
	for _, tie := range r.Ties {
		numbers = append(numbers, tie.Company)
		if tie.Owner != "" {
			numbers = append(numbers, tie.Owner)
		}
	}
	for _, n := range numbers {
		if p, err := api.ParseNumber(string(n)); err != nil || p != n {
			t.Errorf("the result holds %q, which is not a company number as ParseNumber makes it", n)
		}
	}
	if r.Connection("00000002") == nil || len(r.Companies) != 1 {
		t.Errorf("connected: %+v; want 00000002 alone", r.Companies)
	}
	var unread []connections.NotChecked
	for _, nc := range r.NotChecked {
		if nc.Company.Number == "" {
			unread = append(unread, nc)
		} else if p, err := api.ParseNumber(string(nc.Company.Number)); err != nil || p != nc.Company.Number {
			t.Errorf("not checked: %q is not a company number", nc.Company.Number)
		}
	}
	if len(unread) != 1 || unread[0].Company.Name != "MUTUAL SOCIETY" || unread[0].Why != connections.ReasonFailed ||
		unread[0].Err == nil || !strings.Contains(unread[0].Err.Error(), `"IP12345R"`) {
		t.Fatalf("the company with an unreadable number, not checked: %+v", unread)
	}
}
