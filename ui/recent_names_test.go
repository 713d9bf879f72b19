package ui

import (
	"os"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"

	"coview/ui/recent"
)

// Issue 20, item 26: the companies of an earlier run are offered by name,
// under the box and on the start page, though this run has not seen
// them; a file of an older coview, numbers alone, still gives them.
func TestRecentCompaniesOfAnEarlierRunAreOfferedByName(t *testing.T) {
	t.Parallel()
	f := fakeWith(t, "00000001", "00000002")
	dir := t.TempDir()
	m := testModel(t, f, Options{StateDir: dir})
	run(t, m, m.Init())
	send(t, m, tea.PasteMsg{Content: "1\n"})
	if err := m.closeRecent(); err != nil {
		t.Fatal(err)
	}
	// An older coview's line, a number alone, after ours.
	path := filepath.Join(dir, recent.FileName)
	raw, _ := os.ReadFile(path)
	if err := os.WriteFile(path, append(raw, "00000002\n"...), 0o600); err != nil {
		t.Fatal(err)
	}

	again := testModel(t, newFake(), Options{StateDir: dir}) // knows no company
	run(t, again, again.Init())
	press(t, again, "esc") // the start page lists them when the box does not
	mustContain(t, screen(again), "Recent", "00000001  COMPANY 00000001 LIMITED", "00000002")
	press(t, again, "/")
	s := screen(again)
	mustContain(t, s, "Recent (↑/↓ to pick", "  00000001  COMPANY 00000001 LIMITED", "  00000002")
	mustNotContain(t, s, "00000002  COMPANY")
}
