package present

import (
	"strconv"
	"strings"

	"coview/api"
	"coview/present/labels"
)

// filing is one filing in full: when, what form, what it says, what it is
// about, how long, and whether its document can be had; then the notes,
// resolutions and other filings that go with it.
func filing(f *api.FilingItem, g given) *Page {
	bad := g.answer.Unreadable
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
		Section{Title: "Resolutions", Rows: filingParts(f.Resolutions, func(p api.FilingPart) api.FlexString { return p.ReceiveDate })},
		Section{Title: "Associated filings", Rows: filingParts(f.AssociatedFilings, func(p api.FilingPart) api.FlexString { return p.Date })},
	)
}

// filingParts are a filing's resolutions or associated filings, one row
// each: the date, then what it was and its form. A part with nothing
// readable in it is left out; what could not be read is listed with the
// filing's other unreadable members.
func filingParts(parts []api.FilingPart, dateOf func(api.FilingPart) api.FlexString) []Row {
	var rows []Row
	for _, p := range parts {
		date := dateOf(p)
		if p.Type == "" && p.Description == "" && date == "" {
			continue
		}
		what := clean(labels.FilingDescription(string(p.Description), p.Values()))
		if what == "" {
			what = "(no description)"
		}
		if t := clean(string(p.Type)); t != "" {
			what += " (" + t + ")"
		}
		rows = append(rows, Row{Label: orDash(clean(labels.Date(string(date)))), Value: what})
	}
	return rows
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
