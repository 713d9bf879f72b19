package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"

	"coview/api"
	"coview/keystore"
)

const authUsage = `coview auth: keep the API key for a registry

Usage:
  coview auth login [--insecure-storage] [--offline]
                        ask for the key (masked), check it with the registry,
                        and keep it in the OS keyring; with stdin not a
                        terminal, read it from stdin:  ... | coview auth login
  coview auth status [--offline]
                        which registry, where the key comes from, the key
                        masked, and whether the registry accepts it
  coview auth logout    remove the stored key for this registry

The key is looked up in this order: COVIEW_API_KEY, the OS keyring (service
"coview", one entry per registry host), and a plain-text file only if it was
saved with --insecure-storage. The key is never read from the command line.
--base-url and --demo choose which registry's key is read and written.

Exit codes: 0 success (status: a working key was found), 1 failure,
2 usage error, 3 no key or the key was rejected.

Flags:
%s`

func runAuth(ctx context.Context, args []string, env environ) error {
	fs := flag.NewFlagSet("coview auth", flag.ContinueOnError)
	var rf registryFlags
	rf.register(fs)
	insecure := fs.Bool("insecure-storage", false, "login: keep the key in a plain-text file (mode 0600) instead of the keyring")
	offline := fs.Bool("offline", false, "do not ask the registry whether it accepts the key")
	rest, err := parseFlags(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintf(env.stdout, authUsage, flagDefaults(fs))
		return nil
	}
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		return usageError("auth needs a subcommand: login, status or logout")
	}
	if len(rest) > 1 {
		if rest[0] == "login" {
			return usageError("auth login does not take the key as an argument (it would stay in your shell history); run it and paste the key at the prompt, or pipe it: ... | coview auth login")
		}
		return usageError("unexpected argument %q", rest[1])
	}
	reg, err := rf.open(env)
	if err != nil {
		return err
	}
	defer reg.close()
	store := keystore.New(keystore.Options{Getenv: env.getenv})
	switch rest[0] {
	case "login":
		return authLogin(ctx, reg, store, *insecure, *offline, env)
	case "status":
		return authStatus(ctx, reg, store, *offline, env)
	case "logout":
		return authLogout(reg, store, env)
	}
	return usageError("unknown auth subcommand %q: use login, status or logout", rest[0])
}

func authLogin(ctx context.Context, reg *registry, store *keystore.Store, insecure, offline bool, env environ) error {
	raw, err := readSecret(env)
	if err != nil {
		return err
	}
	key, err := keystore.Validate(raw)
	if err != nil {
		return usageError("%v; nothing was stored", err)
	}
	if !offline {
		switch err := checkKey(ctx, reg.client, key); {
		case errors.Is(err, api.ErrInvalidKey), errors.Is(err, api.ErrMissingKey):
			return &exitError{code: exitAuth, msg: fmt.Sprintf("the registry at %s did not accept the key (%s); nothing was stored", reg.client.BaseURL(), errorReason(err))}
		case err != nil:
			return &exitError{code: exitFailure, msg: fmt.Sprintf("could not check the key: %v; nothing was stored (use --offline to store it unchecked)", err)}
		}
		fmt.Fprintf(env.stderr, "coview: the registry at %s accepted the key\n", reg.client.BaseURL())
	}
	saved, err := store.Save(reg.host, key, insecure)
	if err != nil {
		return &exitError{code: exitFailure, msg: err.Error()}
	}
	where := "the keyring"
	if saved.Source == keystore.SourceFile {
		where = "plain text in " + saved.Path + " (you asked for --insecure-storage)"
	}
	fmt.Fprintf(env.stderr, "coview: stored the key %s for %s in %s\n", saved, reg.host, where)
	if env.getenv(keystore.EnvVar) != "" {
		fmt.Fprintf(env.stderr, "coview: note: %s is set and takes precedence over the stored key\n", keystore.EnvVar)
	}
	return nil
}

