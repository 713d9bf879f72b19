package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"coview/api"
	"coview/api/demo"
	"coview/present"
	"coview/ui/download"
	"coview/ui/parts/keyscreen"
	"coview/ui/parts/screening"
)

// goldenScreens are the screens TestGolden keeps, each by its name under
// testdata and how it is reached from the browser just started.
var goldenScreens = []struct {
	name  string
	setup func(t *testing.T, m *model)
}{
	{"overview", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006400\n"})
	}},
	{"accounts_overdue", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006407\n"})
		press(t, m, "3")
	}},
	{"flags_in_liquidation", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006403\n"})
	}},
	{"flags_strike_off", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "SC006405\n"})
	}},
	{"links", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006400\n"})
		press(t, m, "5", "down")
	}},
	{"officers", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006400\n"})
		selectLink(t, m, "Officers")
		press(t, m, "enter", "down")
	}},
	{"officers_dissolved", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006402\n"})
		selectLink(t, m, "Officers")
		press(t, m, "enter")
	}},
	{"filing_history", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006401\n"})
		selectLink(t, m, "Filing history")
		press(t, m, "enter", "pgdown")
	}},
	{"key_screen", func(t *testing.T, m *model) {
		m.opts.KeyHost = "api.company-information.service.gov.uk"
		m.opts.KeyKept = "in the system keyring"
		m.keys = keyscreen.New(m.c, "", m.keyOptions())
	}},
	{"key_screen_no_keyring", func(t *testing.T, m *model) {
		m.opts.KeyHost = "api.company-information.service.gov.uk"
		m.opts.KeyKept = "for this session only: there is no keyring here (no session bus). To keep it, set COVIEW_API_KEY, or run coview auth login --insecure-storage"
		m.keys = keyscreen.New(m.c, "", m.keyOptions())
	}},
	{"search_matches", func(t *testing.T, m *model) {
		typeName(t, m, "teapot")
		press(t, m, "down")
	}},
	{"search_results", func(t *testing.T, m *model) {
		typeName(t, m, "sprockett")
		press(t, m, "enter")
	}},
	{"search_companies_capped", func(t *testing.T, m *model) {
		typeName(t, m, "ltd")
		press(t, m, "enter", "2", "end", "end")
	}},
	{"search_nothing_found", func(t *testing.T, m *model) {
		typeName(t, m, "zzqxv")
	}},
	{"psc_list", func(t *testing.T, m *model) {
		follow(t, m, "00006413", "Persons with significant control")
	}},
	{"psc_corporate", func(t *testing.T, m *model) {
		follow(t, m, "00006413", "Persons with significant control")
		openRow(t, m, "Gooseberry Fool Dairies")
	}},
	{"psc_protected", func(t *testing.T, m *model) {
		follow(t, m, "00006411", "Persons with significant control")
		openRow(t, m, "Protected")
	}},
	{"charges", func(t *testing.T, m *model) {
		follow(t, m, "00006412", "Charges")
	}},
	{"charge", func(t *testing.T, m *model) {
		follow(t, m, "00006412", "Charges")
		press(t, m, "enter")
	}},
	{"insolvency", func(t *testing.T, m *model) {
		follow(t, m, "00006403", "Insolvency")
	}},
	{"filing", func(t *testing.T, m *model) {
		follow(t, m, "00006400", "Filing history")
		press(t, m, "enter")
	}},
	{"officer", func(t *testing.T, m *model) {
		follow(t, m, "00006400", "Officers")
		openRow(t, m, "HARGREAVE")
	}},
	{"statement", func(t *testing.T, m *model) {
		follow(t, m, "00006400", "PSC statements")
		press(t, m, "enter")
	}},
	{"exemptions", func(t *testing.T, m *model) {
		follow(t, m, "00006401", "Exemptions")
	}},
	{"registers", func(t *testing.T, m *model) {
		follow(t, m, "00006411", "Registers")
	}},
	{"uk_establishments", func(t *testing.T, m *model) {
		follow(t, m, "FC006406", "UK establishments")
	}},
	{"source", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006400\n"})
		press(t, m, "v")
	}},
	{"connections", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006413\n"})
		press(t, m, "x")
	}},
	{"connections_people", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006412\n"})
		press(t, m, "x", "down", "e", "2")
	}},
	{"officer_also_appears_as", func(t *testing.T, m *model) {
		follow(t, m, "00006412", "Officers")
		openRow(t, m, "SPROCKETT")
		press(t, m, "enter")
	}},
	{"download_progress", func(t *testing.T, m *model) {
		follow(t, m, "00006400", "Filing history")
		press(t, m, "down", "down", "down")
		m.dl.SetState(download.State{Filing: api.Resource{Kind: api.ResFiling, Number: "00006400", ID: demo.FilingSlowDocument},
			Title: "00006400 2024-12-10 AA full accounts made up to 31 March 2024.pdf", Stage: "the storage",
			Bytes: true, Prog: api.Progress{Done: 8_400_000, Total: 20_000_000}, Started: today.Add(-2 * time.Second)})
		send(t, m, tea.WindowSizeMsg{Width: m.c.Width, Height: m.c.Height})
	}},
	{"download_saved", func(t *testing.T, m *model) {
		follow(t, m, "00006400", "Filing history")
		press(t, m, "down", "down", "down", "enter")
		m.dl.SetState(download.State{Filing: place(m).Res, Done: true,
			Path: "/home/ada/Downloads/00006400 2024-12-10 AA full accounts made up to 31 March 2024.pdf"})
		send(t, m, tea.WindowSizeMsg{Width: m.c.Width, Height: m.c.Height})
	}},
	{"filing_history_accounts", func(t *testing.T, m *model) {
		follow(t, m, "00006401", "Filing history")
		press(t, m, "C")
	}},
	{"search_disqualified", func(t *testing.T, m *model) {
		typeName(t, m, "grimthorpe")
		press(t, m, "enter", "4")
	}},
	{"disqualified_officer", func(t *testing.T, m *model) {
		typeName(t, m, "grimthorpe")
		press(t, m, "enter", "4", "enter")
	}},
	{"cmdline_completions", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006400\n"})
		press(t, m, ":")
		typeText(t, m, "co")
	}},
	{"cmdline_company_numbers", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006401\n"})
		send(t, m, tea.PasteMsg{Content: "00006400\n"})
		press(t, m, ":")
		typeText(t, m, "company ")
	}},
	{"help_filtered", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: "00006400\n"})
		press(t, m, "?")
		typeText(t, m, "page")
	}},
	{"screening", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: screeningPaste})
		press(t, m, "down", "down", "down")
	}},
	{"screening_sorted", func(t *testing.T, m *model) {
		send(t, m, tea.PasteMsg{Content: screeningPaste})
		sortBy(t, m, present.FieldFlags)
		press(t, m, "end")
	}},
	{"error_not_found", func(t *testing.T, m *model) {
		typeText(t, m, "sc 99999")
		press(t, m, "enter")
	}},
}

