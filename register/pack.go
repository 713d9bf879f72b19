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
const restFields = 19

// packRest is everything else: the status detail, the country of
// origin, the accounts, the annual return and confirmation statement,
// the charges, the partners, the SIC codes with their words, and the
// former names.
func packRest(c *Company) string {
	var b strings.Builder
	b.Grow(160)
	put := func(s string) {
		b.WriteString(s)
		b.WriteString(sep1)
	}
	n := func(v int) { put(strconv.Itoa(v)) }
	put(c.StatusDetail)
	put(c.CountryOfOrigin)
	n(c.Accounts.RefDay)
	n(c.Accounts.RefMonth)
	put(c.Accounts.NextDue)
	put(c.Accounts.LastMadeUpTo)
	put(c.Accounts.Type)
	put(c.Returns.NextDue)
	put(c.Returns.LastMadeUpTo)
	put(c.Confirmation.NextDue)
	put(c.Confirmation.LastMadeUpTo)
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
		b.WriteString(p.Name + sep2 + p.EffectiveFrom + sep2 + p.CeasedOn)
	}
	return b.String()
}

func unpackRest(s string, c *Company, sicWords func(string) string) {
	var f [restFields]string
	splitInto(s, sep1, f[:])
	atoi := func(s string) int { n, _ := strconv.Atoi(s); return n }
	c.StatusDetail, c.CountryOfOrigin = f[0], f[1]
	c.Accounts = Accounts{RefDay: atoi(f[2]), RefMonth: atoi(f[3]), NextDue: f[4], LastMadeUpTo: f[5], Type: f[6]}
	c.Returns = Due{f[7], f[8]}
	c.Confirmation = Due{f[9], f[10]}
	c.Charges = Charges{atoi(f[11]), atoi(f[12]), atoi(f[13]), atoi(f[14])}
	c.Partners = Partners{atoi(f[15]), atoi(f[16])}
	c.SIC = nil
	if f[17] != "" {
		for _, code := range strings.Split(f[17], sep3) {
			c.SIC = append(c.SIC, SIC{Code: code, Text: sicWords(code)})
		}
	}
	c.PreviousNames = nil
	if f[18] != "" {
		for _, p := range strings.Split(f[18], sep3) {
			var n [3]string
			splitInto(p, sep2, n[:])
			c.PreviousNames = append(c.PreviousNames, api.PreviousName{Name: n[0], EffectiveFrom: n[1], CeasedOn: n[2]})
		}
	}
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
