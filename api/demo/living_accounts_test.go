package demo_test

import (
	"context"
	"io"
	"log"
	"strings"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
	"coview/figures"
)

// The tea room's accounts come as inline XBRL from the document API, as
// a company's that files electronically do: each accounts filing links
// to its document while it is in the history, and the document reads
// back into its year's figures and the year before's.
func TestTheLivingFilersAccountsComeAsInlineXBRL(t *testing.T) {
	t.Parallel()
	clock := newLivingClock(demo.LivingEventAt(demo.LivingFirst, 47520).Add(time.Minute))
	s, err := demo.Start(demo.ServeOptions{Options: demo.Options{Now: clock.now, Limit: plenty}, ErrorLog: log.New(io.Discard, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	c, err := api.New(api.Options{BaseURL: s.RegistryURL, Key: demo.Key})
	if err != nil {
		t.Fatal(err)
	}
	docs, err := api.NewDocumentClient(c, api.DocumentOptions{BaseURL: s.DocumentURL})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	fh, err := c.FilingHistory(ctx, api.FilingHistoryLink("/company/"+demo.LivingFirst+"/filing-history", []string{"accounts"}), api.Page{ItemsPerPage: 100})
	if err != nil || len(fh.Items) == 0 {
		t.Fatalf("%v", err)
	}
	newest := fh.Items[0]
	if newest.Values()["made_up_date"] != "2026-03-31" || newest.Links.DocumentMetadata == "" {
		t.Fatalf("the newest accounts %+v", newest)
	}
	meta, err := docs.Metadata(ctx, newest.Links.DocumentMetadata)
	if err != nil || !meta.Has(api.FormatXHTML) {
		t.Fatalf("metadata %+v, %v", meta, err)
	}
	body, err := docs.Content(ctx, meta, api.FormatXHTML, 0)
	if err != nil {
		t.Fatal(err)
	}
	r, err := figures.Read(body, figures.Options{})
	if err != nil || len(r.Problems) != 0 {
		t.Fatalf("%v %v", err, r.Problems)
	}
	now, _ := r.Figure(time.Date(2026, 3, 31, 0, 0, 0, 0, time.UTC), false, figures.NetAssets)
	then, _ := r.Figure(time.Date(2025, 3, 31, 0, 0, 0, 0, time.UTC), false, figures.NetAssets)
	if now.Value.String() != "10212" || then.Value.String() != "59992" {
		t.Errorf("net assets %s, the year before %s", now.Value, then.Value)
	}
	for _, f := range fh.Items {
		if annual := strings.HasPrefix(f.Description, "accounts-with-"); annual == (f.Links.DocumentMetadata == "") {
			t.Errorf("%s of %s: document %q", f.Description, f.Date, f.Links.DocumentMetadata)
		}
	}
}
