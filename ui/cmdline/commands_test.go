package cmdline

import (
	"slices"
	"strings"
	"testing"

	"coview/api"
	"coview/ui/common"
)

func TestEveryActionsKeysArePressedAsTheBindingNamesThem(t *testing.T) {
	t.Parallel()
	km := common.DefaultKeyMap()
	for _, a := range km.Actions() {
		for _, k := range a.Binding.Keys() {
			msg, ok := KeyPress(k)
			if !ok || msg.String() != k {
				t.Errorf("%s: key %q pressed as %q (made: %v)", a.Name, k, msg.String(), ok)
			}
		}
	}
}

func TestEveryActionIsACommandByItsName(t *testing.T) {
	t.Parallel()
	km := common.DefaultKeyMap()
	km.Rebind(map[string][]string{"filter": {"F"}})
	for _, a := range km.Actions() {
		line := a.Name
		switch a.Name {
		case "panes":
			line = "panes 3"
		case "sort":
			continue // :sort alone is the registry's order (TestSortTakesAColumnOfTheListOnScreen)
		}
		run, err := Parse(line, km.Actions(), Here{})
		if err != nil {
			t.Errorf("%s: %v", a.Name, err)
			continue
		}
		if run.Action != a.Name || !slices.Contains(a.Binding.Keys(), run.Key.String()) {
			t.Errorf("%s runs %q with key %q, want one of %v", line, run.Action, run.Key.String(), a.Binding.Keys())
		}
	}
}

func TestCommandsTakeWhatCoviewSearchTakes(t *testing.T) {
	t.Parallel()
	cases := []parseCase{
		{"company reads a number as the registry writes it", "company sc6400", func(r Run) bool { return r.Company == "SC006400" }, ""},
		{"the command's name in any case", "COMPANY 6400", func(r Run) bool { return r.Company == "00006400" }, ""},
		{"officer takes the words after it", "officer jane  smith", func(r Run) bool { return r.Officer == "jane smith" }, ""},
		{"search alone is the search box's key", "search", func(r Run) bool { return r.Action == "search" }, ""},
		{"screen alone screens the last paste", "screen", func(r Run) bool { return r.Screen && len(r.Entries) == 0 }, ""},
		{"screen takes numbers in any pasted form, each as written", "screen 6400 sc 6405", func(r Run) bool {
			return r.Screen && slices.Equal(entryTexts(r), []string{"6400", "sc 6405"})
		}, ""},
		{"screen takes names as coview screen does, one between commas", "screen acme ltd, grumble", func(r Run) bool {
			return r.Screen && slices.Equal(entryTexts(r), []string{"acme ltd", "grumble"})
		}, ""},
		{"a quoted name with a comma is one entry", `screen "Smith, Jones & Co" 6400`, func(r Run) bool {
			return r.Screen && slices.Equal(entryTexts(r), []string{"Smith, Jones & Co", "6400"})
		}, ""},
		{"screen leaves to the screening what it cannot read", "screen 6400, 0123 4567", func(r Run) bool {
			return r.Screen && slices.Equal(entryTexts(r), []string{"6400", "0123 4567"})
		}, ""},
		{"screen with only separators after it", "screen , ;", nil, "screen takes company numbers and names"},
		{"a quoted location keeps its spaces", `search --location "milton keynes" --type ltd`, func(r Run) bool {
			return r.Query != nil && r.Query.Location == "milton keynes" && slices.Equal(r.Query.Types, []string{"ltd"})
		}, ""},
		{"the registry's own spelling of a filter", "search --company-status active,dissolved", func(r Run) bool {
			return r.Query != nil && len(r.Query.Statuses) == 2
		}, ""},
		{"a year is a whole year", "search --incorporated-from 2024 --incorporated-to 2024", func(r Run) bool {
			return r.Query != nil && r.Query.IncorporatedFrom == "2024-01-01" && r.Query.IncorporatedTo == "2024-12-31"
		}, ""},
		{"watch add", "watch add", func(r Run) bool { return r.Watch }, ""},
		{"watch alone is w", "watch", func(r Run) bool { return r.Action == "watch" && r.Key.String() == "w" }, ""},
		{"theme light", "theme Light", func(r Run) bool { return r.Theme == "light" }, ""},
		{"a theme that is not one", "theme blue", nil, "theme takes light, dark or auto"},
		{"save json saves the list as JSON", "save JSON", func(r Run) bool { return r.Save == "json" }, ""},
		{"save csv saves it as CSV", "save csv", func(r Run) bool { return r.Save == "csv" }, ""},
		{"save alone is ctrl+s", "save", func(r Run) bool { return r.Action == "save" && r.Key.String() == "ctrl+s" }, ""},
		{"a format that is not one", "save xlsx", nil, "save takes csv or json"},
		{"an unknown command", "conections", nil, "did you mean connections?"},
		{"a beginning that is not a command", "zzz", nil, "tab lists the commands"},
		{"a bad date", "search --dissolved-to 31/02/2020", nil, "--dissolved-to"},
		{"a quote left open", `search "acme`, nil, "a quote is not closed"},
		{"an empty line", "  ", nil, "type a command"},
		{"company without a number", "company", nil, "company needs one company number"},
	}
	parses(t, cases)
}

// A command given what it does not take says what it does take; SIC
// codes may be given in words, as coview search takes them.
func TestCommandsSayWhatTheyTake(t *testing.T) {
	t.Parallel()
	parses(t, []parseCase{
		{"watch add with a number says to open it first", "watch add 123", nil, "open the company first (company 00000123), then watch add"},
		{"watch add with what is no number", "watch add acme", nil, "open the company first (company NUMBER), then watch add"},
		{"watch with other than add", "watch all", nil, "watch takes add, or nothing"},
		{"SIC codes in words", "search --sic software --location leeds", func(r Run) bool {
			return r.Query != nil && slices.Equal(r.Query.SICCodes, []string{"46510", "47410", "58290", "62011", "62012", "7220", "7221", "7222"})
		}, ""},
		{"SIC words of no code", "search --sic bakery", nil, `--sic "bakery" is neither a SIC code nor words of one`},
	})
}

