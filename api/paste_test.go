package api

import (
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func TestExtractNumbers(t *testing.T) {
	cases := []struct {
		name   string
		in     string
		want   []string
		ignore []string // the texts ignored
		why    string   // part of the first reason
	}{
		{"a bracketed paste with a trailing newline", "sc 123456\n", []string{"SC123456"}, nil, ""},
		{"a label before the number", "Company No. 01234567", []string{"01234567"}, nil, ""},
		{"a label without a dot is not read as the NO prefix", "Company No 01234567", []string{"01234567"}, nil, ""},
		{"an upper-case NO is the prefix", "NO 123456", []string{"NO123456"}, nil, ""},
		{"a spreadsheet column with CRLF line ends", "00006400\r\nSC006405\r\n\r\nOC006404\r\n", []string{"00006400", "SC006405", "OC006404"}, nil, ""},
		{"several numbers on one line", "00006400, SC006405; FC006406", []string{"00006400", "SC006405", "FC006406"}, nil, ""},
		{"numbers separated by a space", "6400 sc6405", []string{"00006400", "SC006405"}, nil, ""},
		{"numbers separated by a comma and a space", "6400, sc6405", []string{"00006400", "SC006405"}, nil, ""},
		{"numbers separated by a tab", "6400\t6401", []string{"00006400", "00006401"}, nil, ""},
		{"numbers separated by a semicolon", "6400;6401", []string{"00006400", "00006401"}, nil, ""},
		{"a prefix and digits across a space stay one", "sc 6405", []string{"SC006405"}, nil, ""},
		{"two short numbers", "6400 6401", []string{"00006400", "00006401"}, nil, ""},
		{"dashes inside digits", "01-23-45-67", []string{"01234567"}, nil, ""},
		{"a number inside a sentence", "see company 06400123 (dissolved) and SC-006405", []string{"06400123", "SC006405"}, nil, ""},
		{"a number in brackets", "ACME LTD (00006400)", []string{"00006400"}, nil, ""},
		{"an upper-case prefix and digits in a sentence", "the branch is NI 012345 in Belfast", []string{"NI012345"}, nil, ""},
		{"a line with no number is reported", "00006400\nhello world\n", []string{"00006400"}, []string{"hello world"}, "no company number"},
		{"a year and a count in a sentence are not numbers", "founded in 2024 by 3 people", nil, []string{"founded in 2024 by 3 people"}, "no company number"},
		{"item no 5 is not a number", "see item no 5", nil, []string{"see item no 5"}, "no company number"},
		{"a phone number in a sentence is not a number", "call me on 07700 900123", nil, []string{"07700 900123"}, "telephone"},
		{"a phone number is not a company number", "call 07495895333", nil, []string{"call 07495895333"}, "no company number"},
		{"a phone number alone says so", "07700 900123", nil, []string{"07700 900123"}, "telephone"},
		{"digits split for reading are ambiguous", "0123 4567", nil, []string{"0123 4567"}, "could be one number (01234567) or 2"},
		{"too many digits alone say so", "123456789", nil, []string{"123456789"}, "9 digits"},
		{"a two-letter word that is no prefix is not read as one", "in 2024", nil, []string{"in 2024"}, "no company number"},
		{"a made-up prefix written on its digits counts alone", "AB123456", []string{"AB123456"}, nil, ""},
		{"but not in a sentence", "ref AB123456 attached", nil, []string{"ref AB123456 attached"}, "no company number"},
		{"duplicates are kept in order", "1\n1\n", []string{"00000001", "00000001"}, nil, ""},
		{"a slash typed before a number", "/7000", []string{"00007000"}, nil, ""},
		{"blank text gives nothing", " \n\t\n", nil, nil, ""},

		// Issue 20, items 1, 22 and 23: one grammar for arguments, stdin and the box.
		{"a lower-case label before the number", "company no 6400", []string{"00006400"}, nil, ""},
		{"a label with a colon", "Company number: 00006400", []string{"00006400"}, nil, ""},
		{"No. before the number is a label, not the NO prefix", "No. 6400", []string{"00006400"}, nil, ""},
		{"an upper-case NO with a dot is a label too", "NO. 6400", []string{"00006400"}, nil, ""},
		{"a label written onto the number", "No.6400", []string{"00006400"}, nil, ""},
		{"a hash written onto the number", "#6400", []string{"00006400"}, nil, ""},
		{"two short numbers with a label before them", "Company Nos. 6400 6401", []string{"00006400", "00006401"}, nil, ""},
		{"a date alone is not a number", "2024-01-15", nil, []string{"2024-01-15"}, "looks like a date"},
		{"a date written the British way is not a number", "15/01/2024", nil, []string{"15/01/2024"}, "looks like a date"},
		{"an amount of money is not a number", "£6,400.00", nil, []string{"£6,400.00"}, "amount"},
		{"a figure with a thousands separator is not a number", "6,400", nil, []string{"6,400"}, "amount"},
		{"two decimals make an amount", "6400.00", nil, []string{"6400.00"}, "amount"},
		{"a date and an amount in a sentence give nothing", "invoice of 2024-01-15 for £6,400.00", nil, []string{"invoice of 2024-01-15 for £6,400.00"}, "no company number"},
		{"a number beside a date and an amount is still read", "paid £6,400.00 on 2024-01-15 to 00006400", []string{"00006400"}, nil, ""},
		{"digits inside a word are not a number", "ref6400x", nil, []string{"ref6400x"}, "letters may only come first"},
		{"digits inside words in a sentence are not a number", "see ref6400x today", nil, []string{"see ref6400x today"}, "no company number"},
		{"fullwidth digits are digits", "６４００", []string{"00006400"}, nil, ""},
		{"a fullwidth prefix and digits", "ＳＣ００６４０５", []string{"SC006405"}, nil, ""},
		{"a fullwidth comma separates", "６４００，６４０１", []string{"00006400", "00006401"}, nil, ""},
		{"a prefix with too many digits across a space is refused, not read as digits alone", "SC 1234567", nil, []string{"SC 1234567"}, "7 digits after the prefix SC"},
		{"every refused part is reported, even beside a number", "6400 123456789", []string{"00006400"}, []string{"123456789"}, "9 digits"},
		{"three letters before digits say why", "ABC123456", nil, []string{"ABC123456"}, "3 letters"},
		{"a label and a bad number say why", "Company No. 12345678901", nil, []string{"12345678901"}, "11 digits"},

		// Issue 31, item 41: a dash after a number, or a dash standing
		// alone beside it, is punctuation, as in a list ("6400 - Marzipan").
		{"a dash after the digits", "6400-", []string{"00006400"}, nil, ""},
		{"dashes after a prefixed number", "SC006405--", []string{"SC006405"}, nil, ""},
		{"an en dash after the digits", "6400–", []string{"00006400"}, nil, ""},
		{"an em dash before the digits", "—6400", []string{"00006400"}, nil, ""},
		{"a dash standing beside the number", "6400 -", []string{"00006400"}, nil, ""},
		{"numbers in a list with dashes between", "6400 - 6401 – sc6405", []string{"00006400", "00006401", "SC006405"}, nil, ""},
		{"a minus before digits is still an amount", "-6400", nil, []string{"-6400"}, "amount"},
		{"a date cut short is not read whole", "2024-01-15-", nil, []string{"2024-01-15-"}, "looks like a date"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			nums, ign := ExtractNumbers(tc.in)
			var got, ignored []string
			for _, n := range nums {
				got = append(got, string(n))
			}
			for _, i := range ign {
				ignored = append(ignored, i.Text)
			}
			if !slices.Equal(got, tc.want) || !slices.Equal(ignored, tc.ignore) {
				t.Fatalf("ExtractNumbers(%q) = %q, ignoring %q; want %q, ignoring %q", tc.in, got, ignored, tc.want, tc.ignore)
			}
			if tc.why != "" && !strings.Contains(ign[0].Why, tc.why) {
				t.Fatalf("ignored %q because %q, want it to say %q", ign[0].Text, ign[0].Why, tc.why)
			}
		})
	}
}

