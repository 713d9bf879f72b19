package save_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"coview/api"
	"coview/save"
)

// A document's download saved the way the browser and coview document
// save it, over loopback: a document API whose metadata gives the size
// as says bytes, and a storage that sends sent bytes with a matching
// Content-Length.
func downloadInto(t *testing.T, dir string, says, sent int) (string, error) {
	t.Helper()
	body := append([]byte("%PDF-1.4 "), bytes.Repeat([]byte("x"), sent-9)...)
	storage := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", fmt.Sprint(len(body)))
		w.Write(body)
	}))
	t.Cleanup(storage.Close)
	var docs *httptest.Server
	docs = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/content") {
			http.Redirect(w, r, storage.URL+"/docs/1", http.StatusFound)
			return
		}
		fmt.Fprintf(w, `{"links":{"document":"%s/document/1/content"},"resources":{"application/pdf":{"content_length":%d}}}`, docs.URL, says)
	}))
	t.Cleanup(docs.Close)
	reg, err := api.New(api.Options{BaseURL: docs.URL, Key: "0f8fad5b-d9cb-469f-a165-70867728950e"})
	if err != nil {
		t.Fatal(err)
	}
	dc, err := api.NewDocumentClient(reg, api.DocumentOptions{BaseURL: docs.URL})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	meta, err := dc.Metadata(ctx, docs.URL+"/document/1")
	if err != nil {
		t.Fatal(err)
	}
	return save.Into(dir, "00006400 2025-12-09 AA full accounts.pdf", func(w io.Writer) error {
		_, err := dc.Download(ctx, meta, api.FormatPDF, w, nil)
		return err
	})
}

// Issue 20, 8: 1,000 bytes of a document of 5,000 are not the document.
// The download is incomplete, says so, and nothing is kept; the same
// document whole is saved.
func TestAnIncompleteDownloadIsNotSaved(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	_, err := downloadInto(t, dir, 5000, 1000)
	if !errors.Is(err, api.ErrBadResponse) || !strings.Contains(err.Error(), "incomplete: 1.0 kB of the 5.0 kB") {
		t.Fatalf("%v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("an incomplete download left %v", entries)
	}
	path, err := downloadInto(t, dir, 5000, 5000)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() != 5000 {
		t.Fatalf("%s: %v", path, err)
	}
}
