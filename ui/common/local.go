package common

import (
	"context"

	"coview/api"
	"coview/present/labels"
	"coview/register"
	"coview/screen"
)

// Local is the register's index on this machine, when the browser has
// one to answer from: the search box's matches as a name is typed, the
// finder's form and the alphabetical index come from it, with no
// request; offline (--offline), a company's profile too, as the
// register's file holds it, and nothing at all is asked of the registry.
type Local struct {
	src *register.Source
}

// NewLocal answers from ix what it can and asks live the rest; live nil
// is offline.
func NewLocal(ix *register.Index, live Registry) *Local {
	src := &register.Source{Index: ix}
	if live != nil {
		src.Live = live
	}
	return &Local{src: src}
}

// Registry is reg, answering from the index what it can.
func (l *Local) Registry(reg Registry) Registry { return localRegistry{Registry: reg, src: l.src} }

// Answers says whether res is answered from the index.
func (l *Local) Answers(res api.Resource) bool { return l != nil && l.src.Answers(res) }

// Offline says nothing is asked of the registry.
func (l *Local) Offline() bool { return l != nil && l.src.Offline() }

// Where is where the index's answers come from, in words: "the register
// of 1 Nov 2026, on this machine".
func (l *Local) Where() string { return l.register() + ", on this machine" }

// register is the register in words: "the register of 1 Nov 2026".
func (l *Local) register() string {
	date := l.src.Index.Meta().FileDate // read when first said: the index opens on its first use
	if date == "" {
		return "the register of an unknown date"
	}
	return "the register of " + labels.Date(date)
}

// Typed is what a name being typed may be: at most n companies, those
// filed under a name that begins with it first (register.Index.Typed),
// as a page of the alphabetical index.
func (l *Local) Typed(ctx context.Context, text string, n int) (*api.Answer, error) {
	items, err := l.src.Index.Typed(ctx, text, n)
	if err != nil {
		return nil, err
	}
	f := &api.FoundCompanies{Items: items}
	f.Kind = "search#alphabetical-search"
	return api.NewAnswer(api.AlphabeticalResource(text, "", ""), nil, f), nil
}

// Screening is the index as a screening reads it: each company from the
// file, each name matched against it.
func (l *Local) Screening() screen.Register {
	return screen.FromIndex(l.src.Index, l.register())
}

// localRegistry is a registry whose requests the index answers where it
// can.
type localRegistry struct {
	Registry
	src *register.Source
}

func (r localRegistry) Fetch(ctx context.Context, res api.Resource, page api.Page) (*api.Answer, error) {
	return r.src.Fetch(ctx, res, page)
}
