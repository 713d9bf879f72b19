package figures

import (
	"fmt"
	"strings"
)

// ErrorKind says why a document could not be read at all.
type ErrorKind int

// The kinds of Error.
const (
	KindNotInlineXBRL ErrorKind = iota + 1 // not XHTML with inline XBRL (a PDF, plain HTML, JSON...)
	KindTooLarge                           // over Options.MaxBytes
	KindEntities                           // declares entities in a DOCTYPE, which no accounts need
	KindTooDeep                            // elements nested deeper than Options.MaxDepth
	KindTooManyFacts                       // more facts than Options.MaxFacts
	KindMalformed                          // not well-formed XML
)

// Error is why a document gave no figures at all. Its message says what
// could not be read, for a user.
type Error struct {
	Kind   ErrorKind
	Detail string // what was seen, in words ("it starts with %PDF-")
	Line   int    // where in the document, when known (1-based)
}

// Sentinels for errors.Is: errors.Is(err, figures.ErrNotInlineXBRL).
var (
	ErrNotInlineXBRL = &Error{Kind: KindNotInlineXBRL}
	ErrTooLarge      = &Error{Kind: KindTooLarge}
	ErrEntities      = &Error{Kind: KindEntities}
	ErrTooDeep       = &Error{Kind: KindTooDeep}
	ErrTooManyFacts  = &Error{Kind: KindTooManyFacts}
	ErrMalformed     = &Error{Kind: KindMalformed}
)

// Is matches errors of the same kind.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Kind == e.Kind
}

func (e *Error) Error() string {
	var s string
	switch e.Kind {
	case KindNotInlineXBRL:
		s = "no figures: the document is not inline XBRL"
	case KindTooLarge:
		s = "no figures: the document is too large to read"
	case KindEntities:
		s = "no figures: the document declares entities (<!ENTITY>), which accounts never need, so it was not read"
	case KindTooDeep:
		s = "no figures: the document nests its elements too deep to read"
	case KindTooManyFacts:
		s = "no figures: the document tags more facts than accounts ever do"
	case KindMalformed:
		s = "no figures: the document is not well-formed XML"
	default:
		s = "no figures"
	}
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	if e.Line > 0 {
		s += fmt.Sprintf(", at line %d", e.Line)
	}
	return s
}

// ProblemKind says what a Problem is about.
type ProblemKind int

// The kinds of Problem.
const (
	// ProblemUnreadable: a fact whose value could not be read (text where
	// a number belongs, an unknown format, a context that is not there).
	ProblemUnreadable ProblemKind = iota + 1
	// ProblemContradiction: one figure for one period given two values.
	ProblemContradiction
	// ProblemUnknownTaxonomy: facts in a taxonomy coview does not read
	// figures from, and no figures from one it does.
	ProblemUnknownTaxonomy
	// ProblemStopped: reading stopped part of the way (the document
	// breaks off, nests too deep, or has too many facts); what came
	// before was read.
	ProblemStopped
	// ProblemOdd: a value read as tagged that is unlikely to be meant
	// (a fractional or negative headcount).
	ProblemOdd
)

// Problem is something in a document that could not be read, or was
// read and looks wrong, worded for a user. Concept, Context and Text come
// from the document: clean them before showing them.
type Problem struct {
	Kind    ProblemKind
	Figure  Name   // the figure it is about, when it is about one
	Concept string // the fact's concept as tagged ("core:Debtors")
	Context string // the fact's contextRef
	Period  Period // the figure's period, for a contradiction
	Detail  string // what is wrong, in words
	Line    int    // where in the document, when known
}

func (p *Problem) Error() string {
	switch p.Kind {
	case ProblemContradiction:
		return fmt.Sprintf("%s %s: %s; not shown", p.Figure.Label(), p.Period.words(), p.Detail)
	case ProblemUnknownTaxonomy, ProblemStopped, ProblemOdd:
		return p.Detail
	}
	s := "could not read " + p.Concept
	if p.Figure != 0 {
		s = "could not read " + strings.ToLower(p.Figure.Label()[:1]) + p.Figure.Label()[1:] + " from " + p.Concept
	}
	if p.Context != "" {
		s += " (context " + p.Context + ")"
	}
	if p.Line > 0 {
		s += fmt.Sprintf(" at line %d", p.Line)
	}
	return s + ": " + p.Detail
}
