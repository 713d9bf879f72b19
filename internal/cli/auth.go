package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"coview/api"
	"coview/keystore"
	"coview/present/sanitize"
)

const authLong = `Keep the API key for a registry.

The key is looked up in this order: COVIEW_API_KEY, the OS keyring (service
"coview", one entry per registry host), and a plain-text file only if it was
saved with --insecure-storage. The key is never read from the command line.
--base-url and --demo choose which registry's key is read and written; the
demo registry's key is built in.

  coview auth login [--insecure-storage] [--offline]
        ask for the key (masked), check it with the registry, and keep it
        in the OS keyring; with stdin not a terminal, read it from stdin
  coview auth status [--offline]
        which registry, where the key comes from, the key masked, and
        whether the registry accepts it
  coview auth logout
        remove the stored key for this registry

The streaming API (coview stream) takes a key of its own, which is not the
REST API key: --stream keeps, or removes, that one instead (COVIEW_STREAM_KEY,
the keyring, or the file, as for the REST key). auth status shows both, and
asks the stream (--stream-url, COVIEW_STREAM_URL, the settings' stream_url,
else https://stream.companieshouse.gov.uk) whether it takes its key.

Exit codes: 0 success (status: a working key was found), 1 failure,
2 usage error, 3 no key or the key was rejected.`

const authExample = `
coview auth login
pbpaste | coview auth login --insecure-storage
coview auth status --base-url http://127.0.0.1:8080
coview auth logout
coview auth login --stream
`

// newAuthCommand is "coview auth": login, status and logout.
func newAuthCommand(env Env) *cobra.Command {
	var insecure, offline, streaming bool
	cmd := &cobra.Command{
		Use:     "auth",
		Short:   "Keep the API key in the OS keyring: login, status, logout",
		Long:    authLong,
		Example: authExample,
		Args:    cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageError("auth needs a subcommand: login, status or logout")
			}
			if args[0] == "help" {
				return cmd.Help()
			}
			return usageError("unknown auth subcommand %q: use login, status or logout", args[0])
		},
	}

	login := &cobra.Command{
		Use:   "login",
		Short: "Ask for the key, check it with the registry, and keep it",
		Long: `Ask for the key (masked), check it with the registry, and keep it in the OS
keyring, or with --insecure-storage in a plain-text file (mode 0600). With
stdin not a terminal, the key is read from stdin: ... | coview auth login`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageError("auth login does not take the key as an argument (it would stay in your shell history); run it and paste the key at the prompt, or pipe it: ... | coview auth login")
			}
			return withRegistry(env, func(reg *registry) error {
				if streaming {
					return authLoginStream(cmd.Context(), cmd, reg, insecure, offline, env)
				}
				return authLogin(cmd.Context(), reg, insecure, offline, env)
			})
		},
	}
	login.Flags().BoolVar(&insecure, "insecure-storage", false, "keep the key in a plain-text file (mode 0600) instead of the keyring")
	login.Flags().BoolVar(&offline, "offline", false, "do not ask the registry whether it accepts the key")
	login.Flags().BoolVar(&streaming, "stream", false, "keep the streaming key (for coview stream), not the REST API key")

	status := &cobra.Command{
		Use:   "status",
		Short: "Where the key comes from, and whether the registry accepts it",
		Args:  cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageError("unexpected argument %q", args[0])
			}
			return withRegistry(env, func(reg *registry) error {
				err := authStatus(cmd.Context(), reg, offline, env)
				return streamStatus(cmd.Context(), cmd, reg, offline, env, err)
			})
		},
	}
	status.Flags().BoolVar(&offline, "offline", false, "do not ask the registry whether it accepts the key")

	logout := &cobra.Command{
		Use:   "logout",
		Short: "Remove the stored key for this registry",
		Args:  cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usageError("unexpected argument %q", args[0])
			}
			return withRegistry(env, func(reg *registry) error {
				if streaming {
					return authLogoutStream(cmd, reg, env)
				}
				return authLogout(reg, env)
			})
		},
	}
	logout.Flags().BoolVar(&streaming, "stream", false, "remove the streaming key, not the REST API key")
	cmd.AddCommand(login, status, logout)
	return cmd
}

