package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// SaveDocument downloads a document (see Download) into the directory dir
// under name (see DocumentFileName) and returns the path of the file.
//
// An existing file is never overwritten: when name is taken, " (2)",
// " (3)"... is added before its extension, and the first free name is
// claimed atomically, so two downloads at once cannot take the same one.
// The bytes go to a hidden temporary file in dir, which gets its name only
// once the download is whole; a download that fails or is cancelled leaves
// neither a file under the name nor the temporary file behind.
func (c *DocumentClient) SaveDocument(ctx context.Context, meta *DocumentMetadata, format, dir, name string, progress func(Progress)) (string, error) {
	if name == "" || name != filepath.Base(name) || name == "." || name == ".." {
		return "", fmt.Errorf("cannot save a document as %q: not a file name", name)
	}
	return c.save(ctx, meta, format, dir, name, true, progress)
}

// SaveDocumentAs is SaveDocument to exactly path: if a file is there,
// when the download begins or when it ends, the download is discarded and
// the error matches fs.ErrExist.
func (c *DocumentClient) SaveDocumentAs(ctx context.Context, meta *DocumentMetadata, format, path string, progress func(Progress)) (string, error) {
	if _, err := os.Lstat(path); err == nil {
		return "", &fs.PathError{Op: "save", Path: path, Err: fs.ErrExist}
	}
	return c.save(ctx, meta, format, filepath.Dir(path), filepath.Base(path), false, progress)
}

func (c *DocumentClient) save(ctx context.Context, meta *DocumentMetadata, format, dir, name string, numbered bool, progress func(Progress)) (string, error) {
	p, err := createPart(dir)
	if err != nil {
		return "", err
	}
	if _, err := c.Download(ctx, meta, format, p.f, progress); err != nil {
		p.discard()
		return "", err
	}
	return p.keep(name, numbered)
}

// part is a download on its way to a file: a hidden file, created only
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

// keep gives the finished download its name, or with numbered the first
// of name, "name (2)", "name (3)"... that is free, and returns the path.
// Claiming a name is atomic and never replaces a file: a hard link fails
// when the name exists. Where hard links are not to be had (some network
// and FAT file systems), the name is claimed by creating it exclusively,
// and the download is renamed over that empty claim.
func (p *part) keep(name string, numbered bool) (string, error) {
	tmp := p.f.Name()
	if err := p.f.Sync(); err != nil {
		p.discard()
		return "", fmt.Errorf("saving the document: %w", err)
	}
	if err := p.f.Close(); err != nil {
		os.Remove(tmp)
		return "", fmt.Errorf("saving the document: %w", err)
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
			return "", fmt.Errorf("saving the document as %s: %w", path, unwrapPath(err))
		}
	}
	return "", fmt.Errorf("saving the document: %s and 9,999 numbered names after it are all taken", name)
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