func TestReadsAsNumbersTellsANumberFromAName(t *testing.T) {
	for text, want := range map[string]bool{
		"6400": true, "/7000": true, "sc 6405": true, "Company No. 01234567": true, "6400, 6401": true, "SC006405\n00006400\n": true,
		"marzipan": false, "marzipan mountain": false, "acme 12345 ltd": false, "founded in 2024": false,
		"0123 4567": false, "": false, "   ": false, "no": false,
	} {
		if got := ReadsAsNumbers(text); got != want {
			t.Errorf("ReadsAsNumbers(%q) = %v, want %v", text, got, want)
		}
	}
}

// Issue 20, item 2: what is read and what is ignored come in the order
// written, so that a caller can try each in turn.
func TestReadNumbersKeepsTheOrderWritten(t *testing.T) {
	var got []string
	for r, err := range ReadNumbers(strings.NewReader("6400\nhello there\r\nsc 6405, 123456789\n\n")) {
		if err != nil {
			t.Fatal(err)
		}
		if r.Number != "" {
			got = append(got, string(r.Number))
		} else {
			got = append(got, "ignored "+r.Ignored.Text)
		}
	}
	want := []string{"00006400", "ignored hello there", "SC006405", "ignored 123456789"}
	if !slices.Equal(got, want) {
		t.Fatalf("read %q, want %q", got, want)
	}
}

