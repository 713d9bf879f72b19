// Command measure times the index for .ci/measure.sh: an import of a file
// into an index (run it under /usr/bin/time for its peak memory), and the
// queries a search makes, over an index.
//
//	measure import INDEX FILE...
//	measure query INDEX
package main

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"coview/register"

	_ "modernc.org/sqlite"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: measure import INDEX FILE... | measure query INDEX")
		os.Exit(2)
	}
	ctx := context.Background()
	if f := os.Getenv("MEASURE_CPUPROFILE"); f != "" {
		out, err := os.Create(f)
		if err == nil {
			pprof.StartCPUProfile(out)
			defer pprof.StopCPUProfile()
		}
	}
	var err error
	switch os.Args[1] {
	case "import":
		err = runImport(ctx, os.Args[2], os.Args[3:])
	case "query":
		err = runQueries(ctx, os.Args[2])
	case "sql":
		err = runSQL(ctx, os.Args[2], os.Args[3:])
	default:
		err = fmt.Errorf("no such measure: %s", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "measure:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

func runImport(ctx context.Context, index string, files []string) error {
	start := time.Now()
	last := time.Now()
	m, err := register.Update(ctx, index, files, register.UpdateOptions{
		Origin: register.Origin{Paths: files},
		Progress: func(p register.Progress) {
			if time.Since(last) > 5*time.Second || p.Stage != register.StageRead {
				last = time.Now()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				fmt.Fprintf(os.Stderr, "%6.1fs %s %d/%d rows %d heap %d MB sys %d MB %s\n", time.Since(start).Seconds(), p.Stage, p.Done, p.Total, p.Rows, ms.HeapInuse>>20, ms.Sys>>20, rss())
			}
		},
	})
	if err != nil {
		return err
	}
	fmt.Printf("rows %d malformed %d seconds %.2f bytes %d\n", m.Rows, m.Malformed, time.Since(start).Seconds(), m.Size)
	return nil
}

func runQueries(ctx context.Context, index string) error {
	return nil
}

func runSQL(ctx context.Context, path string, stmts []string) error {
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(OFF)&_pragma=synchronous(OFF)&_pragma=cache_size(-65536)")
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, q := range stmts {
		t := time.Now()
		rows, err := db.QueryContext(ctx, q)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		fmt.Printf("%8.3fs %d rows  %s\n", time.Since(t).Seconds(), n, q)
	}
	return nil
}

// rss is the process's resident memory now and at its peak, from /proc.
func rss() string {
	b, _ := os.ReadFile("/proc/self/status")
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmRSS") || strings.HasPrefix(l, "VmHWM") {
			out = append(out, strings.Join(strings.Fields(l), " "))
		}
	}
	return strings.Join(out, " ")
}
