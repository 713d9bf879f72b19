package ui

import (
	"coview/api"
	"coview/api/demo"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestOOpensTheWebPageAndYCopiesItsAddress(t *testing.T) {
	t.Parallel()
	web := &opener{}
	live := func(res api.Resource) (string, bool) { return api.WebURL(api.DefaultBaseURL, "", res) }
	m := testModel(t, demoRegistry(t), Options{WebURL: live, OpenURL: web.open})
	follow(t, m, "00006400", "Filing history")
	toFiling(t, m, demo.FilingWithXHTML)
	want := "https://find-and-update.company-information.service.gov.uk/company/00006400/filing-history/" + demo.FilingWithXHTML + "/document?format=pdf&download=0"
	press(t, m, "o")
	if got := web.got(); !slices.Equal(got, []string{want}) {
		t.Fatalf("o opened %q, want %q", got, want)
	}
	if got, ok := copied(press(t, m, "y")); !ok || got != want {
		t.Fatalf("y copied %q (%v), want %q", got, ok, want)
	}
	press(t, m, "backspace") // the profile: the company's own page
	press(t, m, "1")
	press(t, m, "o")
	if got := web.got(); len(got) != 2 || got[1] != "https://find-and-update.company-information.service.gov.uk/company/00006400" {
		t.Fatalf("o on the profile opened %q", got)
	}
}

func TestOWithoutADisplayOrAWebSiteSaysSo(t *testing.T) {
	t.Parallel()
	live := func(res api.Resource) (string, bool) { return api.WebURL(api.DefaultBaseURL, "", res) }
	m := testModel(t, demoRegistry(t), Options{WebURL: live}) // OpenURL nil: over SSH
	send(t, m, tea.WindowSizeMsg{Width: 200, Height: 40})
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	press(t, m, "o")
	mustContain(t, strings.Join(strings.Fields(screen(m)), " "),
		"No display here to open a web browser on. The page is https://find-and-update.company-information.service.gov.uk/company/00006400 (y copies it).")

	m = testModel(t, demoRegistry(t), Options{WebURL: func(api.Resource) (string, bool) { return "", false }})
	send(t, m, tea.PasteMsg{Content: "00006400\n"})
	press(t, m, "o")
	mustContain(t, strings.Join(strings.Fields(screen(m)), " "), "This registry has no public web site to open")
	if got, ok := copied(press(t, m, "y")); !ok || got != "00006400" {
		t.Fatalf("y without a web site copied %q (%v), want the number", got, ok)
	}
}
