package keystore

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
)

// fakeBackend is an in-memory keyring that counts calls, can fail every
// call with err, and can block every call until unblock is closed.
type fakeBackend struct {
	mu      sync.Mutex
	keys    map[string]string // service + "\x00" + user -> secret
	err     error
	block   chan struct{}
	calls   atomic.Int32
	lastSvc atomic.Value
}

func (f *fakeBackend) enter(service string) error {
	f.calls.Add(1)
	f.lastSvc.Store(service)
	if f.block != nil {
		<-f.block
	}
	return f.err
}

func (f *fakeBackend) Get(service, user string) (string, error) {
	if err := f.enter(service); err != nil {
		return "", err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	v, ok := f.keys[service+"\x00"+user]
	if !ok {
		return "", keyring.ErrNotFound
	}
	return v, nil
}

func (f *fakeBackend) Set(service, user, secret string) error {
	if err := f.enter(service); err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.keys == nil {
		f.keys = map[string]string{}
	}
	f.keys[service+"\x00"+user] = secret
	return nil
}

func (f *fakeBackend) Delete(service, user string) error {
	if err := f.enter(service); err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.keys[service+"\x00"+user]; !ok {
		return keyring.ErrNotFound
	}
	delete(f.keys, service+"\x00"+user)
	return nil
}

func (f *fakeBackend) stored(user string) (string, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	v, ok := f.keys[Service+"\x00"+user]
	return v, ok
}

type testEnv struct {
	store  *Store
	fake   *fakeBackend
	env    map[string]string
	dir    string
	hasBus bool
}

// newTestStore returns a Store over a fake keyring, a fake environment and
// a temporary config directory, with a session bus.
func newTestStore(t *testing.T) *testEnv {
	t.Helper()
	te := &testEnv{
		fake:   &fakeBackend{},
		env:    map[string]string{},
		dir:    filepath.Join(t.TempDir(), "coview"),
		hasBus: true,
	}
	te.store = New(Options{
		Getenv:       func(k string) string { return te.env[k] },
		Backend:      te.fake,
		Timeout:      200 * time.Millisecond,
		ConfigDir:    te.dir,
		BusAvailable: func() bool { return te.hasBus },
	})
	return te
}

const (
	liveHost = "api.company-information.service.gov.uk"
	demoHost = "127.0.0.1:8080"
)

// noLeak fails if any text contains one of the keys.
func noLeak(t *testing.T, texts ...string) {
	t.Helper()
	for _, s := range texts {
		for _, k := range []string{goodKey, otherKey} {
			if strings.Contains(s, k) {
				t.Errorf("text leaks a key: %q", s)
			}
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func mustLookup(t *testing.T, s *Store, host string) (Key, []string) {
	t.Helper()
	k, w, err := s.Lookup(host)
	noLeak(t, append(w, errText(err))...)
	if err != nil {
		t.Fatalf("Lookup(%q): %v (warnings %q)", host, err, w)
	}
	return k, w
}

func containsAny(list []string, sub string) bool {
	return slices.ContainsFunc(list, func(s string) bool { return strings.Contains(s, sub) })
}

func TestPrecedenceEnvKeyringFile(t *testing.T) {
	te := newTestStore(t)
	if _, err := te.store.file.set(liveHost, otherKey); err != nil {
		t.Fatal(err)
	}

	k, w := mustLookup(t, te.store, liveHost)
	if k.Value != otherKey || k.Source != SourceFile || k.Path != filepath.Join(te.dir, FileName) {
		t.Fatalf("file only: got %#v", k)
	}
	if !containsAny(w, "plain text in "+k.Path) {
		t.Errorf("file use without a warning naming the file: %q", w)
	}

	te.fake.Set(Service, liveHost, goodKey)
	k, w = mustLookup(t, te.store, liveHost)
	if k.Value != goodKey || k.Source != SourceKeyring || k.Path != "" {
		t.Fatalf("keyring should beat file: got %#v", k)
	}
	if !containsAny(w, "plain-text copy") {
		t.Errorf("a shadowed plain-text copy should be mentioned: %q", w)
	}

	te.env[EnvVar] = "  " + strings.ToUpper(otherKey) + "\n"
	before := te.fake.calls.Load()
	k, w = mustLookup(t, te.store, liveHost)
	if k.Value != strings.ToUpper(otherKey) || k.Source != SourceEnv || len(w) != 0 {
		t.Fatalf("environment should beat keyring: got %#v, %q", k, w)
	}
	if te.fake.calls.Load() != before {
		t.Error("the keyring was asked although COVIEW_API_KEY is set")
	}
	if got := string(k.Source); got != "environment (COVIEW_API_KEY)" {
		t.Errorf("SourceEnv = %q", got)
	}
}

func TestEnvInvalidIsAnError(t *testing.T) {
	te := newTestStore(t)
	te.fake.Set(Service, liveHost, goodKey)
	bad := goodKey[:35]
	te.env[EnvVar] = bad
	_, _, err := te.store.Lookup(liveHost)
	if !errors.Is(err, ErrInvalidKey) || !strings.Contains(err.Error(), EnvVar) {
		t.Fatalf("got %v, want an ErrInvalidKey naming %s", err, EnvVar)
	}
	if strings.Contains(err.Error(), bad) {
		t.Errorf("error echoes the value: %v", err)
	}
	te.env[EnvVar] = " \n" // blank counts as unset
	if k, _ := mustLookup(t, te.store, liveHost); k.Source != SourceKeyring {
		t.Errorf("blank COVIEW_API_KEY should be ignored, got %v", k.Source)
	}
}

func TestPerHostSeparation(t *testing.T) {
	te := newTestStore(t)
	if _, err := te.store.Save(liveHost, goodKey, false); err != nil {
		t.Fatal(err)
	}
	if _, err := te.store.Save(demoHost, otherKey, true); err != nil {
		t.Fatal(err)
	}
	if got := te.fake.lastSvc.Load(); got != Service {
		t.Errorf("keyring service = %v, want %q", got, Service)
	}
	if v, _ := te.fake.stored(liveHost); v != goodKey {
		t.Errorf("keyring entry for %s = %q", liveHost, v)
	}
	if k, _ := mustLookup(t, te.store, liveHost); k.Value != goodKey || k.Source != SourceKeyring {
		t.Errorf("%s: %#v", liveHost, k)
	}
	if k, _ := mustLookup(t, te.store, demoHost); k.Value != otherKey || k.Source != SourceFile {
		t.Errorf("%s: %#v", demoHost, k)
	}
	_, _, err := te.store.Lookup("127.0.0.1:9999")
	if !errors.Is(err, ErrNoKey) {
		t.Errorf("unknown host: %v, want ErrNoKey", err)
	}
}

func TestKeyringTimeoutFallsThrough(t *testing.T) {
	te := newTestStore(t)
	if _, err := te.store.file.set(liveHost, goodKey); err != nil {
		t.Fatal(err)
	}
	te.fake.block = make(chan struct{}) // a locked keyring waiting on a prompt
	t.Cleanup(func() { close(te.fake.block) })

	start := time.Now()
	k, w, err := te.store.Lookup(liveHost)
	elapsed := time.Since(start)
	if err != nil || k.Source != SourceFile || k.Value != goodKey {
		t.Fatalf("Lookup = %#v, %v; want the file key", k, err)
	}
	if elapsed > 2*time.Second {
		t.Errorf("Lookup took %v with a 200ms timeout", elapsed)
	}
	if !containsAny(w, "keyring unavailable: timed out after 200ms waiting for the keyring") {
		t.Errorf("warnings %q do not explain the timeout", w)
	}

	_, err = te.store.Save(demoHost, otherKey, false)
	if !errors.Is(err, ErrKeyringTimeout) || !errors.Is(err, ErrKeyringUnavailable) {
		t.Fatalf("Save with a blocked keyring: %v, want ErrKeyringTimeout and ErrKeyringUnavailable", err)
	}
	noLeak(t, err.Error())
	if k, _, err := te.store.Lookup(demoHost); !errors.Is(err, ErrNoKey) {
		t.Errorf("a failed keyring Save must not write the file: got %#v, %v", k, err)
	}
}

func TestNoSessionBusNeverCallsKeyring(t *testing.T) {
	te := newTestStore(t)
	te.hasBus = false

	_, w, err := te.store.Lookup(liveHost)
	if !errors.Is(err, ErrNoKey) {
		t.Fatalf("Lookup: %v, want ErrNoKey", err)
	}
	if !containsAny(w, "keyring unavailable: no session bus") {
		t.Errorf("warnings %q do not say there is no session bus", w)
	}
	for _, sub := range []string{EnvVar, "coview auth login"} {
		if !strings.Contains(err.Error(), sub) {
			t.Errorf("ErrNoKey message %q does not mention %q", err, sub)
		}
	}

	_, err = te.store.Save(liveHost, goodKey, false)
	if !errors.Is(err, ErrKeyringUnavailable) {
		t.Fatalf("Save: %v, want ErrKeyringUnavailable", err)
	}
	for _, sub := range []string{"no session bus", "--insecure-storage", EnvVar} {
		if !strings.Contains(err.Error(), sub) {
			t.Errorf("Save error %q does not mention %q", err, sub)
		}
	}
	noLeak(t, err.Error())
	if _, err := os.Stat(filepath.Join(te.dir, FileName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Save without --insecure-storage wrote the file (stat: %v)", err)
	}

	if _, err := te.store.Save(liveHost, goodKey, true); err != nil {
		t.Fatalf("insecure Save: %v", err)
	}
	if k, _ := mustLookup(t, te.store, liveHost); k.Source != SourceFile {
		t.Errorf("got %v, want the file", k.Source)
	}
	removed, err := te.store.Delete(liveHost)
	if !slices.Equal(removed, []Source{SourceFile}) || !errors.Is(err, ErrKeyringUnavailable) {
		t.Errorf("Delete = %v, %v; want [file] and ErrKeyringUnavailable", removed, err)
	}

	if n := te.fake.calls.Load(); n != 0 {
		t.Errorf("the keyring was called %d times without a session bus", n)
	}
}

// The error strings measured on headless Linux all mean "no keyring here";
// only keyring.ErrNotFound means "no key stored".
func TestUnavailableIsNotNoKey(t *testing.T) {
	unavailable := []string{
		`exec: "dbus-launch": executable file not found in $PATH`,
		`dial unix /tmp/nonexistent-bus: connect: no such file or directory`,
		`The name org.freedesktop.secrets was not provided by any .service files`,
		`failed to unlock correct collection '/org/freedesktop/secrets/aliases/default'`,
	}
	for _, msg := range unavailable {
		t.Run(msg, func(t *testing.T) {
			te := newTestStore(t)
			te.fake.err = errors.New(msg)
			_, w, err := te.store.Lookup(liveHost)
			if !errors.Is(err, ErrNoKey) || !containsAny(w, "keyring unavailable") || !containsAny(w, msg) {
				t.Errorf("Lookup: %v, %q; want ErrNoKey and a keyring-unavailable warning quoting the cause", err, w)
			}
			_, err = te.store.Save(liveHost, goodKey, false)
			if !errors.Is(err, ErrKeyringUnavailable) || errors.Is(err, ErrNoKey) || errors.Is(err, ErrKeyringTimeout) {
				t.Errorf("Save: %v, want ErrKeyringUnavailable only", err)
			}
			if _, err := te.store.Delete(liveHost); !errors.Is(err, ErrKeyringUnavailable) {
				t.Errorf("Delete: %v, want ErrKeyringUnavailable", err)
			}
		})
	}
	t.Run("not found", func(t *testing.T) {
		te := newTestStore(t)
		_, w, err := te.store.Lookup(liveHost)
		if !errors.Is(err, ErrNoKey) || errors.Is(err, ErrKeyringUnavailable) || len(w) != 0 {
			t.Errorf("Lookup: %v, %q; want ErrNoKey and no warnings", err, w)
		}
		removed, err := te.store.Delete(liveHost)
		if len(removed) != 0 || err != nil {
			t.Errorf("Delete of nothing = %v, %v; want nothing, nil", removed, err)
		}
	})
}

func TestBackendErrorNeverEchoesTheKey(t *testing.T) {
	te := newTestStore(t)
	te.fake.err = errors.New("backend refused secret " + goodKey)
	_, err := te.store.Save(liveHost, goodKey, false)
	if err == nil {
		t.Fatal("want an error")
	}
	noLeak(t, err.Error())
}

func TestFileStorage(t *testing.T) {
	te := newTestStore(t)
	// A pre-existing, too-open directory is tightened.
	if err := os.MkdirAll(te.dir, 0o755); err != nil {
		t.Fatal(err)
	}
	k, err := te.store.Save(liveHost, "\r\n "+goodKey+" \r\n", true)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(te.dir, FileName)
	if k.Value != goodKey || k.Source != SourceFile || k.Path != path {
		t.Fatalf("Save = %#v", k)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("file mode: %v, %v; want 0600", fi.Mode(), err)
	}
	if fi, err := os.Stat(te.dir); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("dir mode: %v, %v; want 0700", fi.Mode(), err)
	}
	if entries, _ := os.ReadDir(te.dir); len(entries) != 1 {
		t.Errorf("stray files in %s: %v", te.dir, entries)
	}

	_, w := mustLookup(t, te.store, liveHost)
	if !containsAny(w, path) || !containsAny(w, "plain text") {
		t.Errorf("warnings %q do not name the plain-text file", w)
	}

	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	_, w = mustLookup(t, te.store, liveHost)
	if !containsAny(w, "readable by other users") {
		t.Errorf("a 0644 key file should be flagged: %q", w)
	}

	// A corrupt file is reported, not overwritten.
	if err := os.WriteFile(path, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, w, err = te.store.Lookup(liveHost)
	if !errors.Is(err, ErrNoKey) || !containsAny(w, "not a valid key file") {
		t.Errorf("corrupt file: %v, %q", err, w)
	}
	if _, err := te.store.Save(demoHost, otherKey, true); err == nil {
		t.Error("Save overwrote a file it could not parse")
	}
}

func TestSaveValidatesFirst(t *testing.T) {
	te := newTestStore(t)
	bad := goodKey[:30] + "zzzzzz"
	for _, insecure := range []bool{false, true} {
		_, err := te.store.Save(liveHost, bad, insecure)
		if !errors.Is(err, ErrInvalidKey) || strings.Contains(err.Error(), bad) {
			t.Errorf("Save(bad, %v) = %v", insecure, err)
		}
	}
	if te.fake.calls.Load() != 0 {
		t.Error("an invalid key reached the keyring")
	}
	if _, err := os.Stat(te.dir); !errors.Is(err, os.ErrNotExist) {
		t.Error("an invalid key created the config directory")
	}
}

// Saving to one place removes the host's key from the other, so that the
// keyring (which wins on lookup) never shadows a newer file key, and a key
// moved into the keyring does not linger on disk.
func TestSaveMovesBetweenKeyringAndFile(t *testing.T) {
	te := newTestStore(t)
	if _, err := te.store.Save(liveHost, goodKey, false); err != nil {
		t.Fatal(err)
	}
	if _, err := te.store.Save(liveHost, otherKey, true); err != nil {
		t.Fatal(err)
	}
	if _, ok := te.fake.stored(liveHost); ok {
		t.Error("insecure Save left the old key in the keyring")
	}
	if k, _ := mustLookup(t, te.store, liveHost); k.Value != otherKey || k.Source != SourceFile {
		t.Errorf("got %#v, want the new file key", k)
	}
	if _, err := te.store.Save(liveHost, goodKey, false); err != nil {
		t.Fatal(err)
	}
	k, w := mustLookup(t, te.store, liveHost)
	if k.Value != goodKey || k.Source != SourceKeyring || len(w) != 0 {
		t.Errorf("got %#v, %q; want the keyring key and no warnings", k, w)
	}
	if _, err := os.Stat(filepath.Join(te.dir, FileName)); !errors.Is(err, os.ErrNotExist) {
		t.Error("keyring Save left the plain-text copy behind")
	}
}

func TestDeleteRemovesFromBoth(t *testing.T) {
	te := newTestStore(t)
	te.fake.Set(Service, liveHost, goodKey)
	if _, err := te.store.file.set(liveHost, goodKey); err != nil {
		t.Fatal(err)
	}
	if _, err := te.store.file.set(demoHost, otherKey); err != nil {
		t.Fatal(err)
	}
	removed, err := te.store.Delete(liveHost)
	if err != nil || !slices.Equal(removed, []Source{SourceKeyring, SourceFile}) {
		t.Fatalf("Delete = %v, %v; want [keyring file], nil", removed, err)
	}
	if _, _, err := te.store.Lookup(liveHost); !errors.Is(err, ErrNoKey) {
		t.Errorf("after Delete: %v, want ErrNoKey", err)
	}
	if k, _ := mustLookup(t, te.store, demoHost); k.Value != otherKey {
		t.Errorf("Delete touched another host: %#v", k)
	}
	if removed, err := te.store.Delete(demoHost); err != nil || !slices.Equal(removed, []Source{SourceFile}) {
		t.Errorf("Delete(demo) = %v, %v", removed, err)
	}
	if _, err := os.Stat(filepath.Join(te.dir, FileName)); !errors.Is(err, os.ErrNotExist) {
		t.Error("the emptied key file was left behind")
	}
}

func TestDefaults(t *testing.T) {
	s := New(Options{Getenv: func(k string) string {
		return map[string]string{"XDG_CONFIG_HOME": "/xdg", "HOME": "/home/u"}[k]
	}})
	if s.timeout != DefaultTimeout || s.backend != (SystemKeyring{}) || s.busAvailable == nil {
		t.Errorf("defaults: timeout %v, backend %T", s.timeout, s.backend)
	}
	if p, _ := s.file.path(); p != filepath.FromSlash("/xdg/coview/keys.json") {
		t.Errorf("path with XDG_CONFIG_HOME = %q", p)
	}
	for _, xdg := range []string{"", "relative/dir"} {
		s = New(Options{Getenv: func(k string) string {
			return map[string]string{"XDG_CONFIG_HOME": xdg, "HOME": "/home/u"}[k]
		}})
		if p, _ := s.file.path(); p != filepath.FromSlash("/home/u/.config/coview/keys.json") {
			t.Errorf("path with XDG_CONFIG_HOME=%q = %q", xdg, p)
		}
	}
}
