package keystore

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
)

// FileName is the plain-text key file inside the config directory.
const FileName = "keys.json"

// keyFile is the file's content: one key per registry host, so hosts stay
// separate here just as in the keyring; the streaming keys, one per
// stream host, apart from them.
type keyFile struct {
	Keys       map[string]string `json:"keys"`
	StreamKeys map[string]string `json:"stream_keys,omitempty"`
}

// of is the part of the file holding the keys of one slot.
func (kf *keyFile) of(stream bool) *map[string]string {
	if stream {
		return &kf.StreamKeys
	}
	return &kf.Keys
}

// fileStore is the plain-text fallback. It exists only because some
// machines (headless Linux, containers) have no usable keyring, and it is
// only ever written when the user asked for it. It is kept private: 0600
// file, 0700 directory, written atomically so a crash never leaves a
// half-written secret or a file with the wrong mode.
type fileStore struct {
	mu     sync.Mutex // serialises read-modify-write within this process
	dir    string
	dirErr error // why dir is unknown, if it is
	stream bool  // the streaming keys' part of the file, not the REST keys'
}

func (f *fileStore) path() (string, error) {
	if f.dirErr != nil {
		return "", f.dirErr
	}
	return filepath.Join(f.dir, FileName), nil
}

// defaultConfigDir is $XDG_CONFIG_HOME/coview or ~/.config/coview, on every
// platform, so the documented path is the real one everywhere (gh does the
// same). A relative XDG_CONFIG_HOME is ignored, as the XDG spec says.
func defaultConfigDir(getenv func(string) string) (string, error) {
	if x := getenv("XDG_CONFIG_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "coview"), nil
	}
	home := getenv("HOME")
	if home == "" {
		var err error
		if home, err = os.UserHomeDir(); err != nil || home == "" {
			return "", errors.New("cannot place the key file: neither XDG_CONFIG_HOME nor HOME is set")
		}
	}
	return filepath.Join(home, ".config", "coview"), nil
}

// read returns the file's content and mode; a missing file is an empty
// keyFile and a nil error.
func (f *fileStore) read() (keyFile, fs.FileMode, error) {
	var kf keyFile
	p, err := f.path()
	if err != nil {
		return kf, 0, err
	}
	b, mode, err := readRegular(p)
	if errors.Is(err, fs.ErrNotExist) {
		return kf, 0, nil
	}
	if err != nil {
		return kf, 0, err
	}
	if err := json.Unmarshal(b, &kf); err != nil {
		// json's message quotes no input, so no key can leak through it.
		return kf, mode, fmt.Errorf("%s is not a valid key file: %w", p, err)
	}
	return kf, mode, nil
}

// maxKeyFile bounds what is read of the key file: a few keys take a few
// hundred bytes, and a file that is not ours must not fill the memory.
const maxKeyFile = 1 << 20

// readRegular reads the key file, and its permission bits, only if it is a
// regular file (or a link to one). Anything else is refused before it is
// opened: opening a named pipe blocks until something writes to it, a
// device may do anything on open, a directory holds no key.
func readRegular(path string) ([]byte, fs.FileMode, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, 0, err
	}
	if !fi.Mode().IsRegular() {
		return nil, 0, notRegular(path, fi.Mode())
	}
	return readOpened(path)
}

// readOpened opens path without waiting (O_NONBLOCK: a named pipe put in
// place of the file since it was looked at opens at once instead of
// blocking) and looks again at what it opened before reading a byte.
func readOpened(path string) ([]byte, fs.FileMode, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	if !fi.Mode().IsRegular() {
		return nil, 0, notRegular(path, fi.Mode())
	}
	b, err := io.ReadAll(io.LimitReader(f, maxKeyFile+1))
	if err != nil {
		return nil, 0, err
	}
	if len(b) > maxKeyFile {
		return nil, 0, fmt.Errorf("%s is larger than %d KiB, too large for a key file; remove it (or move it away) and run `coview auth login --insecure-storage` to write a new one", path, maxKeyFile>>10)
	}
	return b, fi.Mode().Perm(), nil
}

// notRegular says what path is instead of a key file, and what to do. No
// key is read from it, and none is written over it: it may be someone
// else's.
func notRegular(path string, mode fs.FileMode) error {
	what := "of an unknown kind"
	switch {
	case mode&fs.ModeNamedPipe != 0:
		what = "a named pipe (FIFO)"
	case mode.IsDir():
		what = "a directory"
	case mode&fs.ModeSocket != 0:
		what = "a socket"
	case mode&fs.ModeDevice != 0:
		what = "a device"
	}
	return fmt.Errorf("%s is %s, not a regular file, so no key is read from it or written to it; remove it (or move it away) and run `coview auth login --insecure-storage` to write a new key file", path, what)
}

// get returns host's key ("" if none), the file's path and its mode.
func (f *fileStore) get(host string) (key, path string, mode fs.FileMode, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	path, _ = f.path()
	kf, mode, err := f.read()
	return (*kf.of(f.stream))[host], path, mode, err
}

// set stores key for host and returns the file's path. It refuses to
// overwrite a file it cannot parse: that could hold other hosts' keys.
func (f *fileStore) set(host, key string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	kf, _, err := f.read()
	if err != nil {
		return "", err
	}
	keys := kf.of(f.stream)
	if *keys == nil {
		*keys = map[string]string{}
	}
	(*keys)[host] = key
	return f.write(kf)
}

// remove deletes host's key, and the file when it was the last one.
func (f *fileStore) remove(host string) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.dirErr != nil {
		return false, nil // no place for a file, so nothing can be stored there
	}
	kf, _, err := f.read()
	if err != nil {
		return false, err
	}
	keys := *kf.of(f.stream)
	if _, ok := keys[host]; !ok {
		return false, nil
	}
	delete(keys, host)
	if len(kf.Keys) == 0 && len(kf.StreamKeys) == 0 {
		p, _ := f.path()
		return true, os.Remove(p)
	}
	_, err = f.write(kf)
	return err == nil, err
}

// write replaces the file atomically: a 0600 temporary file in the same
// directory, synced, then renamed over the old one.
func (f *fileStore) write(kf keyFile) (string, error) {
	p, err := f.path()
	if err != nil {
		return "", err
	}
	if err := ensurePrivateDir(f.dir); err != nil {
		return "", err
	}
	b, err := json.MarshalIndent(kf, "", "  ")
	if err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(f.dir, ".keys-*.json") // created 0600
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Chmod(0o600); err != nil && runtime.GOOS != "windows" {
		tmp.Close()
		return "", err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return "", err
	}
	if err := tmp.Close(); err != nil {
		return "", err
	}
	return p, os.Rename(tmp.Name(), p)
}

// ensurePrivateDir creates dir 0700, and tightens it to 0700 if it already
// exists with wider permissions: a 0600 file in a world-listable directory
// still announces that a key is there.
func ensurePrivateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	if runtime.GOOS == "windows" {
		return nil // permission bits mean nothing there
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if fi.Mode().Perm() != 0o700 {
		return os.Chmod(dir, 0o700)
	}
	return nil
}

// looseMode reports whether a file mode lets anyone but the owner in.
func looseMode(mode fs.FileMode) bool {
	return runtime.GOOS != "windows" && mode&0o077 != 0
}
