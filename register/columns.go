package register

import (
	"fmt"
	"strings"
)

// Columns are the register's 55 columns, in the order the registry
// writes them, by their names trimmed: the file's header puts a space
// before several of them (" CompanyNumber").
var Columns = [55]string{
	"CompanyName", "CompanyNumber",
	"RegAddress.CareOf", "RegAddress.POBox", "RegAddress.AddressLine1", "RegAddress.AddressLine2",
	"RegAddress.PostTown", "RegAddress.County", "RegAddress.Country", "RegAddress.PostCode",
	"CompanyCategory", "CompanyStatus", "CountryOfOrigin", "DissolutionDate", "IncorporationDate",
	"Accounts.AccountRefDay", "Accounts.AccountRefMonth", "Accounts.NextDueDate", "Accounts.LastMadeUpDate",
	"Accounts.AccountCategory", "Returns.NextDueDate", "Returns.LastMadeUpDate",
	"Mortgages.NumMortCharges", "Mortgages.NumMortOutstanding", "Mortgages.NumMortPartSatisfied", "Mortgages.NumMortSatisfied",
	"SICCode.SicText_1", "SICCode.SicText_2", "SICCode.SicText_3", "SICCode.SicText_4",
	"LimitedPartnerships.NumGenPartners", "LimitedPartnerships.NumLimPartners", "URI",
	"PreviousName_1.CONDATE", "PreviousName_1.CompanyName", "PreviousName_2.CONDATE", "PreviousName_2.CompanyName",
	"PreviousName_3.CONDATE", "PreviousName_3.CompanyName", "PreviousName_4.CONDATE", "PreviousName_4.CompanyName",
	"PreviousName_5.CONDATE", "PreviousName_5.CompanyName", "PreviousName_6.CONDATE", "PreviousName_6.CompanyName",
	"PreviousName_7.CONDATE", "PreviousName_7.CompanyName", "PreviousName_8.CONDATE", "PreviousName_8.CompanyName",
	"PreviousName_9.CONDATE", "PreviousName_9.CompanyName", "PreviousName_10.CONDATE", "PreviousName_10.CompanyName",
	"ConfStmtNextDueDate", "ConfStmtLastMadeUpDate",
}

// Header is the header line as the registry writes it, leading spaces
// and all: what the demo's file and the generator write.
func Header() string {
	var b strings.Builder
	for i, c := range Columns {
		if i > 0 {
			b.WriteByte(',')
			if spaced(c) {
				b.WriteByte(' ')
			}
		}
		b.WriteString(c)
	}
	return b.String()
}

// spaced reports whether the registry's header writes a column after a
// space.
func spaced(c string) bool {
	switch c {
	case "CompanyNumber", "RegAddress.AddressLine2", "PreviousName_1.CompanyName", "PreviousName_2.CONDATE",
		"PreviousName_2.CompanyName", "PreviousName_3.CompanyName", "PreviousName_4.CompanyName",
		"PreviousName_5.CompanyName", "PreviousName_6.CompanyName", "PreviousName_7.CompanyName",
		"PreviousName_8.CompanyName", "PreviousName_9.CompanyName", "PreviousName_10.CompanyName",
		"ConfStmtLastMadeUpDate":
		return true
	}
	return false
}

// col names a column by its place in Columns.
type col int

const (
	colName col = iota
	colNumber
	colCareOf
	colPOBox
	colLine1
	colLine2
	colTown
	colCounty
	colCountry
	colPostCode
	colCategory
	colStatus
	colOrigin
	colDissolved
	colIncorporated
	colRefDay
	colRefMonth
	colAccountsDue
	colAccountsMadeUp
	colAccountsCategory
	colReturnsDue
	colReturnsMadeUp
	colCharges
	colOutstanding
	colPartSatisfied
	colSatisfied
	colSIC1
	colSIC2
	colSIC3
	colSIC4
	colGeneralPartners
	colLimitedPartners
	colURI
	colPrevious1Date      // then name, date, name... for the ten
	colConfirmationDue    = colPrevious1Date + 20
	colConfirmationMadeUp = colConfirmationDue + 1
)

// HeaderError is a header that is not the register's: the file is some
// other CSV, or the registry changed its columns. Nothing is read from
// such a file.
type HeaderError struct {
	Missing []string // the register's columns it lacks
	Found   []string // its columns, trimmed, as far as they were read
}

func (e *HeaderError) Error() string {
	if len(e.Found) == 0 {
		return "it has no header line: the register's file starts with its 55 column names (CompanyName, CompanyNumber, ...)"
	}
	missing := e.Missing
	more := ""
	if len(missing) > 5 {
		more = fmt.Sprintf(" and %d more", len(missing)-5)
		missing = missing[:5]
	}
	found := strings.Join(e.Found, ", ")
	if len(e.Found) > 3 {
		found = strings.Join(e.Found[:3], ", ") + ", ..."
	}
	return fmt.Sprintf("its header is not the register's: it lacks %s%s (expected the 55 columns of Basic Company Data, CompanyName, CompanyNumber, ... ConfStmtLastMadeUpDate; found %s)",
		strings.Join(missing, ", "), more, found)
}

// layout is where each of the register's columns is in a file: columns
// are found by name, so a file whose columns come in another order, or
// with more of them, still reads right.
type layout struct {
	at     [len(Columns)]int
	fields int // the fields a row must have: as many as the header
}

// readHeader finds the columns in a header's fields.
func readHeader(fields []string) (layout, error) {
	var l layout
	l.fields = len(fields)
	byName := make(map[string]int, len(fields))
	found := make([]string, 0, len(fields))
	for i, f := range fields {
		name := strings.TrimSpace(strings.TrimPrefix(f, "\uFEFF"))
		found = append(found, name)
		if _, dup := byName[name]; !dup {
			byName[name] = i
		}
	}
	var missing []string
	for c, name := range Columns {
		i, ok := byName[name]
		if !ok {
			missing = append(missing, name)
			continue
		}
		l.at[c] = i
	}
	if len(missing) > 0 {
		if len(fields) == 1 && strings.TrimSpace(fields[0]) == "" {
			found = nil
		}
		return l, &HeaderError{Missing: missing, Found: found}
	}
	return l, nil
}
