package cli

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit/testclient"
	"coview/present"
)

// demoDocuments runs the whole demo, documents included, and points
// coview at it as a user of serve-demo would.
func demoDocuments(t *testing.T) map[string]string {
	t.Helper()
	s, err := demo.Start(demo.ServeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return map[string]string{"COVIEW_BASE_URL": s.RegistryURL, "COVIEW_DOCUMENT_URL": s.DocumentURL, "COVIEW_API_KEY": demo.Key}
}

// files lists the names in dir.
func files(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestDocumentSavesInTheCurrentDirectoryUnderANameThatSaysWhatItIs(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, want := range []string{"00006400 2025-12-09 AA full accounts made up to 31 March 2025.pdf", "00006400 2025-12-09 AA full accounts made up to 31 March 2025 (2).pdf"} {
		r := run(t, "", nil, "--demo", "document", "6400", demo.FilingWithXHTML)
		if r.code != 0 || !strings.HasPrefix(r.stderr, "coview: saved ") || !strings.HasSuffix(r.stderr, " to "+want+"\n") || r.stdout != "" {
			t.Fatalf("exit %d, stdout %q, stderr %q; want it saved as %q", r.code, r.stdout, r.stderr, want)
		}
		body, err := os.ReadFile(want)
		if err != nil || !bytes.HasPrefix(body, []byte("%PDF-")) || !bytes.Contains(body, []byte(demo.FilingWithXHTML)) {
			t.Fatalf("%s: %v, %.20q", want, err, body)
		}
	}
	if got := files(t, dir); len(got) != 2 {
		t.Fatalf("%v", got)
	}
}

// The browser and coview document save a filing under one name: the
// one present.DocumentFileName makes of the filing as the browser reads
// it (from the page of the filing history its row is on), description
// values and all.
func TestDocumentSavesUnderTheNameTheBrowserSavesItUnder(t *testing.T) {
	t.Parallel()
	env := demoDocuments(t)
	c := testclient.For(t, env["COVIEW_BASE_URL"])
	history, err := c.Get(context.Background(), "/company/00006400/filing-history", nil)
	if err != nil {
		t.Fatal(err)
	}
	f, ok := api.ReadFiling(history.Body, demo.FilingWithXHTML)
	if !ok || len(f.Values()) == 0 {
		t.Fatalf("the demo filing %s, with values in its description, is not on the first page of 00006400's history: %+v", demo.FilingWithXHTML, f)
	}
	browser := present.DocumentFileName("00006400", f, api.FormatPDF)
	if browser != "00006400 2025-12-09 AA full accounts made up to 31 March 2025.pdf" {
		t.Errorf("the browser's name is %q, not the one the README shows", browser)
	}
	dir := t.TempDir()
	r := run(t, "", env, "document", "6400", demo.FilingWithXHTML, "-o", dir)
	if r.code != 0 || !strings.HasSuffix(r.stderr, " to "+filepath.Join(dir, browser)+"\n") {
		t.Fatalf("exit %d, stderr %q; want it saved as %q", r.code, r.stderr, browser)
	}
	if got := files(t, dir); len(got) != 1 || got[0] != browser {
		t.Fatalf("saved %q, the browser saves %q", got, browser)
	}
}

func TestDocumentGoesWhereOutputSays(t *testing.T) {
	t.Parallel()
	env := demoDocuments(t)
	dir := t.TempDir()
	mine := filepath.Join(dir, "mine.pdf")
	os.WriteFile(mine, []byte("mine"), 0o600)
	tests := []struct {
		name      string
		args      []string
		code      int
		saved     string // the file it says it saved, under dir
		stdoutPDF bool
		stderr    string
	}{
		{"into a directory", []string{"-o", dir}, 0, "00006400 2025-12-09 AA full accounts made up to 31 March 2025.pdf", false, ""},
		{"into a directory named with a slash", []string{"-o", dir + "/"}, 0, "00006400 2025-12-09 AA full accounts made up to 31 March 2025 (2).pdf", false, ""},
		{"as XHTML", []string{"-o", dir, "--format", "xhtml"}, 0, "00006400 2025-12-09 AA full accounts made up to 31 March 2025.xhtml", false, ""},
		{"as a file", []string{"-o", filepath.Join(dir, "accounts.pdf")}, 0, "accounts.pdf", false, ""},
		{"onto a file that is there", []string{"-o", mine}, 1, "", false, "never overwrites"},
		{"to stdout", []string{"-o", "-"}, 0, "", true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := run(t, "", env, append([]string{"document", "00006400", demo.FilingWithXHTML}, tt.args...)...)
			if r.code != tt.code || !strings.Contains(r.stderr, tt.stderr) {
				t.Fatalf("exit %d, want %d; stderr %q", r.code, tt.code, r.stderr)
			}
			if tt.saved != "" {
				path := filepath.Join(dir, tt.saved)
				if _, err := os.Stat(path); err != nil || !strings.Contains(r.stderr, " to "+filepath.Clean(path)) && !strings.Contains(r.stderr, " to "+path) {
					t.Fatalf("stderr %q; want %s saved: %v", r.stderr, path, err)
				}
			}
			if tt.stdoutPDF != strings.HasPrefix(r.stdout, "%PDF-") {
				t.Fatalf("stdout %.40q", r.stdout)
			}
		})
	}
	if got, _ := os.ReadFile(mine); string(got) != "mine" {
		t.Fatal("a file that was there was overwritten")
	}
	for _, name := range files(t, dir) {
		if strings.HasSuffix(name, ".part") {
			t.Fatalf("a temporary file was left: %s", name)
		}
	}
}

// Every way it can fail has its exit code, a message, and leaves no file.
func TestDocumentFailuresHaveExitCodesAndLeaveNoFile(t *testing.T) {
	t.Parallel()
	env := demoDocuments(t)
	wrongKey := map[string]string{}
	noKey := map[string]string{}
	for k, v := range env {
		wrongKey[k], noKey[k] = v, v
	}
	wrongKey["COVIEW_API_KEY"] = "0f8fad5b-d9cb-469f-a165-70867728950e"
	delete(noKey, "COVIEW_API_KEY")
	tests := []struct {
		name string
		env  map[string]string
		args []string
		code int
		want string
	}{
		{"an invalid number", env, []string{"document", "12345678901", demo.FilingWithXHTML}, 2, "not a company number"},
		{"an invalid transaction id", env, []string{"document", "00006400", "../x"}, 2, "not a transaction id"},
		{"an unknown format", env, []string{"document", "00006400", demo.FilingWithXHTML, "--format", "docx"}, 2, "pdf or xhtml"},
		{"too few arguments", env, []string{"document", "00006400"}, 2, "a company number and a filing's transaction id"},
		{"no such filing", env, []string{"document", "00006400", "Tm9TdWNoRmlsaW5n"}, 4, "has no filing Tm9TdWNoRmlsaW5n (404)"},
		{"no such company", env, []string{"document", "00009999", demo.FilingWithXHTML}, 4, "404"},
		{"a filing without a document", env, []string{"document", "00006400", demo.FilingWithoutDocument}, 4, "has no document"},
		{"a document the document API does not have", env, []string{"document", "00006400", demo.FilingDocumentMissing}, 4, "(404)"},
		{"a format it does not come in", env, []string{"document", "00006400", demo.FilingPaperAccounts, "--format", "xhtml"}, 4, "has no XHTML (iXBRL) document; it comes as PDF (--format pdf)"},
		{"no key", noKey, []string{"document", "00006400", demo.FilingWithXHTML}, 3, "no API key"},
		{"a wrong key", wrongKey, []string{"document", "00006400", demo.FilingWithXHTML}, 3, "rejected the API key"},
		{"a bad document URL", map[string]string{"COVIEW_DOCUMENT_URL": "ftp://x", "COVIEW_API_KEY": demo.Key}, []string{"document", "00006400", demo.FilingWithXHTML}, 2, "invalid document API URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			r := run(t, "", tt.env, append(tt.args, "-o", dir)...)
			if r.code != tt.code || !strings.Contains(r.stderr, tt.want) {
				t.Fatalf("exit %d, want %d; stderr %q, want it to say %q", r.code, tt.code, r.stderr, tt.want)
			}
			if got := files(t, dir); len(got) != 0 {
				t.Fatalf("left %v", got)
			}
		})
	}
}

