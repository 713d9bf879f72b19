package api

import (
	"context"
	"errors"
	"net/http"
	"testing"
)

// CompanyRaw answers exactly as Company does, but for the members it
// leaves undecoded: the same body, the same errors, the same word on
// which company the registry answered with.
func TestCompanyRawAnswersAsCompanyDoesWithoutDecodingTheRest(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		number Number
		reply  http.HandlerFunc
	}{
		{"a profile", "00006400", jsonReply(200, `{"company_number":"00006400","company_name":"MARZIPAN MOUNTAIN SOFTWARE LTD","accounts":{"overdue":false}}`)},
		{"another company's profile", "00006400", jsonReply(200, `{"company_number":"00006401","company_name":"X"}`)},
		{"members of the wrong type", "00006400", jsonReply(200, `{"company_number":6400,"accounts":"none","links":[]}`)},
		{"no company number", "00006400", jsonReply(200, `{"company_name":"X"}`)},
		{"not a JSON object", "00006400", jsonReply(200, `["00006400"]`)},
		{"malformed JSON", "00006400", jsonReply(200, `{"company_number":"00006400",`)},
		{"an HTML page", "00006400", jsonReply(200, `<html>maintenance</html>`, "Content-Type", "text/html")},
		{"not found", "00006400", jsonReply(404, `{"errors":[{"error":"company-profile-not-found"}]}`)},
		{"a number not written as the registry writes it", "6400", jsonReply(200, `{}`)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv, rec := serve(t, tc.reply)
			c := newClient(t, srv.URL, func(o *Options) { o.Attempts = 1 })
			want, wantErr := c.Company(context.Background(), tc.number)
			asked := rec.count()
			got, err := c.CompanyRaw(context.Background(), tc.number)
			if rec.count()-asked != asked {
				t.Errorf("CompanyRaw made %d requests, Company %d", rec.count()-asked, asked)
			}
			if (err == nil) != (wantErr == nil) {
				t.Fatalf("CompanyRaw: %v; Company: %v", err, wantErr)
			}
			if err != nil {
				var e, we *Error
				if !errors.As(err, &e) || !errors.As(wantErr, &we) || e.Kind != we.Kind || err.Error() != wantErr.Error() {
					t.Errorf("CompanyRaw: %v; Company: %v", err, wantErr)
				}
				return
			}
			if string(got.Raw) != string(want.Raw) || got.Requested != want.Requested ||
				got.CompanyNumber != want.CompanyNumber || got.NumberMismatch() != want.NumberMismatch() {
				t.Errorf("CompanyRaw: %q %s %q mismatch %v; Company: %q %s %q mismatch %v",
					got.Raw, got.Requested, got.CompanyNumber, got.NumberMismatch(),
					want.Raw, want.Requested, want.CompanyNumber, want.NumberMismatch())
			}
		})
	}
}
