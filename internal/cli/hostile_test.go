package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"

	"coview/api/demo"
	"coview/internal/testkit"
)

// hostile is one string with everything a terminal must never be sent
// from the network: escape sequences (colour, a title, clearing the
// screen), a bell, a carriage return and a backspace, C1 controls (NEL,
// CSI) as characters and as lone bytes, a bidi override and its end, a
// zero-width space, DEL, and bytes that are not UTF-8. rawMark stands for
// the lone bytes until the body is encoded.
const (
	rawMark = "§RAW§"
	hostile = "\x1b[31mRED\x1b[0m\x1b]0;owned\x07\x1b[2J\u202eevil\u202c\u0085\u009b6n\u200b\x7f\r\x08" + rawMark
)

// poison puts the hostile string into every string of a JSON value, and
// into the names of links when renameLinks is set. Link paths stay as
// they are, so that what links to what can still be followed; with
// keepIDs, so do the company numbers, registration numbers and kinds
// that tie the answers together.
func poison(v any, key string, keepIDs, renameLinks bool) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, val := range x {
			switch {
			case k == "links" || k == "self" || k == "document_metadata":
				if m, ok := val.(map[string]any); ok && renameLinks {
					renamed := map[string]any{}
					for name, link := range m {
						renamed[name+hostile] = link
						renamed[name] = link
					}
					val = renamed
				}
				out[k] = val
			default:
				out[k] = poison(val, k, keepIDs, renameLinks)
			}
		}
		return out
	case []any:
		for i := range x {
			x[i] = poison(x[i], key, keepIDs, renameLinks)
		}
		return x
	case string:
		if keepIDs && (key == "company_number" || key == "registration_number" || key == "kind") {
			return x
		}
		return hostile + x
	}
	return v
}

// poisonedRegistry is the demo registry with every answer poisoned.
func poisonedRegistry(t *testing.T, keepIDs, renameLinks bool) *testkit.Server {
	t.Helper()
	h := demo.NewHandler(demo.Options{Limit: testkit.Plenty})
	return testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		var v any
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		if dec.Decode(&v) == nil {
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			enc.Encode(poison(v, "", keepIDs, renameLinks))
			body = bytes.ReplaceAll(b.Bytes(), []byte(rawMark), []byte("\xff\x9b"))
		}
		for k, vs := range rec.Header() {
			if k != "Content-Length" {
				w.Header()[k] = vs
			}
		}
		w.WriteHeader(rec.Code)
		w.Write(body)
	}))
}

// rawRune reports a character that must not reach a terminal from the
// network: a control character other than a newline, DEL, a C1 control,
// a bidi control or an invisible formatting character.
func rawRune(r rune) bool {
	switch {
	case r == '\n':
		return false
	case r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x061c, r == 0x200e, r == 0x200f:
		return true
	case r == 0x200b, r == 0x200c, r == 0x200d, r == 0x2060, r == 0xfeff, r == 0x00ad, r == 0x180e:
		return true
	}
	return false
}

// assertNothingRaw fails if out holds anything raw from the network.
func assertNothingRaw(t *testing.T, what, out string) {
	t.Helper()
	for i := 0; i < len(out); {
		r, size := utf8.DecodeRuneInString(out[i:])
		if (r == utf8.RuneError && size == 1) || rawRune(r) {
			from := max(0, i-40)
			t.Errorf("%s: raw %q at byte %d: …%q…", what, out[i:i+size], i, out[from:min(len(out), i+40)])
			return
		}
		i += size
	}
}

