package screen

import (
	"context"
	"errors"
	"strings"

	"coview/api"
	"coview/register"
)

// FromIndex is the register's index on this machine as a screening reads
// it; where names it for a row's why ("the register of 1 Nov 2026").
func FromIndex(ix *register.Index, where string) Register {
	return indexRegister{ix: ix, where: where}
}

// indexRegister is FromIndex's.
type indexRegister struct {
	ix    *register.Index
	where string
}

// Company is the company as the file holds it, with the counts of its
// charges.
func (s indexRegister) Company(ctx context.Context, n api.Number) (*api.Profile, *ChargeFacts, error) {
	c, err := s.ix.Company(ctx, n)
	if errors.Is(err, register.ErrNotInFile) {
		return nil, nil, ErrNotInRegister
	}
	if err != nil {
		return nil, nil, err
	}
	p := s.ix.ProfileOf(c)
	p.Requested = n
	return p, &ChargeFacts{Outstanding: c.Charges.Outstanding, PartSatisfied: c.Charges.PartSatisfied, Known: true}, nil
}

// Named are the companies filed under the name in the alphabetical index
// and some with its words (register.Index.Typed), and, for a name that
// begins with THE, those filed under the rest of it, as screen's
// matching sets a leading THE aside.
func (s indexRegister) Named(ctx context.Context, name string, n int) ([]Candidate, error) {
	names := []string{name}
	if rest, ok := cutPrefixFold(strings.TrimSpace(name), "the "); ok && strings.TrimSpace(rest) != "" {
		names = append(names, rest)
	}
	var out []Candidate
	for _, nm := range names {
		found, err := s.ix.Typed(ctx, nm, n)
		if err != nil {
			return nil, err
		}
		for _, f := range found {
			if num, err := api.ParseNumber(f.CompanyNumber); err == nil {
				out = append(out, Candidate{Number: num, Name: f.CompanyName, Status: f.CompanyStatus})
			}
		}
	}
	return out, nil
}

// Where is the register's name in words.
func (s indexRegister) Where() string { return s.where }

// cutPrefixFold is strings.CutPrefix, ignoring case.
func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}
