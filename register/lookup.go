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

// Company is the company with the number, as the file holds it.
func (ix *Index) Company(ctx context.Context, n api.Number) (*Company, error) {
	st, err := ix.stmt(ctx, "company", `SELECT `+companyColumnsSQL+` FROM companies c WHERE c.number = ? LIMIT 1`)
	if err != nil {
		return nil, err
	}
	var s scanned
	err = st.QueryRowContext(ctx, strings.ToUpper(string(n))).Scan(s.dest()...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotInFile
	}
	if err != nil {
		return nil, err
	}
	return ix.company(&s), nil
}
