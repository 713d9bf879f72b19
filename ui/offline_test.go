package ui

import (
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/api/demo"
	"coview/register"
)

// demoIndex is the register's index of the demo's monthly file, of 1 Nov
// 2026, built as coview --demo index update builds it.
func demoIndex(t testing.TB) *register.Index {
	t.Helper()
	ctx := context.Background()
	site := httptest.NewServer(demo.NewDownloadHandler(pinnedNow))
	t.Cleanup(site.Close)
	m, err := register.Find(ctx, site.Client(), site.URL+"/en_output.html")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	zip := filepath.Join(dir, "BasicCompanyDataAsOneFile-"+m.Date+".zip")
	if _, err := register.Download(ctx, m.URL, zip, register.DownloadOptions{Client: site.Client()}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, register.DemoFileName)
	if _, err := register.Update(ctx, path, []string{zip}, register.UpdateOptions{Origin: register.Origin{URL: m.URL, Demo: true}}); err != nil {
		t.Fatal(err)
	}
	ix, err := register.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	return ix
}

// asked is a registry that counts every request that reaches it.
type asked struct {
	Registry
	n atomic.Int64
}

func (a *asked) Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error) {
	a.n.Add(1)
	return a.Registry.Fetch(ctx, res, page)
}

// indexedModel is the browser on the demo registry, counted, with the
// demo's index; offline asks the registry nothing.
func indexedModel(t *testing.T, offline bool) (*model, *asked) {
	t.Helper()
	reg := &asked{Registry: demoRegistry(t)}
	m := testModel(t, reg, Options{Local: Local{Index: demoIndex(t), Offline: offline}, Version: "v1.0.0-test", Documents: noDocuments{}})
	return m, reg
}

func TestTheSearchBoxAndTheFinderAnswerFromTheIndexWithNoRequest(t *testing.T) {
	t.Parallel()
	m, reg := indexedModel(t, false)
	typeName(t, m, "goose")
	mustContain(t, screen(m), "From the register of 1 Nov 2026, on this machine: ↑/↓ pick, Enter opens",
		"GOOSEBERRY FOOL DAIRIES LIMITED")
	press(t, m, "enter")
	mustContain(t, screen(m), `Filed near "goose"`, "From the register of 1 Nov 2026, on this machine (--live asks the registry)", "GOOSE")
	fillFinder(t, m, "", "", "active", "", "62020", "saltmere")
	press(t, m, "enter")
	mustContain(t, screen(m), "companies: active, SIC 62020, in saltmere", "From the register of 1 Nov 2026, on this machine")
	if n := reg.n.Load(); n != 0 {
		t.Errorf("%d requests", n)
	}
	// A company opened is the registry's live profile.
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	if s := screen(m); reg.n.Load() != 1 || strings.Contains(s, "From the register") {
		t.Errorf("online, a company is the registry's: %d requests\n%s", reg.n.Load(), s)
	}
}

func TestOfflineTheBrowserAsksTheRegistryNothing(t *testing.T) {
	t.Parallel()
	m, reg := indexedModel(t, true)
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	s := screen(m)
	mustContain(t, s, "MARZIPAN MOUNTAIN SOFTWARE LTD", "Offline: from the register of 1 Nov 2026, on this machine",
		"From                ! the register of 1 Nov 2026, on this machine: what its", "not the live profile", "offline")
	press(t, m, "5")
	mustContain(t, screen(m), "None in the register's file")
	press(t, m, "x")
	mustContain(t, screen(m), "the register's file holds no officers")
	send(t, m, tea.PasteMsg{Content: "00006402\n"})
	mustContain(t, screen(m), "Company 00006402 is not in the register's file")
	if n := reg.n.Load(); n != 0 {
		t.Errorf("%d requests", n)
	}
}

// TestAQueryOfTheIndexNeverHoldsAKey: the index is asked in a Cmd, as the
// registry is, so that a key is drawn before the answer; an answer for
// text typed over since is dropped.
func TestAQueryOfTheIndexNeverHoldsAKey(t *testing.T) {
	t.Parallel()
	m, _ := indexedModel(t, true)
	var pause []tea.Msg
	for _, r := range "goo" {
		pause = send(t, m, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	// The pause after "goo" is over: its query goes out in a Cmd, not run.
	_, ask := m.Update(pause[0].(timerMsg).msg)
	if ask == nil {
		t.Fatal("no Cmd asks the index")
	}
	mustContain(t, screen(m), `Matches for "goo": searching…`)
	// Typed over before the answer: the answer for "goo" is not shown.
	send(t, m, tea.KeyPressMsg{Code: 'x', Text: "x"})
	for _, msg := range collect(t, ask) {
		m.Update(msg)
	}
	if s := screen(m); strings.Contains(s, "GOOSEBERRY") {
		t.Errorf("a stale answer was shown:\n%s", s)
	}
}

// TestGoldenOffline keeps the pages the register's index on this
// machine changes: where the answers come from, the box's matches from
// it, and a company as its file holds it, with the pane it cannot fill.
func TestGoldenOffline(t *testing.T) {
	t.Parallel()
	screens := []struct {
		name    string
		offline bool
		setup   func(t *testing.T, m *model)
	}{
		{"index_matches", false, func(t *testing.T, m *model) { typeName(t, m, "goose") }},
		{"index_finder_results", false, func(t *testing.T, m *model) {
			fillFinder(t, m, "", "", "active", "", "62020", "saltmere")
			press(t, m, "enter")
		}},
		{"offline_profile", true, func(t *testing.T, m *model) { send(t, m, tea.PasteMsg{Content: "00006400\n"}) }},
		{"offline_links", true, func(t *testing.T, m *model) {
			send(t, m, tea.PasteMsg{Content: "00006400\n"})
			press(t, m, "5")
		}},
	}
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		for _, sc := range screens {
			t.Run(fmt.Sprintf("%s_%dx%d", sc.name, size.w, size.h), func(t *testing.T) {
				t.Parallel()
				m, _ := indexedModel(t, sc.offline)
				send(t, m, tea.WindowSizeMsg{Width: size.w, Height: size.h})
				sc.setup(t, m)
				requireGolden(t, m, size.w, size.h)
			})
		}
	}
}

func TestOfflineAPastedListIsScreenedFromTheFile(t *testing.T) {
	t.Parallel()
	m, reg := indexedModel(t, true)
	send(t, m, tea.WindowSizeMsg{Width: 170, Height: 40})
	send(t, m, tea.PasteMsg{Content: screeningPaste})
	// 00006402 is dissolved, and so not in the file; the name is matched
	// against the file; the row under the cursor is previewed from it.
	mustContain(t, screen(m), "Screening of 12 entries", "12 rows: 10 ok, 2 not found", "WONKY WHEELBARROW WORKS",
		"Grumble & Sons Pl…  GRUMBLE & SONS PLUMBING LTD", "! the register of 1 Nov 2026, on this machine")
	if n := reg.n.Load(); n != 0 {
		t.Errorf("%d requests", n)
	}
}
