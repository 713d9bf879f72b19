// Command measure times the index for .ci/measure.sh: an import of a file
// into an index (run it under /usr/bin/time for its peak memory), and the
// queries a search makes, over an index.
//
//	measure import INDEX FILE...
//	measure query INDEX
//	measure live INDEX DISSOLVED NEW CHANGED
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"time"

	"coview/api"
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
	case "live":
		err = runLive(ctx, os.Args[2], os.Args[3:])
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

// runQueries times the queries a search makes over an index, as a
// search box, a filtered search and a count ask them, and prints each
// measure as "name value" lines: milliseconds.
func runQueries(ctx context.Context, index string) error {
	p, err := openPicker(ctx, index, 7, 11)
	if err != nil {
		return err
	}
	defer p.close()
	ix, r := p.ix, p.r
	sample := func() *register.Company {
		c, err := p.pick(ctx)
		if err != nil {
			panic(err)
		}
		return c
	}

	// A name as typed: a company's name cut anywhere in its first twelve
	// characters, in lower case, top 20.
	var typed []float64
	for range 1000 {
		name := strings.ToLower(sample().Name)
		cut := 1 + r.IntN(min(len(name), 12))
		t := time.Now()
		if _, err := ix.Typed(ctx, name[:cut], 20); err != nil {
			return err
		}
		typed = append(typed, ms(time.Since(t)))
	}
	report("typed", typed)

	// Filters, a page of 100, from companies picked at random: their
	// SIC code and status, their town, their postcode's area and
	// district, a word of their name, their year of incorporation.
	var queries []register.Query
	for range 20 {
		c := sample()
		word := strings.Fields(c.Name)[0]
		town := strings.ToLower(c.Address.Locality)
		pc := register.Postcode(c.Address.PostalCode)
		area := strings.TrimRight(pc, "0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ")
		for i := 0; i < len(pc); i++ {
			if pc[i] >= '0' && pc[i] <= '9' {
				area = pc[:i]
				break
			}
		}
		district, _, _ := strings.Cut(pc, " ")
		year := c.Incorporated[:4]
		sic := "62020"
		if len(c.SIC) > 0 {
			sic = c.SIC[0].Code
		}
		queries = append(queries,
			register.Query{CompanyQuery: api.CompanyQuery{Statuses: []string{"active"}, SICCodes: []string{sic}}},
			register.Query{CompanyQuery: api.CompanyQuery{Location: town, SICCodes: []string{sic}}},
			register.Query{CompanyQuery: api.CompanyQuery{Location: town}},
			register.Query{CompanyQuery: api.CompanyQuery{NameIncludes: word, Statuses: []string{"active"}}},
			register.Query{CompanyQuery: api.CompanyQuery{IncorporatedFrom: year + "-01-01", IncorporatedTo: year + "-12-31", SICCodes: []string{sic}}},
			register.Query{Postcode: area, CompanyQuery: api.CompanyQuery{Statuses: []string{"active"}}},
			register.Query{Postcode: district},
			register.Query{CompanyQuery: api.CompanyQuery{Types: []string{"llp"}, Location: town}},
			register.Query{CompanyQuery: api.CompanyQuery{Statuses: []string{"liquidation"}}},
		)
	}
	var pages, counts []float64
	byKind := map[int][]float64{}
	for i, q := range queries {
		t := time.Now()
		if _, err := ix.Search(ctx, q, api.Page{ItemsPerPage: 100}); err != nil {
			return err
		}
		pages = append(pages, ms(time.Since(t)))
		byKind[i%9] = append(byKind[i%9], ms(time.Since(t)))
		t = time.Now()
		if _, err := ix.Count(ctx, q); err != nil {
			return err
		}
		counts = append(counts, ms(time.Since(t)))
	}
	report("page100", pages)
	if os.Getenv("MEASURE_KINDS") != "" {
		for k := range 9 {
			report(fmt.Sprintf("page100_kind%d", k), byKind[k])
		}
	}
	report("count", counts)
	// The biggest count there is: every active company.
	t := time.Now()
	n, err := ix.Count(ctx, register.Query{CompanyQuery: api.CompanyQuery{Statuses: []string{"active"}}})
	if err != nil {
		return err
	}
	fmt.Printf("count_active_ms %.1f\ncount_active_rows %d\n", ms(time.Since(t)), n)
	return nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// report prints a measure's median, 95th percentile and largest.
func report(name string, v []float64) {
	slices.Sort(v)
	at := func(p float64) float64 { return v[min(int(p*float64(len(v))), len(v)-1)] }
	fmt.Printf("%s_p50_ms %.2f\n%s_p95_ms %.2f\n%s_max_ms %.2f\n%s_n %d\n", name, at(0.5), name, at(0.95), name, v[len(v)-1], name, len(v))
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

// runLive writes into the index's live overlay what a follow would have
// written by late in a month: companies of the file dissolved, companies
// new since the file, and companies of the file changed (a filing's dates
// moved on; of those, one in fifty moved, one in a hundred renamed, one
// in two hundred gone into liquidation), each a company-profile
// event, in batches of a thousand as a follow writes them. It prints how
// many a second the follow's part took and wrote (the companies picked
// and changed here are not counted).
func runLive(ctx context.Context, index string, counts []string) error {
	if len(counts) != 3 {
		return fmt.Errorf("usage: measure live INDEX DISSOLVED NEW CHANGED")
	}
	var dissolved, fresh, changed int
	for i, p := range []*int{&dissolved, &fresh, &changed} {
		n, err := strconv.Atoi(counts[i])
		if err != nil || n < 0 {
			return fmt.Errorf("not a count: %q", counts[i])
		}
		*p = n
	}
	p, err := openPicker(ctx, index, 3, 5)
	if err != nil {
		return err
	}
	defer p.close()
	ix := p.ix
	l, err := register.OpenLive(index, ix.Meta().FileDate)
	if err != nil {
		return err
	}
	defer l.Close()
	sample := func() (*register.Company, error) { return p.pick(ctx) }
	var spent time.Duration // in the follow's part: taking the events and writing them
	tp := int64(0)
	write := func(c *register.Company) error {
		tp++
		data := ix.ProfileOf(c).Raw
		line, err := json.Marshal(map[string]any{
			"resource_kind": "company-profile", "resource_uri": "/company/" + c.Number, "resource_id": c.Number,
			"data":  json.RawMessage(data),
			"event": map[string]any{"timepoint": tp, "published_at": "2026-11-20T09:00:00", "type": "changed"},
		})
		if err != nil {
			return err
		}
		start := time.Now()
		defer func() { spent += time.Since(start) }()
		e, err := api.DecodeEvent(line)
		if err != nil {
			return err
		}
		l.Add("companies", e)
		if tp%1000 == 0 {
			_, err = l.Flush(ctx)
		}
		return err
	}
	for k := range dissolved + fresh + changed {
		c, err := sample()
		if err != nil {
			return err
		}
		switch {
		case k < dissolved:
			c.Status, c.StatusDetail, c.Dissolved = "dissolved", "", "2026-11-17"
		case k < dissolved+fresh:
			c.Number = fmt.Sprintf("16%06d", k-dissolved)
			c.Name = fmt.Sprintf("%s %d", c.Name, k)
			c.Incorporated, c.Status, c.PreviousNames = "2026-11-17", "active", nil
		default:
			c.Confirmation.LastMadeUpTo, c.Confirmation.NextDue = "2026-11-17", "2027-12-01"
			switch {
			case k%50 == 0:
				other, err := sample()
				if err != nil {
					return err
				}
				c.Address = other.Address
			case k%100 == 1:
				c.Name = fmt.Sprintf("%s %d", c.Name, k)
			case k%200 == 2:
				c.Status = "liquidation"
			}
		}
		if err := write(c); err != nil {
			return err
		}
	}
	start := time.Now()
	if _, err := l.Flush(ctx); err != nil {
		return err
	}
	secs := (spent + time.Since(start)).Seconds()
	fmt.Printf("live_events %d\nlive_seconds %.1f\nlive_events_per_s %.0f\n", tp, secs, float64(tp)/secs)
	return nil
}

// picker picks companies of an index at random: the same ones, in the
// same order, for the same seed.
type picker struct {
	ix *register.Index
	db *sql.DB // the index's file, read as a table
	r  *rand.Rand
}

func openPicker(ctx context.Context, index string, seed1, seed2 uint64) (*picker, error) {
	ix, err := register.Open(ctx, index)
	if err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", "file:"+index+"?mode=ro&immutable=1")
	if err != nil {
		ix.Close()
		return nil, err
	}
	return &picker{ix: ix, db: db, r: rand.New(rand.NewPCG(seed1, seed2))}, nil
}

// pick is a company of the index picked at random, as the index has it.
func (p *picker) pick(ctx context.Context) (*register.Company, error) {
	var number string
	if err := p.db.QueryRowContext(ctx, `SELECT number FROM companies WHERE id = ?`, 1+p.r.IntN(p.ix.Meta().Rows)).Scan(&number); err != nil {
		return nil, err
	}
	return p.ix.Company(ctx, api.Number(number))
}

func (p *picker) close() {
	p.db.Close()
	p.ix.Close()
}
