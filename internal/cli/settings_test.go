package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"coview/api/demo"
	"coview/config"
)

// settingsFile writes a settings file for one test and returns its path.
func settingsFile(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func with(env map[string]string, kv ...string) map[string]string {
	out := map[string]string{}
	for k, v := range env {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = kv[i+1]
	}
	return out
}

// A settings file with mistakes is said on stderr, file and line, and the
// command goes on and answers as it would without them.
func TestWhatIsWrongInTheSettingsIsAWarningAndTheCommandGoesOn(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	dir := t.TempDir()
	cases := []struct {
		name string
		args []string
		env  map[string]string
		says string
	}{
		{"a mistyped setting", []string{"--config", settingsFile(t, "theme: dark\nthme: light\n")}, nil, ":2: thme is no setting coview has; did you mean theme?"},
		{"a file --config names that is not there", []string{"--config", filepath.Join(dir, "none.yaml")}, nil, "none.yaml: no such file (named by --config)"},
		{"a file COVIEW_CONFIG names that is a directory", nil, map[string]string{"COVIEW_CONFIG": dir}, dir + ": is a directory, not a settings file"},
		{"a theme in the environment that is none", nil, map[string]string{"COVIEW_THEME": "sepia"}, `COVIEW_THEME: "sepia" is no theme`},
		{"a key bound twice", []string{"--config", settingsFile(t, "keys:\n  quit: f\n")}, nil, ":2: keys: f is bound to both quit (line 2) and filter (its own key)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			args := append([]string{"--plain", "00006400"}, c.args...)
			r := run(t, "", with(demoEnv(srv), flatten(c.env)...), args...)
			if r.code != 0 || !strings.Contains(r.stdout, "MARZIPAN MOUNTAIN SOFTWARE LTD") {
				t.Fatalf("exit %d, stdout %.200q, stderr %q", r.code, r.stdout, r.stderr)
			}
			if !strings.HasPrefix(r.stderr, "coview: settings: ") || !strings.Contains(r.stderr, c.says) || strings.Count(r.stderr, "\n") != 1 {
				t.Fatalf("stderr %q, want one line saying %q", r.stderr, c.says)
			}
		})
	}
}

func flatten(m map[string]string) []string {
	var out []string
	for k, v := range m {
		out = append(out, k, v)
	}
	return out
}

func TestHelpAndCompletionDoNotReadTheSettings(t *testing.T) {
	t.Parallel()
	bad := settingsFile(t, "nonsense: 1\n")
	for _, args := range [][]string{{"--help"}, {"completion", "bash"}, {"help", "search"}, {"--version"}} {
		r := run(t, "", map[string]string{"COVIEW_CONFIG": bad}, args...)
		if r.code != 0 || strings.Contains(r.stderr, "settings") {
			t.Errorf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
}

// show prints what is in effect in a form the file takes: fed back as
// the settings file, it reads without a problem and sets the same.
func TestConfigShowSaysWhatIsInEffectAsTheFileTakesIt(t *testing.T) {
	t.Parallel()
	dl := t.TempDir()
	file := settingsFile(t, "theme: light\ndownload_dir: "+dl+"\nbudgets:\n  watch_check: 40\nkeys:\n  quit: [q, ctrl+q]\n  help: \"?\"\n  search: [\"/\", s]\n  sort: z\n")
	r := run(t, "", nil, "config", "show", "--config", file)
	for _, want := range []string{"# the settings in " + file, "theme: light  # line 1", `download_dir: "` + dl + `"  # line 2`,
		"connections: 500  # default", "watch_check: 40  # line 4", `quit: ["q", "ctrl+q"]  # line 6`, `search: ["/", "s"]  # line 8`,
		`up: ["up", "k"]  # default`, `# panes: ["1", "2", "3", "4", "5"], which cannot be changed`} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("show does not say %q:\n%s", want, r.stdout)
		}
	}
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	again := settingsFile(t, r.stdout)
	s, problems := config.Load(config.Where{Path: again, Chosen: true}, keyActions, func(string) string { return "" })
	if len(problems) > 0 {
		t.Fatalf("show's output, read as settings: %v\n%s", problems, r.stdout)
	}
	if s.Theme != "light" || s.DownloadDir != dl || s.Budgets.WatchCheck != 40 || strings.Join(s.Keys["quit"], " ") != "q ctrl+q" || strings.Join(s.Keys["sort"], " ") != "z" {
		t.Fatalf("read back as %+v", s)
	}

	j := run(t, "", map[string]string{"COVIEW_THEME": "dark"}, "config", "show", "--json", "--config", file)
	var v shownSettings
	if err := json.Unmarshal([]byte(j.stdout), &v); err != nil || v.Theme != "dark" || v.File != file || !v.FileExists ||
		v.Budgets["watch_check"] != 40 || strings.Join(v.Keys["search"], " ") != "/ s" || len(v.Problems) != 0 {
		t.Fatalf("--json: %v %+v\n%s", err, v, j.stdout)
	}
}

