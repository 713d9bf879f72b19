package cli

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

func TestArrangePutsTheSubCommandFirstWhereverItsFlagsAre(t *testing.T) {
	t.Parallel()
	cases := []struct{ line, want string }{
		{"--latency 1s serve-demo", "serve-demo --latency 1s"},
		{"--demo auth status", "auth status --demo"},
		{"--offline auth status", "auth status --offline"},
		{"auth --demo status", "auth status --demo"},
		{"auth --base-url http://x status --offline", "auth status --base-url http://x --offline"},
		{"--addr=127.0.0.1:0 serve-demo", "serve-demo --addr=127.0.0.1:0"},
		{"00006400 --plain", "--plain 00006400"},
		{"--json -", "--json -"},
		{"--follow officers 00006400 --json --demo", "--follow officers --json --demo 00006400"},
		{"--follow auth 00006400", "--follow auth 00006400"},
		{"--timeout=5s --demo --plain -- 00006400", "--timeout=5s --demo --plain -- 00006400"},
		{"--plain -- auth", "--plain -- auth"},
		{"help auth", "help auth"},
		{"auth login --insecure-storage", "auth login --insecure-storage"},
		{"6400 auth", "6400 auth"},
		{"--jsn 200", "--jsn 200"},
		{"completion bash", "completion bash"},
		{"__complete --fol", "__complete --fol"},
		{"--demo search --all ltd", "search --demo --all ltd"},
		{"search marzipan --json mountain", "search --json marzipan mountain"},
		{"search --officers auth status", "search --officers auth status"},
		{"marzipan search", "marzipan search"},
	}
	for _, tc := range cases {
		root := newProgram(Env{})
		got := strings.Join(arrange(root, strings.Fields(tc.line)), " ")
		if got != tc.want {
			t.Errorf("arrange(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}

// The flag table finds a flag by its name alone, whichever command it
// belongs to: a name that took a value on one command and not on another
// would be read wrongly on one of them.
func TestEveryFlagNameMeansTheSameOnEveryCommand(t *testing.T) {
	t.Parallel()
	root := newProgram(Env{})
	seen := map[string]bool{}
	where := map[string]string{}
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		for _, fs := range []*pflag.FlagSet{c.Flags(), c.PersistentFlags()} {
			fs.VisitAll(func(f *pflag.Flag) {
				takes := f.NoOptDefVal == ""
				if prev, ok := seen[f.Name]; ok && prev != takes {
					t.Errorf("--%s takes a value on %s but not on %s, or the other way round", f.Name, where[f.Name], c.CommandPath())
				}
				seen[f.Name], where[f.Name] = takes, c.CommandPath()
			})
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	for _, name := range []string{"follow", "base-url", "timeout", "addr", "latency", "limit", "window"} {
		if takes, ok := seen[name]; !ok || !takes {
			t.Errorf("--%s is not in the tree, or takes no value", name)
		}
	}
	for _, name := range []string{"json", "plain", "all", "demo", "offline", "insecure-storage", "companies", "officers"} {
		if takes, ok := seen[name]; !ok || takes {
			t.Errorf("--%s is not in the tree, or takes a value", name)
		}
	}
}

func TestFlagsWorkBeforeTheirSubCommand(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	for _, line := range []string{
		"--demo auth status",
		"auth --demo status",
		"--offline auth status --demo",
		"--base-url " + srv.URL + " --offline auth status",
	} {
		r := run(t, "", map[string]string{"COVIEW_API_KEY": "5e1f0c2a-7d3b-4c8e-9a61-0de70de70de7"}, strings.Fields(line)...)
		if r.code != 0 || !strings.Contains(r.stdout, "registry:") {
			t.Errorf("coview %s: exit %d\n%s%s", line, r.code, r.stdout, r.stderr)
		}
	}
}

func TestUsageErrorsExit2AndNameFlagsWithTwoDashes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		line string
		want []string
	}{
		{"--jsn 00006400", []string{"unknown flag: --jsn\n", "coview --help"}},
		{"--demo --budget 5 00006400", []string{"unknown flag: --budget; it goes with coview connections, coview screen and coview watch check\n", "coview --help"}},
		{"--demo search --depth 1 acme", []string{"unknown flag: --depth; it goes with coview connections\n", "coview search --help"}},
		{"--demo --follow", []string{"flag needs an argument: --follow"}},
		{"--demo --timeout soon 00006400", []string{`invalid argument "soon" for "--timeout"`}},
		{"--demo --timeout 0s --json 00006400", []string{"--timeout must be positive"}},
		{"--demo --json --plain 00006400", []string{"--json and --plain cannot be used together"}},
		{"--demo --all --json 00006400", []string{"--all", "--follow"}},
		{"--demo --plain --follow officers 00006400 00006401", []string{"--follow takes exactly one company number"}},
		{"--insecure-storage auth status", []string{"unknown flag: --insecure-storage", "coview auth status --help"}},
		{"serve-demo now", []string{"serve-demo takes no arguments"}},
		{"auth", []string{"auth needs a subcommand"}},
		{"auth login " + "5e1f0c2a-7d3b-4c8e-9a61-0de70de70de7", []string{"shell history"}},
		{"--demo --json ABC123456", []string{"not a company number"}},
	}
	for _, tc := range cases {
		r := run(t, "", nil, strings.Fields(tc.line)...)
		if r.code != exitUsage {
			t.Errorf("coview %s: exit %d, want 2\n%s", tc.line, r.code, r.stderr)
		}
		if !strings.HasPrefix(r.stderr, "coview: ") {
			t.Errorf("coview %s: stderr does not start with \"coview: \":\n%s", tc.line, r.stderr)
		}
		for _, w := range tc.want {
			if !strings.Contains(r.stderr, w) {
				t.Errorf("coview %s: stderr lacks %q:\n%s", tc.line, w, r.stderr)
			}
		}
		if strings.Contains(r.stderr, " -jsn") || strings.Contains(r.stderr, "\x1b") {
			t.Errorf("coview %s: a flag named with one dash, or styling on a plain stream:\n%q", tc.line, r.stderr)
		}
	}
}

// A lookup's line is read by the root command alone (newCommands),
// and exactly as the whole tree would read it: the same order, and the
// root as the command that runs. Any line that might name a sub-command,
// or asks for help or the version, is left to the whole tree.
func TestALineThatCanNameNoSubCommandIsReadByTheRootAlone(t *testing.T) {
	t.Parallel()
	alone := []string{
		"--json --base-url http://127.0.0.1:8080 00006400",
		"00006400",
		"",
		"--plain 00006400 SC006405",
		"--json -",
		"--follow officers 00006400 --json --demo",
		"--follow auth 00006400",
		"--follow=auth 00006400",
		"--plain --follow filings --category accounts,officers 00006401",
		"--config /tmp/c.yaml --timeout 5s 6400",
		"--json=true --demo 6400",
		"--base-url search 6400",
	}
	whole := []string{
		"--help", "--version", "-h 6400", "--json 6400 --help", "help", "search marzipan 6400",
		"6400 auth", "--latency 1s serve-demo", "--demo auth status", "--plain -- 00006400",
		"completion bash", "__complete --fol", "--officers 6400", "marzipan", "sc 6400", "-6400",
		"--jsn 200", // a flag of no command's: the whole tree says so
	}
	for _, line := range alone {
		args := strings.Fields(line)
		root, whole := newCommands(Env{}, args)
		if whole {
			t.Errorf("%q is left to the whole tree, though it can name no sub-command", line)
			continue
		}
		tree := newProgram(Env{})
		want := arrange(tree, args)
		if got := arrange(root, args); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("arrange(%q) by the root alone = %q, by the whole tree %q", line, got, want)
		}
		if cmd, _, err := tree.Find(want); err != nil || cmd != tree {
			t.Errorf("the whole tree runs %v (%v) for %q, not the root", cmd.Name(), err, line)
		}
	}
	for _, line := range whole {
		if _, whole := newCommands(Env{}, strings.Fields(line)); !whole {
			t.Errorf("%q is read by the root alone; it is for the whole tree", line)
		}
	}
}

// lookupLine takes a word with a digit in it, or "-", for no
// sub-command's: so none may have such a name or alias.
func TestNoSubCommandIsNamedWithADigitOrADash(t *testing.T) {
	t.Parallel()
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			for _, name := range append([]string{sub.Name()}, sub.Aliases...) {
				if name == "-" || strings.ContainsAny(name, "0123456789") {
					t.Errorf("%s has the name %q, which a lookup's line may hold", sub.CommandPath(), name)
				}
			}
			walk(sub)
		}
	}
	walk(newProgram(Env{}))
}

