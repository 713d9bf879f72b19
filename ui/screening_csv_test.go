package ui

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/api/demo"
)

// Issue 31, item 10: a screening saved (d) writes its CSV with the one
// writer of every export: a company's name that begins as a formula
// (=HYPERLINK(...), from the registry) is saved as text.
func TestASavedScreeningWritesNoFormula(t *testing.T) {
	h := demo.NewHandler(demo.Options{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		var v map[string]any
		if json.Unmarshal(body, &v) == nil && v["company_name"] != nil {
			v["company_name"] = fmt.Sprint("=HYPERLINK(1)", v["company_name"])
			body, _ = json.Marshal(v)
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
	dir := t.TempDir()
	m := testModel(t, reg, Options{DownloadDir: func() string { return dir }})
	send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	send(t, m, tea.PasteMsg{Content: "6400\n6403\n@6401\n"})
	press(t, m, "d")
	records := readCSV(t, filepath.Join(dir, "coview screening 2026-11-22, 3 rows.csv"))
	if len(records) != 4 {
		t.Fatalf("saved %q", records)
	}
	for i, rec := range records[1:] {
		if i < 2 && !strings.HasPrefix(rec[2], "'=HYPERLINK(1)") || rec[0][0] == '@' {
			t.Errorf("saved %q", rec)
		}
	}
}
