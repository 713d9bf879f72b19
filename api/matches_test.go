package api

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestMatchRangesReadTheRegistrysOffsets(t *testing.T) {
	cases := []struct {
		name    string
		text    string
		offsets []int
		want    []string // the matched text of each range, in order
	}{
		{"offsets are 1-based and the end is included", "KNOWLES INDUSTRIES (UK) LIMITED", []int{1, 7}, []string{"KNOWLES"}},
		{"a match inside the title", "JOHN WYATT (FEED FATS) LIMITED", []int{6, 10}, []string{"WYATT"}},
		{"several pairs are several matches", "KNOWLES INDUSTRIES (UK) LIMITED", []int{1, 7, 9, 18}, []string{"KNOWLES", "INDUSTRIES"}},
		{"pairs out of order come out in order", "KNOWLES INDUSTRIES", []int{9, 18, 1, 7}, []string{"KNOWLES", "INDUSTRIES"}},
		{"offsets count characters, not bytes", "ÇA VA? CAFÉ & LARDER", []int{8, 11}, []string{"CAFÉ"}},
		{"a letter outside the basic plane counts as two, as in Java", "🦆 DUCK LTD", []int{4, 7}, []string{"DUCK"}},
		{"a match of a whole astral character", "🦆 DUCK", []int{1, 2}, []string{"🦆"}},
		{"half of a surrogate pair takes the whole character", "🦆 DUCK", []int{2, 2}, []string{"🦆"}},
		{"overlapping matches are joined", "MARZIPAN MOUNTAIN", []int{1, 5, 3, 8}, []string{"MARZIPAN"}},
		{"touching matches are joined", "MARZIPAN", []int{1, 4, 5, 8}, []string{"MARZIPAN"}},
		{"one match inside another is absorbed", "MARZIPAN", []int{1, 8, 2, 3}, []string{"MARZIPAN"}},
		{"an end past the text is cut short", "TEAPOT", []int{4, 99}, []string{"POT"}},
		{"a start before the text is brought in", "TEAPOT", []int{-5, 3}, []string{"TEA"}},
		{"0 as a start is read as 1", "TEAPOT", []int{0, 3}, []string{"TEA"}},
		{"a pair wholly past the end is dropped", "TEAPOT", []int{7, 9, 1, 3}, []string{"TEA"}},
		{"a pair wholly before the start is dropped", "TEAPOT", []int{-9, 0, 4, 6}, []string{"POT"}},
		{"a reversed pair is dropped", "TEAPOT", []int{5, 2, 4, 6}, []string{"POT"}},
		{"a last offset without a partner is ignored", "TEAPOT", []int{1, 3, 5}, []string{"TEA"}},
		{"a single offset is nothing", "TEAPOT", []int{1}, nil},
		{"no offsets are nothing", "TEAPOT", nil, nil},
		{"empty text has nothing to match", "", []int{1, 3}, nil},
		{"extreme values do not overflow", "TEAPOT", []int{math.MinInt, math.MaxInt}, []string{"TEAPOT"}},
		{"an invalid byte counts as one character", "A\xffB", []int{2, 3}, []string{"\xffB"}},
		{"escape sequences are text like any other", "EVIL \x1b[2J LTD", []int{1, 4}, []string{"EVIL"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, r := range MatchRanges(tc.text, tc.offsets) {
				got = append(got, tc.text[r.Start:r.End])
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("MatchRanges(%q, %v) picks %q; want %q", tc.text, tc.offsets, got, tc.want)
			}
		})
	}
}

func TestMatchSegmentsCutTheTextAtItsMatches(t *testing.T) {
	got := MatchSegments("JOHN WYATT (FEED FATS) LIMITED", []int{6, 10, 13, 16})
	want := []Segment{
		{"JOHN ", false}, {"WYATT", true}, {" (", false}, {"FEED", true}, {" FATS) LIMITED", false},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v; want %+v", got, want)
	}
	if got := MatchSegments("TEAPOT", nil); !reflect.DeepEqual(got, []Segment{{"TEAPOT", false}}) {
		t.Fatalf("text without matches is %+v", got)
	}
	if got := MatchSegments("TEAPOT", []int{1, 6}); !reflect.DeepEqual(got, []Segment{{"TEAPOT", true}}) {
		t.Fatalf("a text matched whole is %+v", got)
	}
}

