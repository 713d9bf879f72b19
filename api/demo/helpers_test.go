package demo_test

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"coview/api/demo"
)

// plenty is a rate limit no test that is not about rate limits will reach.
const plenty = 1 << 30

// serve starts the demo registry on a loopback port for the length of the test.
func serve(t *testing.T, opts demo.Options) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(demo.NewHandler(opts))
	t.Cleanup(srv.Close)
	return srv
}

// basic is the Authorization value for a key with an empty password, the way
// the spec says a client sends it.
func basic(key string) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(key+":"))
}

// fetch makes one request with the given Authorization value ("" for none)
// and returns the response with its body read.
func fetch(t *testing.T, srv *httptest.Server, method, path, authorization string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// get is an authenticated GET.
func get(t *testing.T, srv *httptest.Server, path string) (*http.Response, []byte) {
	t.Helper()
	return fetch(t, srv, http.MethodGet, path, basic(demo.Key))
}

// getJSON is an authenticated GET that must answer 200 with JSON.
func getJSON(t *testing.T, srv *httptest.Server, path string, into any) {
	t.Helper()
	resp, body := get(t, srv, path)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: status %d, body %s", path, resp.StatusCode, body)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		t.Fatalf("GET %s: Content-Type %q", path, ct)
	}
	if err := json.Unmarshal(body, into); err != nil {
		t.Fatalf("GET %s: %v in %s", path, err, body)
	}
}

func fixture(t *testing.T, number, file string) []byte {
	t.Helper()
	data, err := readFixture(number, file)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// readFixture reads a fixture file as the package sees it: a file kept
// gzipped (file + ".gz") is read decompressed.
func readFixture(number, file string) ([]byte, error) {
	name := filepath.Join("fixtures", number, file)
	data, err := os.ReadFile(name)
	if !os.IsNotExist(err) {
		return data, err
	}
	z, zerr := os.ReadFile(name + ".gz")
	if zerr != nil {
		return nil, err
	}
	r, zerr := gzip.NewReader(bytes.NewReader(z))
	if zerr != nil {
		return nil, zerr
	}
	return io.ReadAll(r)
}
