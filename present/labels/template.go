package labels

import "strings"

// The registry's filing templates (enumerations.go) are sentences with two
// pieces of syntax, read here as its web pages read them:
//
//	{name}      replaced by the filing's description_values[name]; a value
//	            whose name ends in "date" is an ISO date, written in words
//	            ("3 March 2025"), as the registry's pages write it
//	**...**     the words its pages show in bold (usually what the form
//	            is: "**Appointment** of ...")
//
// A placeholder without a value is left out together with the word that
// introduces it ("on", "made up to"...), so that a missing date never
// leaves "made up to" dangling.

// Span is a part of a text, bytes Start to End.
type Span struct{ Start, End int }

// connectors are the words that introduce a value; a value that is
// missing takes them with it. The longer ones come first.
var connectors = []string{
	" made up to", " made on", " created on", " acquired on", " on", " to", " from", " for",
	" of", " as", " at", " in", " by", " dated", " until", " with", " and", " -", " –", ":",
}

// writer accumulates the text of one description, tidying as it goes:
// runs of white space become one space, none starts the text or comes
// before closing punctuation, and the bold parts are kept as spans.
type writer struct {
	buf   []byte
	bold  []Span
	open  int // start of the bold part being written, or -1
	space bool
	// fromLiteral is true when the first visible character came from
	// the template; only then may it be capitalised, because a value
	// such as "de Souza" keeps its own case.
	fromLiteral, begun bool
}

func newWriter() *writer { return &writer{open: -1} }

// literal writes template text, value writes a description value.
func (w *writer) literal(s string) { w.write(s, true) }
func (w *writer) value(s string)   { w.write(s, false) }

func (w *writer) write(s string, literal bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case ' ', '\t', '\n', '\r', '\\':
			// The registry's addresses keep their line breaks as
			// backslashes; its service turns them into spaces.
			w.space = len(w.buf) > 0
			continue
		case ',', '.', ';', ':', ')':
			w.space = false
		default:
			if w.space && w.buf[len(w.buf)-1] != '(' {
				w.buf = append(w.buf, ' ')
				if w.open == len(w.buf)-1 {
					w.open++ // a bold part starts after the space
				}
			}
			w.space = false
		}
		if !w.begun {
			w.begun, w.fromLiteral = true, literal
		}
		w.buf = append(w.buf, c)
		if c == ';' {
			// Old paper filings run their clauses together.
			w.space = true
		}
	}
}

// toggleBold starts or ends a bold part.
func (w *writer) toggleBold() {
	if w.open < 0 {
		w.open = len(w.buf)
		return
	}
	if len(w.buf) > w.open {
		w.bold = append(w.bold, Span{w.open, len(w.buf)})
	}
	w.open = -1
}

// missing drops the connecting word before a value that is not there.
func (w *writer) missing() {
	text := strings.ToLower(string(w.buf))
	for _, c := range connectors {
		if strings.HasSuffix(text, c) {
			w.cut(len(w.buf) - len(c))
			break
		}
	}
	w.space = len(w.buf) > 0
}

// cut shortens the text to n bytes, and the bold parts with it.
func (w *writer) cut(n int) {
	w.buf = w.buf[:n]
	kept := w.bold[:0]
	for _, s := range w.bold {
		s.End = min(s.End, n)
		if s.End > s.Start {
			kept = append(kept, s)
		}
	}
	w.bold = kept
	if w.open > n {
		w.open = n
	}
}

// done returns the text, its trailing separators cut, its first letter
// capitalised when the template wrote it, and its bold parts.
func (w *writer) done() (string, []Span) {
	if w.open >= 0 {
		w.toggleBold()
	}
	n := len(w.buf)
	for n > 0 && strings.IndexByte(",;:-( ", w.buf[n-1]) >= 0 {
		n--
	}
	w.cut(n)
	if w.fromLiteral && len(w.buf) > 0 && w.buf[0] >= 'a' && w.buf[0] <= 'z' {
		w.buf[0] -= 'a' - 'A'
	}
	return string(w.buf), w.bold
}

// render fills a registry template with values.
func render(tpl string, values map[string]string) (string, []Span) {
	w := newWriter()
	for tpl != "" {
		i := strings.IndexAny(tpl, "{*")
		if i < 0 {
			w.literal(tpl)
			break
		}
		w.literal(tpl[:i])
		tpl = tpl[i:]
		switch {
		case strings.HasPrefix(tpl, "**"):
			w.toggleBold()
			tpl = tpl[2:]
		case tpl[0] == '{':
			j := strings.IndexByte(tpl, '}')
			if j < 0 {
				w.literal(tpl)
				tpl = ""
				continue
			}
			if v := placeholderValue(tpl[1:j], values); v != "" {
				w.value(v)
			} else {
				w.missing()
			}
			tpl = tpl[j+1:]
		default: // a lone *
			w.literal(tpl[:1])
			tpl = tpl[1:]
		}
	}
	return w.done()
}

// placeholderValue is a description value as the registry's pages show
// it: a date in words, anything else as sent.
func placeholderValue(name string, values map[string]string) string {
	v := strings.TrimSpace(values[name])
	if strings.HasSuffix(name, "date") {
		return LongDate(v)
	}
	return v
}
