package keystore

import (
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
)

// TestIntegrationSecretService runs Save / Lookup / replace / Delete against
// the real OS keyring (on Linux a real Secret Service, e.g. gnome-keyring
// under .ci/keyring-session.sh). It skips when there is no session bus or
// no usable Secret Service, unless COVIEW_REQUIRE_KEYRING=1, which turns
// the skip into a failure so CI cannot pass without running it.
func TestIntegrationSecretService(t *testing.T) {
	if !inChild(t) {
		switch {
		case runtime.GOOS == "darwin" || runtime.GOOS == "windows":
			if os.Getenv("COVIEW_REQUIRE_KEYRING") != "1" {
				t.Skip("not a D-Bus platform; set COVIEW_REQUIRE_KEYRING=1 to test the OS keyring")
			}
		case !SessionBusAvailable():
			skipOrFail(t, noBusReason()+"; run under .ci/keyring-session.sh")
		}
		runInChild(t)
		return
	}

	// A unique host per run, so the real keyring is never confused with
	// other runs, and nothing is left behind.
	host := fmt.Sprintf("integration-%d-%d.coview.invalid", os.Getpid(), time.Now().UnixNano())
	other := host + ":8080"
	s := New(Options{
		Getenv: func(k string) string {
			if k == EnvVar {
				return "" // a CI-wide key must not short-circuit the keyring
			}
			return os.Getenv(k)
		},
		Backend:   SystemKeyring{},
		Timeout:   10 * time.Second, // a cold gnome-keyring can be slow to answer
		ConfigDir: t.TempDir(),
	})
	t.Cleanup(func() {
		s.Delete(host)
		s.Delete(other)
	})

	// Probe: is there a usable Secret Service behind the bus?
	_, w, err := s.Lookup(host)
	if !errors.Is(err, ErrNoKey) {
		t.Fatalf("fresh host: %v, want ErrNoKey", err)
	}
	if len(w) > 0 {
		skipOrFail(t, fmt.Sprintf("no usable keyring: %q", w))
	}

	k1, k2 := randomKey(t), randomKey(t)
	saved, err := s.Save(host, k1, false)
	if err != nil || saved.Source != SourceKeyring || saved.Value != k1 {
		t.Fatalf("Save = %#v, %v", saved, err)
	}
	k, w := mustLookup(t, s, host)
	if k.Value != k1 || k.Source != SourceKeyring || len(w) != 0 {
		t.Fatalf("Lookup = %#v, %q", k, w)
	}
	if _, _, err := s.Lookup(other); !errors.Is(err, ErrNoKey) {
		t.Errorf("another host sees the key: %v", err)
	}

	if _, err := s.Save(host, k2, false); err != nil {
		t.Fatalf("replace: %v", err)
	}
	if k, _ := mustLookup(t, s, host); k.Value != k2 {
		t.Errorf("after replace Lookup = %#v", k)
	}
	if v, err := keyring.Get(Service, host); err != nil || v != k2 {
		t.Errorf("the keyring itself holds %s, %v", Mask(v), err)
	}

	removed, err := s.Delete(host)
	if err != nil || !slices.Equal(removed, []Source{SourceKeyring}) {
		t.Fatalf("Delete = %v, %v", removed, err)
	}
	if _, _, err := s.Lookup(host); !errors.Is(err, ErrNoKey) {
		t.Errorf("after Delete: %v, want ErrNoKey", err)
	}
	if removed, err := s.Delete(host); err != nil || len(removed) != 0 {
		t.Errorf("second Delete = %v, %v", removed, err)
	}
	if _, err := keyring.Get(Service, host); !errors.Is(err, keyring.ErrNotFound) {
		t.Errorf("the keyring still answers %v", err)
	}
}

func randomKey(t *testing.T) string {
	t.Helper()
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
