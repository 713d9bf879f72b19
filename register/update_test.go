package register

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"coview/api"

	"coview/internal/testkit/testtime"
)

// twoMonths are an index of October's file at path, in use, and a
// directory to put November's beside it.
func october(t *testing.T) (dir, path string) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, "register.db")
	oct := writeFile(t, filepath.Join(dir, "BasicCompanyDataAsOneFile-2026-10-01.csv"), fileText(active("OCTOBER LTD", "00000010")))
	update(t, path, oct)
	return dir, path
}

// answersAsOctober checks that the index at path is October's, whole,
// and that nothing an update was building is left beside it.
func answersAsOctober(t *testing.T, path string) {
	t.Helper()
	ix := open(t, path)
	if m := ix.Meta(); m.FileDate != "2026-10-01" || m.Rows != 1 {
		t.Errorf("the index is of %s with %d rows, want October's", m.FileDate, m.Rows)
	}
	c, err := ix.Company(context.Background(), "00000010")
	if err != nil || c.Name != "OCTOBER LTD" {
		t.Errorf("October's company: %+v, %v", c, err)
	}
	n, err := ix.Count(context.Background(), Query{CompanyQuery: api.CompanyQuery{NameIncludes: "october"}})
	if err != nil || n != 1 {
		t.Errorf("a search of October's index: %d, %v", n, err)
	}
	left, _ := filepath.Glob(path + ".new-*")
	if len(left) > 0 {
		t.Errorf("left beside the index: %v", left)
	}
}

func TestANewIndexReplacesTheOldOnlyWhenWhole(t *testing.T) {
	dir, path := october(t)
	before := open(t, path)
	nov := writeFile(t, filepath.Join(dir, "BasicCompanyDataAsOneFile-2026-11-01.csv"),
		fileText(active("NOVEMBER LTD", "00000011"), active("NOVEMBER TWO LTD", "00000012")))
	m := update(t, path, nov)
	if m.FileDate != "2026-11-01" || m.Rows != 2 || m.Size == 0 || m.Origin.Paths[0] != nov {
		t.Errorf("the new index: %+v", m)
	}
	// One opened before reads the new register from its next query on,
	// as one opened after does.
	if c, err := before.Company(context.Background(), "00000010"); !errors.Is(err, ErrNotInFile) {
		t.Errorf("October's company, of the index opened before: %+v %v", c, err)
	}
	if c, err := before.Company(context.Background(), "00000012"); err != nil || c.Name != "NOVEMBER TWO LTD" {
		t.Errorf("November's company, of the index opened before: %+v %v", c, err)
	}
	if m := before.Meta(); m.FileDate != "2026-11-01" || m.Rows != 2 {
		t.Errorf("the index opened before says it is of %s with %d rows", m.FileDate, m.Rows)
	}
	after := open(t, path)
	if c, err := after.Company(context.Background(), "00000012"); err != nil || c.Name != "NOVEMBER TWO LTD" {
		t.Errorf("the index opened after: %+v %v", c, err)
	}
}

func TestAQueryUnderWayReadsTheFileItBeganWithToItsEnd(t *testing.T) {
	ctx := context.Background()
	dir, path := october(t)
	more := writeFile(t, filepath.Join(dir, "BasicCompanyDataAsOneFile-2026-10-01.csv"),
		fileText(active("OCTOBER LTD", "00000010"), active("OCTOBER TWO LTD", "00000013"), active("OCTOBER THREE LTD", "00000014")))
	update(t, path, more)
	ix := open(t, path)
	nov := writeFile(t, filepath.Join(dir, "BasicCompanyDataAsOneFile-2026-11-01.csv"),
		fileText(active("NOVEMBER LTD", "00000011"), active("NOVEMBER TWO LTD", "00000012")))
	all := Query{CompanyQuery: api.CompanyQuery{NameIncludes: "ltd"}}
	var seen []string
	err := ix.Each(ctx, all, func(c *Company) error {
		if len(seen) == 0 {
			update(t, path, nov) // November's file put in place while October's is read
			// A query asked meanwhile, on the way, reads October's too.
			if n, err := ix.Count(ctx, all); err != nil || n != 3 {
				t.Errorf("a count while October's is read: %d %v", n, err)
			}
		}
		seen = append(seen, c.Name)
		return nil
	})
	if err != nil || !slices.Equal(seen, []string{"OCTOBER LTD", "OCTOBER TWO LTD", "OCTOBER THREE LTD"}) {
		t.Errorf("the companies read while the file was replaced: %v %v", seen, err)
	}
	if n, err := ix.Count(ctx, all); err != nil || n != 2 {
		t.Errorf("the next count: %d %v, want November's 2", n, err)
	}
}

