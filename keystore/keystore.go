package keystore

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"
)

// EnvVar is the environment variable that, when set, overrides any stored
// key for every host.
const EnvVar = "COVIEW_API_KEY"

// Options configures a Store. The zero value means the real thing: the
// process environment, the OS keyring, the XDG config directory and the
// real session-bus check. Tests replace the parts they need.
type Options struct {
	// Getenv reads COVIEW_API_KEY, XDG_CONFIG_HOME and HOME. Default os.Getenv.
	Getenv func(string) string
	// Backend is the keyring. Default SystemKeyring{}.
	Backend Backend
	// Timeout bounds each keyring call. Default DefaultTimeout (3s).
	Timeout time.Duration
	// ConfigDir is the directory holding keys.json. Default
	// $XDG_CONFIG_HOME/coview, else ~/.config/coview.
	ConfigDir string
	// BusAvailable says whether the keyring may be called at all. Default
	// SessionBusAvailable.
	BusAvailable func() bool
}

// Store finds, saves and deletes API keys. It is safe for concurrent use
// within one process; two processes writing the key file at the same
// moment may lose one update (acceptable for a command run by hand).
type Store struct {
	getenv       func(string) string
	backend      Backend
	timeout      time.Duration
	busAvailable func() bool
	file         fileStore
	slot         slot // which key: the REST key's entries, or the streaming key's (stream.go)
}

// New returns a Store; see Options for the defaults.
func New(opts Options) *Store {
	s := &Store{
		getenv:       opts.Getenv,
		backend:      opts.Backend,
		timeout:      opts.Timeout,
		busAvailable: opts.BusAvailable,
	}
	if s.getenv == nil {
		s.getenv = os.Getenv
	}
	if s.backend == nil {
		s.backend = SystemKeyring{}
	}
	if s.timeout <= 0 {
		s.timeout = DefaultTimeout
	}
	if s.busAvailable == nil {
		s.busAvailable = SessionBusAvailable
	}
	s.slot = restSlot
	s.file.dir = opts.ConfigDir
	if s.file.dir == "" {
		s.file.dir, s.file.dirErr = defaultConfigDir(s.getenv)
	}
	return s
}

// Lookup finds the key for a registry host: COVIEW_API_KEY, then the
// keyring, then the plain-text file.
//
// Warnings are sentences for the user (print each on stderr, once per run)
// and come back even when err is not nil: why the keyring could not be used,
// that the key was read from the plain-text file (and where), that a file
// is readable by others. They never contain the key.
//
// err matches ErrNoKey when nothing is stored for host; its message names
// both ways to provide a key. A COVIEW_API_KEY that is set but malformed is
// an error (matching ErrInvalidKey), not something to skip silently: the
// user set it on purpose, and the stored key would be a surprise.
func (s *Store) Lookup(host string) (Key, []string, error) {
	if raw := s.getenv(s.slot.env); strings.TrimSpace(raw) != "" {
		key, err := Validate(raw)
		if err != nil {
			return Key{}, nil, fmt.Errorf("%s is set but holds an %w", s.slot.env, err)
		}
		return Key{Value: key, Source: s.slot.source}, nil, nil
	}
	if host == "" {
		return Key{}, nil, errors.New("keystore: no registry host given")
	}

	var warnings []string
	fileKey, path, mode, fileErr := s.file.get(host)
	if fileErr != nil {
		warnings = append(warnings, fmt.Sprintf("cannot read the plain-text key file: %v", fileErr))
	}

	key, err := s.keyringGet(host)
	switch {
	case err == nil:
		valid, verr := Validate(key)
		if verr == nil {
			if fileKey != "" {
				warnings = append(warnings, fmt.Sprintf(
					"a plain-text copy of the key for %s in %s is ignored because the keyring takes precedence; `coview auth logout` removes both", host, path))
			}
			return Key{Value: valid, Source: SourceKeyring}, warnings, nil
		}
		warnings = append(warnings, fmt.Sprintf("ignoring the key stored in the keyring for %s: %v; run `coview auth login` to replace it", host, verr))
	case errors.Is(err, ErrKeyringUnavailable):
		warnings = append(warnings, err.Error()+"; carrying on without it")
	}

	if fileKey != "" {
		key, verr := Validate(fileKey)
		if verr != nil {
			warnings = append(warnings, fmt.Sprintf("ignoring the key for %s in %s: %v", host, path, verr))
		} else {
			warnings = append(warnings, PlainTextNotice(host, path))
			if looseMode(mode) {
				warnings = append(warnings, fmt.Sprintf("%s is readable by other users (mode %04o); run: chmod 600 %s", path, mode, path))
			}
			return Key{Value: key, Source: SourceFile, Path: path}, warnings, nil
		}
	}
	return Key{}, warnings, fmt.Errorf("%w for %s: set %s, or run `coview auth login` to store one", ErrNoKey, host, s.slot.env)
}

