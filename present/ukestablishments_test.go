package present

import (
	"slices"
	"testing"

	"coview/api"
)

func TestUKEstablishmentsOpenTheirCompanies(t *testing.T) {
	c := demoRegistry(t)
	_, pg := follow(t, c, "/company/FC006406/uk-establishments")
	if pg.Summary != "1 UK establishment" || pg.Total != 1 {
		t.Errorf("summary %q, total %d", pg.Summary, pg.Total)
	}
	if got := listRows(pg); !slices.Equal(got, []string{"FREEDONIAN RUBBER DUCK EXPORTS S.A. | BR006410 | Open | Brewminster"}) {
		t.Errorf("rows %q", got)
	}
	it := pg.Items[0]
	if got := cellAccents(it, 2, StatusActive); !slices.Equal(got, []string{"Open"}) {
		t.Errorf("the status is not marked as live: %q", got)
	}
	a, _ := follow(t, c, it.Link)
	if p, _ := api.Value[*api.Profile](a); p == nil || p.CompanyNumber != "BR006410" || it.Title != "FREEDONIAN RUBBER DUCK EXPORTS S.A." {
		t.Errorf("%q opens %q titled %q", row(it), it.Link, it.Title)
	}
}

func TestUKEstablishmentsQuirks(t *testing.T) {
	pg := servedPage(t, "/company/FC000001/uk-establishments", `{"items": [
	  {"company_number": "BR000001", "company_name": "Closed Branch", "company_status": "closed", "locality": "Town"},
	  {"company_number": "not a number", "company_name": "Linked Only", "links": {"company": "/company/BR000002"}},
	  {"company_name": "EVIL", "company_status": "EVIL", "locality": "EVIL"}]}`)
	tests := []struct {
		name, link, title string
		quiet             bool
	}{
		{"a closed establishment is dim and opens by its number", "/company/BR000001", "Closed Branch", true},
		{"one whose number cannot be read opens by its link", "/company/BR000002", "Linked Only", false},
		{"one with neither opens nothing", "", "", false},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if it := pg.Items[i]; it.Link != tt.link || it.Title != tt.title || it.Quiet != tt.quiet {
				t.Errorf("row %q opens %q titled %q", row(it), it.Link, it.Title)
			}
		})
	}
	t.Run("hostile text is made harmless", func(t *testing.T) { assertSafe(t, pg) })
	t.Run("none is a 404", func(t *testing.T) {
		if pg := demoPage(t, "/company/00006400/uk-establishments"); pg.Summary != "This company has no UK establishments." || len(pg.Items) != 0 {
			t.Errorf("summary %q", pg.Summary)
		}
	})
}
