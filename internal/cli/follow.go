package cli

import (
	"bufio"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"coview/api"
	"coview/present"
	"coview/present/sanitize"
)

// pageSize is how many items a list page asks for, as in the browser: the
// most the registry serves for most lists.
const pageSize = 100

// maxPages bounds --all, so that a registry that never says its list has
// ended cannot keep a script busy for ever.
const maxPages = 10_000

// linkNames are the link members the registry writes in a profile.
var linkNames = []string{
	api.LinkSelf, api.LinkFilingHistory, api.LinkOfficers, api.LinkPSC, api.LinkPSCStatements,
	api.LinkCharges, api.LinkInsolvency, api.LinkRegisters, api.LinkExemptions, api.LinkUKEstablish,
	api.LinkOverseas,
}

// linkAliases are the short names people type for the usual links. A
// name means one link, never "this one, or else that one".
var linkAliases = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"psc":            api.LinkPSC,
		"pscs":           api.LinkPSC,
		"statements":     api.LinkPSCStatements,
		"psc_statements": api.LinkPSCStatements,
		"filings":        api.LinkFilingHistory,
		"filing":         api.LinkFilingHistory,
		"history":        api.LinkFilingHistory,
		"establishments": api.LinkUKEstablish,
		"profile":        api.LinkSelf,
	}
})

// completeLinks offers the link names for --follow in shell completion:
// those the registry writes and their short forms. Which ones a company
// has would take a request; the shell has no key to send.
func completeLinks(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	names := slices.Clone(linkNames)
	for alias := range linkAliases() {
		names = append(names, alias)
	}
	slices.Sort(names)
	return names, cobra.ShellCompDirectiveNoFileComp
}

// followed is the link --follow chose.
type followed struct{ rel, path string }

// chooseLink finds the link of p that name means. An empty or unknown
// name is a usage error; a link the registry knows but this company does
// not have is "not found", with the links it has (the registry leaves a
// link out when there is nothing behind it).
func chooseLink(p *api.Profile, number api.Number, name string) (followed, error) {
	have := map[string]string{}
	var rels []string
	for _, l := range p.Links.All() {
		have[l.Name] = l.Path
		rels = append(rels, l.Name)
	}
	list := strings.Join(rels, ", ")
	if list == "" {
		list = "no links at all"
	}
	want := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(name)), "-", "_")
	if want == "" {
		return followed{}, usageError("--follow needs a link name; company %s has: %s (short forms: psc, filings, statements)", number, list)
	}
	rel, ok := linkAliases()[want]
	if !ok {
		rel = want
	}
	if path, ok := have[rel]; ok {
		return followed{rel: rel, path: path}, nil
	}
	if !slices.Contains(linkNames, rel) {
		return followed{}, usageError("--follow %q: no such link; company %s has: %s (short forms: psc, filings, statements)", sanitize.Line(name), number, list)
	}
	return followed{}, &exitError{code: exitNotFound, msg: fmt.Sprintf("company %s has no %s link; it has: %s", number, rel, list)}
}

// follow prints one link of a company's profile: the linked resource's
// rows (--plain) or its JSON as received (--json), its first page, or with
// all every page to the end of the list.
func follow(ctx context.Context, c *api.Client, number api.Number, name string, categories []string, all bool, out output, env Env) error {
	p, err := c.Company(ctx, number)
	if err != nil {
		return withHint(err)
	}
	f, err := chooseLink(p, number, name)
	if err != nil {
		return err
	}
	if len(categories) > 0 {
		f.path = api.FilingHistoryLink(f.path, categories)
	}
	res, err := api.Route(f.path)
	if err != nil {
		return &exitError{code: exitFailure, msg: fmt.Sprintf("company %s's %s link is refused: %v", number, f.rel, err)}
	}
	company := p
	if res.Number != number {
		company = nil // another company's resource: its profile is not known
	}
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	start, loaded := 0, 0
	seen := api.Seen{}
	for page := 0; ; page++ {
		a, err := c.Fetch(ctx, res, api.Page{StartIndex: start, ItemsPerPage: pageSize})
		if err != nil {
			w.Flush()
			return withHint(err)
		}
		if res.Kind.Paged() && a.Raw != nil {
			if items, fresh := seen.Fresh(a.Raw); items > 0 && fresh == 0 {
				return repeatedPage(page, loaded)
			}
		}
		pg := writeAnswer(w, a, company, page == 0, all, out, env)
		w.Flush()
		if pg == nil {
			return nil // a profile: no pages
		}
		got := len(pg.Items)
		loaded += got
		if !res.Kind.Paged() || got == 0 || (pg.Total >= 0 && loaded >= pg.Total) {
			return nil
		}
		if !all {
			fmt.Fprintln(env.Stderr, "coview: "+moreNote(pg.Total, loaded))
			return nil
		}
		if page+1 >= maxPages {
			return &exitError{code: exitFailure, msg: fmt.Sprintf("stopped after %s pages: the registry has not said the list ends", present.Thousands(maxPages))}
		}
		start += got
	}
}

// writeAnswer prints one answer: as received for --json (JSON Lines when
// every page is printed), or in words for --plain, the heading and column
// titles with the first page only. It returns the answer in words, or nil
// for a profile.
func writeAnswer(w *bufio.Writer, a *api.Answer, company *api.Profile, first, all bool, out output, env Env) *present.Page {
	if p, ok := api.Value[*api.Profile](a); ok {
		if out == asJSON {
			writeJSON(w, a.Raw, all)
		} else {
			present.WriteProfile(w, p, time.Now())
		}
		return nil
	}
	pg := present.Show(a, company)
	switch {
	case out == asJSON && a.Raw != nil:
		writeJSON(w, a.Raw, all)
	case out == asJSON:
		// "Nothing there" came as a 404: there is no JSON to print.
		if pg.Empty != "" {
			fmt.Fprintln(env.Stderr, "coview: "+pg.Empty)
		}
	default:
		present.WritePage(w, pg, first)
	}
	return pg
}

// moreNote tells that a list goes on past its first page, and how to see
// the rest.
func moreNote(total, loaded int) string {
	if total < 0 {
		return fmt.Sprintf("the first %s items are shown and there may be more; --all prints every page", present.Thousands(loaded))
	}
	return fmt.Sprintf("%s more after these %s (of %s); --all prints every page", present.Thousands(total-loaded), present.Thousands(loaded), present.Thousands(total))
}
