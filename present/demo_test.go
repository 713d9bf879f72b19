package present

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"coview/api"
	"coview/api/demo"
	"coview/internal/testkit"
	"coview/internal/testkit/testclient"
)

// The pages of linked resources are tested as a user meets them: fetched
// from the demo registry (or a hand-written body) over loopback HTTP
// through the real client, then put in words by Show.

// demoRegistry is a client of a demo registry of its own.
func demoRegistry(t *testing.T) *api.Client {
	t.Helper()
	c, _ := testclient.Demo(t, demo.Options{})
	return c
}

// follow fetches a link as the browser does (routed, then fetched by its
// kind) and returns the answer and its page.
func follow(t *testing.T, c *api.Client, link string) (*api.Answer, *Page) {
	t.Helper()
	res, err := api.Route(link)
	if err != nil {
		t.Fatalf("route %q: %v", link, err)
	}
	a, err := c.Fetch(context.Background(), res, api.Page{})
	if err != nil {
		t.Fatalf("fetch %q: %v", link, err)
	}
	return a, ShowAt(a, nil, testToday)
}

// testToday is the day the tests read the registry's answers on, so that
// what is overdue does not change with the calendar.
var testToday = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

// demoPage is the page of a link on the demo registry.
func demoPage(t *testing.T, link string) *Page {
	t.Helper()
	_, pg := follow(t, demoRegistry(t), link)
	return pg
}

// servedPage is the page of a hand-written body, served with status 200
// at whatever link is asked for. Every "EVIL" in it becomes hostile text.
func servedPage(t *testing.T, link, body string) *Page {
	t.Helper()
	return servedStatus(t, link, http.StatusOK, body)
}

// servedStatus is servedPage with another status.
func servedStatus(t *testing.T, link string, status int, body string) *Page {
	t.Helper()
	body = strings.ReplaceAll(body, "EVIL", hostile)
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write([]byte(body))
	}))
	_, pg := follow(t, testclient.For(t, srv.URL, testclient.Attempts(1)), link)
	return pg
}

// plain is a page as --plain prints it.
func plain(pg *Page) string {
	var b strings.Builder
	WritePage(&b, pg, true)
	return b.String()
}

// visible is everything a page shows or names: what it says of itself,
// cells, breadcrumb titles, section titles, labels and values.
func visible(pg *Page) []string {
	out := []string{pg.Heading, pg.Summary, pg.Caveat, pg.Empty}
	for _, it := range pg.Items {
		out = append(out, it.Cells...)
		out = append(out, it.Title)
	}
	for _, s := range pg.Sections {
		out = append(out, s.Title)
		for _, r := range s.Rows {
			out = append(out, r.Label, r.Value, r.Open)
		}
	}
	for _, l := range pg.Lines {
		out = append(out, l.Text)
	}
	return out
}

// rowsIn are a section's rows as "label: value" lines; a continuing row
// has no label.
func rowsIn(pg *Page, title string) []string {
	for _, s := range pg.Sections {
		if s.Title == title {
			out := make([]string, len(s.Rows))
			for i, r := range s.Rows {
				out[i] = r.Label + ": " + r.Value
			}
			return out
		}
	}
	return nil
}

// linksIn are the rows of a page that open something, in order.
func linksIn(pg *Page) []Row {
	var out []Row
	for _, s := range pg.Sections {
		for _, r := range s.Rows {
			if r.Link != "" {
				out = append(out, r)
			}
		}
	}
	return out
}

// hostile is text a registry (or someone filing with it) could use to
// take over a terminal: an escape sequence, a bell and a bidi override.
const hostile = `\u001b]0;pwned\u0007\u001b[2J\u202eevil`

// assertSafe fails when anything a page shows carries a control
// character.
func assertSafe(t *testing.T, pg *Page) {
	t.Helper()
	for _, s := range visible(pg) {
		if strings.ContainsAny(s, "\x1b\x07\u202e") {
			t.Errorf("a control character reaches the screen: %q", s)
		}
	}
	if out := plain(pg); strings.ContainsAny(out, "\x1b\x07\u202e") {
		t.Errorf("a control character reaches --plain:\n%s", out)
	}
}

// holds reports whether an answer holds a T, the Go type of its kind.
func holds[T any](a *api.Answer) bool {
	_, ok := api.Value[T](a)
	return ok
}
