package save

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Into saves what fill writes in the directory dir, under name made safe
// for a file system (Name), and returns the path of the file.
//
// A file that is there is never overwritten: when the name is taken,
// " (2)", " (3)"... is added before its extension, and the first free name
// is claimed atomically, so two saves at once cannot take the same one.
// fill writes to a hidden temporary file in dir, which gets its name only
// once fill has returned nil; when fill fails (a download cut short,
// cancelled, incomplete), neither a file under the name nor the temporary
// file is left behind, and its error is returned as it is.
func Into(dir, name string, fill func(io.Writer) error) (string, error) {
	safe := Name(name)
	if safe == "" {
		return "", fmt.Errorf("cannot save a file as %q: nothing of it can be a file name", name)
	}
	return write(dir, safe, true, fill)
}

// As is Into to exactly path, which is taken as it is (the user chose
// it): if a file is there, when fill begins or when it ends, what fill
// wrote is discarded and the error matches fs.ErrExist.
func As(path string, fill func(io.Writer) error) (string, error) {
	if _, err := os.Lstat(path); err == nil {
		return "", &fs.PathError{Op: "save", Path: path, Err: fs.ErrExist}
	}
	return write(filepath.Dir(path), filepath.Base(path), false, fill)
}

func write(dir, name string, numbered bool, fill func(io.Writer) error) (string, error) {
	p, err := createPart(dir)
	if err != nil {
		return "", err
	}
	if err := fill(p.f); err != nil {
		p.discard()
		return "", err
	}
	return p.keep(name, numbered)
}

// part is a file on its way to its name: a hidden file, created only
// by us, in the directory the file will be in, so that giving it its name
// is a link or rename within one file system.
type part struct {
	f   *os.File
	dir string
}

// createPart makes a fresh hidden file in dir. It is created like any
// other file (0666 less the umask), so the document ends up with the
// permissions a file saved by a browser would have.
func createPart(dir string) (*part, error) {
	for range 100 {
		var b [8]byte
		rand.Read(b[:])
		path := filepath.Join(dir, ".coview-"+hex.EncodeToString(b[:])+".part")
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("cannot save in %s: %w", dir, unwrapPath(err))
		}
		return &part{f: f, dir: dir}, nil
	}
	return nil, fmt.Errorf("cannot save in %s: no free temporary name", dir)
}

func (p *part) discard() {
	p.f.Close()
	os.Remove(p.f.Name())
}

// keep gives the finished file its name, or with numbered the first
// of name, "name (2)", "name (3)"... that is free, and returns the path.
// Claiming a name is atomic and never replaces a file: a hard link fails
// when the name exists. Where hard links are not to be had (some network
// and FAT file systems), the name is claimed by creating it exclusively,
// and the file is renamed over that empty claim.
func (p *part) keep(name string, numbered bool) (string, error) {
	tmp := p.f.Name()
	if err := p.f.Sync(); err != nil {
		p.discard()
		return "", fmt.Errorf("saving the file: %w", err)
	}
	if err := p.f.Close(); err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("saving the file: %w", err)
	}
	defer os.Remove(tmp)
	for n := 1; n < 10_000; n++ {
		path := filepath.Join(p.dir, numberedName(name, n))
		err := claim(tmp, path)
		switch {
		case err == nil:
			return path, nil
		case errors.Is(err, fs.ErrExist) && numbered:
			continue
		case errors.Is(err, fs.ErrExist):
			return "", &fs.PathError{Op: "save", Path: path, Err: fs.ErrExist}
		default:
			return "", fmt.Errorf("saving the file as %s: %w", path, unwrapPath(err))
		}
	}
	return "", fmt.Errorf("saving the file: %s and 9,999 numbered names after it are all taken", name)
}

// claim makes the file at tmp also be at path, failing with fs.ErrExist
// if path exists.
func claim(tmp, path string) error {
	err := os.Link(tmp, path)
	if err == nil || errors.Is(err, fs.ErrExist) {
		return err
	}
	f, cerr := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if cerr != nil {
		return cerr
	}
	f.Close()
	if rerr := os.Rename(tmp, path); rerr != nil {
		os.Remove(path)
		return rerr
	}
	return nil
}

// numberedName is name with " (n)" before its extension; n 1 is name.
func numberedName(name string, n int) string {
	if n == 1 {
		return name
	}
	ext := filepath.Ext(name)
	if ext == name {
		ext = "" // ".pdf" alone is a name, not an extension
	}
	return fmt.Sprintf("%s (%d)%s", strings.TrimSuffix(name, ext), n, ext)
}

// unwrapPath drops the *fs.PathError's operation and path, which the
// caller's message says better.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