func TestMatchOffsetsAreReadWholeOrNotAtAll(t *testing.T) {
	cases := []struct {
		name, json string
		want       MatchOffsets
		fails      bool
	}{
		{"an array of integers", `[1, 7, 9, 18]`, MatchOffsets{1, 7, 9, 18}, false},
		{"an empty array", `[]`, MatchOffsets{}, false},
		{"null", `null`, nil, false},
		{"a fraction spoils the list", `[1, 2.5]`, nil, true},
		{"a number in a string is read, as elsewhere", `[1, "7"]`, MatchOffsets{1, 7}, false},
		{"a word spoils the list", `[1, "x"]`, nil, true},
		{"a number too big for an int spoils the list", `[1, 1e300]`, nil, true},
		{"an object is not offsets", `{"start": 1}`, nil, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var m MatchOffsets
			err := json.Unmarshal([]byte(tc.json), &m)
			if (err != nil) != tc.fails || (!tc.fails && !reflect.DeepEqual(m, tc.want)) {
				t.Fatalf("read %s as %v, %v", tc.json, m, err)
			}
		})
	}
}

// A search item whose offsets are unreadable keeps everything else.
func TestUnreadableMatchesSpoilOnlyThemselves(t *testing.T) {
	body := `{"items":[{"kind":"searchresults#company","title":"TEAPOT LTD","company_number":"00006401",
		"matches":{"title":[1,"x"],"snippet":[1,3]}}],"total_results":1}`
	var s SearchResults
	bad, err := decodeLenient([]byte(body), &s)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(bad, []string{"items[0].matches.title"}) {
		t.Fatalf("unreadable %v", bad)
	}
	it := s.Items[0]
	if it.Title != "TEAPOT LTD" || it.Matches.Title != nil || !reflect.DeepEqual(it.Matches.Snippet, MatchOffsets{1, 3}) {
		t.Fatalf("item %+v", it)
	}
}

// Seeds are in testdata/fuzz/FuzzMatchRanges. To fuzz:
// go test -run='^$' -fuzz='^FuzzMatchRanges$' -fuzztime=60s ./api/
func FuzzMatchRanges(f *testing.F) {
	f.Add("KNOWLES INDUSTRIES", []byte{0, 1, 0, 7})
	f.Add("🦆 DUCK", []byte{0, 2, 0, 2})
	f.Fuzz(func(t *testing.T, text string, raw []byte) {
		// Every two bytes are one offset, negative ones included.
		var offsets []int
		for i := 0; i+1 < len(raw); i += 2 {
			offsets = append(offsets, int(int16(binary.BigEndian.Uint16(raw[i:]))))
		}
		ranges := MatchRanges(text, offsets)
		prev := -1
		for _, r := range ranges {
			if r.Start < 0 || r.End > len(text) || r.Start >= r.End || r.Start <= prev {
				t.Fatalf("MatchRanges(%q, %v) = %v: range %v is out of order or out of the text", text, offsets, ranges, r)
			}
			if !utf8.RuneStart(text[r.Start]) && utf8.ValidString(text) || r.End < len(text) && !utf8.RuneStart(text[r.End]) && utf8.ValidString(text) {
				t.Fatalf("MatchRanges(%q, %v) = %v: range %v cuts a character", text, offsets, ranges, r)
			}
			prev = r.End
		}
		var joined strings.Builder
		for _, s := range MatchSegments(text, offsets) {
			joined.WriteString(s.Text)
		}
		if joined.String() != text {
			t.Fatalf("MatchSegments(%q, %v) joined is %q", text, offsets, joined.String())
		}
	})
}