type parseCase struct {
	name, line string
	want       func(Run) bool
	wrong      string // what the error says, when the line is wrong
}

// parses checks what each line parses to, or what is wrong with it.
func parses(t *testing.T, cases []parseCase) {
	km := common.DefaultKeyMap()
	actions := km.Actions()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			run, err := Parse(c.line, actions, Here{})
			switch {
			case c.wrong != "" && (err == nil || !strings.Contains(err.Error(), c.wrong)):
				t.Errorf("error %v, want one saying %q", err, c.wrong)
			case c.wrong == "" && err != nil:
				t.Errorf("error %v", err)
			case c.wrong == "" && !c.want(run):
				t.Errorf("run %+v", run)
			}
		})
	}
}

func TestCandidatesCompleteWhatIsKnownAfterEachCommand(t *testing.T) {
	t.Parallel()
	km := common.DefaultKeyMap()
	actions := km.Actions()
	recent := []api.Number{"00006400", "SC006405"}
	history := []string{"company 00006401", "search acme"}
	columns := []string{"Date", "Type", "Category", "Doc", "Pages", "Description"}
	cases := []struct {
		name, typed string
		first       string
		has         []string
		not         []string
	}{
		{"the history's lines first, the latest first", "", "search acme", []string{"company 00006401", "company", "quit", "watch-list"}, nil},
		{"command names by their beginning", "con", "connections", nil, []string{"company"}},
		{"recent numbers after company", "company ", "company 00006401", []string{"company 00006400", "company SC006405"}, nil},
		{"a recent number by its beginning in any case", "company sc", "company SC006405", nil, []string{"company 00006400"}},
		{"filters once a dash is typed", "search acme --s", "search acme --status", []string{"search acme --sic", "search acme --subtype"}, nil},
		{"no filter after a name without a dash", "search acme ", "", nil, []string{"search acme --status"}},
		{"a status's values", "search --status l", "search --status liquidation", nil, nil},
		{"themes", "theme ", "theme light", []string{"theme dark", "theme auto"}, nil},
		{"the formats a list is saved as", "save j", "save json", nil, []string{"save csv"}},
		{"the columns of the list on screen after sort, and none", "sort ", "sort Date", []string{"sort Description", "sort Pages", "sort none"}, []string{"sort up"}},
		{"a column by its beginning in any case", "sort DE", "sort Description", nil, []string{"sort Date"}},
		{"up and down after a column typed whole", "sort pages ", "sort Pages up", []string{"sort Pages down"}, nil},
		{"down by its beginning", "sort pages d", "sort Pages down", nil, []string{"sort Pages up"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := Candidates(c.typed, history, actions, Here{Recent: recent, Columns: columns})
			if c.first == "" && len(got) > 0 {
				t.Errorf("candidates %q, want none", got)
			}
			if c.first != "" && (len(got) == 0 || got[0] != c.first) {
				t.Errorf("candidates %q, want %q first", got, c.first)
			}
			for _, h := range c.has {
				if !slices.Contains(got, h) {
					t.Errorf("candidates %q lack %q", got, h)
				}
			}
			for _, n := range c.not {
				if slices.Contains(got, n) {
					t.Errorf("candidates %q hold %q", got, n)
				}
			}
		})
	}
}

func TestSortTakesAColumnOfTheListOnScreen(t *testing.T) {
	t.Parallel()
	km := common.DefaultKeyMap()
	here := Here{Columns: []string{"Name", "Role", "Appointed", "Accounts due", "Address"}}
	cases := []struct {
		name, line string
		here       Here
		by         int    // the sort asked for, when the line is right
		wrong      string // what the error says, when it is wrong
	}{
		{"a column by its title, up when not said", "sort Role", here, 2, ""},
		{"a column in any case, down", "sort role DOWN", here, -2, ""},
		{"up said", "sort name up", here, 1, ""},
		{"an unambiguous beginning", "sort appo desc", here, -3, ""},
		{"a title with a space", "sort accounts due down", here, -4, ""},
		{"a title's space as a dash", "sort accounts-due", here, 4, ""},
		{"a quoted title", `sort "Accounts due" ↓`, here, -4, ""},
		{"alone: the registry's order", "sort", here, 0, ""},
		{"none: the registry's order", "sort none", here, 0, ""},
		{"a column that is not there names those that are", "sort pages", here, 0, `No column "pages" here: the columns are Name, Role, Appointed, Accounts due, Address`},
		{"a beginning of two names both", "sort a", here, 0, `"a" begins Appointed and Accounts due and Address: type more of it`},
		{"no list on screen", "sort name", Here{}, 0, "Only a list can be sorted"},
		{"no list on screen, alone", "sort", Here{}, 0, "Only a list can be sorted"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			run, err := Parse(c.line, km.Actions(), c.here)
			switch {
			case c.wrong != "" && (err == nil || !strings.Contains(err.Error(), c.wrong)):
				t.Errorf("error %v, want one saying %q", err, c.wrong)
			case c.wrong == "" && err != nil:
				t.Errorf("error %v", err)
			case c.wrong == "" && (!run.Sort || run.SortBy != c.by):
				t.Errorf("run %+v, want sort by %d", run, c.by)
			}
		})
	}
}

// entryTexts are the entries a line screens, as written.
func entryTexts(r Run) []string {
	var out []string
	for _, e := range r.Entries {
		out = append(out, e.Text)
	}
	return out
}
