package save

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestANameIsMadeSafeForAnyFileSystem(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
	}{
		{"a safe name is kept as it is", "00006400 2025-12-09 AA full accounts made up to 31 Mar 2025.pdf", "00006400 2025-12-09 AA full accounts made up to 31 Mar 2025.pdf"},
		{"path separators split words", `a/b\c.pdf`, "a b c.pdf"},
		{"traversal cannot survive", "../../etc/passwd", "etc passwd"},
		{"what Windows forbids is dropped", `what?*"<>|:.pdf`, "what.pdf"},
		{"control characters are dropped", "AA\x1b[31m accounts\x00\x07.pdf", "AA 31m accounts.pdf"},
		{"bidirectional overrides cannot reverse the extension", "accounts\u202efdp.exe.pdf", "accounts fdp.exe.pdf"},
		{"a leading dot cannot hide it", "...hidden.pdf", "hidden.pdf"},
		{"no word ends in a dot before the extension", "Ltd..pdf", "Ltd.pdf"},
		{"an extension alone is a name", ".pdf", "pdf"},
		{"a strange tail is not an extension", "a.p df", "a.p df"},
		{"runs of spaces become one", "  a \t\n b  .pdf", "a b.pdf"},
		{"unicode letters kept", "ça va, Æsir & co (2).pdf", "ça va, Æsir & co (2).pdf"},
		{"nothing to keep", "/\x1b?", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := Name(tt.in)
			if got != tt.want {
				t.Fatalf("Name(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if Name(got) != got {
				t.Errorf("Name(%q) = %q: a safe name changes again", got, Name(got))
			}
		})
	}
}

func TestANameIsNeverTooLongAndKeepsItsExtension(t *testing.T) {
	t.Parallel()
	name := Name(strings.Repeat("Ж", 400) + ".xhtml")
	if len(name) > maxNameBytes || !utf8.ValidString(name) || !strings.HasSuffix(name, "Ж.xhtml") {
		t.Fatalf("%d bytes: %q", len(name), name)
	}
}

// Into saves under the safe name, in dir and nowhere else; a name with
// nothing safe in it is refused and nothing is written.
func TestIntoSavesUnderTheSafeNameInTheDirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path, err := Into(dir, "../escaped\u202e.pdf", bytesOf([]byte("x")))
	if err != nil || path != filepath.Join(dir, "escaped.pdf") {
		t.Fatalf("saved as %q: %v", path, err)
	}
	if _, err := Into(dir, "/?", bytesOf([]byte("x"))); err == nil || !strings.Contains(err.Error(), "nothing of it can be a file name") {
		t.Fatalf("%v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("%d files, want 1", len(entries))
	}
}
