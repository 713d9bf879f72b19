package cli

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"math/rand"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"coview/internal/testkit/testtime"
)

// Issue 31, items 9 and 31: what an entry is quoted as in a screening's
// rows. An entry that cannot be read is quoted at most to its first 60
// characters, as every message quotes what it could not read, so that
// one huge line neither fills the output nor holds the screening.

// numberLines are n lines of company numbers of the demo registry.
func numberLines(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprint(6400 + i%10)
	}
	return out
}

func TestScreenQuotesAHugeLineByItsBeginningInEveryOutput(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	for _, size := range []int{1 << 20, 10 << 20} {
		lines := numberLines(201)
		lines = append(lines[:100], append([]string{strings.Repeat("x", size)}, lines[100:]...)...)
		stdin := strings.Join(lines, "\n") + "\n"
		for _, out := range []string{"--plain", "--csv", "--json"} {
			t.Run(fmt.Sprintf("%d bytes %s", size, out), func(t *testing.T) {
				t.Parallel()
				r := run(t, stdin, demoEnv(srv), "screen", out, "-")
				// Every row but the long one is a few hundred bytes.
				if r.code != 0 || len(r.stdout) > 202*600 {
					t.Fatalf("exit %d, %d bytes of output; stderr %s", r.code, len(r.stdout), r.stderr)
				}
				want := strings.Repeat("x", 60) + "…"
				var row string
				for _, l := range strings.Split(r.stdout, "\n") {
					if strings.Contains(l, "xxxxx") {
						row = l
					}
				}
				if !strings.Contains(row, want) || strings.Contains(row, want[:60]+"x") {
					t.Fatalf("the long line's row quotes it as %.200q", row)
				}
				if !strings.Contains(row, "bytes long") || !strings.Contains(row, "invalid") {
					t.Errorf("the long line's row does not say why it was not read: %.300q", row)
				}
			})
		}
	}
}

func TestScreenOfBinaryInputKeepsEveryLineARowQuotedByItsFirst60Characters(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	// What head -c 300 of an executable gives: an ELF header, NULs and
	// control bytes, a line break now and then.
	rnd := rand.New(rand.NewSource(31))
	b := []byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00")
	for len(b) < 300 {
		b = append(b, byte(rnd.Intn(256)))
	}
	stdin := string(b)
	lines := 0
	for _, l := range strings.FieldsFunc(strings.ReplaceAll(stdin, "\r\n", "\n"), func(r rune) bool { return r == '\n' || r == '\r' }) {
		if strings.TrimSpace(l) != "" {
			lines++
		}
	}
	r, records := screenAsCSV(t, stdin, demoEnv(srv), "-")
	if r.code != 0 || len(records) != lines+1 {
		t.Fatalf("exit %d, %d records for %d lines; stderr %s", r.code, len(records)-1, lines, r.stderr)
	}
	for _, rec := range records[1:] {
		input := field(records[0], rec, "input")
		if n := utf8.RuneCountInString(strings.TrimSuffix(input, "…")); n > 60 || field(records[0], rec, "result") != "invalid" {
			t.Errorf("a row quotes %d characters of its line: %q", n, rec)
		}
	}
}

// A screening reading stdin that never ends is stopped by SIGTERM, with
// 143, as every command is.
func TestScreenReadingStdinThatNeverEndsStopsOnASignal(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	env := demoEnv(srv)
	in, feed := io.Pipe()
	defer in.Close()
	go func() {
		feed.Write([]byte("6400\n" + strings.Repeat("y", 10<<20)))
		// and nothing more, never closed: a producer that hangs
	}()
	ctx, stop := context.WithCancelCause(context.Background())
	done := make(chan int, 1)
	var out, errb strings.Builder
	go func() {
		done <- Main(ctx, []string{"screen", "--csv", "-"}, Env{Stdin: in, Stdout: &out, Stderr: &errb,
			Getenv: func(name string) string { return env[name] }})
	}()
	stop(&stopped{syscall.SIGTERM})
	select {
	case code := <-done:
		if code != 143 {
			t.Fatalf("exit %d, stderr %q", code, errb.String())
		}
	case <-testtime.Bound(t):
		t.Fatal("the screening went on reading stdin after SIGTERM")
	}
	if _, err := csv.NewReader(strings.NewReader(out.String())).ReadAll(); err != nil {
		t.Fatalf("the output is not CSV: %v", err)
	}
}
