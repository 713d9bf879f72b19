package cli

import (
	"io"
	"strconv"
	"strings"

	"coview/api"
	"coview/connections"
	"coview/present"
	"coview/present/labels"
	"coview/present/sanitize"
)

// writeConnectionsDOT prints a walk as a Graphviz digraph: a box for each
// company (the one walked from drawn bold), an ellipse for each person (a
// corporate body a box with folded corner), an edge from a person to each
// company they are tied to, labelled with the role or the control, and
// from a company to each company it controls. Current ties are solid,
// past ones dashed. Every name is quoted and escaped, so no name can end
// a string or add an attribute.
func writeConnectionsDOT(w io.Writer, r *connections.Result) {
	var b strings.Builder
	b.WriteString("digraph connections {\n")
	b.WriteString("  graph [rankdir=LR, labelloc=t, label=" + dotQuote(present.ConnectionsHeading(r)) + "];\n")
	b.WriteString("  node [fontname=\"Helvetica\", fontsize=10];\n")
	b.WriteString("  edge [fontname=\"Helvetica\", fontsize=9];\n")

	declared := map[string]bool{}
	company := func(c connections.Company, attrs string) {
		id := dotCompany(c.Number)
		if declared[id] {
			return
		}
		declared[id] = true
		label := []string{c.Name, string(c.Number)}
		if c.Status != "" {
			label = append(label, labels.Status(c.Status))
		}
		b.WriteString("  " + dotQuote(id) + " [shape=box, label=" + dotLabel(label...) + attrs + "];\n")
	}
	company(r.Company, ", penwidth=2")
	for _, c := range r.Companies {
		attrs := ""
		if !c.Current {
			attrs = ", color=gray40, fontcolor=gray40"
		}
		company(c.Company, attrs)
	}
	for _, t := range r.Ties {
		// An owner or a company named only by a tie still gets a node.
		for _, n := range []api.Number{t.Owner, t.Company} {
			if n != "" {
				company(connections.Company{Number: n, Name: r.Name(n)}, "")
			}
		}
	}
	for i := range r.People {
		p := &r.People[i]
		label := []string{present.PersonLabel(p)}
		if p.Born.Known() {
			label = append(label, "born "+present.Born(p.Born))
		}
		if p.Probable() {
			label = append(label, "probably the same person ("+strconv.Itoa(len(p.Records))+" records)")
		}
		shape := "ellipse"
		if p.Corporate {
			shape = "note"
		}
		b.WriteString("  " + dotQuote(dotPerson(p.ID)) + " [shape=" + shape + ", label=" + dotLabel(label...) + "];\n")
	}
	for _, t := range r.Ties {
		from := dotPerson(t.Person)
		if t.Owner != "" {
			from = dotCompany(t.Owner)
		}
		style := ""
		if !t.Current {
			style = ", style=dashed"
		}
		b.WriteString("  " + dotQuote(from) + " -> " + dotQuote(dotCompany(t.Company)) + " [label=" + dotQuote(present.TieWords(t)) + style + "];\n")
	}
	b.WriteString("}\n")
	io.WriteString(w, b.String())
}

func dotCompany(n api.Number) string { return "company " + string(n) }
func dotPerson(id string) string     { return "person " + id }

// dotQuote is s as a DOT string: sanitised for the terminal, then with
// backslashes and quotes escaped, so that it cannot end early or start an
// escape sequence of Graphviz's own.
func dotQuote(s string) string {
	s = sanitize.Line(s)
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, `"`, `\"`)
	return `"` + s + `"`
}

// dotLabel is lines of a label, each escaped, the empty ones left out.
func dotLabel(lines ...string) string {
	var kept []string
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			q := dotQuote(l)
			kept = append(kept, q[1:len(q)-1])
		}
	}
	return `"` + strings.Join(kept, `\n`) + `"`
}
