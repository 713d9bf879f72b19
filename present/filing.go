package present

import (
	"encoding/json"
	"strconv"
	"strings"

	"coview/api"
	"coview/present/labels"
)

// filing is one filing in full: when, what form, what it says, what it is
// about, how long, and whether its document can be had; then the notes,
// resolutions and other filings that go with it.
func filing(f *api.FilingItem, g given) *Page {
	raw, bad := g.answer.Raw, g.answer.Unreadable
	var rows []Row
	rows = dateRow(rows, "Date", f.Date)
	rows = add(rows, "Type", f.Type)
	desc, _ := filingDescription(f)
	rows = add(rows, "Description", desc)
	rows = dateRow(rows, "Action date", f.ActionDate)
	category := clean(labels.FilingCategory(f.Category))
	for _, s := range f.Subcategory {
		// A subcategory that repeats the category says nothing more.
		if w := clean(labels.FilingCategory(s)); w != "" && w != category {
			category += " · " + w
		}
	}
	rows = add(rows, "Category", category)
	if f.Pages != nil && *f.Pages > 0 {
		rows = add(rows, "Pages", strconv.Itoa(*f.Pages))
	}
	rows = add(rows, "Filed", yesNo(f.PaperFiled, "on paper", "electronically"))
	if f.Links.DocumentMetadata != "" {
		rows = append(rows, Row{Label: "Document", Value: "available from the registry's document service", Tone: Good})
	} else {
		rows = append(rows, Row{Label: "Document", Value: "none available", Tone: Quiet})
	}
	rows = add(rows, "Transaction", f.TransactionID)
	rows = add(rows, "Barcode", f.Barcode)
	rows = unreadable(rows, bad)

	var notes []Row
	for _, a := range f.Annotations {
		text := clean(a.Annotation)
		if text == "" {
			text = clean(labels.FilingDescription(a.Description, nil))
		}
		notes = add(notes, orDash(clean(labels.Date(a.Date))), text)
	}
	return sectioned("",
		Section{Title: "Filing", Rows: rows},
		Section{Title: "Annotations", Rows: notes},
		Section{Title: "Resolutions", Rows: filingParts(raw, "resolutions", "receive_date")},
		Section{Title: "Associated filings", Rows: filingParts(raw, "associated_filings", "date")},
	)
}

// filingParts are a filing's resolutions or associated filings, one row
// each: the date, then what it was and its form. api.FilingItem does not
// carry these yet, so they are read from the body as received, leniently:
// a member that is not what it should be is left out, and a body that is
// not JSON gives nothing.
func filingParts(raw []byte, member, dateKey string) []Row {
	var doc map[string]json.RawMessage
	var parts []json.RawMessage
	if json.Unmarshal(raw, &doc) != nil || json.Unmarshal(doc[member], &parts) != nil {
		return nil
	}
	var rows []Row
	for _, part := range parts {
		var p map[string]json.RawMessage
		if json.Unmarshal(part, &p) != nil {
			continue
		}
		values := map[string]string{}
		var dv map[string]json.RawMessage
		if json.Unmarshal(p["description_values"], &dv) == nil {
			for k, v := range dv {
				if s := jsonText(v); s != "" {
					values[k] = s
				}
			}
		}
		what := clean(labels.FilingDescription(jsonText(p["description"]), values))
		if what == "" {
			what = "(no description)"
		}
		if t := clean(jsonText(p["type"])); t != "" {
			what += " (" + t + ")"
		}
		rows = append(rows, Row{Label: orDash(clean(labels.Date(jsonText(p[dateKey])))), Value: what})
	}
	return rows
}

// jsonText reads a JSON string or number as text, or "" for anything else.
func jsonText(v json.RawMessage) string {
	var s api.FlexString
	if json.Unmarshal(v, &s) != nil {
		return ""
	}
	return string(s)
}

// filingDescription is a filing in the registry's words, with the parts
// its pages show in bold, and its statement of capital when it carries
// one ("...: GBP 1,250.00"). The bold parts are dropped when cleaning the
// text for the terminal changed it, rather than mark the wrong words.
func filingDescription(f *api.FilingItem) (string, []labels.Span) {
	text, bold := labels.FilingDescriptionMarked(f.Description, f.Values())
	if capital := capitalFigures(f.Capital()); capital != "" {
		if text == "" {
			text = "Statement of capital"
		}
		text += ": " + capital
	}
	if c := clean(text); c != text {
		return c, nil
	}
	return text, bold
}

// capitalFigures writes a statement of capital on one line: "GBP 1,250.00,
// EUR 50 on 1 April 2026".
func capitalFigures(figures []api.CapitalFigure) string {
	var parts []string
	for _, c := range figures {
		p := strings.TrimSpace(string(c.Currency) + " " + string(c.Figure))
		if d := strings.TrimSpace(string(c.Date)); d != "" {
			p += " on " + labels.LongDate(d)
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}
