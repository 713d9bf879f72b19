package connections_test

import (
	"slices"
	"strings"
	"testing"

	"coview/connections"
)

func officer(id, name string, month, year int) connections.Record {
	return connections.Record{OfficerID: id, Name: name, Born: connections.Birth{Month: month, Year: year}, Appointments: -1}
}

func corporate(id, name string) connections.Record {
	return connections.Record{OfficerID: id, Name: name, Corporate: true, Appointments: -1}
}

func psc(ref, name string, month, year int) connections.Record {
	return connections.Record{Ref: ref, Name: name, Born: connections.Birth{Month: month, Year: year}, Appointments: -1}
}

// groups is the people Group makes, each as the officer ids and refs of
// its records, sorted, for comparing.
func groups(people []connections.Person) [][]string {
	var out [][]string
	for _, p := range people {
		var ids []string
		for _, r := range p.Records {
			ids = append(ids, r.OfficerID+r.Ref)
		}
		slices.Sort(ids)
		out = append(out, ids)
	}
	slices.SortFunc(out, func(a, b []string) int { return strings.Compare(strings.Join(a, ","), strings.Join(b, ",")) })
	return out
}

func TestGroupingRules(t *testing.T) {
	cases := []struct {
		name    string
		records []connections.Record
		want    [][]string
		apart   connections.Apart // why the first person's namesakes are kept apart, when there are any
	}{
		{
			name:    "the same name and month and year of birth under two officer ids is one person",
			records: []connections.Record{officer("A", "SPROCKETT, Wilhelmina Joan", 5, 1972), officer("B", "SPROCKETT, Wilhelmina Joan", 5, 1972)},
			want:    [][]string{{"A", "B"}},
		},
		{
			name:    "a different month of birth is someone else",
			records: []connections.Record{officer("A", "SPROCKETT, Wilhelmina Joan", 5, 1972), officer("B", "SPROCKETT, Wilhelmina Joan", 8, 1972)},
			want:    [][]string{{"A"}, {"B"}},
			apart:   connections.ApartBirth,
		},
		{
			name:    "a different year of birth is someone else",
			records: []connections.Record{officer("A", "SPROCKETT, Wilhelmina Joan", 5, 1972), officer("B", "SPROCKETT, Wilhelmina Joan", 5, 1973)},
			want:    [][]string{{"A"}, {"B"}},
			apart:   connections.ApartBirth,
		},
		{
			name:    "without a date of birth on one side there is nothing to compare",
			records: []connections.Record{officer("A", "ODDIE-PLUMB, Marigold", 5, 1972), officer("B", "ODDIE-PLUMB, Marigold", 0, 0)},
			want:    [][]string{{"A"}, {"B"}},
			apart:   connections.ApartNoBirth,
		},
		{
			name:    "without a date of birth on either side there is nothing to compare",
			records: []connections.Record{officer("A", "ODDIE-PLUMB, Marigold", 0, 0), officer("B", "ODDIE-PLUMB, Marigold", 0, 0)},
			want:    [][]string{{"A"}, {"B"}},
			apart:   connections.ApartNoBirth,
		},
		{
			name:    "a year without a month is not a date of birth to compare",
			records: []connections.Record{officer("A", "ODDIE-PLUMB, Marigold", 0, 1972), officer("B", "ODDIE-PLUMB, Marigold", 0, 1972)},
			want:    [][]string{{"A"}, {"B"}},
			apart:   connections.ApartNoBirth,
		},
		{
			name:    "corporate officers of one name are two bodies unless they share an officer id",
			records: []connections.Record{corporate("A", "QUILLFEATHER SECRETARIES LIMITED"), corporate("B", "QUILLFEATHER SECRETARIES LIMITED"), corporate("A", "QUILLFEATHER SECRETARIES LIMITED")},
			want:    [][]string{{"A"}, {"B"}},
			apart:   connections.ApartCorporate,
		},
		{
			name: "a corporate body is not merged with a person of its name, even with a birth date",
			records: []connections.Record{
				{OfficerID: "A", Name: "SMITH, John", Born: connections.Birth{Month: 1, Year: 1970}, Corporate: true},
				officer("B", "SMITH, John", 1, 1970),
			},
			want:  [][]string{{"A"}, {"B"}},
			apart: connections.ApartCorporate,
		},
		{
			name: "a name written differently is the same name",
			records: []connections.Record{
				officer("A", "SPROCKETT, Wilhelmina Joan", 5, 1972),
				officer("B", "Wilhelmina Joan SPROCKETT", 5, 1972),
				officer("C", "sprockett ,  wilhelmina-joan ", 5, 1972),
				psc("/psc/1", "Mrs Wilhelmina Joan Sprockett", 5, 1972),
			},
			want: [][]string{{"/psc/1", "A", "B", "C"}},
		},
		{
			name:    "a different name with the same birth is someone else, and no namesake",
			records: []connections.Record{officer("A", "SPROCKETT, Wilhelmina Joan", 5, 1972), officer("B", "SPROCKETT, Ambrose", 5, 1972)},
			want:    [][]string{{"A"}, {"B"}},
		},
		{
			name:    "one officer id met twice is one record",
			records: []connections.Record{officer("A", "SPROCKETT, Wilhelmina Joan", 5, 1972), officer("A", "SPROCKETT, Wilhelmina Joan", 5, 1972)},
			want:    [][]string{{"A"}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			people := connections.Group(c.records)
			if got := groups(people); !slices.EqualFunc(got, c.want, slices.Equal) {
				t.Fatalf("grouped as %v, want %v", got, c.want)
			}
			reversed := slices.Clone(c.records)
			slices.Reverse(reversed)
			if got := groups(connections.Group(reversed)); !slices.EqualFunc(got, c.want, slices.Equal) {
				t.Fatalf("in reverse order grouped as %v, want %v", got, c.want)
			}
			for _, p := range people {
				if p.Probable() != (len(p.Records) > 1) {
					t.Errorf("%s: Probable is %v with %d records", p.ID, p.Probable(), len(p.Records))
				}
				if len(people) == 1 {
					if len(p.Namesakes) != 0 {
						t.Errorf("%s has namesakes %v", p.ID, p.Namesakes)
					}
					continue
				}
				wantNamesakes := 0
				if c.apart != connections.Same {
					wantNamesakes = len(people) - 1
				}
				if len(p.Namesakes) != wantNamesakes {
					t.Fatalf("%s has namesakes %v, want %d", p.ID, p.Namesakes, wantNamesakes)
				}
				for _, n := range p.Namesakes {
					if n.Why != c.apart {
						t.Errorf("%s is kept apart from %s because of %v, want %v", p.ID, n.Person, n.Why, c.apart)
					}
				}
			}
		})
	}
}

