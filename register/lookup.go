package register

import (
	"context"
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
	snap, err := ix.liveNow(ctx)
	if err != nil {
		return nil, err
	}
	if snap != nil {
		if r := snap.rows[strings.ToUpper(string(n))]; r != nil {
			if r.gone {
				return nil, ErrTakenOff
			}
			c := *r.company
			return &c, nil
		}
	}
	c, _, err := ix.fileCompany(ctx, n)
	return c, err
}
