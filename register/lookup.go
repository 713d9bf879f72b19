package register

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"coview/api"
)

// ErrNotInFile is a company number the register's file does not hold:
// no such company, or one that has been dissolved (the file holds only
// the companies on the register).
var ErrNotInFile = errors.New("no company on the register has this number (the file holds no dissolved companies)")

// Company is the company with the number as the register now has it:
// as the streams last said it when a follow has written it in the live
// overlay since the file, else as the file holds it.
func (ix *Index) Company(ctx context.Context, n api.Number) (*Company, error) {
	defer ix.use()()
	st, err := ix.liveNow(ctx)
	if err != nil {
		return nil, err
	}
	if st != nil {
		r, err := ix.liveByNumber(ctx, strings.ToUpper(string(n)))
		if err != nil {
			return nil, liveError(ix, err)
		}
		if r != nil {
			if r.gone {
				return nil, ErrTakenOff
			}
			return r.c, nil
		}
	}
	c, _, err := ix.fileCompany(ctx, n)
	return c, err
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