func TestCompareNeverMergesWhatTheRulesKeepApart(t *testing.T) {
	may := officer("A", "SPROCKETT, Wilhelmina Joan", 5, 1972)
	cases := []struct {
		name string
		b    connections.Record
		want connections.Apart
	}{
		{"the same name and birth", officer("B", "Wilhelmina Joan SPROCKETT", 5, 1972), connections.Same},
		{"the same officer id, whatever the details", officer("A", "someone else", 1, 1900), connections.Same},
		{"another month", officer("B", "SPROCKETT, Wilhelmina Joan", 8, 1972), connections.ApartBirth},
		{"another year", officer("B", "SPROCKETT, Wilhelmina Joan", 5, 1971), connections.ApartBirth},
		{"no birth", officer("B", "SPROCKETT, Wilhelmina Joan", 0, 0), connections.ApartNoBirth},
		{"a corporate body", corporate("B", "SPROCKETT, Wilhelmina Joan"), connections.ApartCorporate},
		{"another name", officer("B", "SPROCKETT, Wilhelmina", 5, 1972), connections.ApartName},
	}
	for _, c := range cases {
		if got := connections.Compare(may, c.b); got != c.want {
			t.Errorf("%s: Compare is %v, want %v", c.name, got, c.want)
		}
		if got := connections.Compare(c.b, may); got != c.want {
			t.Errorf("%s, the other way round: Compare is %v, want %v", c.name, got, c.want)
		}
	}
}

func TestNormalName(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"SPROCKETT, Wilhelmina Joan", "wilhelmina joan sprockett"},
		{"Wilhelmina Joan SPROCKETT", "wilhelmina joan sprockett"},
		{"Mrs Wilhelmina Joan Sprockett", "wilhelmina joan sprockett"},
		{"TREMLETT-ODDIE, Barnaby", "barnaby tremlett oddie"},
		{"O'BRIEN, Seán", "seán obrien"},
		{"  Dr.  J.  Smith ", "j smith"},
		{"Mr", "mr"},
		{"", ""},
	} {
		if got := connections.NormalName(c.in); got != c.want {
			t.Errorf("NormalName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
