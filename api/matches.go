package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"unicode/utf16"
	"unicode/utf8"
)

// MatchOffsets are where a search query matched in one field of a result,
// as the registry sends them: pairs [start, end, start, end, ...], 1-based
// and inclusive, counted in characters. The live service writes
// "KNOWLES INDUSTRIES (UK) LIMITED" matching "knowles" as [1, 7],
// "JOHN WYATT (FEED FATS) LIMITED" matching "wyatt" as [6, 10] and
// "TEST  LIMITED" matching "test" as [1, 4]: 0-based offsets would start
// at 0 and 5. The service is Java, whose strings count UTF-16 code units,
// so that is what a character is here (the same as a rune for every name
// outside the astral planes).
//
// The offsets are not trusted: MatchRanges and MatchSegments make sense of
// any list, however out of range, odd, overlapping or reversed.
type MatchOffsets []int

// UnmarshalJSON reads an array of integers (a number in a string too, as
// elsewhere); null reads as none. Anything else, or any member that is not
// a whole number, is refused whole, so that a bad value cannot shift the
// pairs after it.
func (m *MatchOffsets) UnmarshalJSON(b []byte) error {
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		*m = nil
		return nil
	}
	var raw []json.Number
	if err := json.Unmarshal(b, &raw); err != nil {
		return errors.New("want an array of offsets")
	}
	out := make(MatchOffsets, 0, len(raw))
	for _, n := range raw {
		i, err := n.Int64()
		if err != nil || int64(int(i)) != i {
			return errors.New("want whole-number offsets")
		}
		out = append(out, int(i))
	}
	*m = out
	return nil
}

// TextRange is the bytes [Start, End) of a string.
type TextRange struct{ Start, End int }

// MatchRanges turns match offsets for text into byte ranges of text: in
// order, not overlapping (overlapping or touching matches are joined), each
// cut on character boundaries and within text. A pair whose end comes
// before its start, or that lies wholly outside text, is dropped; one
// that runs over an end is cut short; a last offset without a partner is
// ignored. It never panics, whatever the offsets.
func MatchRanges(text string, offsets []int) []TextRange {
	if text == "" || len(offsets) < 2 {
		return nil
	}
	n := 0 // the length of text in UTF-16 code units
	for _, r := range text {
		n += unitLen(r)
	}
	// Spans in code units, 0-based and half-open.
	var spans []TextRange
	for i := 0; i+1 < len(offsets); i += 2 {
		s, e := offsets[i], offsets[i+1]
		if e < s || e < 1 || s > n {
			continue
		}
		spans = append(spans, TextRange{max(s, 1) - 1, min(e, n)})
	}
	if len(spans) == 0 {
		return nil
	}
	slices.SortFunc(spans, func(a, b TextRange) int { return a.Start - b.Start })
	merged := spans[:1]
	for _, s := range spans[1:] {
		last := &merged[len(merged)-1]
		if s.Start <= last.End {
			last.End = max(last.End, s.End)
			continue
		}
		merged = append(merged, s)
	}

	// One walk over the text turns code units into bytes. A span that
	// starts or ends inside a character (half of a surrogate pair) takes
	// the whole character.
	out := make([]TextRange, 0, len(merged))
	j, unit, open := 0, 0, -1
	for b, r := range text {
		next := unit + unitLen(r)
		for j < len(merged) {
			sp := merged[j]
			if open < 0 {
				if sp.Start >= next {
					break
				}
				open = b
			}
			if sp.End > next {
				break
			}
			_, width := utf8.DecodeRuneInString(text[b:]) // 1 for an invalid byte
			end := b + width
			if k := len(out) - 1; k >= 0 && out[k].End >= open {
				out[k].End = max(out[k].End, end)
			} else {
				out = append(out, TextRange{open, end})
			}
			open = -1
			j++
		}
		unit = next
	}
	return out
}

// unitLen is how many UTF-16 code units r takes; an invalid byte counts as
// one, as Java's decoder would replace it with one character.
func unitLen(r rune) int {
	if n := utf16.RuneLen(r); n > 0 {
		return n
	}
	return 1
}

// Segment is a piece of a text: matched by the query, or not.
type Segment struct {
	Text  string
	Match bool
}

// MatchSegments cuts text into pieces at its matches, in order; joined,
// they are text again. Each piece is to be sanitised on its own before it
// is shown: cutting first keeps the offsets, which count characters of
// the text as received, pointing where the registry meant.
func MatchSegments(text string, offsets []int) []Segment {
	var out []Segment
	at := 0
	for _, r := range MatchRanges(text, offsets) {
		if r.Start > at {
			out = append(out, Segment{Text: text[at:r.Start]})
		}
		out = append(out, Segment{Text: text[r.Start:r.End], Match: true})
		at = r.End
	}
	if at < len(text) || len(out) == 0 {
		out = append(out, Segment{Text: text[at:]})
	}
	return out
}
