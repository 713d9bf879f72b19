package labels

import (
	"sort"
	"strings"
	"sync"
)

// FilingDescription puts a filing-history item's description key in
// words, with its description_values, as the registry's own pages do: the
// registry's sentence for the key (enumerations.go), its placeholders
// filled, its dates in words ("made up to 31 March 2026"), its bold
// markers dropped (FilingDescriptionMarked keeps them). A description
// value "description" is the whole text, as for old paper filings
// ("legacy"), whatever the key. A key the registry does not publish is
// humanised, followed by the dates among its values, so that a new kind
// of filing still says something useful; "" stays "".
func FilingDescription(key string, values map[string]string) string {
	s, _ := FilingDescriptionMarked(key, values)
	return s
}

// FilingDescriptionMarked is FilingDescription with the parts the
// registry's pages show in bold (usually what the form is), as byte
// ranges of the text.
func FilingDescriptionMarked(key string, values map[string]string) (string, []Span) {
	if v := strings.TrimSpace(values["description"]); v != "" {
		w := newWriter()
		w.value(v)
		return w.done()
	}
	k := norm(key)
	if k == "" {
		return "", nil
	}
	if tpl, ok := enumFilingHistoryDescriptionsDescription.get(k); ok {
		if s, bold := render(tpl, values); s != "" {
			return s, bold
		}
	}
	if fallback, ok := filingFallbacks()[k]; ok {
		if v := strings.TrimSpace(values["original_description"]); v != "" {
			w := newWriter()
			w.value(v)
			return w.done()
		}
		return render(fallback, values)
	}
	if t, ok := strings.CutPrefix(k, accountsPrefix); ok && t != "" {
		return render("**"+Humanize(t)+" accounts** made up to {made_up_date}", values)
	}
	w := newWriter()
	w.literal(Humanize(k))
	if dates := datesIn(values); len(dates) > 0 {
		w.literal(" on ")
		w.value(JoinAnd(dates))
	}
	return w.done()
}

// IsFilingDescription reports whether the registry publishes words for a
// filing description key.
func IsFilingDescription(key string) bool {
	_, ok := enumFilingHistoryDescriptionsDescription.get(norm(key))
	return ok
}

// filingFallbacks word the keys whose registry template is made only of a
// value that did not come ("{original_description}"), or is empty
// ("annotation"), or that the registry does not publish although it sends
// them: "legacy", whose text is in its values, and "annual-return", whose
// text is its original_description.
var filingFallbacks = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"legacy":                 "**Legacy filing**",
		"confirmation-statement": "**Confirmation statement** made on {made_up_date}",
		"annual-return":          "**Annual return** made up to {made_up_date}",
		"annual-update":          "**Annual update** made up to {made_up_date}",
		"annotation":             "**Annotation**",
	}
})

// accountsPrefix starts the family of keys for accounts of a given type;
// a type the registry has no sentence for is humanised.
const accountsPrefix = "accounts-with-accounts-type-"

// datesIn returns the distinct dates in values, in words and in
// chronological order (ISO strings sort chronologically).
func datesIn(values map[string]string) []string {
	var iso []string
	for _, v := range values {
		v = strings.TrimSpace(v)
		if isISODate(v) {
			iso = append(iso, v[:10])
		}
	}
	sort.Strings(iso)
	out := make([]string, 0, len(iso))
	for i, v := range iso {
		if i > 0 && v == iso[i-1] {
			continue
		}
		out = append(out, LongDate(v))
	}
	return out
}

// JoinAnd joins items as English: "a", "a and b", "a, b and c".
func JoinAnd(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