// Issue 20, 8: a storage that sends 1,000 bytes of a document the
// document API gives as 5,000 (with a Content-Length of 1,000, so the
// transfer itself looks whole) has not sent the document: exit 1, a
// message that says the download is incomplete, and no file.
func TestDocumentThatArrivesIncompleteIsNotSaved(t *testing.T) {
	t.Parallel()
	storage := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1000")
		w.Write(append([]byte("%PDF-1.4 "), bytes.Repeat([]byte("x"), 991)...))
	}))
	defer storage.Close()
	var docs *httptest.Server
	docs = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/content") {
			http.Redirect(w, r, storage.URL+"/docs/1", http.StatusFound)
			return
		}
		fmt.Fprintf(w, `{"links":{"document":"%s/document/1/content"},"resources":{"application/pdf":{"content_length":5000}}}`, docs.URL)
	}))
	defer docs.Close()
	registry := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"transaction_id":"VDE","type":"AA","date":"2025-12-09","description":"accounts-with-accounts-type-full","links":{"document_metadata":"%s/document/1"}}`, docs.URL)
	}))
	defer registry.Close()
	for _, out := range []string{"dir", "file"} {
		t.Run("saved to a "+out, func(t *testing.T) {
			dir := t.TempDir()
			o := dir
			if out == "file" {
				o = filepath.Join(dir, "accounts.pdf")
			}
			r := run(t, "", map[string]string{"COVIEW_API_KEY": demo.Key}, "document", "00006400", "VDE", "-o", o,
				"--base-url", registry.URL, "--document-url", docs.URL)
			if r.code != 1 || !strings.Contains(r.stderr, "the download is incomplete: 1.0 kB of the 5.0 kB the document API gives as its size arrived") {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			if got := files(t, dir); len(got) != 0 {
				t.Fatalf("left %v", got)
			}
		})
	}
}

// tally counts a server's requests and those that carried a key.
type tally struct {
	mu             sync.Mutex
	requests, keys int
}

func (c *tally) wrap(h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		c.requests++
		if r.Header.Get("Authorization") != "" {
			c.keys++
		}
		c.mu.Unlock()
		h(w, r)
	})
}

func (c *tally) get() (int, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.requests, c.keys
}

// The key goes to the registry and the document API coview is pointed
// at, for every kind of redirect, and never to the storage; a metadata
// link on another origin is refused, and nothing is sent there.
func TestDocumentSendsTheKeyOnlyToTheRegistryAndTheDocumentAPI(t *testing.T) {
	t.Parallel()
	for _, status := range []int{301, 302, 303, 307, 308, 0} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			var reg, doc, sto, elsewhere tally
			var docs, storage, other *httptest.Server
			storage = httptest.NewServer(sto.wrap(func(w http.ResponseWriter, r *http.Request) {
				if r.Header.Get("Authorization") != "" || r.URL.Query().Get("sig") != "ok" {
					http.Error(w, "only one auth mechanism allowed", http.StatusForbidden)
					return
				}
				w.Write([]byte("%PDF-1.4 document\n"))
			}))
			defer storage.Close()
			other = httptest.NewServer(elsewhere.wrap(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("{}")) }))
			defer other.Close()
			docs = httptest.NewServer(doc.wrap(func(w http.ResponseWriter, r *http.Request) {
				if strings.HasSuffix(r.URL.Path, "/content") {
					w.Header().Set("Location", storage.URL+"/docs/1?sig=ok")
					w.WriteHeader(status)
					return
				}
				fmt.Fprintf(w, `{"links":{"document":"%s/document/1/content"},"resources":{"application/pdf":{"content_length":18}}}`, docs.URL)
			}))
			defer docs.Close()
			metadata := docs.URL + "/document/1"
			if status == 0 {
				metadata = other.URL + "/document/1" // a link off the document API
			}
			registry := httptest.NewServer(reg.wrap(func(w http.ResponseWriter, r *http.Request) {
				fmt.Fprintf(w, `{"transaction_id":"VDE","type":"AA","date":"2025-12-09","description":"accounts-with-accounts-type-full","links":{"document_metadata":%q}}`, metadata)
			}))
			defer registry.Close()

			dir := t.TempDir()
			r := run(t, "", map[string]string{"COVIEW_API_KEY": demo.Key}, "document", "00006400", "VDE", "-o", dir,
				"--base-url", registry.URL, "--document-url", docs.URL)
			if status == 0 {
				if r.code != 1 || !strings.Contains(r.stderr, "not on the document API") {
					t.Fatalf("exit %d: %s", r.code, r.stderr)
				}
				if n, _ := elsewhere.get(); n != 0 {
					t.Fatalf("the other origin got %d requests", n)
				}
				return
			}
			if r.code != 0 || len(files(t, dir)) != 1 {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			for _, c := range []struct {
				name        string
				t           *tally
				n, withKeys int
			}{{"registry", &reg, 1, 1}, {"document API", &doc, 2, 2}, {"storage", &sto, 1, 0}} {
				if n, k := c.t.get(); n != c.n || k != c.withKeys {
					t.Errorf("the %s got %d requests, %d with the key; want %d and %d", c.name, n, k, c.n, c.withKeys)
				}
			}
		})
	}
}
