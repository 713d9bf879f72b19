package present

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"coview/api"
	"coview/api/demo"
	"coview/present/labels"
)

// TestAFilingHistoryReadsAsTheRegistrysPagesRead is the golden of
// 00006400's filing history as --plain prints it: each description in the
// registry's words, its dates written out, capital figures kept. Run with
// -update to rewrite testdata/ after a change that is meant.
func TestAFilingHistoryReadsAsTheRegistrysPagesRead(t *testing.T) {
	_, pg := follow(t, demoRegistry(t), "/company/00006400/filing-history?items_per_page=100")
	var b bytes.Buffer
	WritePage(&b, pg, true)
	golden.RequireEqual(t, b.Bytes())
}

// The words the registry's pages show in bold are accents of the
// description cell, and they mark words, not spaces.
func TestWhatAFilingIsIsEmphasised(t *testing.T) {
	_, pg := follow(t, demoRegistry(t), "/company/00006400/filing-history")
	marked := 0
	for _, it := range pg.Items {
		desc := 4 // the description: after the Doc and Pages columns, before the category
		for _, a := range it.Accents {
			if a.Kind != Emphasis || a.Cell != desc {
				t.Errorf("accent %+v on %q", a, it.Cells)
				continue
			}
			part := it.Cells[desc][a.Start:a.End]
			if part == "" || strings.TrimSpace(part) != part || strings.Contains(part, "*") {
				t.Errorf("emphasis on %q of %q", part, it.Cells[desc])
			}
			marked++
		}
	}
	if marked < len(pg.Items)/2 {
		t.Errorf("%d emphasised parts in %d filings", marked, len(pg.Items))
	}
}

func TestAStatementOfCapitalKeepsItsFigures(t *testing.T) {
	_, pg := follow(t, demoRegistry(t), "/company/00006400/filing-history?items_per_page=100")
	found := false
	for _, it := range pg.Items {
		if it.Cells[1] == "SH01" {
			found = true
			if want := "Statement of capital following an allotment of shares on 30 September 2019: GBP 1,250.00"; it.Cells[4] != want {
				t.Errorf("SH01 reads %q, want %q", it.Cells[4], want)
			}
		}
	}
	if !found {
		t.Fatal("no SH01 in 00006400's filings")
	}
}

// A history the registry cannot give says why, in a sentence
// (labels.FilingHistoryStatus: coview's own, then the registry's words).
func TestAHistoryNotAvailableSaysWhyInASentence(t *testing.T) {
	body := `{"etag":"","kind":"filing-history","filing_history_status":"filing-history-not-available-royal-charter","items_per_page":25,"start_index":0,"total_count":0}`
	pg := servedPage(t, "/company/RC000123/filing-history", body)
	if want := "The registry keeps no filing history for bodies incorporated by royal charter; ask the body itself."; pg.Summary != want || pg.Empty != want {
		t.Errorf("summary %q, want %q", pg.Summary, want)
	}
}

