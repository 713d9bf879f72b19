package cli

import (
	"errors"
	"fmt"
	"strings"

	"coview/api/demo"
	"coview/keystore"
)

// keys is where a registry's key comes from and goes to: the one place
// that opens the keystore. The demo registry's key is built in, so the
// demo never touches the keyring (nor says anything about it), and a
// COVIEW_API_KEY meant for the live registry does not break it.
type keys struct {
	reg *registry
	env Env
	// bus says whether there is a session bus to reach the keyring over;
	// nil is keystore.SessionBusAvailable. Tests say no.
	bus func() bool
	// quiet leaves out what is news only to a person at a terminal (that
	// the key came from the plain-text file): a check run by cron says
	// nothing unless there is news or something is wrong.
	quiet bool
}

// demoKey is the demo registry's key.
var demoKey = keystore.Key{Value: demo.Key, Source: "built into the demo registry"}

func (k keys) store() *keystore.Store {
	return keystore.New(keystore.Options{Getenv: k.env.Getenv, BusAvailable: k.busAvailable})
}

// busAvailable reports whether the keyring can be reached, without
// starting a D-Bus to find out.
func (k keys) busAvailable() bool {
	switch {
	case k.bus != nil:
		return k.bus()
	case k.env.SessionBus != nil:
		return k.env.SessionBus()
	}
	return keystore.SessionBusAvailable()
}

// loginAdvice is how to keep a key for this registry here: in the keyring
// with auth login, or, where there is no keyring to reach (no session
// bus, as over SSH), only in the plain-text file.
func (k keys) loginAdvice() string {
	if !k.busAvailable() {
		return "run 'coview auth login --insecure-storage' to keep one in a plain-text file (there is no keyring here: no session bus)"
	}
	return "run 'coview auth login' to keep one in the keyring"
}

// kept says where saveForBrowser will keep a key, in words that follow
// "It will be kept ", for the key screen to say before the key is typed.
// Where there is no session bus the keyring is not there to ask, so the
// key can only be used for this session, and the ways to keep it are
// named.
func (k keys) kept() string {
	switch {
	case k.reg.demo:
		return "for this session only: the demo registry's key is built in"
	case !k.busAvailable():
		return "for this session only: there is no keyring here (no session bus); to keep it, set " +
			keystore.EnvVar + ", or run coview auth login --insecure-storage"
	case k.env.Getenv(keystore.EnvVar) != "":
		return "in the system keyring, though " + keystore.EnvVar + ", which is set, comes first next time"
	}
	return "in the system keyring"
}

// find looks the key up and tells the user, on stderr, what they should
// know about where it came from: that it was read from a plain-text file,
// that a file is readable by others. That the keyring could not be asked
// is news only when no key was found: a key from the environment or the
// file needs no excuse.
func (k keys) find() (keystore.Key, error) {
	if k.reg.demo {
		return demoKey, nil
	}
	key, warnings, err := k.store().Lookup(k.reg.host)
	for _, w := range warnings {
		if err == nil && strings.HasPrefix(w, keystore.ErrKeyringUnavailable.Error()) {
			continue
		}
		if k.quiet && key.Source == keystore.SourceFile && w == keystore.PlainTextNotice(k.reg.host, key.Path) {
			continue
		}
		fmt.Fprintln(k.env.Stderr, "coview: "+w)
	}
	return key, err
}

// save keeps a key for the registry: in the keyring, or in the plain-text
// file when the user asked for it.
func (k keys) save(key string, insecure bool) (keystore.Key, error) {
	if k.reg.demo {
		return keystore.Key{}, usageError("the demo registry needs no key: its key is built in (coview serve-demo prints it); nothing was stored")
	}
	return k.store().Save(k.reg.host, key, insecure)
}

// remove deletes the registry's key wherever it is kept, and says where
// it was.
func (k keys) remove() ([]keystore.Source, error) {
	if k.reg.demo {
		return nil, nil
	}
	return k.store().Delete(k.reg.host)
}

// saveForBrowser is what the browser's key screen calls: validate, then
// keep the key in the keyring. A keyring that is not there is not fatal:
// the key is used for this session and the error says so.
func (k keys) saveForBrowser(raw string) (string, error) {
	key, err := keystore.Validate(raw)
	if err != nil {
		return "", err
	}
	if k.reg.demo {
		return key, nil
	}
	if !k.busAvailable() {
		// The key screen said so before the key was typed.
		return key, errors.New("using the key for this session only: there is no keyring here")
	}
	if _, err := k.store().Save(k.reg.host, key, false); err != nil {
		return key, fmt.Errorf("using the key for this session only: %w", err)
	}
	return key, nil
}

// noKey is the one-shot commands' answer to a missing key.
func (k keys) noKey() error {
	return &exitError{code: exitAuth, msg: fmt.Sprintf(
		"no API key for %s: set %s, or %s.\n"+
			"A free REST API key comes from the registry's developer site (https://developer.company-information.service.gov.uk/).",
		k.reg.host, keystore.EnvVar, k.loginAdvice())}
}

// openWithKey opens the registry for a one-shot command and gives its
// client the key: the registry and its key as the user set them, waits
// said on stderr.
func openWithKey(env Env) (*registry, error) {
	reg, err := env.registry.open(env)
	if err != nil {
		return nil, err
	}
	k := keys{reg: reg, env: env}
	key, err := k.find()
	switch {
	case errors.Is(err, keystore.ErrNoKey):
		reg.close()
		return nil, k.noKey()
	case err != nil:
		reg.close()
		return nil, &exitError{code: exitAuth, msg: err.Error()}
	}
	reg.client.SetKey(key.Value)
	oneShot(reg.client, env)
	return reg, nil
}
