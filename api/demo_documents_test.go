package api

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"coview/api/demo"
)

// demoDocuments runs the whole demo and returns clients for it.
func demoDocuments(t *testing.T, opts demo.ServeOptions) (*Client, *DocumentClient) {
	t.Helper()
	s, err := demo.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	c, err := New(Options{BaseURL: s.RegistryURL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	d, err := NewDocumentClient(c, DocumentOptions{BaseURL: s.DocumentURL})
	if err != nil {
		t.Fatal(err)
	}
	return c, d
}

// The demo's documents, through the same calls the browser and the
// command line make: filing, metadata, save; each is the filing's, as
// large as its metadata says.
func TestTheDemoDocumentsAreTheirFilingsInEveryFormat(t *testing.T) {
	c, d := demoDocuments(t, demo.ServeOptions{})
	ctx := context.Background()
	f, err := c.Filing(ctx, "/company/00006400/filing-history/"+demo.FilingWithXHTML)
	if err != nil {
		t.Fatal(err)
	}
	m, err := d.Metadata(ctx, f.Links.DocumentMetadata)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for format, want := range map[string]string{
		FormatPDF:   "00006400 2025-12-09 AA full accounts.pdf",
		FormatXHTML: "00006400 2025-12-09 AA full accounts.xhtml",
	} {
		path, err := saveDocument(ctx, d, m, format, dir, want, nil)
		if err != nil || path != filepath.Join(dir, want) {
			t.Fatalf("%s saved as %q: %v", format, path, err)
		}
		body, _ := os.ReadFile(path)
		if int64(len(body)) != m.Size(format) || !bytes.Contains(body, []byte(demo.FilingWithXHTML)) {
			t.Errorf("%s: %d bytes, not the filing's document", want, len(body))
		}
	}
	for _, tt := range []struct {
		filing string
		want   error
	}{
		{demo.FilingWithoutDocument, ErrNoDocument},
		{demo.FilingDocumentMissing, ErrNotFound},
	} {
		f, err := c.Filing(ctx, "/company/00006400/filing-history/"+tt.filing)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.Metadata(ctx, f.Links.DocumentMetadata); !errors.Is(err, tt.want) {
			t.Errorf("filing %s: %v, want %v", tt.filing, err, tt.want)
		}
	}
}

// The slow document shows a progress bar its size, and cancelling it
// midway leaves nothing.
func TestTheDemosSlowDocumentReportsProgressAndCancels(t *testing.T) {
	c, d := demoDocuments(t, demo.ServeOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f, err := c.Filing(ctx, "/company/00006400/filing-history/"+demo.FilingSlowDocument)
	if err != nil {
		t.Fatal(err)
	}
	m, err := d.Metadata(ctx, f.Links.DocumentMetadata)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var last Progress
	_, err = saveDocument(ctx, d, m, "", dir, "slow.pdf", func(p Progress) {
		last = p
		if p.Done >= 1_000_000 {
			cancel()
		}
	})
	if !errors.Is(err, ErrCanceled) || last.Total != 20_000_000 || last.Done < 1_000_000 || last.Done >= 20_000_000 {
		t.Fatalf("%v after %+v", err, last)
	}
	emptyDir(t, dir)
}
