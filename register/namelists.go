package register

import (
	"context"
	"database/sql"
	"encoding/binary"
)

// A word most names have (LIMITED, SERVICES, HOLDINGS) has hundreds of
// thousands of companies in the names' FTS5 index, whose ids a search
// reads one row at a time: a count of "services" among the active
// companies would read them all. The words of more than namesCap names
// are kept as posting lists too (terms "n:WORD"), made from the FTS5
// index once it is whole, so that such a search intersects lists as the
// other filters do; the rarer words, whose companies are few, are read
// from the FTS5 index.

// termName is the prefix of a common name word's posting list.
const termName = "n:"

// nameLists puts the posting list of each word of more than over names
// into the postings table, one word at a time, from the names' FTS5
// index.
func nameLists(ctx context.Context, conn *sql.Conn, over int) error {
	rs, err := conn.QueryContext(ctx, `SELECT term FROM names_vocab WHERE doc > ?`, over)
	if err != nil {
		return storeError(err)
	}
	var common []string
	for rs.Next() {
		var term string
		if err := rs.Scan(&term); err != nil {
			rs.Close()
			return storeError(err)
		}
		common = append(common, term)
	}
	rs.Close()
	if err := rs.Err(); err != nil {
		return storeError(err)
	}
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		return storeError(err)
	}
	defer conn.ExecContext(context.Background(), "ROLLBACK")
	ins, err := conn.PrepareContext(ctx, `INSERT INTO postings VALUES (?, ?, ?, ?)`)
	if err != nil {
		return storeError(err)
	}
	defer ins.Close()
	for _, term := range common {
		if err := nameList(ctx, conn, ins, term); err != nil {
			return err
		}
	}
	_, err = conn.ExecContext(ctx, "COMMIT")
	return storeError(err)
}

// nameList stores one word's list, in chunks as the other lists are.
func nameList(ctx context.Context, conn *sql.Conn, ins *sql.Stmt, term string) error {
	rs, err := conn.QueryContext(ctx, `SELECT rowid FROM names WHERE names MATCH ?`, quoted([]string{term}, ""))
	if err != nil {
		return storeError(err)
	}
	defer rs.Close()
	key := termName + term
	var c chunk
	put := func() error {
		if c.n == 0 {
			return nil
		}
		_, err := ins.ExecContext(ctx, key, int64(c.first), c.n, c.ids)
		c = chunk{ids: c.ids[:0]}
		return storeError(err)
	}
	last := uint32(0)
	for rs.Next() {
		var id int64
		if err := rs.Scan(&id); err != nil {
			return storeError(err)
		}
		switch {
		case c.n == 0:
			c.first, c.n = uint32(id), 1
			if c.ids == nil {
				c.ids = []byte{}
			}
		default:
			c.ids = binary.AppendUvarint(c.ids, uint64(uint32(id)-last))
			c.n++
		}
		last = uint32(id)
		if len(c.ids) >= chunkBytes {
			if err := put(); err != nil {
				return err
			}
		}
	}
	if err := rs.Err(); err != nil {
		return storeError(err)
	}
	return put()
}
