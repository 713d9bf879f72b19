package register

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// FileError is a file that cannot be used: not there, not the register's
// (a zip holding something else, a CSV with another header), or damaged
// (a zip cut short, bytes that do not match the zip's checksum). An index
// being built from it is thrown away; the one in use stays.
type FileError struct {
	Path   string
	Reason string
	Err    error // what the reason comes from, if anything: a *HeaderError, zip.ErrChecksum
}

func (e *FileError) Error() string { return e.Path + ": " + e.Reason }
func (e *FileError) Unwrap() error { return e.Err }

// source is one file an index is read from: the register's zip, its CSV,
// or one of its parts, zipped or not.
type source struct {
	path   string
	name   string // the CSV's name: the zip's entry, or the file's
	size   int64  // the CSV's size, for progress
	open   func() (io.ReadCloser, error)
	closer io.Closer // the zip, when it is one
	date   string    // the register's date, from the name, or ""
	part   [2]int    // part n of t, from the name, or zero
}

func (s *source) Close() error {
	if s.closer != nil {
		return s.closer.Close()
	}
	return nil
}

// patterns are the regular expressions files' names and the download
// page's links are read with, compiled on first use rather than by every
// run of coview at start-up.
var patterns struct {
	once                                sync.Once
	date, part, oneFile, partFile, href *regexp.Regexp
}

func pattern() *struct {
	once                                sync.Once
	date, part, oneFile, partFile, href *regexp.Regexp
} {
	patterns.once.Do(func() {
		patterns.date = regexp.MustCompile(`(\d{4})-(\d{2})-(\d{2})`)
		patterns.part = regexp.MustCompile(`(?i)part(\d+)_(\d+)`)
		patterns.oneFile = regexp.MustCompile(`BasicCompanyDataAsOneFile-(\d{4}-\d{2}-\d{2})\.zip$`)
		patterns.partFile = regexp.MustCompile(`BasicCompanyData-(\d{4}-\d{2}-\d{2})-part(\d+)_(\d+)\.zip$`)
		patterns.href = regexp.MustCompile(`(?i)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))`)
	})
	return &patterns
}

// openSource opens a file: a zip (told by its first bytes, whatever its
// name) must hold one CSV and nothing else of note; anything else is
// read as the CSV.
func openSource(path string) (*source, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &FileError{Path: path, Reason: reasonOf(err), Err: err}
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, &FileError{Path: path, Reason: reasonOf(err), Err: err}
	}
	if fi.IsDir() {
		f.Close()
		return nil, &FileError{Path: path, Reason: "is a directory; give the register's zip or CSV, or its parts"}
	}
	magic := make([]byte, 4)
	n, _ := io.ReadFull(f, magic)
	if n == 4 && bytes.Equal(magic, []byte("PK\x03\x04")) || n == 4 && bytes.Equal(magic, []byte("PK\x05\x06")) {
		return openZip(path, f, fi.Size())
	}
	f.Close()
	s := &source{path: path, name: filepath.Base(path), size: fi.Size(),
		open: func() (io.ReadCloser, error) { return os.Open(path) }}
	s.named(s.name)
	return s, nil
}

func openZip(path string, f *os.File, size int64) (*source, error) {
	z, err := zip.NewReader(f, size)
	if err != nil {
		f.Close()
		return nil, &FileError{Path: path, Err: err,
			Reason: "is not a whole zip (" + strings.TrimPrefix(err.Error(), "zip: ") + "): it was probably cut short; download it again"}
	}
	var csvs []*zip.File
	var others []string
	for _, e := range z.File {
		switch {
		case strings.HasSuffix(e.Name, "/"):
		case strings.EqualFold(filepath.Ext(e.Name), ".csv"):
			csvs = append(csvs, e)
		default:
			others = append(others, e.Name)
		}
	}
	if len(csvs) != 1 {
		f.Close()
		what := "nothing"
		switch {
		case len(csvs) > 1:
			what = fmt.Sprintf("%d CSV files", len(csvs))
		case len(others) > 0:
			what = strconv.Quote(shorten(others[0], 60))
			if len(others) > 1 {
				what += fmt.Sprintf(" and %d more files", len(others)-1)
			}
		}
		return nil, &FileError{Path: path, Reason: "holds " + what + ", where the register's zip holds one CSV file"}
	}
	e := csvs[0]
	s := &source{path: path, name: e.Name, size: int64(e.UncompressedSize64), closer: f,
		open: func() (io.ReadCloser, error) { return e.Open() }}
	s.named(filepath.Base(path))
	if s.date == "" {
		s.named(e.Name)
	}
	return s, nil
}

