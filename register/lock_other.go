//go:build !unix

package register

import "os"

// Without flock, an update takes the lock file as its own by creating
// it; the file is removed when the update ends.
func tryLock(f *os.File) (bool, error) {
	name := f.Name() + ".held"
	h, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if os.IsExist(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, h.Close()
}

func unlock(f *os.File) { os.Remove(f.Name() + ".held") }
