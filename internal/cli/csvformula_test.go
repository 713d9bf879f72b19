package cli

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"coview/api/demo"
	"coview/internal/testkit"
)

// formulaStarts are what a spreadsheet runs a cell beginning with as a
// formula.
var formulaStarts = map[string]string{
	"company_name": "=", "title": "+", "address_line_1": "@", "locality": "-", "premises": "\t", "postal_code": "\r",
}

// formulaRegistry is the demo registry whose names and addresses begin
// as formulas do: =HYPERLINK(...) in a company's name, and so on.
func formulaRegistry(t *testing.T) *testkit.Server {
	t.Helper()
	h := demo.NewHandler(demo.Options{Limit: testkit.Plenty})
	var begin func(v any, key string) any
	begin = func(v any, key string) any {
		switch x := v.(type) {
		case map[string]any:
			for k, val := range x {
				x[k] = begin(val, k)
			}
		case []any:
			for i := range x {
				x[i] = begin(x[i], key)
			}
		case string:
			if p, ok := formulaStarts[key]; ok {
				return p + x
			}
		}
		return v
	}
	return testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		var v any
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		if dec.Decode(&v) == nil {
			body, _ = json.Marshal(begin(v, ""))
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

// Issue 31, item 10: no cell of a CSV coview writes is run by a
// spreadsheet as a formula, whether the registry's or the entry given.
func TestNoCSVCellIsAFormula(t *testing.T) {
	t.Parallel()
	srv := formulaRegistry(t)
	for _, args := range [][]string{
		{"screen", "--csv", "6400", "=6401", "+6403", "@SC006405", "--", "-Gooseberry Fool"},
		{"search", "--csv", "--sic", "62020"},
	} {
		t.Run(args[0], func(t *testing.T) {
			t.Parallel()
			r := run(t, "", demoEnv(srv), args...)
			records, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
			if err != nil || len(records) < 3 {
				t.Fatalf("exit %d, %v: %s\nstderr %s", r.code, err, r.stdout, r.stderr)
			}
			made := 0
			for _, rec := range records[1:] {
				for _, cell := range rec {
					if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
						t.Errorf("a cell a spreadsheet runs: %q in %q", cell, rec)
					}
					if strings.HasPrefix(cell, "'=") {
						made++
					}
				}
			}
			if made == 0 {
				t.Fatalf("no name began with a formula: %s", r.stdout)
			}
		})
	}
}