// Issue 20, item 22: random bytes never become lookups.
func TestRandomBytesAreNeverReadAsNumbers(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 22))
	for i := range 500 {
		b := make([]byte, 64+rng.IntN(8192))
		for j := range b {
			b[j] = byte(rng.UintN(256))
		}
		nums, ign := ExtractNumbers(string(b))
		if len(nums) > 0 {
			t.Fatalf("input %d (%d random bytes) gave numbers %q", i, len(b), nums)
		}
		if len(ign) != 1 || ign[0].Why != NotText || ign[0].Cut != (len([]rune(strings.TrimSpace(string(b)))) > QuoteRunes) {
			t.Fatalf("input %d: ignored %+v, want it all ignored as not text", i, ign)
		}
	}
	// Text with a stray byte that is not UTF-8 (a Latin-1 pound sign) is still text.
	if nums, _ := ExtractNumbers("ACME LTD;\xa3500;00006400\n"); !slices.Equal(nums, []Number{"00006400"}) {
		t.Fatalf("a Latin-1 line gave %q", nums)
	}
}

// Issue 20, item 22: a huge line is read in bounded memory and quoted as
// its first few words.
func TestAHugeLineIsNeitherReadNorQuotedWhole(t *testing.T) {
	const size = 20 << 20
	line := io.LimitReader(repeat("00006400 "), size)
	in := io.MultiReader(strings.NewReader("6401\n"), line, strings.NewReader("\n6402\n"))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var got []Reading
	for r, err := range ReadNumbers(in) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, r)
	}
	runtime.ReadMemStats(&after)
	if len(got) != 3 || got[0].Number != "00006401" || got[2].Number != "00006402" {
		t.Fatalf("read %+v", got)
	}
	ig := got[1].Ignored
	if got[1].Number != "" || !ig.Cut || len([]rune(ig.Text)) > QuoteRunes || !strings.Contains(ig.Why, "20,971,520 bytes long") {
		t.Fatalf("the huge line gave %+v", got[1])
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
		t.Errorf("reading a 20 MB line allocated %d bytes", alloc)
	}
	// As one string (an argument, a paste), the same.
	_, ign := ExtractNumbers(strings.Repeat("6400 ", size/5))
	if len(ign) != 1 || !ign[0].Cut || len(ign[0].Quoted()) > 4*QuoteRunes {
		t.Fatalf("ignored %+v", ign)
	}
}

type repeat string

func (r repeat) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		n += copy(p[n:], r)
	}
	return n, nil
}
