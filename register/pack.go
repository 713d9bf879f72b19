package register

import (
	"strconv"
	"strings"

	"coview/api"
)

// The index keeps in columns of their own only what a search filters on;
// the rest of a company (its address lines, dates, counts, former names)
// is kept packed in one text each, fields set apart by the ASCII
// separators, which the reader turns into spaces in the file's text. It
// costs one value to store where it would cost twenty, and a company is
// unpacked only to be shown.

const (
	sep1 = "\x1f" // between fields
	sep2 = "\x1e" // between a former name's fields
	sep3 = "\x1d" // between former names
)

// packAddress is the registered office: care of, PO box, the two lines,
// town, county, country, postcode.
func packAddress(a api.Address) string {
	return strings.Join([]string{a.CareOf, a.POBox, a.AddressLine1, a.AddressLine2, a.Locality, a.Region, a.Country, a.PostalCode}, sep1)
}

func unpackAddress(s string) api.Address {
	var f [8]string
	splitInto(s, sep1, f[:])
	return api.Address{CareOf: f[0], POBox: f[1], AddressLine1: f[2], AddressLine2: f[3], Locality: f[4], Region: f[5], Country: f[6], PostalCode: f[7]}
}

// restFields is how many fields packRest writes.
const restFields = 25

// packRest is the rest of a company: its status, type and subtype, its
// days (as yyyymmdd), its country of origin ("~" for the United Kingdom,
// which nine rows in ten have), the accounts, the annual return and the
// confirmation statement, the charges, the partners, the SIC codes, the
// former names.
func packRest(c *Company) string {
	var b strings.Builder
	b.Grow(120)
	put := func(s string) {
		b.WriteString(s)
		b.WriteString(sep1)
	}
	day := func(d string) { put(strings.ReplaceAll(d, "-", "")) }
	n := func(v int) { put(strconv.Itoa(v)) }
	put(c.Status)
	put(c.StatusDetail)
	put(c.Type)
	put(c.Subtype)
	day(c.Incorporated)
	day(c.Dissolved)
	if c.CountryOfOrigin == "United Kingdom" {
		put("~")
	} else {
		put(c.CountryOfOrigin)
	}
	n(c.Accounts.RefDay)
	n(c.Accounts.RefMonth)
	day(c.Accounts.NextDue)
	day(c.Accounts.LastMadeUpTo)
	put(c.Accounts.Type)
	day(c.Returns.NextDue)
	day(c.Returns.LastMadeUpTo)
	day(c.Confirmation.NextDue)
	day(c.Confirmation.LastMadeUpTo)
	n(c.Charges.Total)
	n(c.Charges.Outstanding)
	n(c.Charges.PartSatisfied)
	n(c.Charges.Satisfied)
	n(c.Partners.General)
	n(c.Partners.Limited)
	for i, s := range c.SIC {
		if i > 0 {
			b.WriteString(sep3)
		}
		b.WriteString(s.Code)
	}
	b.WriteString(sep1)
	for i, p := range c.PreviousNames {
		if i > 0 {
			b.WriteString(sep3)
		}
		b.WriteString(p.Name + sep2 + strings.ReplaceAll(p.EffectiveFrom, "-", "") + sep2 + strings.ReplaceAll(p.CeasedOn, "-", ""))
	}
	return b.String()
}

// unpackRest reads back what packRest wrote.
func unpackRest(s string, c *Company, sicWords func(string) string) {
	var f [restFields]string
	splitInto(s, sep1, f[:])
	atoi := func(s string) int { n, _ := strconv.Atoi(s); return n }
	c.Status, c.StatusDetail, c.Type, c.Subtype = f[0], f[1], f[2], f[3]
	c.Incorporated, c.Dissolved = dashed(f[4]), dashed(f[5])
	c.CountryOfOrigin = f[6]
	if c.CountryOfOrigin == "~" {
		c.CountryOfOrigin = "United Kingdom"
	}
	c.Accounts = Accounts{RefDay: atoi(f[7]), RefMonth: atoi(f[8]), NextDue: dashed(f[9]), LastMadeUpTo: dashed(f[10]), Type: f[11]}
	c.Returns = Due{dashed(f[12]), dashed(f[13])}
	c.Confirmation = Due{dashed(f[14]), dashed(f[15])}
	c.Charges = Charges{atoi(f[16]), atoi(f[17]), atoi(f[18]), atoi(f[19])}
	c.Partners = Partners{atoi(f[20]), atoi(f[21])}
	c.SIC = nil
	if f[22] != "" {
		for _, code := range strings.Split(f[22], sep3) {
			c.SIC = append(c.SIC, SIC{Code: code, Text: sicWords(code)})
		}
	}
	c.PreviousNames = nil
	if f[23] != "" {
		for _, p := range strings.Split(f[23], sep3) {
			var n [3]string
			splitInto(p, sep2, n[:])
			c.PreviousNames = append(c.PreviousNames, api.PreviousName{Name: n[0], EffectiveFrom: dashed(n[1]), CeasedOn: dashed(n[2])})
		}
	}
}

// dashed is a yyyymmdd day as yyyy-mm-dd.
func dashed(d string) string {
	if len(d) != 8 {
		return d
	}
	return d[:4] + "-" + d[4:6] + "-" + d[6:]
}

// splitInto cuts s at sep into out, leaving what is missing empty.
func splitInto(s, sep string, out []string) {
	for i := range out {
		v, rest, found := strings.Cut(s, sep)
		out[i] = v
		if !found {
			for j := i + 1; j < len(out); j++ {
				out[j] = ""
			}
			return
		}
		s = rest
	}
}
