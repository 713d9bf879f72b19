package register

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"

	"coview/api"
)

// What a search asks of a company is a set of terms: the posting lists'
// (status, type, subtype, SIC codes, postcode area and district, day of
// incorporation, the address's words) and the words of its name, as the
// index's lists and name search have them and as the matcher tests them.
// The overlay keeps the terms of the companies whose answers may have
// changed, each on a side: for each company of the file still on the
// register whose terms have changed (it moved, was renamed, went into
// liquidation...), its row's terms and its terms now; for each taken off
// the register since, its row's terms; for each new since the file, its
// terms. A company whose terms have not changed (most events: a filing's
// dates moved on) has none. So a query counts each side's companies it
// finds from the counts of its terms on that side (liveAdjust), without
// reading them: late in a month they are tens of thousands on each
// side, too many to look at one by one.

// The sides of the terms table.
const (
	sideWas = 0 // the file's row of a company whose terms have changed has it
	sideNow = 1 // a company of the file whose terms have changed now has it
	sideNew = 2 // a company not in the file has it
	// sideGone: the file's row has it, and the company is no longer on
	// the register (taken off, or dissolved).
	sideGone = 3
)

// The counts keep, besides each term's, each pair of a company's status
// and another of its terms, on each side (pairSide of the side): the
// companies of a status and of one other term, the question a search
// asks most (active companies of a SIC code, a place, a name), are
// counted without reading them, where both terms are had by thousands
// (the status by nearly all).
const pairOffset = 10

func pairSide(side int) int { return side + pairOffset }

// pairTerm is the count's term of a status and a term.
func pairTerm(status, term string) string { return status + "\x1f" + term }

// pairsOf are the pairs of status and term of a company's rows of
// terms, on the sides that keep them.
func pairsOf(ts []sideTerm) []sideTerm {
	var out []sideTerm
	for _, st := range ts {
		if !strings.HasPrefix(st.term, termStatus) {
			continue
		}
		for _, t := range ts {
			if t.side == st.side && t.term != st.term {
				out = append(out, sideTerm{pairSide(st.side), pairTerm(st.term, t.term)})
			}
		}
	}
	return out
}

// Terms the overlay keeps that the index has no posting lists of: every
// company on the register (so that a query of no term finds the
// companies taken off), and the whole postcode (a search for a postcode
// or a sector).
const (
	termAll      = "*"
	termPostcode = "P:"
)

// liveTerms are the terms of a company on the register, sorted.
func liveTerms(c *Company) []string {
	t := []string{termAll, termStatus + c.Status, termType + c.Type, termDay + c.Incorporated}
	if c.Subtype != "" {
		t = append(t, termSubtype+c.Subtype)
	}
	for _, s := range c.SIC {
		t = append(t, termSIC+s.Code)
	}
	a := c.Address
	if pc := Postcode(a.PostalCode); pc != "" {
		t = append(t, termArea+postcodeArea(pc), termDistrict+postcodeDistrict(pc), termPostcode+pc)
	}
	for _, w := range words(strings.Join([]string{a.POBox, a.AddressLine1, a.AddressLine2, a.Locality, a.Region, a.Country, a.PostalCode}, " ")) {
		t = append(t, termWord+w)
	}
	for _, w := range words(c.Name) {
		t = append(t, termName+w)
	}
	slices.Sort(t)
	return slices.Compact(t)
}

// sideTerm is a row of the terms table of one company.
type sideTerm struct {
	side int
	term string
}

// companyTerms are a company's rows of terms: was its file's row (nil
// for none), now the company now (nil when not on the register).
func companyTerms(was, now *Company) []sideTerm {
	var w, n []string
	if was != nil {
		w = liveTerms(was)
	}
	if now != nil {
		n = liveTerms(now)
	}
	var out []sideTerm
	side := func(s int, ts []string) []sideTerm {
		for _, t := range ts {
			out = append(out, sideTerm{s, t})
		}
		return out
	}
	switch {
	case was == nil:
		return side(sideNew, n)
	case now == nil:
		return side(sideGone, w)
	case slices.Equal(w, n):
		return nil
	}
	side(sideWas, w)
	return side(sideNow, n)
}

// packTerms and unpackTerms keep a row's terms in the row, to replace
// them when it is.
func packTerms(ts []sideTerm) string {
	var b strings.Builder
	for i, t := range ts {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteByte(byte('0' + t.side))
		b.WriteString(t.term)
	}
	return b.String()
}

func unpackTerms(s string) []sideTerm {
	if s == "" {
		return nil
	}
	var out []sideTerm
	for _, line := range strings.Split(s, "\n") {
		if line != "" {
			out = append(out, sideTerm{int(line[0] - '0'), line[1:]})
		}
	}
	return out
}

// unseparated takes the packing's separators out of what the stream
// sent (the file's reader does the same with the file's text).
var unseparated = strings.NewReplacer(sep1, " ", sep2, " ", sep3, " ", "\n", " ")

func cleanCompany(c *Company) {
	s := func(p *string) { *p = unseparated.Replace(*p) }
	for _, p := range []*string{&c.Name, &c.Status, &c.StatusDetail, &c.Type, &c.Subtype, &c.Incorporated, &c.Dissolved,
		&c.Address.CareOf, &c.Address.POBox, &c.Address.AddressLine1, &c.Address.AddressLine2, &c.Address.Locality,
		&c.Address.Region, &c.Address.Country, &c.Address.PostalCode, &c.Accounts.NextDue, &c.Accounts.LastMadeUpTo,
		&c.Accounts.Type, &c.Returns.NextDue, &c.Returns.LastMadeUpTo, &c.Confirmation.NextDue, &c.Confirmation.LastMadeUpTo} {
		s(p)
	}
	for i := range c.SIC {
		s(&c.SIC[i].Code)
	}
	for i := range c.PreviousNames {
		s(&c.PreviousNames[i].Name)
		s(&c.PreviousNames[i].EffectiveFrom)
		s(&c.PreviousNames[i].CeasedOn)
	}
}