// withRegistry opens the registry the flags name for the length of fn.
// Its waits are said on stderr, as for every one-shot command; a 429 is
// not waited out: checking a key is not worth a minute.
func withRegistry(env Env, fn func(*registry) error) error {
	reg, err := env.registry.open(env)
	if err != nil {
		return err
	}
	defer reg.close()
	reg.client.SetWaitNotice(waitLines(env.Stderr))
	return fn(reg)
}

func authLogin(ctx context.Context, reg *registry, insecure, offline bool, env Env) error {
	if reg.demo {
		// Say so before asking for a key that would not be kept.
		_, err := keys{reg: reg, env: env}.save("", insecure)
		return err
	}
	if !insecure && !(keys{reg: reg, env: env}).busAvailable() {
		// Said before the key is asked for and checked with the
		// registry: it could not be kept.
		return &exitError{code: exitFailure, msg: "there is no keyring here (no session bus) to keep the key in; run 'coview auth login --insecure-storage' to keep it in a plain-text file (mode 0600), or set " +
			keystore.EnvVar + " instead. Nothing was asked for or stored."}
	}
	raw, err := readSecret(ctx, env)
	if err != nil {
		return err
	}
	key, err := keystore.Validate(raw)
	if err != nil {
		// A key that cannot be one is an authentication failure, as a
		// key the registry refuses is (exit 3).
		return &exitError{code: exitAuth, msg: fmt.Sprintf("%v; nothing was stored", err)}
	}
	if !offline {
		switch err := checkKey(ctx, reg.client, key); {
		case errors.Is(err, api.ErrInvalidKey), errors.Is(err, api.ErrMissingKey):
			return &exitError{code: exitAuth, msg: fmt.Sprintf("the registry at %s did not accept the key (%s); nothing was stored", reg.client.BaseURL(), errorReason(err))}
		case err != nil:
			return &exitError{code: exitFailure, msg: thenSaid("could not check the key: "+err.Error(), "nothing was stored (use --offline to store it unchecked)")}
		}
		fmt.Fprintf(env.Stderr, "coview: the registry at %s accepted the key\n", reg.client.BaseURL())
	}
	saved, err := keys{reg: reg, env: env}.save(key, insecure)
	if err != nil {
		return &exitError{code: exitCode(err), msg: err.Error()}
	}
	where := "the keyring"
	if saved.Source == keystore.SourceFile {
		where = "plain text in " + saved.Path + " (you asked for --insecure-storage)"
	}
	fmt.Fprintf(env.Stderr, "coview: stored the key %s for %s in %s\n", saved, reg.host, where)
	if env.Getenv(keystore.EnvVar) != "" {
		fmt.Fprintf(env.Stderr, "coview: note: %s is set and takes precedence over the stored key\n", keystore.EnvVar)
	}
	return nil
}

// readSecret reads the key without echoing it in a terminal, or from
// stdin when that is a pipe; never from the command line.
func readSecret(ctx context.Context, env Env) (string, error) {
	return readSecretAs(ctx, env, "Paste your REST API key (it will not be shown): ")
}

// readSecretAs is readSecret with its own prompt.
func readSecretAs(ctx context.Context, env Env, prompt string) (string, error) {
	if f, ok := env.Stdin.(*os.File); ok && term.IsTerminal(f.Fd()) {
		b, err := readPassword(ctx, f.Fd(), env.Stderr, prompt)
		fmt.Fprintln(env.Stderr)
		if err != nil {
			return "", fmt.Errorf("reading the key: %w", err)
		}
		return string(b), nil
	}
	line, err := bufio.NewReader(io.LimitReader(env.Stdin, 4096)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("reading the key from stdin: %w", err)
	}
	if strings.TrimSpace(line) == "" {
		return "", usageError("no key on stdin; pipe it in (... | coview auth login) or run in a terminal to be asked")
	}
	return line, nil
}

