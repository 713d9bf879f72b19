package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"coview/config"
	"coview/connections"
	"coview/present"
	"coview/ui/layout"
)

const configLong = `Where coview's settings file is, what is in effect, and a way to edit it.

The file is YAML, at $XDG_CONFIG_HOME/coview/config.yaml (else
~/.config/coview/config.yaml), or where --config or COVIEW_CONFIG say:

  theme: dark            # auto, light or dark (COVIEW_THEME wins)
  download_dir: ~/filings
  budgets:
    connections: 200     # coview connections without --budget
    watch_check: 300     # coview watch check without --budget
  preview:               # a list's row, previewed beside or under it
    show: true
    position: right      # or below; right falls under a list of < 80 columns
    width: 0.45          # a fraction of the window, or columns (70)
  mouse: true            # clicks and the wheel; shift-drag selects text
  keys:                  # the browser's keys, by action
    quit: [q, ctrl+q]
    back: [backspace, h]

Every command reads it. Something wrong in it is said on stderr with the
file and the line (by the browser, on its screen when it starts), and
coview goes on with the default for that setting; a key given to two
actions is refused, naming both. Only a regular file is read. The API key
is never read from it.`

// newConfigCommand is "coview config": the settings file.
func newConfigCommand(env Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Where the settings file is, what it sets, and editing it",
		Long:  configLong,
		Example: `
coview config path
coview config show
coview config edit
COVIEW_THEME=light coview config show --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return usageError("config needs a subcommand: path, show or edit")
		},
	}
	var asJSON bool
	show := &cobra.Command{
		Use:   "show [--json]",
		Short: "Print every setting in effect, and where each came from",
		Long: `Print every setting in effect as YAML that the settings file takes, each
with where it came from (a line of the file, the environment, or the
default), and every action of the browser with its keys.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runConfigShow(cmd, asJSON, env)
		},
	}
	show.Flags().BoolVar(&asJSON, "json", false, "print the settings as one JSON object")
	cmd.AddCommand(&cobra.Command{
		Use:   "path",
		Short: "Print the settings file's path",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			st := env.settings.load(cmd.Flags(), env)
			if st.whereErr != nil {
				return &exitError{code: exitFailure, msg: st.whereErr.Error()}
			}
			fmt.Fprintln(env.Stdout, st.where.Path)
			if _, err := os.Stat(st.where.Path); errors.Is(err, fs.ErrNotExist) {
				fmt.Fprintln(env.Stderr, "coview: there is no file there yet; coview config edit makes one")
			}
			return nil
		},
	}, show, &cobra.Command{
		Use:   "edit",
		Short: "Open the settings file in $VISUAL or $EDITOR, made from a template if need be",
		Long: `Open the settings file in $VISUAL, else $EDITOR, else vi. When there is no
file yet, it is first made from a template with every setting commented
out (never over a file that is there). When the editor is done, the file
is read again and what is wrong in it said; the exit code is then 1.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runConfigEdit(cmd, env)
		},
	})
	return cmd
}

// shownSettings are the settings in effect, as show prints them.
type shownSettings struct {
	File        string              `json:"file"`
	FileExists  bool                `json:"file_exists"`
	Theme       string              `json:"theme"`
	DownloadDir string              `json:"download_dir"`
	Budgets     map[string]int      `json:"budgets"`
	Keys        map[string][]string `json:"keys"`
	Preview     shownPreview        `json:"preview"`
	Mouse       bool                `json:"mouse"`
	Problems    []string            `json:"problems"`
}

// shownPreview is the preview's settings, as show prints them.
type shownPreview struct {
	Show     bool    `json:"show"`
	Position string  `json:"position"`
	Width    float64 `json:"width"`
}

func previewOf(s config.Settings) shownPreview {
	p := shownPreview{Show: !s.Preview.Hide, Position: "right", Width: s.Preview.Width}
	if s.Preview.Below {
		p.Position = "below"
	}
	if p.Width == 0 {
		p.Width = layout.DefaultFraction
	}
	return p
}

// layoutOf is the browser's layout as the settings say it.
func layoutOf(s config.Settings) layout.Options {
	p := s.Preview
	return layout.Options{Preview: layout.Settings{Hide: p.Hide, Below: p.Below, Width: p.Width}, NoMouse: s.NoMouse}
}

func runConfigShow(cmd *cobra.Command, asJSON bool, env Env) error {
	st := env.settings.load(cmd.Flags(), env)
	s := st.s
	_, statErr := os.Stat(st.where.Path)
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	keys := actionKeys(s)
	if asJSON {
		v := shownSettings{File: st.where.Path, FileExists: statErr == nil, Theme: orDefault(s.Theme, "auto"),
			DownloadDir: downloadDir(s, env), Budgets: map[string]int{"connections": connectionsBudget(s)},
			Keys: map[string][]string{}, Preview: previewOf(s), Mouse: !s.NoMouse, Problems: []string{}}
		if s.Budgets.WatchCheck > 0 {
			v.Budgets["watch_check"] = s.Budgets.WatchCheck
		}
		for _, a := range keys {
			v.Keys[a.Name] = a.Keys
		}
		for _, p := range st.problems {
			v.Problems = append(v.Problems, p.String())
		}
		writeJSONValue(out, v)
		return nil
	}
	switch {
	case st.whereErr != nil:
		fmt.Fprintf(out, "# no settings file: %s\n", st.whereErr)
	case statErr != nil:
		fmt.Fprintf(out, "# no settings file at %s: every setting is its default\n", st.where.Path)
	default:
		fmt.Fprintf(out, "# the settings in %s\n", st.where.Path)
	}
	if len(st.problems) > 0 {
		fmt.Fprintf(out, "# %d of its lines are not in effect (said on stderr)\n", len(st.problems))
	}
	from := func(path string) string {
		if n := s.Lines[path]; n > 0 {
			return "line " + strconv.Itoa(n)
		}
		return "default"
	}
	themeFrom := from("theme")
	if v := env.Getenv("COVIEW_THEME"); v != "" && strings.EqualFold(strings.TrimSpace(v), s.Theme) {
		themeFrom = "COVIEW_THEME"
	}
	fmt.Fprintf(out, "theme: %s  # %s\n", orDefault(s.Theme, "auto"), themeFrom)
	fmt.Fprintf(out, "download_dir: %s  # %s\n", strconv.Quote(downloadDir(s, env)), from("download_dir"))
	fmt.Fprintf(out, "budgets:\n  connections: %d  # %s\n", connectionsBudget(s), from("budgets.connections"))
	if s.Budgets.WatchCheck > 0 {
		fmt.Fprintf(out, "  watch_check: %d  # %s\n", s.Budgets.WatchCheck, from("budgets.watch_check"))
	} else {
		fmt.Fprintln(out, "  # watch_check: unset, as many requests as the quota allows")
	}
	p := previewOf(s)
	fmt.Fprintf(out, "preview:\n  show: %v  # %s\n  position: %s  # %s\n  width: %v  # %s\n",
		p.Show, from("preview.show"), p.Position, from("preview.position"), p.Width, from("preview.width"))
	fmt.Fprintf(out, "mouse: %v  # %s\n", !s.NoMouse, from("mouse"))
	fmt.Fprintln(out, "keys:")
	for _, a := range keys {
		quoted := make([]string, len(a.Keys))
		for i, k := range a.Keys {
			quoted[i] = strconv.Quote(k)
		}
		if a.Fixed {
			fmt.Fprintf(out, "  # %s: [%s], which cannot be changed\n", a.Name, strings.Join(quoted, ", "))
			continue
		}
		fmt.Fprintf(out, "  %s: [%s]  # %s\n", a.Name, strings.Join(quoted, ", "), from("keys."+a.Name))
	}
	return nil
}

// actionKeys are every action with its keys as the settings leave them.
func actionKeys(s config.Settings) []config.Action {
	acts := keyActions()
	for i, a := range acts {
		if ks, ok := s.Keys[a.Name]; ok {
			acts[i].Keys = ks
		}
	}
	return acts
}

func connectionsBudget(s config.Settings) int {
	if s.Budgets.Connections > 0 {
		return s.Budgets.Connections
	}
	return connections.FreshBudget
}

// templateDefaults are the defaults the settings file's template states.
func templateDefaults() config.Defaults {
	return config.Defaults{Connections: connections.FreshBudget, PreviewWidth: layout.DefaultFraction}
}

func orDefault(v, d string) string {
	if v == "" {
		return d
	}
	return v
}

func runConfigEdit(cmd *cobra.Command, env Env) error {
	st := env.settings.load(cmd.Flags(), env)
	if st.whereErr != nil {
		return &exitError{code: exitFailure, msg: st.whereErr.Error()}
	}
	path := st.where.Path
	created, err := config.Create(path, config.Template(templateDefaults()))
	if err != nil {
		return &exitError{code: exitFailure, msg: fmt.Sprintf("cannot make the settings file: %v", err)}
	}
	if created {
		fmt.Fprintf(env.Stderr, "coview: made %s from a template\n", path)
	}
	editor := env.Getenv("VISUAL")
	if editor == "" {
		editor = env.Getenv("EDITOR")
	}
	if editor == "" {
		editor = "vi"
	}
	// Through the shell, as git runs it, so that "code --wait" works.
	ed := exec.CommandContext(cmd.Context(), "sh", "-c", editor+` "$1"`, "coview-editor", path)
	ed.Stdin, ed.Stdout, ed.Stderr = env.Stdin, env.Stdout, env.Stderr
	if err := ed.Run(); err != nil {
		return &exitError{code: exitFailure, msg: fmt.Sprintf("the editor (%s) did not finish well (%v); set VISUAL or EDITOR to another, or edit %s yourself", editor, err, path)}
	}
	_, problems := config.Load(st.where, keyActions, env.Getenv)
	for _, p := range problems {
		fmt.Fprintln(env.Stderr, "coview: settings: "+p.String())
	}
	if len(problems) > 0 {
		return &exitError{code: exitFailure, msg: fmt.Sprintf("%s has %s not in effect; coview config edit again to mend it", path, present.Plural(len(problems), "setting", "settings"))}
	}
	return nil
}