// Issue 20, item 6: one hostile string in every field of every answer,
// through every page and output form of the command line: nothing raw
// reaches stdout or stderr.
func TestHostileTextNeverReachesTheTerminalRaw(t *testing.T) {
	t.Parallel()
	profiles := []string{"00006400", "00006401", "00006402", "00006403", "OC006404", "SC006405", "FC006406", "00006407",
		"00006408", "00006409", "BR006410", "00006411", "00006412", "00006413", "SC006414", "OE006415", "SC006416"}
	follows := [][2]string{
		{"00006400", "officers"}, {"00006400", "filing_history"}, {"00006400", "charges"}, {"00006400", "persons_with_significant_control_statements"},
		{"00006403", "insolvency"}, {"00006411", "persons_with_significant_control"}, {"00006411", "registers"}, {"OE006415", "persons_with_significant_control"},
		{"FC006406", "uk_establishments"}, {"FC006406", "filing_history"}, {"00006409", "exemptions"}, {"OC006404", "officers"}, {"00006412", "charges"},
	}
	var lines [][]string
	for _, n := range profiles {
		lines = append(lines, []string{"--plain", n}, []string{"--json", n})
	}
	lines = append(lines, []string{"--plain", "00006400", "00006401", "SC006405"}, []string{"--json", "-"})
	for _, f := range follows {
		lines = append(lines, []string{"--plain", "--all", "--follow", f[1], f[0]}, []string{"--json", "--follow", f[1], f[0]})
	}
	for _, q := range []string{"marzipan", "hargreave", "gooseberry", "ça va"} {
		lines = append(lines, []string{"search", "--plain", q}, []string{"search", "--json", q})
	}
	for _, n := range []string{"00006412", "00006411", "00006413"} {
		for _, form := range []string{"--plain", "--json", "--dot"} {
			lines = append(lines, []string{"connections", form, "--depth", "2", n})
		}
	}
	lines = append(lines, []string{"connections", "--plain", "00006401"}, []string{"auth", "status"})

	variants := []struct {
		name                 string
		keepIDs, renameLinks bool
	}{
		{"every string poisoned and every link renamed", false, true},
		{"every string but the numbers that tie answers together poisoned", true, false},
	}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			env := demoEnv(poisonedRegistry(t, v.keepIDs, v.renameLinks))
			for _, args := range lines {
				stdin := ""
				if args[len(args)-1] == "-" {
					stdin = "00006400\n" + hostile + "\n"
				}
				r := run(t, stdin, env, args...)
				what := "coview " + strings.Join(args, " ")
				assertNothingRaw(t, what+": stdout", r.stdout)
				assertNothingRaw(t, what+": stderr", r.stderr)
			}
		})
	}
}

// Errors and refusals quote the registry too: its words in a 401, a 404,
// a 500 and a 429, in the body and in the headers.
func TestHostileErrorsNeverReachTheTerminalRaw(t *testing.T) {
	t.Parallel()
	body := func(status int) string {
		b, _ := json.Marshal(map[string]any{"error": hostile, "errors": []any{map[string]any{"error": hostile}}, "message": hostile})
		return strings.ReplaceAll(string(b), rawMark, "\xff\x9b")
	}
	for _, status := range []int{401, 403, 404, 416, 429, 500, 502} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Registry-Authentication-Error", strings.ReplaceAll(hostile, "\r", ""))
				w.Header().Set("Retry-After", "0")
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(status)
				fmt.Fprint(w, body(status))
			}))
			t.Cleanup(srv.Close)
			env := map[string]string{"COVIEW_BASE_URL": srv.URL, "COVIEW_API_KEY": "5e1f0c2a-7d3b-4c8e-9a61-0de70de70de7"}
			for _, args := range [][]string{
				{"--json", "6400"}, {"--plain", "6400", "6401"}, {"--plain", "--follow", "officers", "6400"},
				{"search", "marzipan"}, {"connections", "6400"}, {"connections", "--json", "6400"}, {"auth", "status"},
			} {
				r := run(t, "", env, args...)
				what := fmt.Sprintf("%d: coview %s", status, strings.Join(args, " "))
				assertNothingRaw(t, what+": stdout", r.stdout)
				assertNothingRaw(t, what+": stderr", r.stderr)
			}
		})
	}
}
