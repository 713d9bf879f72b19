package cmdline

import (
	"slices"
	"strings"

	"coview/api"
	"coview/present/labels"
	"coview/ui/common"
)

// maxCandidates bounds what is offered for one line (a SIC code's prefix
// can match hundreds).
const maxCandidates = 50

// Candidates are the whole lines that complete what is typed, best
// first: lines run before that begin with it (the latest first), then
// the command names, or the arguments known for the command typed (the
// companies opened lately, search's filters and their values, a
// theme...). Tab takes the first; ctrl+n and ctrl+p go through them.
func Candidates(typed string, history []string, actions []common.Action, here Here) []string {
	var out []string
	for i := len(history) - 1; i >= 0; i-- {
		if h := history[i]; len(h) > len(typed) && strings.HasPrefix(strings.ToLower(h), strings.ToLower(typed)) {
			out = append(out, h)
		}
	}
	if cmd, rest, ok := strings.Cut(typed, " "); ok && strings.EqualFold(cmd, "sort") {
		// A column's title may have spaces: all after sort is matched.
		for _, w := range sortCandidates(rest, here.Columns) {
			if line := cmd + " " + w; !slices.Contains(out, line) {
				out = append(out, line)
			}
		}
		return out[:min(len(out), maxCandidates)]
	}
	head, last := "", typed
	if i := strings.LastIndexByte(typed, ' '); i >= 0 {
		head, last = typed[:i+1], typed[i+1:]
	}
	for _, w := range words(head, last, actions, here.Recent) {
		if len(w) > len(last) && strings.HasPrefix(strings.ToLower(w), strings.ToLower(last)) && !slices.Contains(out, head+w) {
			out = append(out, head+w)
		}
	}
	return out[:min(len(out), maxCandidates)]
}

// words are what may come next after head (the words typed before the
// last): the commands first, then what each takes.
func words(head, last string, actions []common.Action, recent []api.Number) []string {
	fields := strings.Fields(head)
	if len(fields) == 0 {
		var out []string
		for _, c := range Commands(actions) {
			out = append(out, c.Name)
		}
		return out
	}
	cmd := strings.ToLower(fields[0])
	switch {
	case cmd == "company" && len(fields) == 1:
		out := make([]string, len(recent))
		for i, n := range recent {
			out[i] = n.String()
		}
		return out
	case cmd == "theme" && len(fields) == 1:
		return []string{"light", "dark", "auto"}
	case cmd == "watch" && len(fields) == 1:
		return []string{"add"}
	case cmd == "save" && len(fields) == 1:
		return []string{"csv", "json"}
	case cmd == "panes" && len(fields) == 1:
		return []string{"1", "2", "3", "4", "5"}
	case cmd == "search":
		return searchWords(fields[len(fields)-1], last)
	}
	return nil
}

// searchWords are the filters of :search, or, after one whose values the
// registry lists, those values. Filters are offered once a dash is
// typed, so that a name is typed without one suggested after it.
func searchWords(prev, last string) []string {
	var vocab func() labels.Vocabulary
	switch strings.TrimPrefix(prev, "--") {
	case "status", "company-status":
		vocab = labels.SearchStatuses
	case "type", "company-type":
		vocab = labels.CompanyTypes
	case "subtype", "company-subtype":
		vocab = labels.SearchSubtypes
	case "sic", "sic-codes":
		vocab = labels.SICCodes
	}
	if vocab != nil {
		return vocab().Keys()
	}
	if !strings.HasPrefix(last, "-") {
		return nil
	}
	var out []string
	for _, f := range Filters {
		out = append(out, "--"+f.Name)
	}
	return out
}
