package api

import (
	"strings"
	"testing"
)

// Every kind but ResOther has a row whose path Route reads back as that
// kind, with its number and ID, and every kind the Go type kindTypes
// says: the table is the one place a kind is described, so a row that
// another shadows, or a kind left without one, is caught here.
func TestEveryKindHasARowThatRouteReadsBack(t *testing.T) {
	t.Parallel()
	if len(table()) != int(ResDisqualifiedCorporate)+1 {
		t.Fatalf("the table has %d rows for %d kinds", len(table()), ResDisqualifiedCorporate+1)
	}
	for k := ResCompany; int(k) < len(table()); k++ {
		row := k.row()
		if row.path == "" || row.fetch == nil {
			t.Errorf("kind %d has no path or no fetch", k)
			continue
		}
		if _, ok := kindTypes[k]; !ok {
			t.Errorf("kind %d has no Go type in kindTypes", k)
		}
		link := strings.NewReplacer("{n}", "00006400", "{id}", "x1").Replace(row.path)
		r, err := Route(link)
		if err != nil || r.Kind != k {
			t.Errorf("Route(%q) = %+v, %v; want kind %d", link, r, err, k)
			continue
		}
		if strings.Contains(row.path, "{n}") != (r.Number == "00006400") {
			t.Errorf("Route(%q) gives the number %q", link, r.Number)
		}
		if want := strings.TrimSuffix(strings.Repeat("x1/", strings.Count(row.path, "{id}")), "/"); r.ID != want {
			t.Errorf("Route(%q) gives the ID %q, want %q", link, r.ID, want)
		}
		if row.paged && row.none == "" {
			t.Errorf("kind %d is a list, but does not say what an empty one reads as", k)
		}
	}
	if ResOther.Paged() || ResourceKind(-1).row() != &table()[ResOther] || ResourceKind(len(table())).row() != &table()[ResOther] {
		t.Error("a kind outside the table is not ResOther's row")
	}
}

func TestValueReadsAnAnswerBackOnlyAsItsType(t *testing.T) {
	t.Parallel()
	o := &Officers{}
	a := NewAnswer(Resource{Kind: ResOfficers}, []byte("{}"), o)
	if got, ok := Value[*Officers](a); !ok || got != o {
		t.Errorf("Value[*Officers] = %v, %v", got, ok)
	}
	if got, ok := Value[*Profile](a); ok || got != nil {
		t.Errorf("Value[*Profile] of officers = %v, %v", got, ok)
	}
	if _, ok := Value[*Profile](nil); ok {
		t.Error("a nil answer holds a profile")
	}
	if _, ok := Value[*Profile](NewAnswer(Resource{}, []byte("{}"), nil)); ok {
		t.Error("an answer of no type holds a profile")
	}
}