func TestABadFileLeavesThePreviousIndexAnswering(t *testing.T) {
	good := fileText(active("NOVEMBER LTD", "00000011"), active("NOVEMBER TWO LTD", "00000012"))
	for _, tc := range []struct {
		name  string
		file  func(t *testing.T, dir string) string
		wants string
	}{
		{"a zip cut short", func(t *testing.T, dir string) string {
			p := writeZip(t, filepath.Join(dir, "BasicCompanyDataAsOneFile-2026-11-01.zip"), "BasicCompanyDataAsOneFile-2026-11-01.csv", good+strings.Repeat(line(active("FILLER LTD", "00000099"))+"\r\n", 200))
			fi, _ := os.Stat(p)
			os.Truncate(p, fi.Size()/2)
			return p
		}, "is not a whole zip"},
		{"a zip holding something else", func(t *testing.T, dir string) string {
			return writeZip(t, filepath.Join(dir, "BasicCompanyDataAsOneFile-2026-11-01.zip"), "readme.txt", "hello", "logo.png", "png")
		}, `holds "readme.txt" and 1 more files, where the register's zip holds one CSV file`},
		{"a zip whose contents were altered", func(t *testing.T, dir string) string {
			p := writeZip(t, filepath.Join(dir, "BasicCompanyDataAsOneFile-2026-11-01.zip"), "BasicCompanyDataAsOneFile-2026-11-01.csv", good+strings.Repeat(line(active("FILLER LTD", "00000099"))+"\r\n", 200))
			b, _ := os.ReadFile(p)
			for i := 200; i < 260; i++ {
				b[i] ^= 0x55 // inside the compressed CSV
			}
			os.WriteFile(p, b, 0o600)
			return p
		}, "download it again"},
		{"a CSV whose header was changed", func(t *testing.T, dir string) string {
			return writeFile(t, filepath.Join(dir, "BasicCompanyDataAsOneFile-2026-11-01.csv"), strings.Replace(good, "CompanyStatus", "Status", 1))
		}, "its header is not the register's: it lacks CompanyStatus"},
		{"an empty file", func(t *testing.T, dir string) string {
			return writeFile(t, filepath.Join(dir, "BasicCompanyDataAsOneFile-2026-11-01.csv"), "")
		}, "is empty"},
		{"a file that is not there", func(t *testing.T, dir string) string {
			return filepath.Join(dir, "nowhere.zip")
		}, "no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, path := october(t)
			_, err := Update(context.Background(), path, []string{tc.file(t, dir)}, UpdateOptions{})
			var fe *FileError
			if !errors.As(err, &fe) || !strings.Contains(err.Error(), tc.wants) {
				t.Errorf("got %v, want a FileError saying %q", err, tc.wants)
			}
			answersAsOctober(t, path)
		})
	}
}

func TestADiskThatFillsLeavesThePreviousIndexAnswering(t *testing.T) {
	dir, path := october(t)
	var rows []company
	for i := range 3000 {
		rows = append(rows, active(fmt.Sprintf("COMPANY %d LTD", i), fmt.Sprintf("%08d", 100000+i)))
	}
	nov := writeFile(t, filepath.Join(dir, "BasicCompanyDataAsOneFile-2026-11-01.csv"), fileText(rows...))
	// The file may not grow past 50 pages: SQLite says the disk is full.
	_, err := Update(context.Background(), path, []string{nov}, UpdateOptions{pragmas: "&_pragma=max_page_count(50)"})
	if !errors.Is(err, ErrDiskFull) {
		t.Fatalf("got %v, want ErrDiskFull", err)
	}
	answersAsOctober(t, path)
}

func TestASecondUpdateRefusesOrWaitsSayingForWhom(t *testing.T) {
	dir, path := october(t)
	nov := writeFile(t, filepath.Join(dir, "BasicCompanyDataAsOneFile-2026-11-01.csv"), fileText(active("NOVEMBER LTD", "00000011")))
	clock := &testClock{t: time.Date(2026, 11, 5, 10, 2, 0, 0, time.Local)}
	held, err := acquireLock(context.Background(), path+".lock", false, clock.now, time.After, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Update(context.Background(), path, []string{nov}, UpdateOptions{})
	var be *BusyError
	if !errors.As(err, &be) || !errors.Is(err, ErrBusy) || be.PID != os.Getpid() || !be.Since.Equal(clock.t) {
		t.Fatalf("got %v (%+v), want a BusyError naming this process since 10:02:00", err, be)
	}
	if !strings.Contains(err.Error(), fmt.Sprintf("process %d, since 10:02:00", os.Getpid())) {
		t.Errorf("the refusal says %q", err)
	}
	answersAsOctober(t, path)

	// Waiting: it tries again each time its clock says, and goes on
	// once the lock is free.
	tick := make(chan time.Time)
	waiting := make(chan *BusyError, 1)
	done := make(chan error, 1)
	go func() {
		_, err := Update(context.Background(), path, []string{nov}, UpdateOptions{Wait: true,
			After:  func(time.Duration) <-chan time.Time { return tick },
			OnWait: func(b *BusyError) { waiting <- b }})
		done <- err
	}()
	if b := <-waiting; b.PID != os.Getpid() {
		t.Errorf("told it waits for %+v", b)
	}
	held.release()
	tick <- time.Time{}
	if err := <-done; err != nil {
		t.Fatalf("the waiting update: %v", err)
	}
	if m := open(t, path).Meta(); m.FileDate != "2026-11-01" {
		t.Errorf("after waiting, the index is of %s", m.FileDate)
	}

	// A wait is cancelled with its context.
	held, _ = acquireLock(context.Background(), path+".lock", false, clock.now, time.After, nil)
	defer held.release()
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		_, err := Update(ctx, path, []string{nov}, UpdateOptions{Wait: true,
			After: func(time.Duration) <-chan time.Time { return nil }, OnWait: func(*BusyError) { cancel() }})
		done <- err
	}()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled wait: %v", err)
	}
}

