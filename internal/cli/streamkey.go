package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"coview/api/demo"
	"coview/keystore"
	"coview/present/sanitize"
	"coview/stream"
)

// streamTarget is a streaming API and the key for it.
type streamTarget struct {
	url  string
	host string // the name its key is kept under
	demo bool
}

// streamTarget is the stream the flags, the environment and the settings
// name: --stream-url, COVIEW_STREAM_URL, stream_url, the live one; the
// demo's with --demo.
func (r *registryFlags) streamTarget(cmd *cobra.Command, reg *registry, env Env) (streamTarget, error) {
	if reg.demo {
		return streamTarget{url: reg.streamURL, host: "the demo's streaming API", demo: true}, nil
	}
	raw := r.streamURL
	if raw == "" {
		raw = env.Getenv("COVIEW_STREAM_URL")
	}
	if raw == "" {
		raw = settingsOf(cmd, env).StreamURL
	}
	u, err := stream.ParseURL(raw)
	if err != nil {
		return streamTarget{}, usageError("%v", err)
	}
	return streamTarget{url: u.String(), host: u.Host}, nil
}

// demoStreamKey is the demo stream's key.
var demoStreamKey = keystore.Key{Value: demo.StreamKey, Source: "built into the demo"}

func (k keys) streamStore() *keystore.StreamKeys {
	return keystore.NewStream(keystore.Options{Getenv: k.env.Getenv, BusAvailable: k.busAvailable})
}

// findStream looks the streaming key up, telling on stderr what the user
// should know about where it came from, as find does for the REST key.
// That the keyring could not be asked is news only when no key was found,
// and then only to a command that needs one (not to auth status, which
// says "none" and needs no streaming key to succeed).
func (k keys) findStream(t streamTarget, needed bool) (keystore.Key, error) {
	if t.demo {
		return demoStreamKey, nil
	}
	key, warnings, err := k.streamStore().Lookup(t.host)
	for _, w := range warnings {
		if (err == nil || !needed) && strings.HasPrefix(w, keystore.ErrKeyringUnavailable.Error()) {
			continue
		}
		fmt.Fprintln(k.env.Stderr, "coview: "+w)
	}
	return key, err
}

// streamFor is the stream the command line names and its key, or the
// error a command that needs one ends with.
func (k keys) streamFor(cmd *cobra.Command) (streamTarget, keystore.Key, error) {
	t, err := k.env.registry.streamTarget(cmd, k.reg, k.env)
	if err != nil {
		return t, keystore.Key{}, err
	}
	key, err := k.findStream(t, true)
	switch {
	case errors.Is(err, keystore.ErrNoKey):
		return t, key, k.noStreamKey(t)
	case err != nil:
		return t, key, &exitError{code: exitAuth, msg: err.Error()}
	}
	return t, key, nil
}

// noStreamKey is the answer to a missing streaming key.
func (k keys) noStreamKey(t streamTarget) error {
	advice := strings.Replace(k.loginAdvice(), "coview auth login", "coview auth login --stream", 1)
	return &exitError{code: exitAuth, msg: fmt.Sprintf(
		"no streaming key for %s: set %s, or %s.\n"+
			"A streaming key is not the REST API key: the registry's developer site makes one for a streaming application.",
		t.host, keystore.StreamEnvVar, advice)}
}

// isRESTKey reports whether key is the REST key kept for the registry:
// the commonest reason a stream refuses a key. Nothing is sent to find
// out, and nothing said.
func (k keys) isRESTKey(key string) bool {
	if k.reg.demo {
		return key == demo.Key
	}
	rest, _, err := k.store().Lookup(k.reg.host)
	return err == nil && rest.Value == key
}

// refusedStream is a stream's refusal of the key in words, telling a
// REST key given for a streaming key apart when it is one.
func (k keys) refusedStream(err error, key keystore.Key) error {
	msg := sanitize.Line(err.Error())
	if k.isRESTKey(key.Value) {
		msg += fmt.Sprintf("; the key given (%s, from the %s) is the REST API key kept for %s", key, key.Source, k.reg.host)
	}
	return &exitError{code: exitAuth, msg: msg}
}

// streamChecker is a Streams for one short check of a key.
func streamChecker(t streamTarget, key string, timeout time.Duration) (*stream.Streams, error) {
	return stream.New(stream.Options{BaseURL: t.url, Key: key, UserAgent: userAgent(), ConnectTimeout: timeout})
}

