package labels

import "testing"

func TestSIC(t *testing.T) {
	runLabelCases(t, SIC, []labelCase{
		{"software development has the registry's description", "62012", "Business and domestic software development"},
		{"dormant companies use 99999", "99999", "Dormant Company"},
		{"residents' management companies use 98000", "98000", "Residents property management"},
		{"padding is ignored", " 70229 ", "Management consultancy activities other than financial management"},
		{"the registry's double spaces are not shown", "01450", "Raising of sheep and goats"},
		{"a code the registry does not list falls back to its division", "62019", "Computer programming and consultancy (division 62)"},
		{"division 01 keeps its leading zero", "01999", "Crop and animal farming (division 01)"},
		{"a SIC 2003 code has the registry's words", "9234", "Other entertainment activities"},
		{"the first SIC 2003 code too", "0111", "Grow cereals & other crops"},
		{"a SIC 2003 code the registry does not list is named", "1234", "SIC 2003 code 1234"},
		{"the SIC 2003 dormant code", "9999", "Dormant company"},
		{"a code in a division that does not exist is unknown", "04000", ""},
		{"letters are garbage", "6201A", ""},
		{"a code of the wrong length is garbage", "620120", ""},
		{"a three-digit code is garbage", "620", ""},
		{"an empty code is unknown", "", ""},
	})
}

func TestEveryTwoDigitDivisionPrefixEitherNamesOrIsEmpty(t *testing.T) {
	named := 0
	for d := 0; d < 100; d++ {
		code := string(rune('0'+d/10)) + string(rune('0'+d%10)) + "123"
		if SIC(code) != "" {
			named++
		}
	}
	if named != 88 {
		t.Errorf("%d divisions named, want the 88 of SIC 2007", named)
	}
}
