package ui

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/internal/testkit"
	"coview/internal/testkit/testclient"
)

// hostileAccounts is a registry with one company, 04123456, whose two
// accounts filings link to a document API serving bodies: inline XBRL
// that is data to be cleaned, as anything from a document is.
func hostileAccounts(t *testing.T, bodies ...string) (*api.Client, Options) {
	t.Helper()
	docs := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var i int
		if _, err := fmt.Sscanf(r.URL.Path, "/document/d%d", &i); err != nil || i >= len(bodies) {
			http.NotFound(w, r)
			return
		}
		if strings.HasSuffix(r.URL.Path, "/content") {
			w.Header().Set("Content-Type", "application/xhtml+xml")
			fmt.Fprint(w, bodies[i])
			return
		}
		fmt.Fprintf(w, `{"links":{"document":"/document/d%d/content"},"resources":{"application/xhtml+xml":{"content_length":%d}}}`, i, len(bodies[i]))
	}))
	reg := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/company/04123456" {
			fmt.Fprint(w, `{"company_number":"04123456","company_name":"CRUMPET & SONS BAKERY LIMITED","company_status":"active","type":"ltd",`+
				`"accounts":{"last_accounts":{"made_up_to":"2025-03-31","type":"small"}},`+
				`"links":{"self":"/company/04123456","filing_history":"/company/04123456/filing-history"}}`)
			return
		}
		var items []string
		for i := range bodies {
			items = append(items, fmt.Sprintf(`{"transaction_id":"T%d\u009b2J","category":"accounts","type":"AA","date":"%d-12-01",`+
				`"description":"accounts-with-accounts-type-small","description_values":{"made_up_date":"%d-03-31"},"links":{"document_metadata":"%s/document/d%d"}}`,
				i, 2025-i, 2025-i, docs.URL, i))
		}
		fmt.Fprintf(w, `{"items":[%s],"total_count":%d,"items_per_page":100,"start_index":0}`, strings.Join(items, ","), len(items))
	}))
	c := testclient.For(t, reg.URL)
	d, err := api.NewDocumentClient(c, api.DocumentOptions{BaseURL: docs.URL})
	if err != nil {
		t.Fatal(err)
	}
	return c, Options{Documents: d}
}

func figureFixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "figures", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Text from a document (a context's id, a number's text, the company's
// name) reaches the accounts pane, the table of years and the sources
// cleaned; what could not be read is said, and every figure that could
// be read is shown.
func TestTextFromAccountsReachesTheScreenCleaned(t *testing.T) {
	t.Parallel()
	venom := strings.NewReplacer("instant_2025", "instant\u009b2J\u202e2025", "CRUMPET &amp; SONS", "CRUMPET \u202e&amp; SONS\u009b2J").
		Replace(figureFixture(t, "frs102-small.xhtml"))
	reg, opts := hostileAccounts(t, venom, figureFixture(t, "text-in-number.xhtml"))
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		m := testModel(t, reg, opts)
		send(t, m, tea.WindowSizeMsg{Width: size.w, Height: size.h})
		send(t, m, tea.PasteMsg{Content: "04123456\n"})
		press(t, m, "3")
		nothingRaw(t, m, "the accounts pane")
		mustContain(t, screen(m), "year to 31 March 2025", "£324,914")
		press(t, m, "enter")
		nothingRaw(t, m, "the table of years")
		press(t, m, "end")
		mustContain(t, screen(m), "could not read net assets from")
		press(t, m, "enter")
		nothingRaw(t, m, "the sources")
		mustContain(t, screen(m), "context instant<U+009B>2J<U+202E>2025")
	}
}
