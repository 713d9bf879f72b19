package cli

import (
	"fmt"
	"sync"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"coview/config"
	"coview/save"
	"coview/ui"
)

// settings are the settings file's, read once a run, before the command
// that runs: what is wrong in it is said on stderr (by the browser, on its
// screen), and the command goes on with the defaults for it.
type settings struct {
	once     sync.Once
	where    config.Where
	whereErr error
	s        config.Settings
	problems []config.Problem
	said     bool // the problems were said, or given to the browser to say
}

// registerConfigFlag adds --config to every command.
func registerConfigFlag(root *cobra.Command) {
	root.PersistentFlags().String("config", "", "read the settings from this `FILE` (default $XDG_CONFIG_HOME/coview/config.yaml; COVIEW_CONFIG)")
}

// keyActions are the browser's actions the settings may bind.
func keyActions() []config.Action {
	var out []config.Action
	for _, a := range ui.KeyActions() {
		out = append(out, config.Action{Name: a.Name, Keys: a.Keys, Fixed: a.Fixed})
	}
	return out
}

// load reads the settings named by the command's --config, or found where
// they are kept, once; later calls return the same.
func (st *settings) load(flags *pflag.FlagSet, env Env) *settings {
	st.once.Do(func() {
		flag := ""
		if f := flags.Lookup("config"); f != nil {
			flag = f.Value.String()
		}
		st.where, st.whereErr = config.Locate(flag, env.Getenv)
		if st.whereErr != nil {
			// Without HOME there is no default file, which is no
			// problem; COVIEW_THEME still counts.
			st.s, st.problems = config.Load(config.Where{}, nil, env.Getenv)
			return
		}
		st.s, st.problems = config.Load(st.where, keyActions, env.Getenv)
	})
	return st
}

// warn says on stderr what is wrong in the settings, once.
func (st *settings) warn(env Env) {
	if st.said {
		return
	}
	st.said = true
	for _, p := range st.problems {
		fmt.Fprintln(env.Stderr, "coview: settings: "+p.String())
	}
}

// warnBefore says what is wrong in the settings before cmd runs, unless
// cmd is the root, which may start the browser: it says them itself,
// once it knows whether they go to stderr or to the browser's screen.
func (st *settings) warnBefore(cmd *cobra.Command, env Env) {
	if cmd != cmd.Root() {
		st.warn(env)
	}
}

// forBrowser are the problems for the browser to show: stderr is hidden
// behind its screen, and seen only once it has quit.
func (st *settings) forBrowser() []string {
	st.said = true
	var out []string
	for _, p := range st.problems {
		out = append(out, p.String())
	}
	return out
}

// needsSettings says whether a command reads the settings first: those
// about coview itself (help, version, man, completion) do not, nor does
// config edit, which reads them after the editor.
func needsSettings(cmd *cobra.Command) bool {
	if cmd.Name() == "edit" && cmd.Parent() != nil && cmd.Parent().Name() == "config" {
		return false
	}
	for c := cmd; c != nil; c = c.Parent() {
		switch c.Name() {
		case "help", "man", "completion", cobra.ShellCompRequestCmd, cobra.ShellCompNoDescRequestCmd:
			return false
		}
	}
	return true
}

// settingsOf are the settings of this run.
func settingsOf(cmd *cobra.Command, env Env) config.Settings {
	return env.settingsFor(cmd).s
}

// settingsFor are the settings of this run, read if need be; a command
// made outside Main (none but tests) reads them afresh.
func (env Env) settingsFor(cmd *cobra.Command) *settings {
	if env.settings == nil {
		env.settings = &settings{}
	}
	return env.settings.load(cmd.Flags(), env)
}

// downloadDir is where the browser saves documents: the settings', else
// the environment's download directory.
func downloadDir(set config.Settings, env Env) string {
	if set.DownloadDir != "" {
		return set.DownloadDir
	}
	return save.DownloadDir(env.Getenv)
}
