package keystore

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const streamHost = "stream.companieshouse.gov.uk"

// streamStore is the streaming keys' store over the same fake keyring,
// environment and directory as te's REST keys.
func streamStore(te *testEnv) *StreamKeys {
	return NewStream(Options{
		Getenv:       func(k string) string { return te.env[k] },
		Backend:      te.fake,
		Timeout:      200 * time.Millisecond,
		ConfigDir:    te.dir,
		BusAvailable: func() bool { return te.hasBus },
	})
}

func TestTheStreamingKeyHasAKeyringEntryOfItsOwn(t *testing.T) {
	te := newTestStore(t)
	sk := streamStore(te)
	if _, err := te.store.Save(streamHost, goodKey, false); err != nil {
		t.Fatal(err)
	}
	// A REST key kept for the same host is not a streaming key.
	if _, _, err := sk.Lookup(streamHost); !errors.Is(err, ErrNoKey) {
		t.Fatalf("the REST key's entry was read as the streaming key: %v", err)
	}
	if _, err := sk.Save(streamHost, otherKey, false); err != nil {
		t.Fatal(err)
	}
	if v, ok := te.fake.stored("stream:" + streamHost); !ok || v != otherKey {
		t.Fatalf("keyring entry stream:%s = %q, %v", streamHost, v, ok)
	}
	k, _, err := sk.Lookup(streamHost)
	if err != nil || k.Value != otherKey || k.Source != SourceKeyring {
		t.Fatalf("streaming key %v, %v", k, err)
	}
	if k, _ := mustLookup(t, te.store, streamHost); k.Value != goodKey {
		t.Fatalf("the REST key became %v", k)
	}
	removed, err := sk.Delete(streamHost)
	if err != nil || len(removed) != 1 {
		t.Fatalf("removed %v, %v", removed, err)
	}
	if k, _ := mustLookup(t, te.store, streamHost); k.Value != goodKey {
		t.Fatal("removing the streaming key removed the REST key")
	}
}

func TestEachKeyHasItsOwnEnvironmentVariable(t *testing.T) {
	te := newTestStore(t)
	sk := streamStore(te)
	te.env[EnvVar] = goodKey
	if _, _, err := sk.Lookup(streamHost); !errors.Is(err, ErrNoKey) {
		t.Fatalf("COVIEW_API_KEY was read as the streaming key: %v", err)
	}
	te.env[StreamEnvVar] = otherKey
	k, _, err := sk.Lookup(streamHost)
	if err != nil || k.Value != otherKey || k.Source != SourceStreamEnv || string(k.Source) != "environment (COVIEW_STREAM_KEY)" {
		t.Fatalf("got %#v, %v", k, err)
	}
	if k, _ := mustLookup(t, te.store, liveHost); k.Value != goodKey {
		t.Fatalf("COVIEW_STREAM_KEY changed the REST key: %v", k)
	}
	te.env[StreamEnvVar] = "not a key"
	_, _, err = sk.Lookup(streamHost)
	if !errors.Is(err, ErrInvalidKey) || !strings.Contains(err.Error(), "COVIEW_STREAM_KEY is set but holds an invalid streaming key") {
		t.Fatalf("err = %v", err)
	}
}

func TestThePlainTextFileKeepsTheTwoKindsApart(t *testing.T) {
	te := newTestStore(t)
	te.hasBus = false
	sk := streamStore(te)
	if _, err := te.store.Save(liveHost, goodKey, true); err != nil {
		t.Fatal(err)
	}
	saved, err := sk.Save(streamHost, otherKey, true)
	if err != nil || saved.Source != SourceFile {
		t.Fatalf("saved %v, %v", saved, err)
	}
	body, _ := os.ReadFile(filepath.Join(te.dir, FileName))
	if !strings.Contains(string(body), `"stream_keys"`) {
		t.Fatalf("file: %s", body)
	}
	k, w, err := sk.Lookup(streamHost)
	if err != nil || k.Value != otherKey || !containsAny(w, "using the streaming key for "+streamHost+" stored in plain text") {
		t.Fatalf("got %v %q %v", k, w, err)
	}
	noLeak(t, w...)
	if _, _, err := sk.Lookup(liveHost); !errors.Is(err, ErrNoKey) {
		t.Fatalf("the REST key in the file was read as a streaming key: %v", err)
	}
	// Removing the last streaming key keeps the REST key's file.
	if removed, err := sk.Delete(streamHost); len(removed) != 1 || err != nil && !errors.Is(err, ErrKeyringUnavailable) {
		t.Fatal(removed, err)
	}
	if k, _ := mustLookup(t, te.store, liveHost); k.Value != goodKey {
		t.Fatalf("the REST key went with the streaming key: %v", k)
	}
	if removed, err := te.store.Delete(liveHost); len(removed) != 1 || err != nil && !errors.Is(err, ErrKeyringUnavailable) {
		t.Fatal(removed, err)
	}
	if _, err := os.Stat(filepath.Join(te.dir, FileName)); !os.IsNotExist(err) {
		t.Fatalf("the emptied file is still there: %v", err)
	}
}

func TestTheStreamingKeysMessagesNameItAndItsCommands(t *testing.T) {
	te := newTestStore(t)
	sk := streamStore(te)
	_, _, err := sk.Lookup(streamHost)
	want := "no streaming key for " + streamHost + ": set COVIEW_STREAM_KEY, or run `coview auth login --stream` to store one"
	if !errors.Is(err, ErrNoKey) || err.Error() != want {
		t.Fatalf("err = %q, want %q", err, want)
	}
	te.hasBus = false
	_, err = sk.Save(streamHost, goodKey, false)
	if !errors.Is(err, ErrKeyringUnavailable) || !strings.Contains(err.Error(), "cannot store the streaming key") ||
		!strings.Contains(err.Error(), "coview auth login --stream --insecure-storage") || !strings.Contains(err.Error(), "COVIEW_STREAM_KEY") {
		t.Fatalf("err = %v", err)
	}
	if _, err := ValidateStream("x"); !errors.Is(err, ErrInvalidKey) || !strings.HasPrefix(err.Error(), "invalid streaming key") {
		t.Fatalf("err = %v", err)
	}
	noLeak(t, errText(err))
}
