package demo_test

import (
	"encoding/base64"
	"net/http"
	"strings"
	"testing"

	"coview/api/demo"
)

func TestAuthentication(t *testing.T) {
	const (
		empty   = `{"error":"Empty Authorization header","type":"registry:service"}`
		invalid = `{"error":"Invalid Authorization","type":"registry:service"}`
	)
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	tests := []struct {
		name          string
		authorization string
		status        int
		body          string
	}{
		{"a request without an Authorization header is told it is empty", "", 401, empty},
		{"a blank Authorization header counts as empty", "   ", 401, empty},
		{"a wrong key is invalid", basic("00000000-0000-0000-0000-000000000000"), 401, invalid},
		{"the key in upper case is invalid", basic(strings.ToUpper(demo.Key)), 401, invalid},
		{"the key as a bearer token is invalid", "Bearer " + demo.Key, 401, invalid},
		{"the bare key without a scheme is invalid", demo.Key, 401, invalid},
		{"the key encoded without its colon is invalid", "Basic " + b64(demo.Key), 401, invalid},
		{"the key with a password is invalid", "Basic " + b64(demo.Key+":secret"), 401, invalid},
		{"a basic header that is not base64 is invalid", "Basic %%%not-base64%%%", 401, invalid},
		{"the key with an empty password is let in", basic(demo.Key), 200, ""},
		{"the scheme name is not case-sensitive", "basic " + b64(demo.Key+":"), 200, ""},
	}
	srv := serve(t, demo.Options{Limit: plenty})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := fetch(t, srv, http.MethodGet, "/company/00006400", tt.authorization)
			if resp.StatusCode != tt.status {
				t.Fatalf("status %d, want %d (body %s)", resp.StatusCode, tt.status, body)
			}
			if resp.Header.Get("Access-Control-Allow-Origin") != "*" {
				t.Errorf("Access-Control-Allow-Origin %q, want *", resp.Header.Get("Access-Control-Allow-Origin"))
			}
			if resp.Header.Get("Content-Type") != "application/json" {
				t.Errorf("Content-Type %q", resp.Header.Get("Content-Type"))
			}
			if resp.Header.Get("X-Ratelimit-Limit") == "" {
				t.Error("no rate-limit headers")
			}
			if tt.status == 200 {
				if resp.Header.Get("Registry-Authentication-Error") != "" {
					t.Error("an accepted request carries Registry-Authentication-Error")
				}
				return
			}
			if string(body) != tt.body {
				t.Errorf("body %s, want %s", body, tt.body)
			}
			message := tt.body[len(`{"error":"`):strings.Index(tt.body, `","type"`)]
			if got := resp.Header.Get("Registry-Authentication-Error"); got != message {
				t.Errorf("Registry-Authentication-Error %q, want %q", got, message)
			}
			if got := resp.Header.Get("WWW-Authenticate"); !strings.Contains(got, "invalid or no authorisation header provided") {
				t.Errorf("WWW-Authenticate %q does not say an invalid or no authorisation header was provided", got)
			}
		})
	}
}

func TestKeyIsShapedLikeALiveKey(t *testing.T) {
	if len(demo.Key) != 36 || strings.Count(demo.Key, "-") != 4 || strings.ToLower(demo.Key) != demo.Key {
		t.Errorf("Key %q is not a lower-case UUID", demo.Key)
	}
}
