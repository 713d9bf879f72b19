package connections_test

import (
	"context"
	"slices"
	"testing"

	"coview/api"
	"coview/connections"
)

// The Gooseberry cluster of the demo (api/demo/fixtures/README.md): the
// holding company owns the dairy, which owns the logistics company; they
// share directors and a secretary. Wilhelmina Sprockett is one person
// under two officer ids (born May 1972), and never the namesake born in
// August 1972 who runs SC006414.
func TestTheGooseberryCluster(t *testing.T) {
	for _, number := range []string{"00006412", "00006413"} {
		t.Run(number, func(t *testing.T) {
			c, _ := demoRegistry(t, plenty)
			w := connections.NewWalker(c)
			r := walk(t, w, number, connections.Options{Depth: 2})
			for _, n := range []api.Number{"00006411", "00006412", "00006413"} {
				if n != api.Number(number) && (r.Connection(n) == nil || !r.Connection(n).Current || r.Connection(n).Depth != 1) {
					t.Errorf("%s is not a current connection at depth 1: %+v", n, r.Connection(n))
				}
			}
			if r.Connection("SC006414") != nil || r.Connection("SC006416") != nil {
				t.Error("the namesake's companies are connected")
			}
			p := personWith(r, sprockettMay)
			if p == nil || !slices.Equal(p.OfficerIDs(), []string{sprockettMay, sprockettMay2}) {
				t.Fatalf("Wilhelmina Sprockett: %+v; want one person with both ids", p)
			}
			if personWith(r, sprockettAug) != nil {
				t.Error("the namesake born in August is in the cluster")
			}
			// The owner and both dairies' directors: Wilhelmina is in
			// common with the dairy through both of her records.
			other := api.Number("00006413")
			if number == "00006413" {
				other = "00006412"
			}
			var roles []string
			for _, l := range r.Connection(other).Links {
				if l.Person == p.ID {
					roles = append(roles, l.Role)
				}
			}
			if !slices.Equal(roles, []string{"director"}) {
				t.Errorf("Wilhelmina links %s to %s as %v; want once, as a director", number, other, roles)
			}

			// Her appointments page: which other records are her, and
			// which namesake is not.
			same, err := w.SameAs(context.Background(), connections.Record{OfficerID: sprockettMay2, Name: "SPROCKETT, Wilhelmina Joan",
				Born: connections.Birth{Month: 5, Year: 1972}, Appointments: 1}, true)
			if err != nil || !same.Searched {
				t.Fatalf("searching for her name: %v", err)
			}
			if len(same.Same) != 1 || same.Same[0].OfficerID != sprockettMay || same.More() != 2 {
				t.Errorf("also appears as %+v (%d more appointments); want her other id with 2", same.Same, same.More())
			}
			if len(same.Apart) != 1 || same.Apart[0].Record.OfficerID != sprockettAug || same.Apart[0].Why != connections.ApartBirth {
				t.Errorf("kept apart: %+v; want the namesake born in another month", same.Apart)
			}
		})
	}
}

// Without a search, SameAs knows only the officers the session met; asking
// again costs nothing.
func TestSameAsFromTheSessionAlone(t *testing.T) {
	c, m := demoRegistry(t, plenty)
	w := connections.NewWalker(c)
	walk(t, w, "00006412", connections.Options{Depth: 2})
	before := m.Requests()
	same, err := w.SameAs(context.Background(), connections.Record{OfficerID: sprockettMay, Name: "Wilhelmina Joan SPROCKETT",
		Born: connections.Birth{Month: 5, Year: 1972}}, false)
	if err != nil || same.Searched || len(same.Same) != 1 || same.Same[0].OfficerID != sprockettMay2 || len(same.Apart) != 0 {
		t.Errorf("from the session: %+v, %v", same, err)
	}
	if m.Requests() != before {
		t.Errorf("SameAs without a search sent %d requests", m.Requests()-before)
	}
	w.SameAs(context.Background(), connections.Record{OfficerID: sprockettMay, Name: "SPROCKETT, Wilhelmina Joan", Born: connections.Birth{Month: 5, Year: 1972}}, true)
	w.SameAs(context.Background(), connections.Record{OfficerID: sprockettMay, Name: "SPROCKETT, Wilhelmina Joan", Born: connections.Birth{Month: 5, Year: 1972}}, true)
	if m.Requests() != before+1 {
		t.Errorf("two searches for one name sent %d requests, want 1", m.Requests()-before)
	}
}

// A walk from the namesake's company keeps her apart: her PSC record
// (born August) joins her officer record, and nothing of the Gooseberry
// cluster appears.
func TestTheNamesakeIsHerOwnPerson(t *testing.T) {
	c, _ := demoRegistry(t, plenty)
	w := connections.NewWalker(c)
	walk(t, w, "00006412", connections.Options{Depth: 2})
	r := walk(t, w, "SC006414", connections.Options{})
	if got := numbers(r); !slices.Equal(got, []string{"SC006416"}) {
		t.Errorf("connections of SC006414: %v", got)
	}
	p := personWith(r, sprockettAug)
	if p == nil || len(p.OfficerIDs()) != 1 || p.Born != (connections.Birth{Month: 8, Year: 1972}) {
		t.Errorf("the namesake: %+v", p)
	}
}
