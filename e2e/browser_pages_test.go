package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The walk issue 13 asks for, in the real binary: a company, its people
// with significant control, a corporate one, the company it is, that
// company's charges, a charge, the filing that registered it, and all
// the way back to the start without a request.
func TestEndToEndAnOwnershipChainToAChargesFilingAndBack(t *testing.T) {
	t.Parallel()
	s := startTmux(t, 110, 32, cleanEnv(t), "--demo", "00006413")
	s.waitFor("GOOSEBERRY FOOL LOGISTICS LIMITED", "1 overview")
	s.keys("5")
	s.waitFor("This profile")
	s.downTo("Persons with significant control")
	s.keys("Enter")
	s.waitFor("2 people with significant control", "Gooseberry Fool Dairies Limited", "Corporate")
	s.keys("Enter") // the first: the company that owns it now
	s.waitFor("Person with significant control", "▸ Company   00006412 Gooseberry Fool Dairies Limited")
	s.keys("Enter")
	s.waitFor("GOOSEBERRY FOOL DAIRIES LIMITED  00006412", "1 overview")
	s.keys("5")
	s.waitFor("This profile")
	s.downTo("Charges")
	s.keys("Enter")
	s.waitFor("4 charges: 1 outstanding, 1 partly satisfied, 2 satisfied")
	s.keys("Enter")
	s.waitFor("Charge code  0000 6412 0004", "Persons entitled")
	s.keys("End")
	s.waitFor("▸ 6 Mar 2024  Charge registered")
	s.keys("Enter")
	s.waitFor("Filing", "MR01")
	for range 6 {
		s.keys("BSpace")
		s.waitForChange()
	}
	screen := s.waitFor("GOOSEBERRY FOOL LOGISTICS LIMITED  00006413", "This profile")
	if !strings.Contains(screen, "▸ Persons with significant control") {
		t.Fatalf("back at the start, the links pane is not where it was left:\n%s", screen)
	}
	s.keys("q")
	s.waitFor("coview exited with 0")
}

// Issue 15 in the real binary: x on a company walks its people and
// owners, the page fills in and says how far the walk got, Enter opens a
// connected company, and back returns to the connections where they were
// left, without walking again.
func TestEndToEndConnectionsOpenAConnectedCompanyAndBack(t *testing.T) {
	t.Parallel()
	s := startTmux(t, 120, 40, cleanEnv(t), "--demo", "00006413")
	s.waitFor("GOOSEBERRY FOOL LOGISTICS LIMITED", "1 overview")
	s.keys("x")
	s.waitFor("Connections", "63 companies linked", "officers checked 5 of 5")
	s.downTo("GRAND UNIFIED TEAPOT HOLDINGS PLC")
	s.keys("Enter")
	s.waitFor("GRAND UNIFIED TEAPOT HOLDINGS PLC  00006401", "1 overview")
	s.keys("BSpace")
	screen := s.waitFor("GOOSEBERRY FOOL LOGISTICS LIMITED › Connections", "63 companies linked")
	if !strings.Contains(screen, "▸ GRAND UNIFIED TEAPOT HOLDINGS PLC") {
		t.Fatalf("back on the connections, the cursor is not where it was left:\n%s", screen)
	}
	if !strings.Contains(screen, "8 requests") {
		t.Fatalf("back on the connections, the walk ran again or lost its count:\n%s", screen)
	}
	s.keys("2")
	s.waitFor("Person", "Cornelius Barnaby Plumtree-Waxwing")
	s.keys("q")
	s.waitFor("coview exited with 0")
}

// Issue 14 in the real binary: d on a filing saves its document through
// the demo's document API and storage (which refuses any request that
// carries a key) into $XDG_DOWNLOAD_DIR, and the screen says where; with
// no display (no DISPLAY here), D says so rather than start a viewer.
func TestEndToEndDSavesAFilingsDocumentAndSaysWhere(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := startTmux(t, 160, 32, cleanEnv(t, "XDG_DOWNLOAD_DIR="+dir), "--demo", "00006400")
	s.waitFor("MARZIPAN MOUNTAIN SOFTWARE LTD", "1 overview")
	s.keys("5")
	// At 160 columns the panes are side by side and the links pane may be
	// on screen before 5 selects it: wait for its mark, not its rows.
	s.waitFor("» 5 links", "This profile")
	s.downTo("Filing history")
	s.keys("Enter")
	s.waitFor("52 filings")
	s.downTo("9 Dec 2025")
	s.keys("d")
	name := "00006400 2025-12-09 AA full accounts made up to 31 March 2025.pdf"
	s.waitFor("Saved as "+filepath.Join(dir, name), "d save document")
	body, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil || !bytes.HasPrefix(body, []byte("%PDF-")) {
		t.Fatalf("no PDF saved (%v): %.20q", err, body)
	}
	s.keys("D")
	// The message follows the saved path, which wraps the line near here.
	s.waitFor("(no display here")
	s.keys("q")
	s.waitFor("coview exited with 0")
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("the download directory holds %d files, want the document alone", len(entries))
	}
}
