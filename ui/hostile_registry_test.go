package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"

	"coview/api"
	"coview/api/demo"
)

// A registry that answers with hostile text in every field, for the
// browser to draw (issue 20, item 6).

// venom is one string with everything a terminal must never be sent from
// the network: colour, a title change, a screen clear, a clipboard write
// (OSC 52), a bell, a carriage return and a backspace, C1 controls (NEL,
// CSI) as characters and as lone bytes, bidi overrides and isolates and
// their ends, a zero-width space, DEL, and bytes that are not UTF-8.
// rawBytes stands for the lone bytes until the body is encoded.
const (
	rawBytes = "§RAW§"
	venom    = "\x1b[31mRED\x1b[0m\x1b]0;owned\x07\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07\u202eevil\u202c\u2066iso\u2069\u200f" +
		"\u0085\u009b6n\u200b\x7f\r\x08" + rawBytes
)

// envenom puts venom into every string of a JSON value, and into the
// names of a profile's links. Link paths and the numbers and kinds that
// tie the answers together stay as they are, so every page can still be
// reached.
func envenom(v any, key string) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, val := range x {
			switch {
			case k == "links":
				if m, ok := val.(map[string]any); ok {
					renamed := map[string]any{}
					for name, link := range m {
						renamed[name] = link
						if _, isPath := link.(string); isPath && name != "self" {
							renamed[name+venom] = link
						}
					}
					val = renamed
				}
				out[k] = val
			case k == "self" || k == "document_metadata":
				out[k] = val
			default:
				out[k] = envenom(val, k)
			}
		}
		return out
	case []any:
		for i := range x {
			x[i] = envenom(x[i], key)
		}
		return x
	case string:
		switch key {
		case "company_number", "registration_number", "kind", "officer_role", "company", "appointments":
			return x
		}
		if strings.HasPrefix(x, "/") {
			return x // a link by another name
		}
		return venom + x
	}
	return v
}

// venomousRegistry is the demo registry with every answer envenomed, its
// filings' documents on the demo's own document API (whose metadata is
// left as it is: the file names come from the filings). Its errors carry
// venom too: a 500 for 00009500, a 401 for 00009401 and the demo's own
// 404s.
func venomousRegistry(t *testing.T) (*api.Client, *api.DocumentClient) {
	t.Helper()
	s, err := demo.Start(demo.ServeOptions{ErrorLog: log.New(io.Discard, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	h := demo.NewHandler(demo.Options{Limit: 1 << 30, DocumentURL: s.DocumentURL})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/company/00009500":
			venomousError(w, http.StatusInternalServerError)
			return
		case "/company/00009401":
			// A header may carry no control character below space (the
			// client refuses the answer), but C1 and bidi controls it may.
			w.Header().Set("Registry-Authentication-Error", "Invalid Authorization \u202eevil\u202c\u0085\u009b6n\u200b")
			venomousError(w, http.StatusUnauthorized)
			return
		}
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
			enc.Encode(envenom(v, ""))
			body = bytes.ReplaceAll(b.Bytes(), []byte(rawBytes), []byte("\xff\x9b"))
		}
		for k, vs := range rec.Header() {
			if k != "Content-Length" {
				w.Header()[k] = vs
			}
		}
		w.WriteHeader(rec.Code)
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	reg, err := api.New(api.Options{BaseURL: srv.URL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	docs, err := api.NewDocumentClient(reg, api.DocumentOptions{BaseURL: s.DocumentURL})
	if err != nil {
		t.Fatal(err)
	}
	return reg, docs
}

// venomousError answers with venom in every member an error body has.
func venomousError(w http.ResponseWriter, status int) {
	b, _ := json.Marshal(map[string]any{"error": venom, "errors": []any{map[string]any{"error": venom}}, "message": venom})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(bytes.ReplaceAll(b, []byte(rawBytes), []byte("\xff\x9b")))
}

// unstyled is the screen with the browser's own styling taken out: SGR
// sequences (ESC [ … m) and nothing else.
func unstyled(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], "\x1b[") {
			j := i + 2
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';' || s[j] == ':') {
				j++
			}
			if j < len(s) && s[j] == 'm' {
				i = j + 1
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// rawFromNetwork reports a character that must not reach a terminal from
// the network: a control character other than a newline, DEL, a C1
// control, a bidi control or an invisible formatting character.
func rawFromNetwork(r rune) bool {
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

// nothingRaw fails the test if what the browser draws, or the window's
// title, holds anything raw from the network: the browser's own SGR
// styling aside, every character must be one a terminal only prints.
func nothingRaw(t *testing.T, m *model, where string) {
	t.Helper()
	v := m.View()
	for what, out := range map[string]string{"screen": unstyled(v.Content), "window title": v.WindowTitle} {
		for i := 0; i < len(out); {
			r, size := utf8.DecodeRuneInString(out[i:])
			if (r == utf8.RuneError && size == 1) || rawFromNetwork(r) {
				from := max(0, i-40)
				t.Fatalf("%s, %s: raw %q at byte %d: …%q…\n%s", where, what, out[i:i+size], i, out[from:min(len(out), i+40)], screen(m))
			}
			i += size
		}
	}
}

// describe names where the browser is, for failures.
func describe(m *model) string {
	at := place(m)
	return fmt.Sprintf("%s %q tab %d", at.Res.Link, at.Title, at.Tab)
}