// screeningPaste is a column pasted from a spreadsheet: a heading, ten
// numbers in the forms people paste them, a name and a number no company
// has.
const screeningPaste = "Company number\n00006400\n6401\n00006402\nCompany No. 00006403\nOC006404\nsc 6405\n" +
	"FC006406\n00006407\n00006408\n00006409\nGrumble & Sons Plumbing Limited\n99999999\n"

// requireGolden holds the screen to its golden file, and to the window:
// as many lines as it is tall, none wider than it.
func requireGolden(t *testing.T, m *model, w, h int) {
	t.Helper()
	got := screen(m)
	if n := lines(got); n != h {
		t.Errorf("%d lines, want %d", n, h)
	}
	for _, l := range splitLines(got) {
		if width(l) > w {
			t.Errorf("line of %d cells: %q", width(l), l)
		}
	}
	golden.RequireEqual(t, got)
}

// TestGolden keeps the main screens, as text without styling, at the
// smallest supported terminal and a large one, on the demo registry with
// the date pinned. Run with -update after a deliberate change and read
// the diff.
func TestGolden(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		for _, sc := range goldenScreens {
			t.Run(fmt.Sprintf("%s_%dx%d", sc.name, size.w, size.h), func(t *testing.T) {
				t.Parallel()
				m := testModel(t, demoRegistry(t), Options{Version: "v1.0.0-test", Documents: noDocuments{}})
				send(t, m, tea.WindowSizeMsg{Width: size.w, Height: size.h})
				sc.setup(t, m)
				requireGolden(t, m, size.w, size.h)
			})
		}
	}
}

// follow opens a company and one of its links.
func follow(t *testing.T, m *model, number, link string) {
	t.Helper()
	send(t, m, tea.PasteMsg{Content: number + "\n"})
	selectLink(t, m, link)
	press(t, m, "enter")
}

// openRow opens the first row of the list on screen holding text.
func openRow(t *testing.T, m *model, text string) {
	t.Helper()
	l := rowsOf(m)
	if l == nil {
		t.Fatalf("no list on %+v", place(m))
	}
	for i := range l.Len() {
		if strings.Contains(strings.Join(l.Item(i).Cells, " "), text) {
			window(m).SetPosition(i, 0)
			press(t, m, "enter")
			return
		}
	}
	t.Fatalf("no row holds %q", text)
}

// sortBy presses s until the screening on screen is sorted by field.
func sortBy(t *testing.T, m *model, field string) {
	t.Helper()
	for range len(screening.Fields) + 1 {
		if sc := m.makers.screenings.Of(screeningID(m)); sc != nil && sc.Sort.Field == field {
			return
		}
		press(t, m, "s")
	}
	t.Fatalf("s never sorted by %s", field)
}
