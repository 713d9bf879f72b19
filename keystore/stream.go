package keystore

import (
	"strings"
)

// StreamEnvVar is the environment variable that, when set, overrides any
// stored streaming key.
const StreamEnvVar = "COVIEW_STREAM_KEY"

// SourceStreamEnv is where a streaming key from the environment came from.
const SourceStreamEnv Source = "environment (" + StreamEnvVar + ")"

// slot is one kind of key and the entries it is kept in: the REST key's,
// or the streaming key's. The registry's two kinds of key are not
// interchangeable, so each has an environment variable, keyring entries
// and a part of the key file of its own, and neither is ever read for the
// other.
type slot struct {
	env    string
	source Source
	user   func(host string) string // the keyring entry's user
	stream bool                     // the key file's stream_keys
}

var (
	restSlot   = slot{env: EnvVar, source: SourceEnv, user: func(host string) string { return host }}
	streamSlot = slot{env: StreamEnvVar, source: SourceStreamEnv, user: func(host string) string { return "stream:" + host }, stream: true}
)

// StreamKeys finds, saves and deletes streaming keys, one per stream host
// (stream.companieshouse.gov.uk): COVIEW_STREAM_KEY, then the keyring
// (service "coview", user "stream:" and the host), then the plain-text
// file's stream_keys, written only when asked for. It behaves as Store
// does for the REST key, and its messages name the streaming key and
// `coview auth login --stream`.
type StreamKeys struct{ s *Store }

// NewStream returns the streaming keys' store; see Options.
func NewStream(opts Options) *StreamKeys {
	s := New(opts)
	s.slot = streamSlot
	s.file.stream = true
	return &StreamKeys{s: s}
}

// Lookup finds the streaming key for a stream host; as Store.Lookup.
func (k *StreamKeys) Lookup(host string) (Key, []string, error) {
	key, warnings, err := k.s.Lookup(host)
	for i, w := range warnings {
		warnings[i] = streamWords().Replace(w)
	}
	return key, warnings, reword(err)
}

// Save validates a streaming key and stores it for host; as Store.Save.
func (k *StreamKeys) Save(host, key string, insecureFile bool) (Key, error) {
	saved, err := k.s.Save(host, key, insecureFile)
	return saved, reword(err)
}

// Delete removes host's streaming key; as Store.Delete.
func (k *StreamKeys) Delete(host string) ([]Source, error) {
	removed, err := k.s.Delete(host)
	return removed, reword(err)
}

// ValidateStream is Validate for a streaming key, whose form is a REST
// key's; its errors name the streaming key.
func ValidateStream(raw string) (string, error) {
	key, err := Validate(raw)
	return key, reword(err)
}

// streamWords turns the REST key's messages into the streaming key's. It
// is made when a message is, not at start-up.
func streamWords() *strings.Replacer {
	return strings.NewReplacer(
		"API key", "streaming key",
		"coview auth login", "coview auth login --stream",
		"coview auth logout", "coview auth logout --stream",
	)
}

// reworded is an error said in the streaming key's words that still
// matches what it matched (ErrNoKey, ErrInvalidKey, ErrKeyringUnavailable).
type reworded struct {
	msg string
	err error
}

func (r *reworded) Error() string { return r.msg }
func (r *reworded) Unwrap() error { return r.err }

func reword(err error) error {
	if err == nil {
		return nil
	}
	return &reworded{msg: streamWords().Replace(err.Error()), err: err}
}
