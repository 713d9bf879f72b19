package faults

import (
	"encoding/json"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The fault registry starts servers and imports testing: it belongs in
// tests only, never in what a user runs.
func TestOnlyTestsImportTheFaultRegistry(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found at %s: %v", root, err)
	}
	const self = "coview/api/faults"
	checked := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return nil // someone else's file mid-edit; the compiler will say
		}
		checked++
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == self {
				t.Errorf("%s imports %s; only _test.go files may", path, self)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("no Go files checked")
	}
}

func TestEveryFaultHasAName(t *testing.T) {
	for f := OK; f < numFaults; f++ {
		if names[f] == "" || strings.HasPrefix(f.String(), "Fault(") {
			t.Errorf("fault %d has no name", int(f))
		}
	}
}

// The faults are only worth testing with if they happen as described: a
// plain client, which checks nothing, sees each of them.
func TestAScriptRunsInOrderThenTheFaultThereafter(t *testing.T) {
	s := New(t).Script(NotFound, Status503Empty).Thereafter(Status502HTML)
	var got []int
	for range 4 {
		resp, err := http.Get(s.URL + "/company/00006400")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		got = append(got, resp.StatusCode)
	}
	if want := []int{404, 503, 502, 502}; !slices.Equal(got, want) {
		t.Fatalf("statuses %v, want %v", got, want)
	}
	for i, r := range s.Requests() {
		if r.N != i+1 || r.Path != "/company/00006400" || r.Fault.Status() != got[i] {
			t.Errorf("request %d recorded as %+v", i+1, r)
		}
	}
}

func TestARedirectElsewhereReachesElsewhereIfFollowed(t *testing.T) {
	s := New(t).Script(RedirectElsewhere)
	resp, err := http.Get(s.URL + "/company/00006400?x=1")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || s.Count() != 1 || s.Elsewhere.Count() != 1 {
		t.Fatalf("status %d; registry %d requests, elsewhere %d", resp.StatusCode, s.Count(), s.Elsewhere.Count())
	}
	if r := s.Elsewhere.Requests()[0]; r.Path != "/company/00006400" || r.Query != "x=1" {
		t.Fatalf("elsewhere got %+v", r)
	}
	if s.Elsewhere.Elsewhere != nil {
		t.Fatal("Elsewhere has an elsewhere of its own")
	}
}

func TestAHugeBodyIsWellFormedAndExactlyItsSize(t *testing.T) {
	s := New(t).Script(Huge)
	s.HugeSize = 1 << 20
	resp, err := http.Get(s.URL + "/company/00006400")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || int64(len(body)) != s.HugeSize || resp.ContentLength != s.HugeSize {
		t.Fatalf("read %d bytes (Content-Length %d), err %v; want %d", len(body), resp.ContentLength, err, s.HugeSize)
	}
	var p struct {
		Name string `json:"company_name"`
	}
	if err := json.Unmarshal(body, &p); err != nil || len(p.Name) < 1<<19 {
		t.Fatalf("not a well-formed profile: %v", err)
	}
}

func TestTheBrokenBodiesAreBrokenAsDescribed(t *testing.T) {
	s := New(t).Script(Truncated, InvalidUTF8, WrongTypes, DeepNesting, Reset)
	s.Depth = 20_000
	get := func() ([]byte, error) {
		resp, err := http.Get(s.URL + "/company/00006400")
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		return io.ReadAll(resp.Body)
	}
	if _, err := get(); err == nil {
		t.Error("Truncated: the body was read in full")
	}
	if b, err := get(); err != nil || !strings.Contains(string(b), InvalidUTF8Name) {
		t.Errorf("InvalidUTF8: the bad bytes did not arrive: %q, %v", b, err)
	}
	if b, err := get(); err != nil || !json.Valid(b) || !strings.Contains(string(b), Name) {
		t.Errorf("WrongTypes: not valid JSON with the good name: %v", err)
	}
	if b, err := get(); err != nil || json.Valid(b) || !strings.Contains(string(b), strings.Repeat("[", 20_000)) {
		t.Errorf("DeepNesting: want JSON nested past encoding/json's limit, got %d bytes, %v", len(b), err)
	}
	if _, err := get(); err == nil {
		t.Error("Reset: an answer arrived")
	}
}

func TestTheSamePageComesWhateverPageIsAsked(t *testing.T) {
	s := New(t).Thereafter(SamePage)
	var first []byte
	for _, path := range []string{"/search/companies?q=x&items_per_page=100&start_index=0", "/advanced-search/companies?company_status=active&size=5000&start_index=5000",
		"/dissolved-search/companies?q=x&search_type=best-match&start_index=100"} {
		resp, err := http.Get(s.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		var page struct {
			Total int `json:"total_results"`
			Hits  int `json:"hits"`
			Items []struct {
				Name string `json:"company_name"`
			} `json:"items"`
		}
		if err != nil || json.Unmarshal(body, &page) != nil || len(page.Items) != PageItems || page.Total != PageCount || page.Hits != PageCount || page.Items[0].Name != PagedName(1) {
			t.Fatalf("%s: %v, %s", path, err, body)
		}
		if first == nil {
			first = body
		} else if string(body) != string(first) {
			t.Errorf("%s: another page", path)
		}
	}
}