// PlainTextNotice is the warning Lookup gives when the key came from the
// plain-text file: news to a person at a terminal, which a caller that
// must say nothing unless something is wrong (a check run by cron) may
// leave out.
func PlainTextNotice(host, path string) string {
	return fmt.Sprintf("using the API key for %s stored in plain text in %s (saved with --insecure-storage)", host, path)
}

// Save validates key and stores it for host: in the keyring, or in the
// plain-text file when insecureFile is set (the user's explicit choice).
//
// If the keyring is unavailable and insecureFile is false, Save fails with
// an error that says why and suggests --insecure-storage or COVIEW_API_KEY;
// it never falls back to the file by itself.
//
// Because the keyring wins over the file in Lookup, saving to one removes
// the host's key from the other: after a keyring save the plain-text copy
// is deleted (a secret on disk for nothing), and after a file save a stale
// keyring entry is removed on a best-effort basis (if the keyring is
// unavailable now, Lookup will later warn that the file copy is shadowed).
// If that cleanup fails after a successful keyring save, Save returns the
// saved Key together with the error.
func (s *Store) Save(host, key string, insecureFile bool) (Key, error) {
	key, err := Validate(key)
	if err != nil {
		return Key{}, err
	}
	if host == "" {
		return Key{}, errors.New("keystore: no registry host given")
	}

	if insecureFile {
		path, err := s.file.set(host, key)
		if err != nil {
			return Key{}, fmt.Errorf("cannot write the plain-text key file: %w", err)
		}
		_ = s.keyringDelete(host) // best effort, see above
		return Key{Value: key, Source: SourceFile, Path: path}, nil
	}

	if err := s.keyringSet(host, key); err != nil {
		if errors.Is(err, ErrKeyringTimeout) {
			return Key{}, fmt.Errorf("cannot store the API key: %w; unlock the keyring and try again (check `coview auth status`: a late answer may still have stored it), or use `coview auth login --insecure-storage` to keep it in a plain-text file, or set %s", err, s.slot.env)
		}
		return Key{}, fmt.Errorf("cannot store the API key: %w; use `coview auth login --insecure-storage` to keep it in a plain-text file instead, or set %s", err, s.slot.env)
	}
	saved := Key{Value: key, Source: SourceKeyring}
	if _, err := s.file.remove(host); err != nil {
		return saved, fmt.Errorf("stored the API key in the keyring, but could not remove the old plain-text copy: %w", err)
	}
	return saved, nil
}

// Delete removes host's key from the keyring and from the file, and says
// where it was found. It cannot unset COVIEW_API_KEY; a Lookup afterwards
// reports SourceEnv if that is still set.
//
// err is not nil when either place could not be checked; removed is still
// accurate then. When the keyring could not be reached, err matches
// ErrKeyringUnavailable and says why: the caller will usually show it as a
// warning (on a headless machine that has only ever used the file, it is
// expected).
func (s *Store) Delete(host string) (removed []Source, err error) {
	if host == "" {
		return nil, errors.New("keystore: no registry host given")
	}
	var errs []error
	switch err := s.keyringDelete(host); {
	case err == nil:
		removed = append(removed, SourceKeyring)
	case errors.Is(err, errNotStored):
	default:
		errs = append(errs, fmt.Errorf("could not check the keyring: %w", err))
	}
	switch ok, err := s.file.remove(host); {
	case err != nil:
		errs = append(errs, fmt.Errorf("could not update the plain-text key file: %w", err))
	case ok:
		removed = append(removed, SourceFile)
	}
	return removed, errors.Join(errs...)
}
