package present

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"coview/api"
)

// The rows of the five panes are built every time a company is shown, by
// the browser and by --plain alike. Run with
//
//	go test -run '^$' -bench . -benchmem ./present/

func demoProfile(b *testing.B, number string) *api.Profile {
	b.Helper()
	body, err := os.ReadFile(filepath.Join("..", "api", "demo", "fixtures", number, "profile.json"))
	if err != nil {
		b.Fatal(err)
	}
	p, err := api.DecodeProfile(body, api.Number(number))
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkPanes builds every pane of a profile: the fullest demo company,
// the overseas one with most sections absent, and one in liquidation.
func BenchmarkPanes(b *testing.B) {
	today := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	for _, number := range []string{"00006400", "FC006406", "00006403"} {
		p := demoProfile(b, number)
		b.Run(number, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if panes := Panes(p, today); len(panes) != len(PaneNames) {
					b.Fatalf("%d panes", len(panes))
				}
			}
		})
	}
}

// BenchmarkLinkRows builds the links pane alone, which the browser redraws
// as the cursor moves through it.
func BenchmarkLinkRows(b *testing.B) {
	p := demoProfile(b, "00006400")
	b.ReportAllocs()
	for b.Loop() {
		if rows := LinkRows(ProfileLinks(p)); len(rows) == 0 {
			b.Fatal("no link rows")
		}
	}
}
