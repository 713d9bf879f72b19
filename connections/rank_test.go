package connections_test

import (
	"slices"
	"testing"

	"coview/api"
	"coview/connections"
)

// linked is a connection with people in common (current or not) and,
// when owns, a company owning the other.
func linked(number, name string, depth, people int, current, owns bool) connections.Connection {
	c := connections.Connection{Company: connections.Company{Number: api.Number(number), Name: name}, Depth: depth, People: people, Current: current}
	for i := range people {
		c.Links = append(c.Links, connections.Link{With: "00000001", Kind: connections.ThroughPerson, Person: string(rune('a' + i)), Role: "director", Current: current})
	}
	if owns {
		c.Links = append(c.Links, connections.Link{With: "00000001", Kind: connections.Owns, Current: current})
	}
	return c
}

func TestRankPutsMorePeopleInCommonFirstThenCurrentThenName(t *testing.T) {
	cs := []connections.Connection{
		linked("00000009", "FAR AWAY LTD", 2, 5, true, false),
		linked("00000008", "", 1, 1, true, false),
		linked("00000007", "BETA LTD", 1, 2, false, false),
		linked("00000006", "ALPHA LTD", 1, 2, false, false),
		linked("00000005", "ZED HOLDINGS LTD", 1, 1, true, true),
		linked("00000004", "bravo ltd", 1, 2, true, false),
		linked("00000003", "MANY PAST LTD", 1, 3, false, false),
		linked("00000002", "ALPHA LTD", 1, 2, false, false),
	}
	connections.Rank(cs)
	var got []string
	for _, c := range cs {
		got = append(got, string(c.Number))
	}
	want := []string{
		"00000003",             // three people in common, all past: the most
		"00000004", "00000005", // two in common (an owner counts as one), current, by name
		"00000002", "00000006", "00000007", // two in common, past, by name, then number
		"00000008", // one, current, with no name: last of its strength
		"00000009", // depth 2 comes after depth 1, however strong
	}
	if !slices.Equal(got, want) {
		t.Errorf("ranked %v, want %v", got, want)
	}
}

func TestStrengthCountsPeopleAndOwnership(t *testing.T) {
	c := linked("00000002", "X", 1, 2, true, true)
	c.Links = append(c.Links, connections.Link{With: "00000001", Kind: connections.OwnedBy, Current: false})
	if got := c.Strength(); got != 3 {
		t.Errorf("two people in common and ownership both ways: strength %d, want 3 (ownership with one company counts once)", got)
	}
}
