package register

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Meta is what an index records of itself: the register's date, where
// its file came from, what reading it found, when it was built.
type Meta struct {
	// FileDate is the register's date (yyyy-mm-dd), from the file's
	// name; "" when the name did not say.
	FileDate string
	Origin   Origin
	Rows     int
	// Malformed rows could not be read whole; Skipped of them were left
	// out. Problems are the first of them, Unknown the words the file
	// used that are in no table of the registry's keys here.
	Malformed, Skipped int
	Problems           []Problem
	Unknown            map[string]int
	BuiltAt            time.Time
	Took               time.Duration
	Size               int64 // bytes on disk, when opened
	Path               string
	// build tells this index apart from every other: the live overlay
	// records which index its companies' rows in the file are of.
	build string
}

// identity is what tells this index apart from any other built, for the
// live overlay: its build's random id (an index of an older coview has
// none: what it records of itself then).
func (m *Meta) identity() string {
	if m.build != "" {
		return "b:" + m.build
	}
	return fmt.Sprintf("m:%s|%s|%d|%d|%d", m.FileDate, m.BuiltAt.UTC().Format(time.RFC3339), m.Rows, m.Took.Milliseconds(), m.Malformed)
}

// newBuildID is a build's random id.
func newBuildID() string {
	var b [12]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Origin is where an index's file came from: a download site (the URL
// of the file) or files on this machine, and whether it is the demo's.
type Origin struct {
	URL   string
	Paths []string
	Demo  bool
}

// Where is the origin in words: the URL, or the files.
func (o Origin) Where() string {
	if o.URL != "" {
		return o.URL
	}
	return strings.Join(o.Paths, ", ")
}

func writeMeta(ctx context.Context, db *sql.DB, m *Meta) error {
	demo := "0"
	if m.Origin.Demo {
		demo = "1"
	}
	var problems, unknown strings.Builder
	for _, p := range m.Problems {
		skipped := "0"
		if p.Skipped {
			skipped = "1"
		}
		fmt.Fprintf(&problems, "%s\x1f%d\x1f%s\x1f%s\n", p.File, p.Line, skipped, p.Reason)
	}
	for words, n := range m.Unknown {
		fmt.Fprintf(&unknown, "%d\x1f%s\n", n, words)
	}
	values := map[string]string{
		"version": strconv.Itoa(schemaVersion), "file_date": m.FileDate, "url": m.Origin.URL,
		"paths": strings.Join(m.Origin.Paths, "\n"), "demo": demo, "rows": strconv.Itoa(m.Rows),
		"malformed": strconv.Itoa(m.Malformed), "skipped": strconv.Itoa(m.Skipped),
		"built_at": m.BuiltAt.UTC().Format(time.RFC3339), "took_ms": strconv.FormatInt(m.Took.Milliseconds(), 10),
		"problems": problems.String(), "unknown": unknown.String(), "build": m.build,
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return storeError(err)
	}
	defer tx.Rollback()
	for k, v := range values {
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO meta VALUES (?, ?)`, k, v); err != nil {
			return storeError(err)
		}
	}
	return storeError(tx.Commit())
}

// readMeta reads the meta table; an index of another format is refused.
func readMeta(ctx context.Context, db *sql.DB) (Meta, error) {
	rows, err := db.QueryContext(ctx, `SELECT key, value FROM meta`)
	if err != nil {
		return Meta{}, err
	}
	defer rows.Close()
	v := map[string]string{}
	for rows.Next() {
		var k, val string
		if err := rows.Scan(&k, &val); err != nil {
			return Meta{}, err
		}
		v[k] = val
	}
	if err := rows.Err(); err != nil {
		return Meta{}, err
	}
	if v["version"] != strconv.Itoa(schemaVersion) {
		return Meta{}, fmt.Errorf("%w (format %q, this coview reads %d)", ErrOtherVersion, v["version"], schemaVersion)
	}
	m := Meta{FileDate: v["file_date"], Origin: Origin{URL: v["url"], Demo: v["demo"] == "1"}, build: v["build"]}
	if v["paths"] != "" {
		m.Origin.Paths = strings.Split(v["paths"], "\n")
	}
	m.Rows, _ = strconv.Atoi(v["rows"])
	m.Malformed, _ = strconv.Atoi(v["malformed"])
	m.Skipped, _ = strconv.Atoi(v["skipped"])
	m.BuiltAt, _ = time.Parse(time.RFC3339, v["built_at"])
	ms, _ := strconv.ParseInt(v["took_ms"], 10, 64)
	m.Took = time.Duration(ms) * time.Millisecond
	for _, line := range strings.Split(strings.TrimSpace(v["problems"]), "\n") {
		f := strings.SplitN(line, "\x1f", 4)
		if len(f) == 4 {
			n, _ := strconv.Atoi(f[1])
			m.Problems = append(m.Problems, Problem{File: f[0], Line: n, Skipped: f[2] == "1", Reason: f[3]})
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(v["unknown"]), "\n") {
		if n, words, ok := strings.Cut(line, "\x1f"); ok {
			if m.Unknown == nil {
				m.Unknown = map[string]int{}
			}
			m.Unknown[words], _ = strconv.Atoi(n)
		}
	}
	return m, nil
}