// Every filing the demo serves (its resolutions, associated filings and
// annotations too) has a description key the registry publishes, with the
// values its sentence needs, so that the demo reads as the registry's own
// data does. The registry's unpublished "legacy" carries its text in its
// values.
func TestEveryDemoFilingUsesAKeyTheRegistryPublishes(t *testing.T) {
	srv := httptest.NewServer(demo.NewHandler(demo.Options{Limit: 1 << 30}))
	t.Cleanup(srv.Close)
	c, err := api.New(api.Options{BaseURL: srv.URL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, number := range demo.Numbers() {
		for start := 0; ; {
			res, _ := api.Route("/company/" + number + "/filing-history")
			a, err := c.Fetch(context.Background(), res, api.Page{StartIndex: start, ItemsPerPage: 100})
			if err != nil {
				t.Fatalf("%s: %v", number, err)
			}
			fh, ok := api.Value[*api.FilingHistory](a)
			if !ok {
				t.Fatalf("%s: the answer holds no filing history", number)
			}
			for _, f := range fh.Items {
				seen++
				checkDemoDescription(t, number+" "+f.TransactionID, f.Description, f.Values())
			}
			for _, part := range partsOf(t, a.Raw) {
				checkDemoDescription(t, number+" "+part.where, part.Description, part.Values)
			}
			start += len(fh.Items)
			if len(fh.Items) == 0 || start >= fh.Total() {
				break
			}
		}
	}
	if seen < 5000 {
		t.Errorf("%d filings walked", seen)
	}
}

func checkDemoDescription(t *testing.T, where, key string, values map[string]string) {
	t.Helper()
	if key == "legacy" && values["description"] != "" {
		return
	}
	if !labels.IsFilingDescription(key) {
		t.Errorf("%s: %q is not a key the registry publishes", where, key)
		return
	}
	if got := labels.FilingDescription(key, values); strings.ContainsAny(got, "{}") || got == "" {
		t.Errorf("%s: %q reads %q", where, key, got)
	}
}

type filingPart struct {
	where       string
	Description string
	Values      map[string]string
}

// partsOf reads the resolutions, associated filings and annotations of
// the filings in a page as received.
func partsOf(t *testing.T, raw []byte) []filingPart {
	var page struct {
		Items []map[string]json.RawMessage `json:"items"`
	}
	if err := json.Unmarshal(raw, &page); err != nil {
		t.Fatal(err)
	}
	var out []filingPart
	for _, it := range page.Items {
		for _, member := range []string{"resolutions", "associated_filings", "annotations"} {
			var parts []struct {
				Description string            `json:"description"`
				Values      map[string]string `json:"description_values"`
			}
			json.Unmarshal(it[member], &parts)
			for _, p := range parts {
				var id string
				json.Unmarshal(it["transaction_id"], &id)
				out = append(out, filingPart{id + " " + member, p.Description, p.Values})
			}
		}
	}
	return out
}

// A filing's pages and category (issue 25) are columns the browser draws
// when there is room, and leaves out of --plain, whose columns stay as
// they were (--json has both, as the registry sent them).
func TestAFilingsPagesAndCategoryAreTheBrowsersColumnsAlone(t *testing.T) {
	body := `{"total_count":2,"items":[
		{"type":"AA","date":"2024-12-10","category":"accounts","pages":19,"description":"legacy","description_values":{"description":"Full accounts"},"links":{"self":"/company/00000001/filing-history/A","document_metadata":"https://document-api.example/document/A"}},
		{"type":"PSC01","date":"2017-02-01","category":"persons-with-significant-control","description":"legacy","description_values":{"description":"Notification"},"links":{"self":"/company/00000001/filing-history/B"}}]}`
	pg := servedPage(t, "/company/00000001/filing-history", body)
	var titles []string
	for _, c := range pg.Columns {
		titles = append(titles, c.Title)
	}
	if want := []string{"Date", "Type", "Doc", "Pages", "Description", "Category"}; !slices.Equal(titles, want) {
		t.Fatalf("columns %q, want %q", titles, want)
	}
	for _, i := range []int{3, 5} {
		if c := pg.Columns[i]; !c.Optional || !c.ScreenOnly {
			t.Errorf("column %s: optional %v, on screen alone %v", c.Title, c.Optional, c.ScreenOnly)
		}
	}
	if got := pg.Items[0].Cells; got[3] != "19" || got[5] != "Accounts" {
		t.Errorf("the first filing's cells %q: want 19 pages, in Accounts", got)
	}
	if got := pg.Items[1].Cells; got[3] != "" || got[5] != "People with significant control" {
		t.Errorf("a filing without pages: cells %q", got)
	}
	var b bytes.Buffer
	WritePage(&b, pg, true)
	lines := strings.Split(b.String(), "\n")
	if want := "Date         Type   Doc  Description"; lines[2] != want {
		t.Errorf("--plain's heading %q, want %q", lines[2], want)
	}
	if want := "10 Dec 2024  AA     yes  Full accounts"; lines[3] != want {
		t.Errorf("--plain's first row %q, want %q", lines[3], want)
	}
	if strings.Contains(b.String(), "Accounts") || strings.Contains(b.String(), "19") {
		t.Errorf("--plain printed a column of the browser's alone:\n%s", b.String())
	}
}
