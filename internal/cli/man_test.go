package cli

import (
	"strings"
	"testing"
	"unicode"
)

// Issue 20, item 21: the man page keeps a paragraph whole, and keeps a
// table's lines as laid out; man is among --help's commands; help piped
// has no trailing spaces; completion takes the flags any command takes.
func TestTheManPageIsParagraphsAndTablesNotALineEach(t *testing.T) {
	t.Parallel()
	r := run(t, "", nil, "man")
	if r.code != 0 || !strings.HasPrefix(r.stdout, ".TH COVIEW 1") {
		t.Fatalf("exit %d: %.200s\n%s", r.code, r.stdout, r.stderr)
	}
	for _, w := range []string{
		// A paragraph wrapped over three lines of --help is one line of roff.
		"in a terminal: a company by number or name, its officers, filings, owners, charges and the companies around it, a key away",
		// A table is kept line for line, unfilled; the environment and the
		// exit codes, help topics of their own, are the page's sections.
		".SH ENVIRONMENT\n", ".nf\nCOVIEW_API_KEY       the API key (overrides the keyring)\nCOVIEW_BASE_URL",
		".SH EXIT STATUS\n", "5    coview screen: some rows were not screened",
		// Every command is there, with its own flags.
		`.SS "coview connections"`, `\fB\-\-budget\fR \fIint\fR`, `.SS "coview search"`, `.SS "coview man"`,
	} {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("the man page lacks %q", w)
		}
	}
	// No line of text starts a paragraph mid-sentence: each .PP is
	// followed by a line that begins a sentence or a heading.
	lines := strings.Split(r.stdout, "\n")
	for i, l := range lines[:len(lines)-1] {
		if next := lines[i+1]; l == ".PP" && next != "" && unicode.IsLower(rune(next[0])) {
			t.Errorf("a paragraph starts mid-sentence: %q", next)
		}
	}
}

func TestHelpListsManAndHasNoTrailingSpaces(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--help"}, {"search", "--help"}, {"connections", "--help"}, {"auth", "--help"}, {"help"}} {
		r := run(t, "", nil, args...)
		if r.code != 0 {
			t.Fatalf("coview %v: exit %d: %s", args, r.code, r.stderr)
		}
		for i, l := range strings.Split(r.stdout, "\n") {
			if strings.TrimRight(l, " \t") != l {
				t.Errorf("coview %v: line %d ends in spaces: %q", args, i+1, l)
				break
			}
		}
	}
	r := run(t, "", nil, "--help")
	if !strings.Contains(r.stdout, "\n    man ") {
		t.Errorf("--help does not list man:\n%s", r.stdout)
	}
}

func TestCompletionTakesTheFlagsEveryCommandTakes(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"--demo", "completion", "bash"},
		{"completion", "--base-url", "http://127.0.0.1:9", "zsh"},
		{"--demo", "man"},
		{"--demo", "help"},
	} {
		r := run(t, "", nil, args...)
		if r.code != 0 || r.stdout == "" {
			t.Errorf("coview %v: exit %d: %s", args, r.code, r.stderr)
		}
	}
}