// named reads the register's date and the part from a file's name:
// BasicCompanyDataAsOneFile-2026-11-01.zip, BasicCompanyData-2026-11-01-part3_7.zip.
func (s *source) named(name string) {
	if m := pattern().date.FindStringSubmatch(name); m != nil {
		if d, ok := dayOf(m[3] + "/" + m[2] + "/" + m[1]); ok {
			s.date = d
		}
	}
	if m := pattern().part.FindStringSubmatch(name); m != nil {
		n, _ := strconv.Atoi(m[1])
		t, _ := strconv.Atoi(m[2])
		if n >= 1 && n <= t {
			s.part = [2]int{n, t}
		}
	}
}

// checkZip checks that a downloaded file is a whole zip holding the
// register's CSV, as the site's monthly file is.
func checkZip(path, name string) error {
	f, err := os.Open(path)
	if err != nil {
		return &FileError{Path: name, Reason: reasonOf(err), Err: err}
	}
	magic := make([]byte, 4)
	n, _ := io.ReadFull(f, magic)
	f.Close()
	if n < 4 || !bytes.Equal(magic, []byte("PK\x03\x04")) {
		return &FileError{Path: name, Reason: fmt.Sprintf("is not a zip (it begins %q): the site sent something else; try again later", shorten(string(magic[:n]), 4))}
	}
	s, err := openSource(path)
	if err != nil {
		var fe *FileError
		if errors.As(err, &fe) {
			fe.Path = name
		}
		return err
	}
	return s.Close()
}

// openSources opens the files an index is built from: one file, or the
// parts of one month's file, each once. Parts named as the registry names
// them are put in order, and must all be there and of one month.
func openSources(paths []string) ([]*source, error) {
	if len(paths) == 0 {
		return nil, errors.New("no file to build the index from")
	}
	var out []*source
	fail := func(err error) ([]*source, error) {
		for _, s := range out {
			s.Close()
		}
		return nil, err
	}
	seen := map[string]bool{}
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err == nil && seen[abs] {
			return fail(&FileError{Path: p, Reason: "is given twice"})
		}
		seen[abs] = true
		s, err := openSource(p)
		if err != nil {
			return fail(err)
		}
		out = append(out, s)
	}
	if len(out) == 1 {
		return out, nil
	}
	if slices.ContainsFunc(out, func(s *source) bool { return s.part == [2]int{} }) {
		return out, nil // not named as parts: read in the order given
	}
	slices.SortFunc(out, func(a, b *source) int { return a.part[0] - b.part[0] })
	total := out[0].part[1]
	for i, s := range out {
		switch {
		case s.part[1] != total:
			return fail(&FileError{Path: s.path, Reason: fmt.Sprintf("is part %d of %d, where %s is part %d of %d: they are not one file's parts", s.part[0], s.part[1], out[0].path, out[0].part[0], total)})
		case s.date != out[0].date:
			return fail(&FileError{Path: s.path, Reason: fmt.Sprintf("is of %s, where %s is of %s: they are not one month's parts", orUnknown(s.date), out[0].path, orUnknown(out[0].date))})
		case s.part[0] != i+1:
			if s.part[0] == i {
				return fail(&FileError{Path: s.path, Reason: fmt.Sprintf("is part %d of %d again", s.part[0], total)})
			}
			return fail(&FileError{Path: s.path, Reason: fmt.Sprintf("part %d of %d is missing", i+1, total)})
		}
	}
	if len(out) != total {
		return fail(&FileError{Path: out[len(out)-1].path, Reason: fmt.Sprintf("part %d of %d is missing", len(out)+1, total)})
	}
	return out, nil
}

func orUnknown(d string) string {
	if d == "" {
		return "an unknown month"
	}
	return d
}

// reasonOf is an error of the file system without the path it names.
func reasonOf(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
