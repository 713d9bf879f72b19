package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"coview/figures"
	"coview/present"
	"coview/present/sanitize"
)

// accountsOutput is how coview accounts prints.
type accountsOutput int

const (
	accountsTable accountsOutput = iota // on a terminal: large amounts shortened
	accountsPlain                       // every amount whole, as filed
	accountsJSON
	accountsCSV
)

func writeAccounts(w io.Writer, out accountsOutput, c *companyAccounts, cols []accountsColumn) error {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	switch out {
	case accountsJSON:
		for _, col := range cols {
			writeJSON(bw, accountsObject(c, col), false)
		}
		return nil
	case accountsCSV:
		cw := present.NewCSV(bw)
		cw.Write(accountsFields())
		for _, row := range accountsRecords(c, cols) {
			cw.Write(row)
		}
		cw.Flush()
		return cw.Error()
	}
	writeAccountsTables(bw, c, cols, out == accountsTable)
	return nil
}

// accountsFields are the keys of each year's object, in order: what the
// year is, then each figure and the concept it was read from.
func accountsFields() []string {
	fields := []string{"company_number", "period_start", "period_end", "made_up_to", "transaction_id", "consolidated"}
	for _, n := range figures.Names() {
		fields = append(fields, n.String(), n.String()+"_concept")
	}
	return fields
}

// accountsValues are a year's values as text, by key; a figure that is
// not there has no value and no concept.
func accountsValues(c *companyAccounts, col accountsColumn) map[string]string {
	v := map[string]string{
		"company_number": string(c.number),
		"period_end":     col.year.End.Format(time.DateOnly),
		"transaction_id": col.filed.filing.TransactionID,
		"consolidated":   fmt.Sprint(col.year.Consolidated),
	}
	if !col.year.Start.IsZero() {
		v["period_start"] = col.year.Start.Format(time.DateOnly)
	}
	if !col.filed.madeUpTo.IsZero() {
		v["made_up_to"] = col.filed.madeUpTo.Format(time.DateOnly)
	}
	for n, f := range col.year.Figures {
		v[n.String()] = f.Value.String()
		v[n.String()+"_concept"] = f.Source.Concept
	}
	return v
}

// accountsObject is a year as one line of JSON, its keys in the order of
// accountsFields, its figures numbers.
func accountsObject(c *companyAccounts, col accountsColumn) []byte {
	values := accountsValues(c, col)
	var b bytes.Buffer
	b.WriteByte('{')
	for _, k := range accountsFields() {
		v, ok := values[k]
		if !ok {
			continue
		}
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.Write(bytes.TrimSuffix(encodeJSON(k, ""), []byte("\n")))
		b.WriteByte(':')
		if _, isFigure := figures.ParseName(k); isFigure || k == "consolidated" {
			b.WriteString(v)
		} else {
			b.Write(bytes.TrimSuffix(encodeJSON(v, ""), []byte("\n")))
		}
	}
	b.WriteByte('}')
	return b.Bytes()
}

func accountsRecords(c *companyAccounts, cols []accountsColumn) [][]string {
	var rows [][]string
	for _, col := range cols {
		values := accountsValues(c, col)
		var row []string
		for _, k := range accountsFields() {
			row = append(row, sanitize.Line(values[k]))
		}
		rows = append(rows, row)
	}
	return rows
}

// writeAccountsTables prints the company's figures as a table, a column
// a year, the group's apart from the company's.
func writeAccountsTables(w io.Writer, c *companyAccounts, cols []accountsColumn, short bool) {
	name := c.name()
	if name == "" {
		name = "Company " + string(c.number)
	} else {
		name += " (" + string(c.number) + ")"
	}
	var group, company []accountsColumn
	for _, col := range cols {
		if col.year.Consolidated {
			group = append(group, col)
		} else {
			company = append(company, col)
		}
	}
	fmt.Fprintln(w, name)
	if len(group) > 0 {
		fmt.Fprintln(w, "\nThe group (consolidated)")
		writeAccountsTable(w, group, short)
		if len(company) > 0 {
			fmt.Fprintln(w, "\nThe company alone")
		}
	}
	if len(company) > 0 {
		if len(group) == 0 {
			fmt.Fprintln(w)
		}
		writeAccountsTable(w, company, short)
	}
}