// liveWriter writes rows of the overlay in a transaction.
type liveWriter struct {
	tx                    *sql.Tx
	ix                    *Index
	get, row, add, remove *sql.Stmt
	// rebasing: every row is written again, over itself, its terms
	// gone already.
	rebasing bool
	counts   map[sideTerm]int // what the rows written change the counts by, until finish
}

func newLiveWriter(ctx context.Context, tx *sql.Tx, ix *Index) (*liveWriter, error) {
	w := &liveWriter{tx: tx, ix: ix, counts: map[sideTerm]int{}}
	for _, s := range []struct {
		to   **sql.Stmt
		text string
	}{
		{&w.get, `SELECT timepoint, terms FROM live WHERE number = ?`},
		{&w.row, `INSERT OR REPLACE INTO live (number, timepoint, published, gone, onreg, fileid, name, address, rest, alpha, terms, profile, seq)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`},
		{&w.add, `INSERT OR IGNORE INTO terms VALUES (?, ?, ?)`},
		{&w.remove, `DELETE FROM terms WHERE side = ? AND term = ? AND number = ?`},
	} {
		st, err := tx.PrepareContext(ctx, s.text)
		if err != nil {
			w.close()
			return nil, err
		}
		*s.to = st
	}
	return w, nil
}

func (w *liveWriter) close() {
	for _, s := range []*sql.Stmt{w.get, w.row, w.add, w.remove} {
		if s != nil {
			s.Close()
		}
	}
}

// put writes the company n as the event says, unless the overlay has a
// later event of it; it reports whether the company was not in the
// overlay before.
func (w *liveWriter) put(ctx context.Context, n string, ev liveEvent, seq int64) (bool, error) {
	var tp int64
	var packed string
	err := w.get.QueryRowContext(ctx, n).Scan(&tp, &packed)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return false, err
	case w.rebasing:
		packed = ""
	case tp >= ev.timepoint:
		return false, nil
	}
	isNew := errors.Is(err, sql.ErrNoRows)
	file, fileID, err := w.fileRow(ctx, n)
	if err != nil {
		return false, err
	}
	var now *Company
	if !ev.gone && len(ev.profile) > 0 {
		if p, err := api.DecodeProfile(ev.profile, api.Number(n)); err == nil {
			c := CompanyOf(p)
			c.Number = n
			if file != nil {
				c.fillFrom(file)
			}
			cleanCompany(&c)
			now = &c
		}
	}
	gone := now == nil // what cannot be read is not shown; the file's row is not shown as new either
	onreg := !gone && !ceased(now.Status)
	var name, address, rest, alpha string
	if now != nil {
		name, address, rest = now.Name, packAddress(now.Address), packRest(now)
		if onreg {
			alpha = alphaKey(now.Name)
		}
	}
	var current *Company
	if onreg {
		current = now
	}
	terms := companyTerms(file, current)
	old := unpackTerms(packed)
	oldPairs, pairs := pairsOf(old), pairsOf(terms)
	for _, t := range oldPairs {
		if !slices.Contains(pairs, t) {
			w.counts[t]--
		}
	}
	for _, t := range pairs {
		if !slices.Contains(oldPairs, t) {
			w.counts[t]++
		}
	}
	for _, t := range old {
		if !slices.Contains(terms, t) {
			if _, err := w.remove.ExecContext(ctx, t.side, t.term, n); err != nil {
				return false, err
			}
			w.counts[t]--
		}
	}
	for _, t := range terms {
		if !slices.Contains(old, t) {
			if _, err := w.add.ExecContext(ctx, t.side, t.term, n); err != nil {
				return false, err
			}
			w.counts[t]++
		}
	}
	var id any
	if fileID > 0 {
		id = int64(fileID)
	}
	_, err = w.row.ExecContext(ctx, n, ev.timepoint, ev.published, b2i(gone), b2i(onreg), id, name, address, rest, alpha, packTerms(terms), ev.profile, seq)
	return isNew, err
}

// finish writes what the rows written change the counts of terms by.
func (w *liveWriter) finish(ctx context.Context) error {
	st, err := w.tx.PrepareContext(ctx, `INSERT INTO counts VALUES (?, ?, ?) ON CONFLICT (side, term) DO UPDATE SET n = n + excluded.n`)
	if err != nil {
		return err
	}
	defer st.Close()
	for t, d := range w.counts {
		if d == 0 {
			continue
		}
		if _, err := st.ExecContext(ctx, t.side, t.term, d); err != nil {
			return err
		}
	}
	clear(w.counts)
	_, err = w.tx.ExecContext(ctx, `DELETE FROM counts WHERE n <= 0`)
	return err
}

// fileRow is the company's row in the file, if the index has it.
func (w *liveWriter) fileRow(ctx context.Context, n string) (*Company, uint32, error) {
	if w.ix == nil {
		return nil, 0, nil
	}
	c, id, err := w.ix.fileCompany(ctx, api.Number(n))
	if errors.Is(err, ErrNotInFile) {
		return nil, 0, nil
	}
	return c, id, err
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
