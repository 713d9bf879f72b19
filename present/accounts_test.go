package present

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"coview/accounts"
	"coview/figures"
	"coview/watch"
)

func fig(n figures.Name, v int64) figures.Figure {
	return figures.Figure{Name: n, Value: figures.NumberOf(v), Unit: "GBP"}
}

// latest is a company's latest accounts with the given figures for its
// year and the year before.
func latest(now, before map[figures.Name]int64) *accounts.Latest {
	year := func(end time.Time, values map[figures.Name]int64) *figures.Year {
		y := &figures.Year{End: end, Figures: map[figures.Name]figures.Figure{}}
		for n, v := range values {
			y.Figures[n] = fig(n, v)
		}
		return y
	}
	l := &accounts.Latest{Filed: &accounts.Filed{}, Year: year(time.Date(2025, 3, 31, 0, 0, 0, 0, time.UTC), now)}
	if before != nil {
		l.Before = year(time.Date(2024, 3, 31, 0, 0, 0, 0, time.UTC), before)
	}
	return l
}

func TestTheRedFlagsOfTheFiguresAreSaidWithTheirFigures(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name        string
		now, before map[figures.Name]int64
		words       string
	}{
		{"net assets more than halved", map[figures.Name]int64{figures.NetAssets: -577}, map[figures.Name]int64{figures.NetAssets: 375_004},
			"net assets fell from £375,004 to -£577; negative net assets (-£577)"},
		{"exactly half is not more than half", map[figures.Name]int64{figures.NetAssets: 500}, map[figures.Name]int64{figures.NetAssets: 1_000}, ""},
		{"net current liabilities", map[figures.Name]int64{figures.NetAssets: 10, figures.NetCurrentAssets: -65_746}, nil,
			"net current liabilities (-£65,746)"},
		{"negative all along does not fall", map[figures.Name]int64{figures.NetAssets: -900}, map[figures.Name]int64{figures.NetAssets: -100},
			"negative net assets (-£900)"},
		{"growing", map[figures.Name]int64{figures.NetAssets: 687_954}, map[figures.Name]int64{figures.NetAssets: 573_311}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l := latest(tc.now, tc.before)
			if got := FlagWords(FigureFlags(l)); got != tc.words {
				t.Errorf("flags %q, want %q", got, tc.words)
			}
			for _, f := range FigureFlags(l) {
				if f.Severity != SeverityWarning || f.Key == "" {
					t.Errorf("%+v", f)
				}
			}
		})
	}
	if got := FiguresInWords(latest(map[figures.Name]int64{figures.NetAssets: 375_004}, nil)); got != "net assets £375,004" {
		t.Errorf("without a flag: %q", got)
	}
	paper := &accounts.Latest{Filed: &accounts.Filed{Paper: true}}
	if got := FiguresInWords(paper); got != "filed on paper: no figures" {
		t.Errorf("on paper: %q", got)
	}
	if rows := AccountsFigures(paper); len(rows) != 1 || rows[0].Value != "filed on paper: no figures" {
		t.Errorf("the pane on paper: %+v", rows)
	}
}

func TestTheAccountsPaneShowsTheFiguresThatMatterWithTheirChange(t *testing.T) {
	t.Parallel()
	l := latest(map[figures.Name]int64{figures.Turnover: 1_569_093, figures.NetAssets: 687_954, figures.AverageEmployees: 31, figures.Stock: 9},
		map[figures.Name]int64{figures.Turnover: 1_341_105, figures.NetAssets: 573_311, figures.AverageEmployees: 31})
	var got []string
	for _, r := range AccountsFigures(l) {
		got = append(got, r.Label+": "+r.Value)
	}
	want := []string{"Figures: year to 31 March 2025", "Turnover: £1,569,093 (+17%)", "Net assets: £687,954 (+20%)", "Average employees: 31 (0%)"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestASparklineRisesWithItsValuesAndLeavesGaps(t *testing.T) {
	t.Parallel()
	v := func(f float64) *float64 { return &f }
	for _, tc := range []struct {
		values []*float64
		want   string
	}{
		{[]*float64{v(1), v(2), v(3), v(4), v(5), v(6), v(7), v(8)}, "▁▂▃▄▅▆▇█"},
		{[]*float64{v(-577), nil, v(375_004)}, "▁ █"},
		{[]*float64{v(5), v(5)}, "▄▄"},
		{[]*float64{nil}, " "},
		{nil, ""},
	} {
		if got := Sparkline(tc.values); got != tc.want {
			t.Errorf("%q, want %q", got, tc.want)
		}
	}
}

// The tables of a group keep the group's years apart from the company's,
// each row its trend oldest first.
func TestAGroupsTablesKeepTheGroupApartFromTheCompany(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile(filepath.Join("..", "figures", "testdata", "frs102-group.xhtml"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := figures.Read(doc, figures.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := &accounts.Company{Number: "01234567", Filed: []*accounts.Filed{{Report: rep}}}
	tables := AccountsTables(c)
	if len(tables) != 2 || tables[0].Title != GroupTitle || tables[1].Title != CompanyTitle {
		t.Fatalf("%d tables", len(tables))
	}
	for _, tb := range tables {
		for _, col := range tb.Columns {
			if col.Year.Consolidated != (tb.Title == GroupTitle) {
				t.Errorf("%s holds a year of the other", tb.Title)
			}
		}
		for _, r := range tb.Rows {
			trend := r.Trend()
			if c := r.Cells[0]; c.Figure != nil && (trend[len(trend)-1] == nil || *trend[len(trend)-1] != c.Figure.Value.Float64()) {
				t.Errorf("%s: the newest value is not the trend's last", r.Name)
			}
		}
	}
}

// What a watch list's check found in new accounts, in words.
func TestWhatNewAccountsShowIsSaidWithTheirFigures(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		c    watch.Change
		want string
	}{
		{watch.Change{Kind: watch.KindNetAssetsFell, Before: "375004", After: "-577"}, "accounts filed: net assets fell from £375,004 to -£577"},
		{watch.Change{Kind: watch.KindNegativeNetAssets, After: "-577"}, "accounts filed: negative net assets (-£577)"},
		{watch.Change{Kind: watch.KindNetCurrentLiabilities, After: "-65746"}, "accounts filed: net current liabilities (-£65,746)"},
		{watch.Change{Kind: watch.KindAccountsFigures, After: "375004"}, "accounts filed: net assets £375,004"},
		{watch.Change{Kind: watch.KindAccountsFigures}, "accounts filed: no net assets given"},
		{watch.Change{Kind: watch.KindAccountsFigures, After: "1200", Field: "EUR\x1b[2J"}, "accounts filed: net assets 1,200 EUR␛[2J"},
	} {
		if got := WatchChange(tc.c); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.c.Kind, got, tc.want)
		}
	}
}
