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
// that runs: what is wrong in it is said on stderr, and the command goes
// on with the defaults for it.
type settings struct {
	once     sync.Once
	where    config.Where
	whereErr error
	s        config.Settings
	problems []config.Problem
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
	for _, p := range st.problems {
		fmt.Fprintln(env.Stderr, "coview: settings: "+p.String())
	}
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

// settingsOf are the settings of this run; a command made outside Main
// (none but tests) reads them afresh.
func settingsOf(cmd *cobra.Command, env Env) config.Settings {
	if env.settings == nil {
		env.settings = &settings{}
	}
	return env.settings.load(cmd.Flags(), env).s
}

// downloadDir is where the browser saves documents: the settings', else
// the environment's download directory.
func downloadDir(set config.Settings, env Env) string {
	if set.DownloadDir != "" {
		return set.DownloadDir
	}
	return save.DownloadDir(env.Getenv)
}