func TestRemoveTakesTheIndexAway(t *testing.T) {
	_, path := october(t)
	removed, err := Remove(context.Background(), path)
	if err != nil || !removed {
		t.Fatalf("Remove: %v %v", removed, err)
	}
	if _, err := Open(context.Background(), path); !errors.Is(err, ErrNoIndex) {
		t.Errorf("Open after Remove: %v", err)
	}
	if removed, err := Remove(context.Background(), path); err != nil || removed {
		t.Errorf("removing none: %v %v", removed, err)
	}
}

// An update killed at any moment: the test runs itself as a process that
// updates the index, and kills it when it says where it is.
const killedUpdateEnv = "COVIEW_TEST_KILLED_UPDATE"

func TestAnUpdateKilledAtAnyMomentLeavesThePreviousIndexAnswering(t *testing.T) {
	if os.Getenv(killedUpdateEnv) != "" {
		runKilledUpdate()
		return
	}
	// Each is where it is killed: the first line it says at or past it.
	t.Parallel()
	for _, at := range []string{"reading 1", "reading 60", "indexing 0", "indexing 2", "done"} {
		t.Run("killed "+at, func(t *testing.T) {
			t.Parallel() // each in a directory of its own
			dir, path := october(t)
			var rows []company
			for i := range 8000 { // eight batches: a kill at 60% of the reading is in the middle of it
				rows = append(rows, active(fmt.Sprintf("COMPANY %d LTD", i), fmt.Sprintf("%08d", 100000+i)))
			}
			nov := writeFile(t, filepath.Join(dir, "BasicCompanyDataAsOneFile-2026-11-01.csv"), fileText(rows...))
			ctx, cancel := context.WithDeadline(context.Background(), testtime.Deadline(t))
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestAnUpdateKilledAtAnyMomentLeavesThePreviousIndexAnswering$")
			cmd.Env = append(os.Environ(), killedUpdateEnv+"="+path+"\x1f"+nov)
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			lines := bufio.NewScanner(out)
			reached := false
			for lines.Scan() {
				if past(lines.Text(), at) {
					reached = true
					cmd.Process.Signal(syscall.SIGKILL)
					break
				}
			}
			if !reached {
				t.Fatalf("the update never said %q", at)
			}
			go func() {
				for lines.Scan() {
				}
			}()
			cmd.Wait()
			if at == "done" {
				// Killed after putting the new index in place: it is whole.
				ix := open(t, path)
				if m := ix.Meta(); m.Rows != 8000 {
					t.Errorf("the new index has %d rows", m.Rows)
				}
				return
			}
			answersAsOctoberLeavingWhatWasKilled(t, path)
			// The next update clears what the killed one left.
			update(t, path, nov)
			if left, _ := filepath.Glob(path + ".new-*"); len(left) > 0 {
				t.Errorf("left after the next update: %v", left)
			}
		})
	}
}

// past reports whether what the update said is at or past where it is
// to be killed ("reading 73" is past "reading 60").
func past(said, at string) bool {
	sw, sn, _ := strings.Cut(said, " ")
	aw, an, _ := strings.Cut(at, " ")
	var s, a int
	fmt.Sscan(sn, &s)
	fmt.Sscan(an, &a)
	return sw == aw && s >= a
}

// answersAsOctoberLeavingWhatWasKilled is answersAsOctober, but the killed
// process's half-built file may be beside the index, unread.
func answersAsOctoberLeavingWhatWasKilled(t *testing.T, path string) {
	t.Helper()
	ix := open(t, path)
	if m := ix.Meta(); m.FileDate != "2026-10-01" || m.Rows != 1 {
		t.Errorf("the index is of %s with %d rows, want October's", m.FileDate, m.Rows)
	}
	if c, err := ix.Company(context.Background(), "00000010"); err != nil || c.Name != "OCTOBER LTD" {
		t.Errorf("October's company: %+v, %v", c, err)
	}
}

// runKilledUpdate is the process the test kills: it says each percent
// read and each index step, and waits a moment after each so that the
// kill lands there.
func runKilledUpdate() {
	path, file, _ := strings.Cut(os.Getenv(killedUpdateEnv), "\x1f")
	say := func(s string) {
		fmt.Println(s)
		time.Sleep(20 * time.Millisecond)
	}
	_, err := Update(context.Background(), path, []string{file}, UpdateOptions{Progress: func(p Progress) {
		switch p.Stage {
		case StageRead:
			say(fmt.Sprintf("reading %d", int(100*p.Fraction())))
		case StageIndex:
			say(fmt.Sprintf("indexing %d", p.Done))
		case StageDone:
			say("done")
		}
	}})
	if err != nil {
		fmt.Println("error", err)
	}
	time.Sleep(time.Minute) // until killed
}
