package table

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"coview/api"
	"coview/present"
	"coview/screen"
)

// A screening's table sorts as every list does, by what its cells mean
// (present's Item.Keys): dates as dates, flags gravest first, results in
// screen.Results' order; rows alike, and rows without a value (last
// either way), keep the order pasted.
func TestAScreeningSortsByWhatItsCellsMean(t *testing.T) {
	t.Parallel()
	ok := func(i int, input, body string) screen.Row {
		var p api.Profile
		if err := json.Unmarshal([]byte(body), &p); err != nil {
			t.Fatal(err)
		}
		return screen.Row{Index: i, Input: screen.Input{Line: i + 1, Text: input}, Result: screen.OK,
			Number: api.Number(p.CompanyNumber), Profile: &p}
	}
	rows := []screen.Row{
		ok(0, "b", `{"company_number":"00000002","company_name":"BETA","company_status":"active","date_of_creation":"2020-01-01"}`),
		{Index: 1, Input: screen.Input{Text: "zzz"}, Result: screen.Invalid, Why: "nonsense"},
		ok(2, "a", `{"company_number":"00000001","company_name":"ALPHA","company_status":"liquidation","date_of_creation":"2010-01-01"}`),
		ok(3, "c", `{"company_number":"00000003","company_name":"GAMMA","company_status":"active","accounts":{"overdue":true},"date_of_creation":"2015-01-01"}`),
	}
	l := New(present.ScreenPage(rows, false, time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)))
	column := func(title string) int {
		for i, c := range l.Columns {
			if c.Title == title {
				return i + 1
			}
		}
		t.Fatalf("no column %s", title)
		return 0
	}
	cases := []struct {
		column string
		down   bool
		want   string
	}{
		{"Name", false, "a b c zzz"},
		{"Name", true, "c b a zzz"},
		{"Incorporated", false, "a c b zzz"},
		{"Flags", false, "a c b zzz"},
		{"Flags", true, "c a b zzz"},
		{"Result", false, "b a c zzz"},
		{"Result", true, "zzz b a c"},
		{"Input", false, "a b c zzz"},
	}
	for _, c := range cases {
		by := column(c.column)
		if c.down {
			by = -by
		}
		l.SortBy(by)
		if got := strings.Join(names(l), " "); got != c.want {
			t.Errorf("by %s (down %v): %s, want %s", c.column, c.down, got, c.want)
		}
	}
	l.SortBy(0)
	if got := strings.Join(names(l), " "); got != "b zzz a c" {
		t.Errorf("in the order pasted: %s", got)
	}
}
