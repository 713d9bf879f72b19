package cli

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"time"

	"coview/accounts"
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

func writeAccounts(w io.Writer, out accountsOutput, c *accounts.Company, cols []accounts.Column) error {
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
	present.WriteAccounts(bw, c, out == accountsTable)
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
func accountsValues(c *accounts.Company, col accounts.Column) map[string]string {
	v := map[string]string{
		"company_number": string(c.Number),
		"period_end":     col.Year.End.Format(time.DateOnly),
		"transaction_id": col.Filed.Filing.TransactionID,
		"consolidated":   fmt.Sprint(col.Year.Consolidated),
	}
	if !col.Year.Start.IsZero() {
		v["period_start"] = col.Year.Start.Format(time.DateOnly)
	}
	if !col.Filed.MadeUpTo.IsZero() {
		v["made_up_to"] = col.Filed.MadeUpTo.Format(time.DateOnly)
	}
	for n, f := range col.Year.Figures {
		v[n.String()] = f.Value.String()
		v[n.String()+"_concept"] = f.Source.Concept
	}
	return v
}

// accountsObject is a year as one line of JSON, its keys in the order of
// accountsFields, its figures numbers.
func accountsObject(c *accounts.Company, col accounts.Column) []byte {
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

func accountsRecords(c *accounts.Company, cols []accounts.Column) [][]string {
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