// readSecret reads the key without echoing it in a terminal, or from
// stdin when that is a pipe; never from the command line.
func readSecret(env environ) (string, error) {
	if f, ok := env.stdin.(*os.File); ok && term.IsTerminal(f.Fd()) {
		fmt.Fprint(env.stderr, "Paste your REST API key (it will not be shown): ")
		b, err := term.ReadPassword(f.Fd())
		fmt.Fprintln(env.stderr)
		if err != nil {
			return "", fmt.Errorf("reading the key: %w", err)
		}
		return string(b), nil
	}
	line, err := bufio.NewReader(io.LimitReader(env.stdin, 4096)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("reading the key from stdin: %w", err)
	}
	if strings.TrimSpace(line) == "" {
		return "", usageError("no key on stdin; pipe it in (... | coview auth login) or run in a terminal to be asked")
	}
	return line, nil
}

// checkKey asks the registry whether it accepts a key, with one request
// for a profile. A 404 still proves the key was accepted.
func checkKey(ctx context.Context, c *api.Client, key string) error {
	c.SetKey(key)
	_, err := c.Company(ctx, "00000001")
	if errors.Is(err, api.ErrNotFound) {
		return nil
	}
	return err
}

func errorReason(err error) string {
	var ae *api.Error
	if errors.As(err, &ae) && ae.Reason != "" {
		return fmt.Sprintf("%d %s", ae.Status, ae.Reason)
	}
	return "401"
}

func authStatus(ctx context.Context, reg *registry, store *keystore.Store, offline bool, env environ) error {
	out := env.stdout
	fmt.Fprintf(out, "registry:  %s\n", reg.client.BaseURL())
	key, warnings, err := store.Lookup(reg.host)
	for _, w := range warnings {
		fmt.Fprintln(env.stderr, "coview: "+w)
	}
	if err != nil {
		if reg.host == demoHost && errors.Is(err, keystore.ErrNoKey) {
			fmt.Fprintln(out, "key:       built into the demo registry (no key needed)")
			return nil
		}
		fmt.Fprintln(out, "key:       none")
		return &exitError{code: exitAuth, msg: err.Error()}
	}
	source := string(key.Source)
	if key.Path != "" {
		source += " " + key.Path
	}
	fmt.Fprintf(out, "key:       %s\nsource:    %s\n", key, source)
	if offline {
		fmt.Fprintln(out, "accepted:  not checked (--offline)")
		return nil
	}
	switch err := checkKey(ctx, reg.client, key.Value); {
	case err == nil:
		fmt.Fprintln(out, "accepted:  yes")
		if rl := reg.client.RateLimit(); rl.Known {
			fmt.Fprintf(out, "quota:     %d of %d requests left in this window\n", rl.Remain, rl.Limit)
		}
		return nil
	case errors.Is(err, api.ErrInvalidKey), errors.Is(err, api.ErrMissingKey), errors.Is(err, api.ErrForbidden):
		fmt.Fprintf(out, "accepted:  no (%s)\n", errorReason(err))
		return &exitError{code: exitAuth, msg: "the registry rejected the key; run 'coview auth login' to replace it"}
	default:
		fmt.Fprintln(out, "accepted:  unknown (the registry could not be asked)")
		return &exitError{code: exitFailure, msg: err.Error()}
	}
}

func authLogout(reg *registry, store *keystore.Store, env environ) error {
	removed, err := store.Delete(reg.host)
	for _, s := range removed {
		fmt.Fprintf(env.stderr, "coview: removed the key for %s from the %s\n", reg.host, s)
	}
	if err != nil {
		fmt.Fprintln(env.stderr, "coview: "+err.Error())
	}
	if len(removed) == 0 && err == nil {
		fmt.Fprintf(env.stderr, "coview: no key was stored for %s\n", reg.host)
	}
	if env.getenv(keystore.EnvVar) != "" {
		fmt.Fprintf(env.stderr, "coview: note: %s is still set in your environment\n", keystore.EnvVar)
	}
	if err != nil && len(removed) == 0 && !errors.Is(err, keystore.ErrKeyringUnavailable) {
		return &exitError{code: exitFailure}
	}
	return nil
}
