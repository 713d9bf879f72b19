package demo_test

import (
	"bytes"
	"context"
	"net/http"
	"testing"
	"time"

	"coview/api/demo"
)

func TestEveryDemoProfileIsServedAsStored(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty})
	for _, number := range demo.Numbers() {
		t.Run(number, func(t *testing.T) {
			resp, body := get(t, srv, "/company/"+number)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d, body %s", resp.StatusCode, body)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q", ct)
			}
			if want := fixture(t, number, "profile.json"); !bytes.Equal(body, want) {
				t.Errorf("body differs from fixtures/%s/profile.json", number)
			}
		})
	}
}

// The registry answers a company with no charges, or no UK
// establishments, with an empty list, not 404.
func TestNoneIsAnEmptyListForChargesAndUKEstablishments(t *testing.T) {
	tests := []struct{ name, path, body string }{
		{"a company without charges has a list of none", "/company/00006401/charges",
			`{"etag":"","total_count":0,"unfiltered_count":0,"satisfied_count":0,"part_satisfied_count":0,"items":[]}`},
		{"a generated company without charges has a list of none", "/company/00007000/charges",
			`{"etag":"","total_count":0,"unfiltered_count":0,"satisfied_count":0,"part_satisfied_count":0,"items":[]}`},
		{"a company without UK establishments has a list of none", "/company/00006400/uk-establishments",
			`{"kind":"related-companies","links":{"self":"/company/00006400/uk-establishments"},"items":[]}`},
	}
	srv := serve(t, demo.Options{Limit: plenty})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := get(t, srv, tt.path)
			if resp.StatusCode != http.StatusOK || string(body) != tt.body {
				t.Errorf("status %d, body %s, want 200 and %s", resp.StatusCode, body, tt.body)
			}
		})
	}
}

func TestNotFound(t *testing.T) {
	const (
		noProfile = `{"errors":[{"error":"company-profile-not-found","type":"ch:service"}]}`
		noPath    = `{"errors":[{"error":"not-found","type":"ch:service"}]}`
	)
	tests := []struct {
		name, path, body string
	}{
		{"an unknown but well-formed number has no profile", "/company/99999999", noProfile},
		{"an unknown number with a prefix has no profile", "/company/SC999999", noProfile},
		{"a number in lower case is not found rather than folded", "/company/oc006404", noProfile},
		{"a number that is too long is not found rather than a 500", "/company/000064001", noProfile},
		{"a number that is too short is not found", "/company/6400", noProfile},
		{"a number with punctuation is not found", "/company/0000-400", noProfile},
		{"the officers of an unknown company are not found", "/company/99999999/officers", noProfile},
		{"the filing history of an unknown company is not found", "/company/99999999/filing-history", noProfile},
		{"an unknown resource of a company is not a path", "/company/00006400/nonsense", noPath},
		{"a trailing slash is not a path", "/company/00006400/", noPath},
		{"the root is not a path", "/", noPath},
		{"the advanced search's CSV variant is not served by the demo", "/advanced-search/csv?company_name_includes=teapot", noPath},
		{"a search of a kind the demo does not index is not a path", "/search/dissolved?q=grimthorpe", noPath},
		{"an unknown officer has no appointments", "/officers/nobody/appointments", `{"errors":[{"error":"officer-not-found","type":"ch:service"}]}`},
		{"an unknown appointment is not found", "/company/00006400/appointments/nope", `{"errors":[{"error":"appointment-not-found","type":"ch:service"}]}`},
		{"an unknown filing is not found", "/company/00006400/filing-history/nope", `{"errors":[{"error":"filing-history-item-not-found","type":"ch:service"}]}`},
		{"a filing of another company is not found under this one", "/company/00006402/filing-history/" + firstFilingID(t, "00006400"), `{"errors":[{"error":"filing-history-item-not-found","type":"ch:service"}]}`},
		{"a company without PSC statements answers 404 as live", "/company/00006401/persons-with-significant-control-statements", `{"errors":[{"error":"psc-statements-not-found","type":"ch:service"}]}`},
		{"a company never in insolvency has no insolvency resource", "/company/00006400/insolvency", `{"errors":[{"error":"company-insolvencies-not-found","type":"ch:service"}]}`},
		{"a company without exemptions answers 404", "/company/00006400/exemptions", `{"errors":[{"error":"company-exemptions-not-found","type":"ch:service"}]}`},
		{"a company keeping its registers at its office has no registers resource", "/company/00006400/registers", `{"errors":[{"error":"company-registers-not-found","type":"ch:service"}]}`},
		{"an unknown PSC is not found", "/company/00006411/persons-with-significant-control/individual/nope", `{"errors":[{"error":"psc-not-found","type":"ch:service"}]}`},
		{"a PSC path without an id is not a path", "/company/00006411/persons-with-significant-control/individual", noPath},
		{"an unknown charge is not found", "/company/00006412/charges/nope", `{"errors":[{"error":"company-charge-not-found","type":"ch:service"}]}`},
		{"the PSCs of an unknown company are not found", "/company/99999999/persons-with-significant-control", noProfile},
		{"the charges of an unknown company are not found", "/company/99999999/charges", noProfile},
	}
	srv := serve(t, demo.Options{Limit: plenty})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := get(t, srv, tt.path)
			if resp.StatusCode != http.StatusNotFound {
				t.Fatalf("status %d, want 404 (body %s)", resp.StatusCode, body)
			}
			if string(body) != tt.body {
				t.Errorf("body %s, want %s", body, tt.body)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q", ct)
			}
		})
	}
}

