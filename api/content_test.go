package api

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

func TestContentReadsADocumentIntoMemory(t *testing.T) {
	w := newWorld(t)
	w.resources = `{"application/pdf":{"content_length":10},"application/xhtml+xml":{"content_length":` + strconv.Itoa(len(w.body)) + `}}`
	var accept string
	w.content = func(rw http.ResponseWriter, r *http.Request) {
		accept = r.Header.Get("Accept")
		w.redirectTo(rw, http.StatusFound, w.storage.URL+"/docs/1?"+signature)
	}
	got, err := w.documents.Content(context.Background(), w.metadata(), FormatXHTML, 1<<20)
	if err != nil || !bytes.Equal(got, w.body) || accept != FormatXHTML {
		t.Fatalf("%d bytes, Accept %q: %v", len(got), accept, err)
	}
	if _, withKey := w.sto.counts(); withKey != 0 {
		t.Fatalf("the storage was sent the key: %s", w.sto)
	}
}

// Larger than the bound: refused by the metadata before the content is
// asked for, or by the bytes as they come when the metadata says less.
func TestContentLargerThanItsBoundIsRefused(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	_, err := w.documents.Content(ctx, w.metadata(), FormatPDF, 1000)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "more than the 1.0 kB read into memory") {
		t.Fatalf("%v", err)
	}
	if n, _ := w.doc.counts(); n != 1 {
		t.Fatalf("the content was asked for: %s", w.doc)
	}
	w.resources = `{"application/pdf":{"content_length":500}}`
	_, err = w.documents.Content(ctx, w.metadata(), FormatPDF, 1000)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "read into memory") {
		t.Fatalf("%v", err)
	}
}
