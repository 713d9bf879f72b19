package labels

import "strings"

// Filing templates use two pieces of syntax:
//
//	{name}     replaced by values[name] (ISO dates reformatted by Date)
//	[ ... ]    an optional group, dropped unless every placeholder in it
//	           has a value
//
// Groups carry the connecting words ("on", "to", "from"), so a missing
// date never leaves "made up to" or "on" dangling. Groups do not nest.

// renderer accumulates output for one description.
type renderer struct {
	buf    []byte
	values map[string]string
	// fromLiteral is true when the first visible character came from
	// template text; only then may it be capitalised, because a value
	// such as "de Souza" must keep its own case.
	fromLiteral bool
	begun       bool // something visible has been written
}

// value returns the cleaned value for a placeholder.
func (r *renderer) value(name string) string {
	return Date(strings.TrimSpace(r.values[name]))
}

// template renders tpl into the buffer.
func (r *renderer) template(tpl string) {
	for tpl != "" {
		open := strings.IndexByte(tpl, '[')
		if open < 0 {
			r.fill(tpl)
			return
		}
		r.fill(tpl[:open])
		rest := tpl[open+1:]
		end := strings.IndexByte(rest, ']')
		if end < 0 { // unbalanced: treat the rest as plain text
			r.fill(rest)
			return
		}
		if group := rest[:end]; r.complete(group) {
			r.fill(group)
		}
		tpl = rest[end+1:]
	}
}

// complete reports whether every placeholder in s has a value.
func (r *renderer) complete(s string) bool {
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			return true
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return true
		}
		if r.value(s[i+1:i+j]) == "" {
			return false
		}
		s = s[i+j+1:]
	}
}

// fill writes text with its placeholders substituted; a missing value
// writes nothing, and tidy removes the spare space.
func (r *renderer) fill(s string) {
	for s != "" {
		i := strings.IndexByte(s, '{')
		j := -1
		if i >= 0 {
			j = strings.IndexByte(s[i:], '}')
		}
		if i < 0 || j < 0 {
			r.literal(s)
			return
		}
		r.literal(s[:i])
		r.text(r.value(s[i+1 : i+j]))
		s = s[i+j+1:]
	}
}

// literal writes template text.
func (r *renderer) literal(s string) {
	if !r.begun && strings.TrimSpace(s) != "" {
		r.fromLiteral, r.begun = true, true
	}
	r.buf = append(r.buf, s...)
}

// text writes a value or other outside text.
func (r *renderer) text(s string) {
	if !r.begun && strings.TrimSpace(s) != "" {
		r.begun = true
	}
	r.buf = append(r.buf, s...)
}

// String returns the tidied result: whitespace runs (including newlines
// inside values) collapse to one space, no space is left before closing
// punctuation or after "(", a ";" gets a following space (legacy
// descriptions run clauses together), and trailing separators are cut.
func (r *renderer) String() string {
	out := make([]byte, 0, len(r.buf))
	space := false
	for i := 0; i < len(r.buf); i++ {
		c := r.buf[i]
		switch c {
		case ' ', '\t', '\n', '\r':
			space = len(out) > 0
			continue
		case ',', '.', ';', ':', ')':
			space = false
		default:
			if space && out[len(out)-1] != '(' {
				out = append(out, ' ')
			}
			space = false
		}
		out = append(out, c)
		if c == ';' {
			space = true
		}
	}
	for len(out) > 0 {
		switch out[len(out)-1] {
		case ',', ';', ':', ' ', '(':
			out = out[:len(out)-1]
			continue
		}
		break
	}
	if r.fromLiteral && len(out) > 0 && out[0] >= 'a' && out[0] <= 'z' {
		out[0] -= 'a' - 'A'
	}
	return string(out)
}