// readPassword shows prompt on w and reads a line from the terminal
// without echoing it, and gives up when ctx ends: ctrl+c at the prompt is
// a signal (the terminal is not in raw mode), and the read would
// otherwise wait for Enter. The terminal is put back as it was, echo
// included, before the program ends; the abandoned read ends with it.
//
// Echo is off before the prompt is shown: a key pasted the moment the
// prompt appears would otherwise be echoed by the terminal in the time
// between the prompt and the read.
func readPassword(ctx context.Context, fd uintptr, w io.Writer, prompt string) ([]byte, error) {
	state, err := term.GetState(fd)
	if err != nil {
		return nil, err
	}
	if err := echoOff(fd, state); err != nil {
		return nil, err
	}
	defer term.Restore(fd, state)
	fmt.Fprint(w, prompt)
	type read struct {
		b   []byte
		err error
	}
	done := make(chan read, 1)
	go func() {
		b, err := term.ReadPassword(fd)
		done <- read{b, err}
	}()
	select {
	case r := <-done:
		return r.b, r.err
	case <-ctx.Done():
		term.Restore(fd, state)
		return nil, ctx.Err()
	}
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

func authStatus(ctx context.Context, reg *registry, offline bool, env Env) error {
	out := env.Stdout
	fmt.Fprintf(out, "registry:  %s\n", reg.client.BaseURL())
	k := keys{reg: reg, env: env}
	key, err := k.find()
	switch {
	case errors.Is(err, keystore.ErrNoKey):
		fmt.Fprintln(out, "key:       none")
		return &exitError{code: exitAuth, msg: fmt.Sprintf("no API key for %s: set %s, or %s", reg.host, keystore.EnvVar, k.loginAdvice())}
	case err != nil:
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
		fmt.Fprintf(out, "accepted:  no (%s)\n", sanitize.Line(errorReason(err)))
		return &exitError{code: exitAuth, msg: "the registry rejected the key; " + strings.Replace(k.loginAdvice(), "to keep one", "to replace it with one", 1)}
	default:
		fmt.Fprintln(out, "accepted:  unknown (the registry could not be asked)")
		return &exitError{code: exitFailure, msg: err.Error()}
	}
}

func authLogout(reg *registry, env Env) error {
	removed, err := keys{reg: reg, env: env}.remove()
	for _, s := range removed {
		fmt.Fprintf(env.Stderr, "coview: removed the key for %s from the %s\n", reg.host, s)
	}
	if err != nil {
		fmt.Fprintln(env.Stderr, "coview: "+err.Error())
	}
	if len(removed) == 0 && err == nil {
		fmt.Fprintf(env.Stderr, "coview: no key was stored for %s\n", reg.host)
	}
	if env.Getenv(keystore.EnvVar) != "" {
		fmt.Fprintf(env.Stderr, "coview: note: %s is still set in your environment\n", keystore.EnvVar)
	}
	if err != nil && len(removed) == 0 {
		// Nothing was removed, and where a key may be was not looked at:
		// that is no success.
		fmt.Fprintf(env.Stderr, "coview: nothing was removed for %s\n", reg.host)
		return &exitError{code: exitFailure}
	}
	return nil
}

// thenSaid is msg followed by more: as a clause after "; ", or as a
// sentence of its own when msg ends one ("is the registry up?").
func thenSaid(msg, more string) string {
	if strings.HasSuffix(msg, "?") || strings.HasSuffix(msg, ".") {
		return msg + " " + strings.ToUpper(more[:1]) + more[1:]
	}
	return msg + "; " + more
}
