package cli

import (
	"bufio"
	"context"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 20, item 4: the coview line serve-demo prints works pasted as it
// is: it carries the key, and saves the document it names.
func TestServeDemosTryLineWorksAsItIs(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir) // the line saves a document in the current directory
	ctx, cancel := context.WithCancel(context.Background())
	stderr, w := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- Main(ctx, []string{"serve-demo", "--addr", "127.0.0.1:0"}, Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: w, Getenv: func(string) string { return "" }})
		w.Close()
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	var try string
	lines := bufio.NewScanner(stderr)
	for try == "" && lines.Scan() {
		if l := strings.TrimSpace(lines.Text()); strings.Contains(l, " coview ") {
			try = l
		}
	}
	go io.Copy(io.Discard, stderr)
	if try == "" {
		t.Fatal("serve-demo printed no coview line to try")
	}
	// A shell runs "NAME=value coview args...": so does this.
	fields := strings.Fields(try)
	name, value, ok := strings.Cut(fields[0], "=")
	if !ok || fields[1] != "coview" {
		t.Fatalf("the line does not give coview its key: %q", try)
	}
	r := run(t, "", map[string]string{name: value}, fields[2:]...)
	if r.code != 0 {
		t.Fatalf("%s: exit %d: %s", try, r.code, r.stderr)
	}
	saved, _ := filepath.Glob(filepath.Join(dir, "00006400 *.pdf"))
	if len(saved) != 1 {
		entries, _ := os.ReadDir(dir)
		t.Fatalf("%s saved %v", try, entries)
	}
}

// Issue 20, item 25: an address that cannot be had is a failure (1), not a
// usage error; an address that is no address is a usage error (2).
func TestServeDemoOnAPortInUseExits1(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	r := run(t, "", nil, "serve-demo", "--addr", l.Addr().String())
	if r.code != exitFailure || !strings.Contains(r.stderr, "another program is listening there") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, addr := range []string{"8080", "127.0.0.1:http-alt-x", "127.0.0.1:99999"} {
		r := run(t, "", nil, "serve-demo", "--addr", addr)
		if r.code != exitUsage || !strings.Contains(r.stderr, "--addr") {
			t.Errorf("--addr %s: exit %d: %s", addr, r.code, r.stderr)
		}
	}
}
