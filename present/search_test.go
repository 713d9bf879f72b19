package present

import (
	"context"
	"strings"
	"testing"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit/testclient"
)

func searchAnswer(t *testing.T, kind api.ResourceKind, q string, page api.Page) *api.Answer {
	t.Helper()
	c, _ := testclient.Demo(t, demo.Options{})
	a, err := c.Fetch(context.Background(), api.SearchResource(kind, q), page)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// cellAccents are the accented parts of a cell, as text.
func cellAccents(it Item, cell int, kind AccentKind) []string {
	var out []string
	for _, a := range it.Accents {
		if a.Cell == cell && a.Kind == kind {
			out = append(out, it.Cells[cell][a.Start:a.End])
		}
	}
	return out
}

func TestCompanySearchResultsReadAsRowsWithTheMatchMarked(t *testing.T) {
	pg := Show(searchAnswer(t, api.ResSearchCompanies, "marzipan", api.Page{}), nil)
	if len(pg.Items) == 0 {
		t.Fatalf("nothing found: %+v", pg)
	}
	it := pg.Items[0]
	if it.Cells[0] != "MARZIPAN MOUNTAIN SOFTWARE LTD" || it.Cells[1] != "00006400" || it.Cells[2] != "Active" || it.Link != "/company/00006400" {
		t.Fatalf("first row %+v", it)
	}
	if got := cellAccents(it, 0, Match); len(got) != 1 || !strings.EqualFold(got[0], "marzipan") {
		t.Fatalf("the match marked is %q", got)
	}
	if got := cellAccents(it, 2, StatusActive); len(got) != 1 || got[0] != "Active" {
		t.Fatalf("the status accent is %q", got)
	}
	if !strings.Contains(pg.Summary, `for "marzipan"`) {
		t.Fatalf("summary %q", pg.Summary)
	}
}

func TestOfficerResultsOpenTheirAppointments(t *testing.T) {
	pg := Show(searchAnswer(t, api.ResSearchOfficers, "hargreave", api.Page{}), nil)
	if len(pg.Items) == 0 {
		t.Fatal("nothing found")
	}
	it := pg.Items[0]
	if !strings.HasPrefix(it.Link, "/officers/") || !strings.HasSuffix(it.Link, "/appointments") || it.Cells[1] == "" || it.Cells[2] == "" {
		t.Fatalf("officer row %+v", it)
	}
}

func TestASearchCappedByTheRegistrySaysHowFarItGoes(t *testing.T) {
	pg := Show(searchAnswer(t, api.ResSearchCompanies, "ltd", api.Page{StartIndex: 900, ItemsPerPage: 100}), nil)
	if pg.Total != 1000 || !strings.Contains(pg.Summary, "the registry shows the first 1,000") {
		t.Fatalf("total %d, summary %q", pg.Total, pg.Summary)
	}
}

func TestNothingFoundSaysSo(t *testing.T) {
	pg := Show(searchAnswer(t, api.ResSearch, "zzqxv", api.Page{}), nil)
	if len(pg.Items) != 0 || pg.Empty == "" || pg.Summary == "" {
		t.Fatalf("page %+v", pg)
	}
}

func TestMixedResultsAndSparseItemsAndHostileText(t *testing.T) {
	for _, q := range []string{"grumble", "hollow void", "grimthorpe", "larder"} {
		pg := Show(searchAnswer(t, api.ResSearch, q, api.Page{}), nil)
		if len(pg.Items) == 0 {
			t.Fatalf("%q found nothing", q)
		}
		for _, it := range pg.Items {
			for _, c := range it.Cells {
				if strings.ContainsAny(c, "\x1b\x07\u202e") {
					t.Fatalf("%q: a cell carries a control character: %q", q, c)
				}
			}
			for _, a := range it.Accents {
				if a.Start < 0 || a.End > len(it.Cells[a.Cell]) || a.Start >= a.End {
					t.Fatalf("%q: an accent out of its cell: %+v in %q", q, a, it.Cells[a.Cell])
				}
			}
		}
	}
}
