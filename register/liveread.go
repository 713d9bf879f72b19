package register

import (
	"context"
	"database/sql"
	"errors"
	"maps"
	"strings"
	"time"

	"coview/api"
)

// liveConn reads the overlay's rows.
type liveConn struct{ db *sql.DB }

// read is the overlay as it now is, made from old by reading only the
// batches written since (all of it, when its rows were dropped since).
func (c *liveConn) read(ctx context.Context, ix *Index, old *liveSnap) (*liveSnap, error) {
	tx, err := c.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var epoch, seq int64
	err = tx.QueryRowContext(ctx, `SELECT coalesce((SELECT value FROM state WHERE key = ?), 0), coalesce((SELECT value FROM state WHERE key = ?), 0)`,
		stateEpoch, stateSeq).Scan(&epoch, &seq)
	if err != nil {
		return nil, err
	}
	if old != nil && old.epoch == epoch && old.seq == seq {
		return old, nil
	}
	snap := &liveSnap{epoch: epoch, seq: seq, rows: map[string]*liveRow{}}
	since := int64(-1)
	if old != nil && old.epoch == epoch {
		snap.rows, snap.to, since = maps.Clone(old.rows), old.to, old.seq
	}
	rs, err := tx.QueryContext(ctx, `SELECT number, timepoint, published, gone, profile FROM live WHERE seq > ?`, since)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	for rs.Next() {
		r := &liveRow{}
		var published int64
		var gone bool
		var profile []byte
		if err := rs.Scan(&r.number, &r.timepoint, &published, &gone, &profile); err != nil {
			return nil, err
		}
		r.gone = gone
		if published > 0 {
			r.published = time.UnixMilli(published).UTC()
			if r.published.After(snap.to) {
				snap.to = r.published
			}
		}
		if err := ix.fillLive(ctx, r, profile); err != nil {
			return nil, err
		}
		snap.rows[r.number] = r
	}
	return snap, rs.Err()
}

// fillLive reads a row's profile and the file's row of the company.
func (ix *Index) fillLive(ctx context.Context, r *liveRow, profile []byte) error {
	file, id, err := ix.fileCompany(ctx, api.Number(r.number))
	switch {
	case errors.Is(err, ErrNotInFile):
	case err != nil:
		return err
	default:
		r.file, r.id = file, id
	}
	if r.gone || len(profile) == 0 {
		r.gone = true
		return nil
	}
	p, err := api.DecodeProfile(profile, api.Number(r.number))
	if err != nil {
		r.gone = true // what cannot be read is not shown; the file's row is not shown as new either
		return nil
	}
	c := CompanyOf(p)
	c.Number = r.number
	if r.file != nil {
		c.fillFrom(r.file)
	}
	for i := range c.SIC {
		if c.SIC[i].Text == "" {
			c.SIC[i].Text = ix.sicWords(c.SIC[i].Code)
		}
	}
	r.profile, r.company = p, &c
	return nil
}

// fileCompany is the company with the number as the file holds it, and
// its row's id.
func (ix *Index) fileCompany(ctx context.Context, n api.Number) (*Company, uint32, error) {
	st, err := ix.stmt(ctx, "company", `SELECT `+companyColumnsSQL+` FROM companies c WHERE c.number = ? LIMIT 1`)
	if err != nil {
		return nil, 0, err
	}
	var s scanned
	err = st.QueryRowContext(ctx, strings.ToUpper(string(n))).Scan(s.dest()...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 0, ErrNotInFile
	}
	if err != nil {
		return nil, 0, err
	}
	return ix.unpack(&s), uint32(s.id), nil
}
