package figures

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Bounds Read keeps to unless its Options say otherwise. Real accounts
// are tens to a few hundred kilobytes, nest tens of elements deep and tag
// hundreds to a few thousand facts.
const (
	DefaultMaxBytes = 50_000_000
	DefaultMaxDepth = 1_000
	DefaultMaxFacts = 100_000
)

// maxFactText bounds the text kept of one fact: a number's text is a few
// characters, and a text fact longer than this is cut.
const (
	maxNumberText = 256
	maxFactText   = 256 << 10
	maxLeafText   = 1 << 10
	maxChain      = 1_000
)

// Options bound what Read reads; zero values take the defaults.
type Options struct {
	MaxBytes int64 // the largest document read; DefaultMaxBytes
	MaxDepth int   // the deepest nesting of elements; DefaultMaxDepth
	MaxFacts int   // the most facts; DefaultMaxFacts
}

func (o Options) withDefaults() Options {
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	if o.MaxFacts <= 0 {
		o.MaxFacts = DefaultMaxFacts
	}
	return o
}

// Namespaces of inline XBRL and what it carries.
const (
	nsXHTML  = "http://www.w3.org/1999/xhtml"
	nsIX10   = "http://www.xbrl.org/2008/inlineXBRL"
	nsIX11   = "http://www.xbrl.org/2013/inlineXBRL"
	nsXBRLI  = "http://www.xbrl.org/2003/instance"
	nsXBRLDI = "http://xbrl.org/2006/xbrldi"
	nsLink   = "http://www.xbrl.org/2003/linkbase"
	nsXLink  = "http://www.w3.org/1999/xlink"
	nsXSI    = "http://www.w3.org/2001/XMLSchema-instance"
	nsISO    = "http://www.xbrl.org/2003/iso4217"
	nsXML    = "http://www.w3.org/XML/1998/namespace"
)

// Read reads an inline XBRL document: its facts, and the figures of each
// period it reports. It returns an *Error when the document cannot be
// read at all (not inline XBRL, too large, entities declared, or broken
// before any fact); anything less (a fact it cannot read, two values for
// one figure, a document that breaks off after some facts) is a Problem
// in the Report, beside every figure that could be read.
func Read(doc []byte, opts Options) (*Report, error) {
	opts = opts.withDefaults()
	if int64(len(doc)) > opts.MaxBytes {
		return nil, &Error{Kind: KindTooLarge, Detail: fmt.Sprintf("%s, more than the %s a document may be", byteSize(int64(len(doc))), byteSize(opts.MaxBytes))}
	}
	doc, err := start(doc)
	if err != nil {
		return nil, err
	}
	r := newReader(doc, opts)
	if err := r.walk(); err != nil {
		return nil, err
	}
	return r.report(), nil
}

// start finds where the XML starts: after a byte order mark, blank
// space, or a little junk that some software writes before the first <.
func start(doc []byte) ([]byte, error) {
	doc = bytes.TrimPrefix(doc, []byte("\xef\xbb\xbf"))
	trimmed := bytes.TrimLeft(doc, " \t\r\n")
	if bytes.HasPrefix(trimmed, []byte("<")) {
		return trimmed, nil
	}
	head := trimmed[:min(len(trimmed), 1024)]
	for _, mark := range []string{"<?xml", "<html", "<!DOCTYPE", "<!doctype"} {
		if i := bytes.Index(head, []byte(mark)); i >= 0 {
			return trimmed[i:], nil
		}
	}
	if len(trimmed) == 0 {
		return nil, &Error{Kind: KindNotInlineXBRL, Detail: "it is empty"}
	}
	return nil, &Error{Kind: KindNotInlineXBRL, Detail: "it starts with " + printable(trimmed, 8)}
}

// printable is the first n bytes of b as quoted ASCII, anything else a ?,
// so that a message never carries a document's control characters.
func printable(b []byte, n int) string {
	b = b[:min(len(b), n)]
	out := make([]byte, len(b))
	for i, c := range b {
		if c < 0x20 || c > 0x7e {
			c = '?'
		}
		out[i] = c
	}
	return `"` + string(out) + `"`
}

