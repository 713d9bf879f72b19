package e2e

import (
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// faultyRegistry answers each company number with a different failure,
// and checks the key like the real one.
func faultyRegistry(t *testing.T) *httptest.Server {
	t.Helper()
	var limited atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		user, _, ok := r.BasicAuth()
		w.Header().Set("Content-Type", "application/json")
		if !ok || user != goodKey {
			w.Header().Set("Registry-Authentication-Error", "Invalid Authorization")
			w.WriteHeader(401)
			fmt.Fprint(w, `{"error":"Invalid Authorization","type":"ch:service"}`)
			return
		}
		switch strings.TrimPrefix(r.URL.Path, "/company/") {
		case "00000200":
			fmt.Fprint(w, `{"company_number":"00000200","company_name":"FINE LTD","company_status":"active","type":"ltd"}`)
		case "00000403":
			w.WriteHeader(403)
			fmt.Fprint(w, `{"error":"Forbidden"}`)
		case "00000404":
			w.WriteHeader(404)
			fmt.Fprint(w, `{"errors":[{"error":"company-profile-not-found","type":"ch:service"}]}`)
		case "00000429":
			// Over a second ahead, so that the wait is said on stderr.
			w.Header().Set("X-Ratelimit-Reset", fmt.Sprint(time.Now().Add(2*time.Second).Unix()))
			w.WriteHeader(429)
		case "00000430":
			if limited.Add(1) == 1 {
				w.Header().Set("Retry-After", "2")
				w.WriteHeader(429)
				return
			}
			fmt.Fprint(w, `{"company_number":"00000430","company_name":"PATIENT LTD"}`)
		case "00000500":
			w.WriteHeader(500)
			fmt.Fprint(w, `{"exception_id":"x1","error":"Internal server error"}`)
		case "00000502":
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(502)
			fmt.Fprint(w, "<html><h1>502 Bad Gateway</h1></html>")
		case "00000201":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<html>maintenance</html>")
		case "00000666":
			fmt.Fprint(w, `{"company_number":"00000666","company_name":"EVIL\u001b]0;pwned\u0007 \u001b[2J\u0007LTD",`+
				`"registered_office_address":{"address_line_1":"1 \u001b]52;c;ZXZpbA==\u0007 Road\r\u202eOVERWRITE"}}`)
		default:
			w.WriteHeader(404)
			fmt.Fprint(w, `{}`)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestOneShotErrorsHaveMessagesAndExitCodes(t *testing.T) {
	t.Parallel()
	srv := faultyRegistry(t)
	// Port 1 on loopback: nothing listens there, and unlike a port taken
	// and let go, no server of a test running beside this one can be
	// given it.
	closedURL := "http://127.0.0.1:1"
	cases := []struct {
		name string
		key  string
		args []string
		code int
		msgs []string
	}{
		{"a found company exits 0", goodKey, []string{"--plain", "200"}, 0, nil},
		{"a rejected key exits 3 and says how to fix it", badKey, []string{"--json", "200"}, 3,
			[]string{"company 00000200", "rejected the API key", "Invalid Authorization", "COVIEW_API_KEY", "coview auth login"}},
		{"a key restricted to other addresses exits 3", goodKey, []string{"--json", "403"}, 3, []string{"403", "restricted to other IP addresses"}},
		{"an unknown company exits 4", goodKey, []string{"--json", "404"}, 4, []string{"company 00000404 not found"}},
		{"a rate limit is waited out once, then exits 1 with the reset time", goodKey, []string{"--json", "429"}, 1,
			[]string{"coview: company 00000429: rate limit reached (429); next request in", "rate limit reached (429): the quota resets at"}},
		{"a rate limit that lifts after the wait gives the profile", goodKey, []string{"--json", "430"}, 0,
			[]string{"coview: company 00000430: rate limit reached (429); next request in "}},
		{"a server error exits 1", goodKey, []string{"--json", "500"}, 1, []string{"company 00000500", "500 Internal Server Error", "try again later"}},
		{"a gateway page exits 1", goodKey, []string{"--json", "502"}, 1, []string{"502 Bad Gateway"}},
		{"an HTML answer exits 1", goodKey, []string{"--json", "201"}, 1, []string{"HTML page, not JSON"}},
		{"an invalid number exits 2 before any request", goodKey, []string{"--json", "ABC123456"}, 2, []string{"not a company number"}},
		{"an unknown flag exits 2", goodKey, []string{"--jsn", "200"}, 2, []string{"unknown flag: --jsn", "coview --help"}},
		{"--json with --plain exits 2", goodKey, []string{"--json", "--plain", "200"}, 2, []string{"cannot be used together"}},
		{"a malformed COVIEW_API_KEY exits 3", "not-a-key", []string{"--json", "200"}, 3, []string{"COVIEW_API_KEY is set but"}},
		{"the first failure decides the exit code", goodKey, []string{"--json", "200", "404", "500"}, 4, []string{"00000404 not found", "00000500"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := runCoview(t, cleanEnv(t, "COVIEW_API_KEY="+tc.key, "COVIEW_BASE_URL="+srv.URL), "", tc.args...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d\nstderr: %s", r.code, tc.code, r.stderr)
			}
			for _, m := range tc.msgs {
				if !strings.Contains(r.stderr, m) {
					t.Errorf("stderr lacks %q:\n%s", m, r.stderr)
				}
			}
			// A 429 is waited out once, and the wait said once (issue 11,
			// items 6 and 8).
			if n := strings.Count(r.stderr, "next request in"); n > 1 {
				t.Errorf("the wait is said %d times:\n%s", n, r.stderr)
			}
			noSecret(t, r, goodKey, badKey)
		})
	}
	t.Run("an unreachable registry exits 1 and says refused", func(t *testing.T) {
		t.Parallel()
		r := runCoview(t, cleanEnv(t, "COVIEW_API_KEY="+goodKey), "", "--base-url", closedURL, "--json", "1")
		if r.code != 1 || !strings.Contains(r.stderr, "refused") {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
	})
	t.Run("a bad base URL is a usage error", func(t *testing.T) {
		t.Parallel()
		r := runCoview(t, cleanEnv(t, "COVIEW_API_KEY="+goodKey), "", "--base-url", "ftp://x", "--json", "1")
		if r.code != 2 || !strings.Contains(r.stderr, "https://") {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
	})
}

// On a server reached over SSH there is no session bus: a lookup without a
// key must say so at once, without starting a bus or keyring daemon.
func TestNoKeyAndNoBusExitsAtOnceWithCode3(t *testing.T) {
	srv := faultyRegistry(t)
	// A dbus-launch that leaves a mark: godbus would run it to autolaunch
	// a bus (and with it a keyring daemon) if coview called the keyring.
	bin := t.TempDir()
	mark := filepath.Join(bin, "dbus-launch-ran")
	os.WriteFile(filepath.Join(bin, "dbus-launch"), []byte("#!/bin/sh\ntouch "+mark+"\nexit 1\n"), 0o755)
	env := cleanEnv(t)
	env[0] = "PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH")
	r := runCoview(t, env, "", "--json", "--base-url", srv.URL, "200")
	if _, err := os.Stat(mark); err == nil {
		t.Fatal("coview ran dbus-launch: it would leave a bus and a keyring daemon behind")
	}
	if r.code != 3 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if r.took > time.Second {
		t.Fatalf("took %s, want under a second", r.took)
	}
	for _, m := range []string{"no API key", "COVIEW_API_KEY", "coview auth login", "no session bus"} {
		if !strings.Contains(r.stderr, m) {
			t.Errorf("stderr lacks %q:\n%s", m, r.stderr)
		}
	}
}

func TestPlainOutputNeutralisesTerminalControls(t *testing.T) {
	t.Parallel()
	srv := faultyRegistry(t)
	r := runCoview(t, cleanEnv(t, "COVIEW_API_KEY="+goodKey), "", "--plain", "--base-url", srv.URL, "666")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, bad := range []string{"\x1b", "\x07", "\r", "\u202e"} {
		if strings.Contains(r.stdout, bad) {
			t.Fatalf("plain output carries %q:\n%q", bad, r.stdout)
		}
	}
	if !strings.Contains(r.stdout, "␛]0;pwned␇") || !strings.Contains(r.stdout, "<U+202E>") {
		t.Fatalf("hostile text is not shown visibly:\n%s", r.stdout)
	}
	// --json is data for jq: byte for byte, escapes included.
	r = runCoview(t, cleanEnv(t, "COVIEW_API_KEY="+goodKey), "", "--json", "--base-url", srv.URL, "666")
	if !strings.Contains(r.stdout, `\u001b]0;pwned`) {
		t.Fatalf("--json altered the body: %q", r.stdout)
	}
}

// echoingRegistry answers 00000200 with more bytes than its
// Content-Length says, as a confused proxy does: the rest is the request
// it was sent, key included. net/http logs such bytes, raw, through the
// standard logger ("Unsolicited response received on idle HTTP channel
// starting with ..."). The first answer waits until 00000201's request has
// arrived, so the two cannot share a connection; 00000201 is answered only
// once the client has closed the first connection, which net/http does
// right after logging, so the process is still running when it logs.
func echoingRegistry(t *testing.T) *httptest.Server {
	t.Helper()
	arrived, closed := make(chan struct{}), make(chan struct{})
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/company/00000201":
			once.Do(func() { close(arrived) })
			select {
			case <-closed:
			case <-r.Context().Done():
				return
			}
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"company_number":"00000201","company_name":"SECOND LTD"}`)
		case "/company/00000200":
			select {
			case <-arrived:
			case <-r.Context().Done():
				return
			}
			user, _, _ := r.BasicAuth()
			echo := fmt.Sprintf("HTTP/1.1 502 Bad Gateway\r\nX-Original-Request: GET %s\r\nAuthorization: %s\r\nX-Key: %s\r\n\r\n",
				r.URL.Path, r.Header.Get("Authorization"), user)
			conn, buf, err := w.(http.Hijacker).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			defer conn.Close()
			body := `{"company_number":"00000200","company_name":"FINE LTD"}`
			fmt.Fprintf(buf, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s%s", len(body), body, echo)
			buf.Flush()
			io.Copy(io.Discard, conn) // until the client closes the connection
			close(closed)
		default:
			w.WriteHeader(404)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// Issue 11, item 9: net/http's own log lines never reach the user's
// terminal: they bypass sanitising and redaction, and can carry the key.
func TestNetHTTPLogLinesNeverReachStderr(t *testing.T) {
	t.Parallel()
	srv := echoingRegistry(t)
	r := runCoview(t, cleanEnv(t, "COVIEW_API_KEY="+goodKey), "", "--json", "--base-url", srv.URL, "200", "201")
	if r.code != 0 || strings.Count(r.stdout, "\n") != 2 {
		t.Fatalf("exit %d:\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	basic := base64.StdEncoding.EncodeToString([]byte(goodKey + ":"))
	for _, bad := range []string{"Unsolicited", "idle HTTP channel", basic, "502 Bad Gateway"} {
		if strings.Contains(r.stderr, bad) {
			t.Errorf("stderr carries %q:\n%s", bad, r.stderr)
		}
	}
}
