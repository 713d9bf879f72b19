package cli

import (
	"errors"

	"github.com/spf13/cobra"

	"coview/api"
	"coview/keystore"
	"coview/watch"
)

const watchLong = `Keep a list of companies and find out what changed since you last looked:
new filings, a new status or name, officers appointed or resigned, owners
notified or ceased, charges created or satisfied, deadlines missed; and
what falls due.

Put companies on the list with coview watch add; coview watch check asks
the registry about each and prints what changed, one line each, and
nothing when nothing did, so that a cron line mails you only news:

  17 * * * *  coview watch check

An unchanged company costs one request a check; a check keeps within 80%
of the registry's quota (the rest is yours for browsing meanwhile), and
--budget bounds it further. The first check of a newly added company
records what is there and reports nothing. Every change goes into a log
that coview watch changes reads without asking the registry anything.

The same changes as they happen: coview watch follow prints them from
the registry's streams (with a streaming key), at no request to the
registry for what the streams carry, until stopped. A person can be
watched too (coview watch add --officer ID): their new appointments,
resignations and name, at any company.

The list is kept in $XDG_DATA_HOME/coview/watch.db (default
~/.local/share/coview/watch.db), one list per registry; the API key never
goes into it. A browser and a cron job may use it at once.`

// newWatchCommand is "coview watch" and its sub-commands.
func newWatchCommand(env Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "watch",
		Short: "A watch list: what changed at your companies, and what falls due",
		Long:  watchLong,
		Example: `
coview watch add 00006400 SC006405
coview watch check
coview watch follow
coview watch changes --unseen
coview watch deadlines --within 30d`,
		Args: cobra.NoArgs,
	}
	cmd.AddCommand(newWatchAddCommand(env), newWatchRemoveCommand(env), newWatchListCommand(env),
		newWatchCheckCommand(env), newWatchFollowCommand(env), newWatchChangesCommand(env), newWatchDeadlinesCommand(env))
	return cmd
}

// registryName is the name a registry's list is kept under, without
// starting or asking anything: "demo" for the built-in demo, else the
// registry's host.
func (r *registryFlags) registryName(env Env) (string, error) {
	if r.demo {
		return "demo", nil
	}
	base := r.baseURL
	if base == "" {
		base = env.Getenv("COVIEW_BASE_URL")
	}
	u, err := api.ParseBaseURL(base)
	if err != nil {
		return "", usageError("%v", err)
	}
	return u.Host, nil
}

// openStore opens the watch list of the registry the flags choose.
func openStore(env Env) (*watch.Store, error) {
	name, err := env.registry.registryName(env)
	if err != nil {
		return nil, err
	}
	path, err := watch.DefaultPath(env.Getenv)
	if err != nil {
		return nil, err
	}
	s, err := watch.Open(path, name, watch.StoreOptions{})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// openWatcher opens the registry, finds its key, and opens its list.
// quiet finds the key without saying what only a person at a terminal
// needs to hear.
func openWatcher(env Env, quiet bool) (*registry, *watch.Store, error) {
	reg, err := env.registry.open(env)
	if err != nil {
		return nil, nil, err
	}
	key, err := keys{reg: reg, env: env, quiet: quiet}.find()
	switch {
	case errors.Is(err, keystore.ErrNoKey):
		reg.close()
		return nil, nil, keys{reg: reg, env: env}.noKey()
	case err != nil:
		reg.close()
		return nil, nil, &exitError{code: exitAuth, msg: err.Error()}
	}
	reg.client.SetKey(key.Value)
	store, err := openStore(env)
	if err != nil {
		reg.close()
		return nil, nil, err
	}
	return reg, store, nil
}

func dedupe(ns []api.Number) []api.Number {
	seen := map[api.Number]bool{}
	var out []api.Number
	for _, n := range ns {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}