func byteSize(n int64) string {
	if n >= 1_000_000 {
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	if n >= 1000 {
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	}
	return fmt.Sprintf("%d bytes", n)
}

// role is what an open element means to the reader.
type role uint8

const (
	roleNone role = iota
	roleHidden
	roleExclude
	roleFact
	roleContinuation
	roleContext
	roleUnit
	roleLeaf // a context's or unit's element whose text is read
)

// frame is an open element.
type frame struct {
	prefix, local string
	nsMark        int // how many namespace bindings were in scope before it
	role          role
	index         int    // the fact or continuation it opened
	leaf          string // for roleLeaf, which one: "identifier", "instant", "measure"...
	attr          string // for roleLeaf, the attribute it carries (a dimension)
}

type binding struct{ prefix, uri string }

// collector gathers the text of an open fact (by its index: the slice
// of facts grows while it is open) or continuation.
type collector struct {
	fact    int
	cont    *continuation
	most    int
	exclude int // the ix:exclude depth it was opened at
}

// rawFact is a fact as tagged, before its context and unit are known.
type rawFact struct {
	numeric                bool
	concept                QName
	conceptOK              bool
	conceptRaw             string
	contextRef, unitRef    string
	decimals, scale, sign  string
	format                 QName
	formatOK, hasFormat    bool
	formatRaw, continuedAt string
	nil, hidden, over      bool
	text                   []byte
	line                   int
}

type continuation struct {
	continuedAt string
	text        []byte
	over        bool
}

type context struct {
	id     string
	period Period
	ok     bool // it has a period (a duration or an instant)
	dims   []Member
}

type reader struct {
	opts  Options
	dec   *xml.Decoder
	stack []frame
	ns    []binding

	rootSeen, sawIX bool
	hidden, exclude int
	collectors      []collector
	leafText        []byte
	leafOpen        bool

	ctx      *context
	unit     *unitBuild
	contexts map[string]*context
	units    map[string]string
	facts    []rawFact
	conts    map[string]*continuation
	schemas  []string
	problems []*Problem
	stopped  *Error // reading stopped part of the way
}

type unitBuild struct {
	id         string
	num, denom []string
	inDenom    bool
}

func newReader(doc []byte, opts Options) *reader {
	d := xml.NewDecoder(bytes.NewReader(doc))
	d.Strict = true
	// The HTML entities (&nbsp;, &pound;) are a fixed table of single
	// characters; entities a document declares are never expanded.
	d.Entity = xml.HTMLEntity
	d.CharsetReader = charsetReader
	return &reader{
		opts: opts, dec: d,
		ns:       []binding{{"xml", nsXML}},
		contexts: map[string]*context{},
		units:    map[string]string{},
		conts:    map[string]*continuation{},
	}
}

// walk reads the document's elements without recursion, so that depth
// costs nothing but the bound.
func (r *reader) walk() error {
	for {
		line, _ := r.dec.InputPos()
		tok, err := r.dec.RawToken()
		if err == io.EOF {
			if len(r.stack) > 0 {
				return r.broken(line, "it ends before its elements are closed")
			}
			break
		}
		if err != nil {
			return r.broken(line, syntaxWords(err))
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if err := r.start(t, line); err != nil {
				return err
			}
			if r.stopped != nil {
				return r.stop()
			}
		case xml.EndElement:
			if err := r.end(t, line); err != nil {
				return err
			}
		case xml.CharData:
			r.text(t)
		case xml.Directive:
			if isEntityDeclaration(t) {
				return &Error{Kind: KindEntities, Line: line}
			}
		}
	}
	if !r.sawIX {
		return &Error{Kind: KindNotInlineXBRL, Detail: "an XHTML page with no inline XBRL in it"}
	}
	return nil
}

// isEntityDeclaration reports whether a DOCTYPE declares entities.
func isEntityDeclaration(d xml.Directive) bool {
	return bytes.Contains(d, []byte("<!ENTITY"))
}

// syntaxWords is the decoder's complaint without its "XML syntax error on
// line N:" preamble, whose line is said elsewhere.
func syntaxWords(err error) string {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		return "it is not well-formed XML: " + se.Msg
	}
	return err.Error()
}

