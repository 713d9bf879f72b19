package present

import (
	"context"
	"testing"

	"coview/api"
	"coview/api/demo"
)

// Every resource a demo company links to, and every item those lists
// open, is shown in words: nothing falls back to JSON, every row of a
// list opens something, and nothing carries a control character.
func TestEveryLinkedResourceOfEveryDemoCompanyIsShownInWords(t *testing.T) {
	c := demoRegistry(t)
	ctx := context.Background()
	for _, n := range demo.Numbers() {
		t.Run(n, func(t *testing.T) {
			p, err := c.Company(ctx, api.Number(n))
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range p.Links.All() {
				if l.Name == api.LinkSelf || l.Name == api.LinkOverseas {
					continue
				}
				a, pg := follow(t, c, l.Path)
				shownInWords(t, l.Path, pg)
				if _, ok := api.Value[*api.Appointments](a); ok {
					continue // an officer's other companies are profiles
				}
				for _, it := range pg.Items {
					if it.Link == "" || it.Title == "" {
						t.Errorf("%s: row %q opens %q titled %q", l.Path, row(it), it.Link, it.Title)
						continue
					}
					if list, ok := api.Value[*api.Officers](a); ok {
						// An officer's row opens all their appointments; the
						// appointment itself is at its self link.
						for _, o := range list.Items {
							_, one := follow(t, c, o.Links.Self)
							shownInWords(t, o.Links.Self, one)
						}
						break
					}
					if _, ok := api.Value[*api.UKEstablishments](a); ok {
						continue // a profile
					}
					_, one := follow(t, c, it.Link)
					shownInWords(t, it.Link, one)
				}
			}
		})
	}
}

func shownInWords(t *testing.T, link string, pg *Page) {
	t.Helper()
	if len(pg.Lines) > 0 {
		t.Errorf("%s is shown as JSON", link)
	}
	if len(pg.Items) == 0 && len(pg.Sections) == 0 && pg.Summary == "" {
		t.Errorf("%s shows nothing and does not say why", link)
	}
	assertSafe(t, pg)
}
