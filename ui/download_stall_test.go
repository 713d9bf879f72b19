package ui

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"coview/api"
	"coview/ui/common"
)

// stallingDocuments is a document API whose storage sends the first
// 40,000 bytes of a 100,000-byte document at once, then nothing until
// the download is given up: a stall, as a slow or broken storage host
// makes one.
func stallingDocuments(t *testing.T) (docs *api.DocumentClient, metadata string) {
	t.Helper()
	storage := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/pdf")
		w.Header().Set("Content-Length", "100000")
		w.Write([]byte(strings.Repeat("%", 40_000)))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	t.Cleanup(storage.Close)
	docAPI := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/document/T1":
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"links":{"self":"/document/T1","document":"/document/T1/content"},
				"resources":{"application/pdf":{"content_length":100000}}}`))
		case "/document/T1/content":
			http.Redirect(w, r, storage.URL+"/blob", http.StatusFound)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(docAPI.Close)
	reg, err := api.New(api.Options{BaseURL: docAPI.URL, Key: "test-key"})
	if err != nil {
		t.Fatal(err)
	}
	docs, err = api.NewDocumentClient(reg, api.DocumentOptions{BaseURL: docAPI.URL})
	if err != nil {
		t.Fatal(err)
	}
	return docs, docAPI.URL + "/document/T1"
}

// Issue 20, item 9: while a download stalls, its line shows what has
// arrived (40 kB), not the 0 bytes of the document API's last report.
func TestAStalledDownloadShowsWhatHasArrived(t *testing.T) {
	t.Parallel()
	docs, metadata := stallingDocuments(t)
	f := fakeWith(t, "00000001")
	filing := makeFilings(1)
	filing[0].TransactionID = "T1"
	filing[0].Links.Self = "/company/00000001/filing-history/T1"
	filing[0].Links.DocumentMetadata = metadata
	f.filings["/company/00000001/filing-history"] = filing
	b := startBrowser(t, f, Options{Numbers: []api.Number{"00000001"}, Documents: docs, DownloadDir: t.TempDir}, 100, 30)
	b.onCompany("00000001")
	b.send(common.OpenLinkMsg{Link: "/company/00000001/filing-history", Title: "Filing history"})
	b.waitUntil("on the filing history", func(s snapshot) bool { return len(s.rows) == 1 })
	b.keys("d")
	s := b.waitUntil("40,000 bytes shown as received", func(s snapshot) bool { return s.downloading && s.received == 40_000 })
	mustContain(t, s.screen, "40%  40.0 kB of 100.0 kB")
	mustNotContain(t, s.screen, "0 bytes")
	b.keys("esc")
	b.waitUntil("the download cancelled", func(s snapshot) bool { return !s.downloading })
}