// broken decides what a document that cannot be read further gives: an
// error when nothing was read, else a Problem and what was read.
func (r *reader) broken(line int, why string) error {
	switch {
	case !r.rootSeen || !r.sawIX:
		return &Error{Kind: KindNotInlineXBRL, Detail: why, Line: line}
	case len(r.facts) == 0:
		return &Error{Kind: KindMalformed, Detail: why, Line: line}
	}
	r.problems = append(r.problems, &Problem{Kind: ProblemStopped, Line: line,
		Detail: fmt.Sprintf("the document could not be read past line %d (%s): the figures shown are those tagged before it", line, why)})
	return nil
}

// stop ends a walk stopped by a bound: an error when nothing was read,
// else a Problem.
func (r *reader) stop() error {
	e := r.stopped
	if len(r.facts) == 0 {
		return e
	}
	r.problems = append(r.problems, &Problem{Kind: ProblemStopped, Line: e.Line,
		Detail: fmt.Sprintf("the document could not be read past line %d (%s): the figures shown are those tagged before it", e.Line, e.Detail)})
	return nil
}

// lookup is the namespace a prefix is bound to where the reader is.
func (r *reader) lookup(prefix string) (string, bool) {
	for i := len(r.ns) - 1; i >= 0; i-- {
		if r.ns[i].prefix == prefix {
			return r.ns[i].uri, true
		}
	}
	return "", prefix == ""
}

// qname resolves a QName written in an attribute or text.
func (r *reader) qname(s string) (QName, bool) {
	s = strings.TrimSpace(s)
	prefix, local, found := strings.Cut(s, ":")
	if !found {
		prefix, local = "", s
	}
	if local == "" {
		return QName{Local: s}, false
	}
	uri, ok := r.lookup(prefix)
	return QName{Space: uri, Local: local, Prefix: prefix}, ok
}

