package cli

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"coview/api/demo"
)

// Every --json output escapes what a terminal would obey, as connections
// --json always did: the watch list's included (issue 31, item 7), whose
// check, changes, list and deadlines wrote U+009B and U+202E raw. The
// escapes are JSON's own, so the document still says the same name.
func TestEveryJSONOfTheWatchListEscapesWhatATerminalWouldObey(t *testing.T) {
	t.Parallel()
	const (
		plain  = "TICKTOCK TEA ROOMS"
		spoilt = `TICKTOCK\u009b2J TEA \u202eROOMS` // as the registry's JSON writes it
		name   = "TICKTOCK\u009b2J TEA \u202eROOMS"
	)
	at := demo.LivingEventAt("00006420", 1004) // a new name
	w := newWatchWorld(t, at.Add(-30*time.Second), demo.Options{})
	inner := w.srv.Config.Handler
	w.srv.Config.Handler = http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		inner.ServeHTTP(rec, r)
		for k, v := range rec.Header() {
			if k != "Content-Length" {
				rw.Header()[k] = v
			}
		}
		rw.WriteHeader(rec.Code)
		rw.Write(bytes.ReplaceAll(rec.Body.Bytes(), []byte(plain), []byte(spoilt)))
	})
	if r := w.run(t, "", "watch", "add", "00006420"); r.code != 0 {
		t.Fatalf("watch add: %d %q", r.code, r.stderr)
	}
	w.run(t, "", "watch", "check")
	w.clock.set(at.Add(30 * time.Second))

	for _, args := range [][]string{
		{"watch", "check", "--json"},
		{"watch", "changes", "--json"},
		{"watch", "list", "--json"},
		{"watch", "deadlines", "--json"},
	} {
		r := w.run(t, "", args...)
		what := "coview " + strings.Join(args, " ")
		if r.code != 0 || r.stdout == "" {
			t.Fatalf("%s: exit %d, stdout %q, stderr %q", what, r.code, r.stdout, r.stderr)
		}
		assertNothingRaw(t, what, r.stdout)
		if !strings.Contains(r.stdout, `\u009b`) || !strings.Contains(r.stdout, `\u202e`) {
			t.Errorf("%s: the name's characters are not escaped: %s", what, r.stdout)
		}
		for _, l := range lines(r.stdout) {
			var v map[string]any
			if err := json.Unmarshal([]byte(l), &v); err != nil {
				t.Fatalf("%s: %v in %s", what, err, l)
			}
			if got, _ := v["company_name"].(string); !strings.HasPrefix(got, name) {
				t.Errorf("%s: company_name reads back as %q, want it to begin %q", what, got, name)
			}
		}
	}
}

// One writer for every --json output: nothing in internal/cli encodes
// JSON but jsonout.go, whose writers escape what a terminal would obey.
func TestNothingButJSONOutWritesJSON(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "jsonout.go" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, f, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "json" {
				switch sel.Sel.Name {
				case "Marshal", "MarshalIndent", "NewEncoder":
					t.Errorf("%s: json.%s: write JSON with jsonout.go's writers (writeJSON, writeJSONValue, writeJSONDocument)", fset.Position(sel.Pos()), sel.Sel.Name)
				}
			}
			return true
		})
	}
}