func TestConfigPathSaysWhereTheFileIsLooked(t *testing.T) {
	t.Parallel()
	r := run(t, "", map[string]string{"XDG_CONFIG_HOME": "/x/config"}, "config", "path")
	if r.code != 0 || r.stdout != "/x/config/coview/config.yaml\n" || !strings.Contains(r.stderr, "coview config edit makes one") {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = run(t, "", map[string]string{"COVIEW_CONFIG": "/y.yaml"}, "config", "path", "--config", "/z.yaml")
	if r.stdout != "/z.yaml\n" {
		t.Fatalf("--config over COVIEW_CONFIG: %q", r.stdout)
	}
}

// editor writes a shell script that plays the editor: it appends text to
// the file it is given.
func editor(t *testing.T, appends string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "ed")
	script := "#!/bin/sh\nprintf '%b' '" + appends + "' >> \"$1\"\n"
	if err := os.WriteFile(p, []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestConfigEditStartsFromTheTemplateAndSaysWhatIsWrongAfter(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "coview", "config.yaml")
	r := run(t, "", map[string]string{"COVIEW_CONFIG": path, "EDITOR": editor(t, `theme: light\n`)}, "config", "edit")
	body, _ := os.ReadFile(path)
	if r.code != 0 || !strings.HasPrefix(string(body), config.Template(templateDefaults())) || !strings.HasSuffix(string(body), "theme: light\n") {
		t.Fatalf("exit %d, stderr %q, file %q", r.code, r.stderr, body)
	}
	if !strings.Contains(r.stderr, "made "+path+" from a template") {
		t.Errorf("stderr %q", r.stderr)
	}
	// The second time the file is there: it is edited as it is.
	r = run(t, "", map[string]string{"COVIEW_CONFIG": path, "VISUAL": editor(t, `keys:\n  quit: [x, ctrl+q]\n  filter: x\n`), "EDITOR": "false"}, "config", "edit")
	after, _ := os.ReadFile(path)
	if r.code != 1 || !strings.HasPrefix(string(after), string(body)) || strings.Contains(r.stderr, "template") {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	lines := strings.Count(string(after), "\n")
	if !strings.Contains(r.stderr, path+":"+strconv.Itoa(lines)+": keys: x is bound to both") || !strings.Contains(r.stderr, "has 1 setting not in effect; coview config edit again") {
		t.Fatalf("stderr %q", r.stderr)
	}
}

func TestConfigEditWithAnEditorThatFails(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "config.yaml")
	r := run(t, "", map[string]string{"COVIEW_CONFIG": path, "EDITOR": "/no/such/editor"}, "config", "edit")
	if r.code != 1 || !strings.Contains(r.stderr, "the editor (/no/such/editor) did not finish well") || !strings.Contains(r.stderr, "set VISUAL or EDITOR") {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
}

func TestTheSettingsBudgetsAreTheDefaultsOfTheWalks(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	file := settingsFile(t, "budgets:\n  connections: 3\n")
	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{"connections", "--json", "--config", file, "00006401"}, 3},
		{[]string{"connections", "--json", "--config", file, "--budget", "5", "00006401"}, 5},
	} {
		r := run(t, "", demoEnv(srv), c.args...)
		var doc connectionsJSON
		if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil || doc.Budget != c.want || doc.Requests > c.want {
			t.Errorf("%v: budget %d, %d requests, want %d: %v %s", c.args, doc.Budget, doc.Requests, c.want, err, r.stderr)
		}
	}
}

func TestDocumentSavesInTheSettingsDownloadDir(t *testing.T) {
	t.Parallel()
	dl := t.TempDir()
	env := with(demoDocuments(t), "COVIEW_CONFIG", settingsFile(t, "download_dir: "+dl+"\n"))
	r := run(t, "", env, "document", "6400", demo.FilingWithXHTML)
	if r.code != 0 || len(files(t, dl)) != 1 || !strings.Contains(r.stderr, dl) {
		t.Fatalf("exit %d, stderr %q, %v in %s", r.code, r.stderr, files(t, dl), dl)
	}
}

// The template config edit starts from states the defaults config show
// reports when nothing is set, and says what watch_check's is.
func TestTheTemplateStatesTheDefaults(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "coview", "config.yaml")
	env := map[string]string{"COVIEW_CONFIG": path, "EDITOR": "true"}
	if r := run(t, "", env, "config", "edit"); r.code != 0 {
		t.Fatalf("config edit: exit %d, %s", r.code, r.stderr)
	}
	body, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := run(t, "", env, "config", "show", "--json")
	var shown struct {
		Budgets map[string]int `json:"budgets"`
		Preview struct {
			Width float64 `json:"width"`
		} `json:"preview"`
		Problems []string `json:"problems"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &shown); err != nil || len(shown.Problems) > 0 {
		t.Fatalf("config show --json: %v %q", err, r.stdout)
	}
	template := string(body)
	for _, want := range []string{
		"#   connections: " + strconv.Itoa(shown.Budgets["connections"]) + "\n",
		"#   width: " + strconv.FormatFloat(shown.Preview.Width, 'f', -1, 64) + "\n",
		"(" + strconv.Itoa(shown.Budgets["connections"]) + " before the registry has said",
		"coview watch check as many as the quota allows",
	} {
		if !strings.Contains(template, want) {
			t.Errorf("the template does not say %q:\n%s", want, template)
		}
	}
}

// The browser shows the settings' problems on its screen; when it does
// not start after all, they are said on stderr, before the error, once.
func TestTheSettingsProblemsAreSaidOnceWhenTheBrowserDoesNotStart(t *testing.T) {
	t.Parallel()
	file := settingsFile(t, "thme: light\n")
	for _, args := range [][]string{{}, {"--json", "--plain", "00006400"}} {
		r := run(t, "", map[string]string{"COVIEW_CONFIG": file}, args...)
		said := strings.Count(r.stderr, "coview: settings: "+file+":1: thme is no setting")
		if r.code != 2 || said != 1 || strings.Index(r.stderr, "settings:") > strings.LastIndex(r.stderr, "coview:") {
			t.Errorf("%q: exit %d, the problem said %d times, stderr:\n%s", args, r.code, said, r.stderr)
		}
	}
}