// attr is an unprefixed attribute's value.
func attr(se xml.StartElement, name string) (string, bool) {
	for _, a := range se.Attr {
		if a.Name.Space == "" && a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}

// nsAttr is the value of an attribute in namespace ns.
func (r *reader) nsAttr(se xml.StartElement, ns, name string) string {
	for _, a := range se.Attr {
		if a.Name.Space != "" && a.Name.Local == name {
			if uri, _ := r.lookup(a.Name.Space); uri == ns {
				return a.Value
			}
		}
	}
	return ""
}

func (r *reader) start(se xml.StartElement, line int) error {
	if len(r.stack) >= r.opts.MaxDepth {
		r.stopped = &Error{Kind: KindTooDeep, Line: line, Detail: fmt.Sprintf("its elements nest more than %d deep", r.opts.MaxDepth)}
		return nil
	}
	mark := len(r.ns)
	for _, a := range se.Attr {
		switch {
		case a.Name.Space == "xmlns":
			r.ns = append(r.ns, binding{a.Name.Local, a.Value})
			if a.Value == nsIX10 || a.Value == nsIX11 {
				r.sawIX = true
			}
		case a.Name.Space == "" && a.Name.Local == "xmlns":
			r.ns = append(r.ns, binding{"", a.Value})
		}
	}
	space, _ := r.lookup(se.Name.Space)
	f := frame{prefix: se.Name.Space, local: se.Name.Local, nsMark: mark}
	if !r.rootSeen {
		r.rootSeen = true
		if err := rootIs(space, se.Name.Local, line); err != nil {
			return err
		}
	}
	switch space {
	case nsIX10, nsIX11:
		r.sawIX = true
		r.startIX(se, line, &f)
	case nsXBRLI, nsXBRLDI:
		r.startXBRL(se, space, &f)
	case nsLink:
		if se.Name.Local == "schemaRef" {
			if href := r.nsAttr(se, nsXLink, "href"); href != "" {
				r.schemas = append(r.schemas, href)
			}
		}
	}
	r.stack = append(r.stack, f)
	return nil
}

// rootIs refuses a document whose root is not XHTML's html.
func rootIs(space, local string, line int) error {
	switch {
	case local == "html" && (space == nsXHTML || space == ""):
		return nil
	case space == nsXBRLI && local == "xbrl":
		return &Error{Kind: KindNotInlineXBRL, Detail: "it is XBRL, not inline XBRL", Line: line}
	}
	name := local
	if len(name) > 30 {
		name = name[:30]
	}
	return &Error{Kind: KindNotInlineXBRL, Detail: "its root element is " + printable([]byte(name), 30) + ", not XHTML's html", Line: line}
}

func (r *reader) startIX(se xml.StartElement, line int, f *frame) {
	switch se.Name.Local {
	case "hidden":
		r.hidden++
		f.role = roleHidden
	case "exclude":
		r.exclude++
		f.role = roleExclude
	case "nonFraction", "nonNumeric":
		if len(r.facts) >= r.opts.MaxFacts {
			r.stopped = &Error{Kind: KindTooManyFacts, Line: line, Detail: fmt.Sprintf("more than %d facts", r.opts.MaxFacts)}
			return
		}
		r.facts = append(r.facts, r.rawFact(se, line))
		i := len(r.facts) - 1
		most := maxFactText
		if r.facts[i].numeric {
			most = maxNumberText
		}
		r.collectors = append(r.collectors, collector{fact: i, most: most, exclude: r.exclude})
		f.role, f.index = roleFact, i
	case "continuation":
		id, _ := attr(se, "id")
		at, _ := attr(se, "continuedAt")
		c := &continuation{continuedAt: at}
		if _, dup := r.conts[id]; id != "" && !dup {
			r.conts[id] = c
		}
		r.collectors = append(r.collectors, collector{fact: -1, cont: c, most: maxFactText, exclude: r.exclude})
		f.role = roleContinuation
	}
}

// rawFact reads a fact's attributes, resolving its QNames where they are
// written.
func (r *reader) rawFact(se xml.StartElement, line int) rawFact {
	f := rawFact{numeric: se.Name.Local == "nonFraction", hidden: r.hidden > 0, line: line}
	name, _ := attr(se, "name")
	f.conceptRaw = name
	f.concept, f.conceptOK = r.qname(name)
	f.contextRef, _ = attr(se, "contextRef")
	f.unitRef, _ = attr(se, "unitRef")
	f.decimals, _ = attr(se, "decimals")
	f.scale, _ = attr(se, "scale")
	f.sign, _ = attr(se, "sign")
	f.continuedAt, _ = attr(se, "continuedAt")
	if format, ok := attr(se, "format"); ok {
		f.hasFormat, f.formatRaw = true, format
		f.format, f.formatOK = r.qname(format)
	}
	f.nil = strings.TrimSpace(r.nsAttr(se, nsXSI, "nil")) == "true"
	return f
}

func (r *reader) startXBRL(se xml.StartElement, space string, f *frame) {
	leaf := func(which string) {
		f.role, f.leaf = roleLeaf, which
		r.leafText, r.leafOpen = r.leafText[:0], true
	}
	switch se.Name.Local {
	case "context":
		if space == nsXBRLI && r.ctx == nil {
			id, _ := attr(se, "id")
			r.ctx = &context{id: id}
			f.role = roleContext
		}
	case "unit":
		if space == nsXBRLI && r.unit == nil {
			id, _ := attr(se, "id")
			r.unit = &unitBuild{id: id}
			f.role = roleUnit
		}
	case "instant", "startDate", "endDate":
		if r.ctx != nil {
			leaf(se.Name.Local)
		}
	case "forever":
		if r.ctx != nil {
			r.ctx.ok = false
		}
	case "explicitMember", "typedMember":
		if r.ctx != nil && space == nsXBRLDI {
			leaf(se.Name.Local)
			f.attr, _ = attr(se, "dimension")
		}
	case "measure":
		if r.unit != nil {
			leaf("measure")
		}
	case "unitDenominator":
		if r.unit != nil {
			r.unit.inDenom = true
		}
	}
}

// text hands character data to whatever is reading it.
func (r *reader) text(t xml.CharData) {
	if r.leafOpen && len(r.leafText)+len(t) <= maxLeafText {
		r.leafText = append(r.leafText, t...)
	}
	for _, c := range r.collectors {
		if c.exclude != r.exclude {
			continue
		}
		var text *[]byte
		var over *bool
		if c.fact >= 0 {
			text, over = &r.facts[c.fact].text, &r.facts[c.fact].over
		} else {
			text, over = &c.cont.text, &c.cont.over
		}
		switch {
		case *over:
		case len(*text)+len(t) > c.most:
			*over = true
		default:
			*text = append(*text, t...)
		}
	}
}

func (r *reader) end(ee xml.EndElement, line int) error {
	if len(r.stack) == 0 {
		return r.broken(line, "an element is closed that was never opened")
	}
	f := r.stack[len(r.stack)-1]
	if f.prefix != ee.Name.Space || f.local != ee.Name.Local {
		return r.broken(line, fmt.Sprintf("it is not well-formed XML: element <%s> is closed by </%s>", short(f.prefix, f.local), short(ee.Name.Space, ee.Name.Local)))
	}
	switch f.role {
	case roleHidden:
		r.hidden--
	case roleExclude:
		r.exclude--
	case roleFact, roleContinuation:
		r.collectors = r.collectors[:len(r.collectors)-1]
	case roleContext:
		if _, dup := r.contexts[r.ctx.id]; !dup && r.ctx.id != "" {
			r.contexts[r.ctx.id] = r.ctx
		}
		r.ctx = nil
	case roleUnit:
		r.units[r.unit.id] = unitWords(r.unit)
		r.unit = nil
	case roleLeaf:
		r.endLeaf(f)
	}
	r.stack = r.stack[:len(r.stack)-1]
	r.ns = r.ns[:f.nsMark]
	return nil
}

// short is an element's name for a message, cut short and printable.
func short(prefix, local string) string {
	s := local
	if prefix != "" {
		s = prefix + ":" + local
	}
	return strings.Trim(printable([]byte(s), 40), `"`)
}

// endLeaf keeps the text of a context's or unit's element, resolving
// QNames while their element's namespaces are still in scope.
func (r *reader) endLeaf(f frame) {
	r.leafOpen = false
	text := strings.TrimSpace(string(r.leafText))
	switch f.leaf {
	case "instant":
		if d, ok := xmlDate(text); ok {
			r.ctx.period = Period{Instant: true, End: d}
			r.ctx.ok = true
		}
	case "startDate":
		if d, ok := xmlDate(text); ok {
			r.ctx.period.Start = d
		}
	case "endDate":
		if d, ok := xmlDate(text); ok {
			r.ctx.period.End = d
			r.ctx.ok = !r.ctx.period.Start.IsZero()
		}
	case "explicitMember":
		dim, _ := r.qname(f.attr)
		member, _ := r.qname(text)
		r.ctx.dims = append(r.ctx.dims, Member{Dimension: dim, Member: member})
	case "typedMember":
		dim, _ := r.qname(f.attr)
		r.ctx.dims = append(r.ctx.dims, Member{Dimension: dim, Typed: text})
	case "measure":
		q, _ := r.qname(text)
		m := q.Local
		if q.Space != nsISO && q.Space != nsXBRLI {
			m = q.String()
		}
		if r.unit.inDenom {
			r.unit.denom = append(r.unit.denom, m)
		} else {
			r.unit.num = append(r.unit.num, m)
		}
	}
}

// unitWords is a unit as one word: "GBP", "pure", "GBP/shares".
func unitWords(u *unitBuild) string {
	s := strings.Join(u.num, "*")
	if len(u.denom) > 0 {
		s += "/" + strings.Join(u.denom, "*")
	}
	return s
}

// charsetReader reads the few encodings other than UTF-8 a document may
// declare: ASCII and Latin-1 (and Windows' superset of it, whose extra
// characters are read as Latin-1's).
func charsetReader(label string, in io.Reader) (io.Reader, error) {
	switch strings.ToLower(strings.TrimSpace(label)) {
	case "utf-8", "utf8", "us-ascii", "ascii":
		return in, nil
	case "iso-8859-1", "latin1", "latin-1", "iso8859-1", "windows-1252", "cp1252":
		b, err := io.ReadAll(in)
		if err != nil {
			return nil, err
		}
		out := make([]rune, len(b))
		for i, c := range b {
			out[i] = rune(c)
		}
		return strings.NewReader(string(out)), nil
	}
	return nil, fmt.Errorf("the document declares the encoding %s, which coview does not read", printable([]byte(label), 20))
}
