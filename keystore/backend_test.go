package keystore

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"
)

// These tests go through SystemKeyring, the real go-keyring adapter, with
// go-keyring's own mock provider behind it. The mock is process-wide, so
// these tests must not run in parallel (and the integration test runs in a
// child process for the same reason).

func systemStore(t *testing.T) *Store {
	t.Helper()
	return New(Options{
		Getenv:       func(string) string { return "" },
		Backend:      SystemKeyring{},
		ConfigDir:    filepath.Join(t.TempDir(), "coview"),
		BusAvailable: func() bool { return true },
	})
}

func TestGoKeyringMockRoundTrip(t *testing.T) {
	keyring.MockInit()
	s := systemStore(t)
	if _, _, err := s.Lookup(liveHost); !errors.Is(err, ErrNoKey) {
		t.Fatalf("empty keyring: %v", err)
	}
	if _, err := s.Save(liveHost, goodKey, false); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Save(demoHost, otherKey, false); err != nil {
		t.Fatal(err)
	}
	if v, err := keyring.Get(Service, liveHost); err != nil || v != goodKey {
		t.Errorf("go-keyring holds %q, %v", v, err)
	}
	k, w := mustLookup(t, s, liveHost)
	if k.Value != goodKey || k.Source != SourceKeyring || len(w) != 0 {
		t.Errorf("Lookup = %#v, %q", k, w)
	}
	if _, err := s.Save(liveHost, strings.ToUpper(otherKey), false); err != nil {
		t.Fatal(err)
	}
	if k, _ := mustLookup(t, s, liveHost); k.Value != strings.ToUpper(otherKey) {
		t.Errorf("replace: %#v", k)
	}
	if removed, err := s.Delete(liveHost); err != nil || !slices.Equal(removed, []Source{SourceKeyring}) {
		t.Errorf("Delete = %v, %v", removed, err)
	}
	if removed, err := s.Delete(liveHost); err != nil || len(removed) != 0 {
		t.Errorf("second Delete = %v, %v", removed, err)
	}
	if k, _ := mustLookup(t, s, demoHost); k.Value != otherKey {
		t.Errorf("other host lost its key: %#v", k)
	}
}

func TestGoKeyringMockWithError(t *testing.T) {
	keyring.MockInitWithError(errors.New("The name org.freedesktop.secrets was not provided by any .service files"))
	s := systemStore(t)
	_, w, err := s.Lookup(liveHost)
	if !errors.Is(err, ErrNoKey) || !containsAny(w, "keyring unavailable: no Secret Service") {
		t.Errorf("Lookup = %v, %q", err, w)
	}
	_, err = s.Save(liveHost, goodKey, false)
	if !errors.Is(err, ErrKeyringUnavailable) || !strings.Contains(err.Error(), "--insecure-storage") {
		t.Errorf("Save = %v", err)
	}
	if k, err := s.Save(liveHost, goodKey, true); err != nil || k.Source != SourceFile {
		t.Errorf("insecure Save = %#v, %v", k, err)
	}
	k, w := mustLookup(t, s, liveHost)
	if k.Source != SourceFile || !containsAny(w, "keyring unavailable") || !containsAny(w, k.Path) {
		t.Errorf("Lookup = %#v, %q", k, w)
	}

	keyring.MockInitWithError(keyring.ErrNotFound)
	if _, w, err := s.Lookup(demoHost); !errors.Is(err, ErrNoKey) || len(w) != 0 {
		t.Errorf("ErrNotFound is 'no key', not 'unavailable': %v, %q", err, w)
	}
}
