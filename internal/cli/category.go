package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"coview/api"
	"coview/present/labels"
)

// filingCategories reads --category: a comma list of the registry's
// filing categories, each checked before any request, the nearest one
// suggested for one it does not know. It is only for a filing history.
func filingCategories(given bool, value string, following bool, link string) ([]string, error) {
	if !given {
		return nil, nil
	}
	if !following || !isFilingHistory(link) {
		return nil, usageError("--category picks filings from a filing history: use it with --follow filings")
	}
	var out []string
	for _, c := range strings.Split(value, ",") {
		c = strings.ToLower(strings.TrimSpace(c))
		if c == "" {
			continue
		}
		if !labels.IsFilingCategory(c) {
			msg := fmt.Sprintf("--category %q: the registry has no such filing category", c)
			if near := labels.NearestFilingCategory(c); near != "" {
				msg += fmt.Sprintf("; did you mean %s?", near)
			} else {
				msg += "."
			}
			return nil, usageError("%s The categories are: %s", msg, strings.Join(labels.FilingCategories(), ", "))
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, usageError("--category needs one or more categories, separated by commas (such as accounts,officers)")
	}
	return out, nil
}

// isFilingHistory reports whether a --follow name means the filing
// history.
func isFilingHistory(name string) bool {
	want := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(name)), "-", "_")
	if rel, ok := linkAliases()[want]; ok {
		want = rel
	}
	return want == api.LinkFilingHistory
}

// completeCategories offers the filing categories for --category.
func completeCategories(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return labels.FilingCategories(), cobra.ShellCompDirectiveNoFileComp
}