func firstFilingID(t *testing.T, number string) string {
	var list struct {
		Items []struct {
			TransactionID string `json:"transaction_id"`
		} `json:"items"`
	}
	getJSON(t, serve(t, demo.Options{Limit: plenty}), "/company/"+number+"/filing-history", &list)
	return list.Items[0].TransactionID
}

func TestMethods(t *testing.T) {
	tests := []struct {
		name   string
		method string
		status int
	}{
		{"GET is answered", http.MethodGet, 200},
		{"HEAD is answered without a body", http.MethodHead, 200},
		{"POST is not allowed", http.MethodPost, 405},
		{"PUT is not allowed", http.MethodPut, 405},
		{"DELETE is not allowed", http.MethodDelete, 405},
		{"PATCH is not allowed", http.MethodPatch, 405},
	}
	srv := serve(t, demo.Options{Limit: plenty})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := fetch(t, srv, tt.method, "/company/00006400", basic(demo.Key))
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.status)
			}
			switch {
			case tt.method == http.MethodHead && len(body) != 0:
				t.Errorf("HEAD has a body of %d bytes", len(body))
			case tt.status == 405:
				if string(body) != `{"errors":[{"error":"invalid-http-method","type":"ch:service"}]}` {
					t.Errorf("body %s", body)
				}
				if resp.Header.Get("Allow") != "GET, HEAD" {
					t.Errorf("Allow %q", resp.Header.Get("Allow"))
				}
			}
			if resp.Header.Get("X-Ratelimit-Remain") == "" {
				t.Error("no rate-limit headers")
			}
		})
	}
}

func TestLatencyIsAddedToEveryResponse(t *testing.T) {
	const latency = 30 * time.Millisecond
	srv := serve(t, demo.Options{Limit: plenty, Latency: latency})
	for _, path := range []string{"/company/00006400", "/company/99999999"} {
		began := time.Now()
		get(t, srv, path)
		if took := time.Since(began); took < latency {
			t.Errorf("%s answered in %v, before the added latency of %v", path, took, latency)
		}
	}
}

func TestAClientThatGivesUpIsNotKeptWaiting(t *testing.T) {
	srv := serve(t, demo.Options{Limit: plenty, Latency: time.Minute})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/company/00006400", nil)
	req.Header.Set("Authorization", basic(demo.Key))
	if _, err := srv.Client().Do(req); err == nil {
		t.Fatal("a request with a minute of latency finished within 50ms")
	}
	// srv.Close in Cleanup blocks until the handler returns: if the
	// handler ignored the cancellation the test would hang here.
}

func TestCatalogue(t *testing.T) {
	numbers := demo.Numbers()
	if len(numbers) < 10 {
		t.Fatalf("only %d demo companies", len(numbers))
	}
	if numbers[0] != "00006400" {
		t.Errorf("the fully populated company is not first: %v", numbers)
	}
	for _, n := range numbers {
		if demo.Describe(n) == "" {
			t.Errorf("%s has no description", n)
		}
	}
	if d := demo.Describe("99999999"); d != "" {
		t.Errorf("an unknown number is described as %q", d)
	}
	numbers[0] = "changed"
	if demo.Numbers()[0] != "00006400" {
		t.Error("Numbers hands out its own slice")
	}
}