// writeAccountsTable is one table: a row a figure the accounts give,
// each year's value and, but for the oldest, its change from the year
// before.
func writeAccountsTable(w io.Writer, cols []accountsColumn, short bool) {
	type cell struct{ value, change string }
	labelWidth := 0
	var rows []figures.Name
	for _, n := range figures.Names() {
		for _, col := range cols {
			_, has := col.year.Figures[n]
			if has || col.year.Trouble[n] != nil {
				rows = append(rows, n)
				labelWidth = max(labelWidth, len(n.Label()))
				break
			}
		}
	}
	cells := make([][]cell, len(rows))
	valueWidth, changeWidth := make([]int, len(cols)), make([]int, len(cols))
	for i, col := range cols {
		valueWidth[i] = len(columnDate(col))
	}
	for r, n := range rows {
		cells[r] = make([]cell, len(cols))
		for i, col := range cols {
			c := cell{value: ""}
			if f, ok := col.year.Figures[n]; ok {
				c.value = amount(f, short)
				if i+1 < len(cols) {
					if older, ok := cols[i+1].year.Figures[n]; ok {
						c.change = change(f.Value, older.Value)
					}
				}
			} else if col.year.Trouble[n] != nil {
				c.value = "?"
			}
			cells[r][i] = c
			valueWidth[i] = max(valueWidth[i], len(c.value))
			changeWidth[i] = max(changeWidth[i], len(c.change))
		}
	}
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", labelWidth))
	for i, col := range cols {
		fmt.Fprintf(&b, "  %*s", valueWidth[i], columnDate(col))
		if changeWidth[i] > 0 {
			fmt.Fprintf(&b, " %*s", changeWidth[i], "")
		}
	}
	fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	for r, n := range rows {
		b.Reset()
		fmt.Fprintf(&b, "%-*s", labelWidth, n.Label())
		for i, c := range cells[r] {
			fmt.Fprintf(&b, "  %*s", valueWidth[i], c.value)
			if changeWidth[i] > 0 {
				fmt.Fprintf(&b, " %*s", changeWidth[i], c.change)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// columnDate heads a year's column with its balance sheet date.
func columnDate(col accountsColumn) string { return col.year.End.Format("2 Jan 2006") }

// amount is a figure as the table shows it: whole, as filed ("375,004",
// "-577"), or shortened on a terminal ("1.57m", "375k"); a count is
// never shortened, and an amount in another currency says which.
func amount(f figures.Figure, short bool) string {
	s := f.Value.Grouped()
	if short && !f.Name.IsCount() {
		s = shortAmount(f.Value.Float64(), s)
	}
	if !f.Name.IsCount() && f.Unit != "" && f.Unit != "GBP" {
		s += " " + sanitize.Line(f.Unit)
	}
	return s
}

// shortAmount is an amount in three figures or so: "1.57m", "375k",
// "9,876"; whole is how it is written in full.
func shortAmount(v float64, whole string) string {
	a := math.Abs(v)
	sign := ""
	if v < 0 {
		sign = "-"
	}
	three := func(x float64, unit string) string {
		switch {
		case x >= 100:
			return fmt.Sprintf("%s%.0f%s", sign, x, unit)
		case x >= 10:
			return fmt.Sprintf("%s%.1f%s", sign, x, unit)
		}
		return fmt.Sprintf("%s%.2f%s", sign, x, unit)
	}
	switch {
	case a >= 999_500_000:
		return three(a/1e9, "bn")
	case a >= 999_500:
		return three(a/1e6, "m")
	case a >= 10_000:
		return three(a/1e3, "k")
	}
	return whole
}

// change is the change from the year before, as a percentage of the
// older amount: "+17%", "-5%", "0%"; none when the older is zero.
func change(newer, older figures.Number) string {
	o := older.Float64()
	if o == 0 {
		return ""
	}
	pct := math.Round((newer.Float64() - o) / math.Abs(o) * 100)
	switch {
	case pct > 999:
		return ">+999%"
	case pct < -999:
		return "<-999%"
	case pct > 0:
		return fmt.Sprintf("+%.0f%%", pct)
	case pct < 0:
		return fmt.Sprintf("%.0f%%", pct)
	}
	return "0%"
}