// authLoginStream is auth login --stream: the key read, checked with the
// stream unless --offline, and kept as the streaming key.
func authLoginStream(ctx context.Context, cmd *cobra.Command, reg *registry, insecure, offline bool, env Env) error {
	timeout := env.registry.timeout
	t, err := env.registry.streamTarget(cmd, reg, env)
	if err != nil {
		return err
	}
	k := keys{reg: reg, env: env}
	if t.demo {
		return usageError("the demo's streaming key is built in (coview serve-demo prints it); nothing was stored")
	}
	raw, err := readSecretAs(ctx, env, "Paste your streaming key (it will not be shown): ")
	if err != nil {
		return err
	}
	key, err := keystore.ValidateStream(raw)
	if err != nil {
		return &exitError{code: exitAuth, msg: fmt.Sprintf("%v; nothing was stored", err)}
	}
	if !offline {
		s, err := streamChecker(t, key, timeout)
		if err != nil {
			return usageError("%v", err)
		}
		switch err := s.Check(ctx, stream.Filings); {
		case errors.Is(err, stream.ErrRejectedKey):
			e := k.refusedStream(err, keystore.Key{Value: key, Source: "input"})
			return &exitError{code: exitAuth, msg: e.Error() + "; nothing was stored"}
		case err != nil:
			return &exitError{code: exitFailure, msg: thenSaid("could not check the streaming key: "+sanitize.Line(err.Error()), "nothing was stored (use --offline to store it unchecked)")}
		}
		fmt.Fprintf(env.Stderr, "coview: the stream at %s accepted the key\n", t.url)
	}
	saved, err := k.streamStore().Save(t.host, key, insecure)
	if err != nil {
		return &exitError{code: exitCode(err), msg: err.Error()}
	}
	where := "the keyring"
	if saved.Source == keystore.SourceFile {
		where = "plain text in " + saved.Path + " (you asked for --insecure-storage)"
	}
	fmt.Fprintf(env.Stderr, "coview: stored the streaming key %s for %s in %s\n", saved, t.host, where)
	if env.Getenv(keystore.StreamEnvVar) != "" {
		fmt.Fprintf(env.Stderr, "coview: note: %s is set and takes precedence over the stored key\n", keystore.StreamEnvVar)
	}
	return nil
}

// streamStatus prints the streaming key's part of auth status after the
// REST key's (whose outcome was restErr): the stream, the key masked,
// where it comes from, and whether the stream takes it, asked with one
// short connection. No streaming key is no failure: it is needed only to
// follow a stream. The REST key's failure, if any, is the one returned.
func streamStatus(ctx context.Context, cmd *cobra.Command, reg *registry, offline bool, env Env, restErr error) error {
	out := env.Stdout
	timeout := env.registry.timeout
	t, err := env.registry.streamTarget(cmd, reg, env)
	if err != nil {
		return errors.Join(restErr, err)
	}
	fmt.Fprintf(out, "stream:          %s\n", t.url)
	k := keys{reg: reg, env: env}
	key, err := k.findStream(t, false)
	switch {
	case errors.Is(err, keystore.ErrNoKey):
		fmt.Fprintf(out, "stream key:      none (set %s, or run coview auth login --stream)\n", keystore.StreamEnvVar)
		return restErr
	case err != nil:
		fmt.Fprintln(out, "stream key:      none")
		return firstOf(restErr, &exitError{code: exitAuth, msg: err.Error()})
	}
	source := string(key.Source)
	if key.Path != "" {
		source += " " + key.Path
	}
	fmt.Fprintf(out, "stream key:      %s\nstream source:   %s\n", key, source)
	if offline {
		fmt.Fprintln(out, "stream accepted: not checked (--offline)")
		return restErr
	}
	s, err := streamChecker(t, key.Value, timeout)
	if err != nil {
		return firstOf(restErr, usageError("%v", err))
	}
	switch err := s.Check(ctx, stream.Filings); {
	case err == nil:
		fmt.Fprintln(out, "stream accepted: yes")
		return restErr
	case errors.Is(err, stream.ErrRejectedKey):
		fmt.Fprintln(out, "stream accepted: no (the stream refused it)")
		return firstOf(restErr, k.refusedStream(err, key))
	default:
		fmt.Fprintln(out, "stream accepted: unknown (the stream could not be asked)")
		return firstOf(restErr, &exitError{code: exitFailure, msg: sanitize.Line(err.Error())})
	}
}

// firstOf is a unless it is nil, else b.
func firstOf(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// authLogoutStream is auth logout --stream: the streaming key removed
// wherever it is kept.
func authLogoutStream(cmd *cobra.Command, reg *registry, env Env) error {
	t, err := env.registry.streamTarget(cmd, reg, env)
	if err != nil {
		return err
	}
	if t.demo {
		fmt.Fprintln(env.Stderr, "coview: the demo's streaming key is built in; nothing to remove")
		return nil
	}
	removed, err := keys{reg: reg, env: env}.streamStore().Delete(t.host)
	for _, s := range removed {
		fmt.Fprintf(env.Stderr, "coview: removed the streaming key for %s from the %s\n", t.host, s)
	}
	if err != nil {
		fmt.Fprintln(env.Stderr, "coview: "+err.Error())
	}
	if len(removed) == 0 && err == nil {
		fmt.Fprintf(env.Stderr, "coview: no streaming key was stored for %s\n", t.host)
	}
	if env.Getenv(keystore.StreamEnvVar) != "" {
		fmt.Fprintf(env.Stderr, "coview: note: %s is still set in your environment\n", keystore.StreamEnvVar)
	}
	if err != nil && len(removed) == 0 {
		fmt.Fprintf(env.Stderr, "coview: nothing was removed for %s\n", t.host)
		return &exitError{code: exitFailure}
	}
	return nil
}
