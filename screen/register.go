package screen

import (
	"context"
	"errors"

	"coview/api"
)

// Register is the register's monthly file on this machine, as an index
// (FromIndex; tests have their own). A screening with one reads
// each company from it, and matches names against it, with no request
// and at no cost to its budget; what the file does not hold (a company
// dissolved, or incorporated since) is asked of the registry, unless the
// screening is offline.
type Register interface {
	// Company is the company with the number as the file holds it, with
	// its charges as the file counts them; ErrNotInRegister when the file
	// does not hold it.
	Company(ctx context.Context, n api.Number) (*api.Profile, *ChargeFacts, error)
	// Named are up to n companies a name may be: those the alphabetical
	// index files under it first, then some with its words.
	Named(ctx context.Context, name string, n int) ([]Candidate, error)
	// Where says which register it is, for a row's why: "the register of
	// 1 Nov 2026".
	Where() string
}

// ErrNotInRegister is a company the register's file does not hold.
var ErrNotInRegister = errors.New("not in the register's file")

// errOffline is a request an offline screening does not send.
var errOffline = errors.New("offline: the registry is not asked")