// Issue 31, item 42: the registry's flags are every command's, but a
// command's help offers only those it uses: watch list reads the list of
// the registry --demo or --base-url names and asks it nothing, so it
// offers neither --document-url nor --timeout.
func TestHelpOffersTheRegistryFlagsACommandUses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		line      string
		offers    []string
		offersNot []string
	}{
		{"watch list --help", []string{"--demo", "--base-url"}, []string{"--document-url", "--timeout"}},
		{"watch deadlines --help", []string{"--demo", "--base-url"}, []string{"--document-url", "--timeout"}},
		{"search --help", []string{"--demo", "--base-url", "--timeout"}, []string{"--document-url"}},
		{"document --help", []string{"--demo", "--base-url", "--timeout", "--document-url"}, nil},
		{"config show --help", nil, []string{"--demo", "--base-url", "--timeout", "--document-url"}},
		{"--help", []string{"--demo", "--base-url", "--timeout", "--document-url"}, nil},
	} {
		r := run(t, "", nil, strings.Fields(tc.line)...)
		if r.code != 0 {
			t.Fatalf("coview %s: exit %d\n%s", tc.line, r.code, r.stderr)
		}
		for _, f := range tc.offers {
			if !strings.Contains(r.stdout, f+" ") {
				t.Errorf("coview %s does not offer %s:\n%s", tc.line, f, r.stdout)
			}
		}
		for _, f := range tc.offersNot {
			if strings.Contains(r.stdout, f+" ") {
				t.Errorf("coview %s offers %s, which it does not use:\n%s", tc.line, f, r.stdout)
			}
		}
	}
	// The help left them out; the flags are still taken.
	if r := run(t, "", nil, "watch", "list", "--demo", "--timeout", "5s"); r.code != 0 {
		t.Errorf("watch list --timeout 5s: exit %d\n%s", r.code, r.stderr)
	}
}
