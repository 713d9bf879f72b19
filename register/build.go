package register

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"

	"modernc.org/sqlite"
)

// row is a company as it is stored: the columns a search reads, the rest
// packed, and what goes into the posting lists.
type row struct {
	id                          uint32
	number, name, address, rest string
	// What goes into the posting lists.
	status, kind, subtype, created, pc string
	sic                                []string
	place                              [7]string // PO box, the lines, town, county, country, postcode
}

// batch is rows ready to store, and the posting lists' chunks filled
// while listing them.
type batch struct {
	rows   []row
	chunks []chunk
}

const (
	batchRows   = 1024
	rowsPerStmt = 64 // rows in one INSERT: fewer calls into the driver
)

// buildOptions say how to build and whom to tell.
type buildOptions struct {
	progress func(Progress)
	now      func() time.Time
	pragmas  string // more of the DSN's, for tests: a disk that fills
	// nameListsOver is how many names a word must be in to have a
	// posting list of its own; 0 is namesCap.
	nameListsOver int
}

// build reads srcs into a new index at path (which must not exist),
// whole: on any error the file is left for the caller to remove. The
// file is written without a journal and without syncing, as nothing
// reads it before it is complete and put in place.
func build(ctx context.Context, path string, srcs []*source, opt buildOptions) (*Report, error) {
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() +
		"?_pragma=journal_mode(OFF)&_pragma=synchronous(OFF)&_pragma=locking_mode(EXCLUSIVE)" +
		"&_pragma=cache_size(-32768)&_pragma=temp_store(FILE)" + opt.pragmas
	registerFunctions()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, storeError(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, schemaTables); err != nil {
		return nil, storeError(err)
	}
	report := &Report{}
	if err := load(ctx, conn, srcs, report, opt); err != nil {
		return report, err
	}
	if err := finish(ctx, conn, opt); err != nil {
		return report, err
	}
	return report, nil
}

// load reads every row into the index in one transaction, in stages each
// on a goroutine of its own, so that both of a small machine's processors
// work: the zip is inflated (readahead), its rows read, their posting
// lists made, and they are stored, here.
func load(ctx context.Context, conn *sql.Conn, srcs []*source, report *Report, opt buildOptions) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var total int64
	for _, s := range srcs {
		total += s.size
	}
	var read atomic.Int64
	parsed := make(chan batch, 4)
	listed := make(chan batch, 4)
	free := make(chan []row, 8)
	r := &reading{srcs: srcs, report: report, read: &read, out: parsed, free: free, sicWords: map[string]string{}}
	l := newLists()
	readErr, listErr := make(chan error, 1), make(chan error, 1)
	go func() {
		defer close(parsed)
		readErr <- r.all(ctx)
	}()
	go func() {
		defer close(listed)
		listErr <- l.batches(ctx, parsed, listed)
	}()
	stop := func() {
		cancel()
		for range listed {
		}
	}

	ins, err := newInserter(ctx, conn)
	if err != nil {
		stop()
		return err
	}
	defer ins.close()
	start := opt.now()
	lastPct := int64(-1)
	for b := range listed {
		if err := ins.add(ctx, b); err != nil {
			stop()
			return err
		}
		select {
		case free <- b.rows[:0]:
		default:
		}
		if pct := read.Load() * 100 / max(total, 1); pct != lastPct && opt.progress != nil {
			lastPct = pct
			el := opt.now().Sub(start)
			opt.progress(Progress{Stage: StageRead, Done: read.Load(), Total: total, Rows: ins.rows, Elapsed: el,
				Left: estimate(read.Load(), total, el), Rate: float64(read.Load()) / max(el.Seconds(), 1e-9)})
		}
	}
	if err := <-readErr; err != nil {
		return err
	}
	if err := <-listErr; err != nil {
		return err
	}
	if err := ins.flush(ctx); err != nil {
		return err
	}
	if err := ins.chunks(ctx, l.rest()); err != nil {
		return err
	}
	for code, words := range r.sicWords {
		if _, err := conn.ExecContext(ctx, `INSERT INTO sic_words VALUES (?, ?)`, code, words); err != nil {
			return storeError(err)
		}
	}
	report.Rows = ins.rows
	if err := ins.names(ctx); err != nil {
		return err
	}
	// The posting lists, dead by now, were most of the memory the load
	// held; the indexes' sorting comes next, and the peak is what counts.
	debug.FreeOSMemory()
	return nil
}

// reading is the stage that reads the files into rows.
type reading struct {
	srcs     []*source
	report   *Report
	read     *atomic.Int64
	out      chan<- batch
	free     <-chan []row
	sicWords map[string]string
	rows     []row
	id       uint32
}

// all reads every source's rows in order, in batches.
func (r *reading) all(ctx context.Context) error {
	r.rows = make([]row, 0, batchRows)
	for _, s := range r.srcs {
		rc, err := s.open()
		if err != nil {
			return &FileError{Path: s.path, Reason: "cannot be read: " + reasonOf(err), Err: err}
		}
		ra := newReadahead(ctx, rc)
		err = r.source(ctx, s, ra)
		ra.close()
		rc.Close()
		if err != nil {
			return err
		}
	}
	return r.send(ctx)
}

func (r *reading) send(ctx context.Context) error {
	if len(r.rows) == 0 {
		return nil
	}
	select {
	case r.out <- batch{rows: r.rows}:
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case r.rows = <-r.free:
	default:
		r.rows = make([]row, 0, batchRows)
	}
	return nil
}

// source reads one source: its header, then its rows. Problems with
// rows are reported and skipped over; a header that is not the
// register's, or a file that breaks off, ends it.
func (r *reading) source(ctx context.Context, s *source, rc io.Reader) error {
	recs := newRecords(&countingReader{r: rc, n: r.read})
	fields, _, err := recs.next()
	switch {
	case errors.Is(err, io.EOF):
		return &FileError{Path: s.path, Reason: "is empty: the register's file starts with its 55 column names", Err: &HeaderError{}}
	case err != nil:
		return readError(s, err)
	}
	header := make([]string, len(fields))
	for i, f := range fields {
		header[i] = string(f)
	}
	lay, err := readHeader(header)
	if err != nil {
		return &FileError{Path: s.path, Reason: err.Error(), Err: err}
	}
	rr := newRowReader(s.name, lay, r.report)
	recs.width = lay.fields
	var c Company
	for n := 0; ; n++ {
		if n%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		fields, line, err := recs.next()
		var re *recordError
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.As(err, &re):
			r.report.problem(Problem{File: s.name, Line: line, Reason: re.reason, Skipped: true})
			continue
		case err != nil:
			return readError(s, err)
		}
		if !rr.read(fields, line, &c) {
			continue
		}
		r.id++
		r.rows = append(r.rows, r.row(&c))
		if len(r.rows) == batchRows {
			if err := r.send(ctx); err != nil {
				return err
			}
		}
	}
}

// row is a company as it is stored.
func (r *reading) row(c *Company) row {
	out := row{id: r.id, number: c.Number, name: c.Name, address: packAddress(c.Address), rest: packRest(c),
		status: c.Status, kind: c.Type, subtype: c.Subtype, created: c.Incorporated, pc: Postcode(c.Address.PostalCode)}
	for _, s := range c.SIC {
		out.sic = append(out.sic, s.Code)
		if _, ok := r.sicWords[s.Code]; !ok && s.Text != "" {
			r.sicWords[s.Code] = s.Text
		}
	}
	a := &c.Address
	out.place = [7]string{a.POBox, a.AddressLine1, a.AddressLine2, a.Locality, a.Region, a.Country, a.PostalCode}
	return out
}

// batches is the stage that puts rows in their posting lists.
func (l *lists) batches(ctx context.Context, in <-chan batch, out chan<- batch) error {
	for b := range in {
		for i := range b.rows {
			l.row(&b.rows[i])
		}
		b.chunks = l.drain()
		select {
		case out <- b:
		case <-ctx.Done():
			for range in {
			}
			return ctx.Err()
		}
	}
	return nil
}

// row puts a row's values in their posting lists.
func (l *lists) row(r *row) {
	id := r.id
	l.add(facetStatus, r.status, id)
	l.add(facetType, r.kind, id)
	if r.subtype != "" {
		l.add(facetSubtype, r.subtype, id)
	}
	for _, code := range r.sic {
		l.add(facetSIC, code, id)
	}
	if r.pc != "" {
		l.add(facetArea, postcodeArea(r.pc), id)
		l.add(facetDistrict, postcodeDistrict(r.pc), id)
	}
	// A company with no day of incorporation is in the list of "i:", so
	// that a search can find those outside a range of days.
	l.add(facetDay, r.created, id)
	for _, f := range r.place {
		l.addressWords(f, id)
	}
}

// addressWords puts the words of an address's field in their lists, as
// words() splits them; words of digits only (house numbers) are left
// out, and a search for one reads the addresses instead.
func (l *lists) addressWords(s string, id uint32) {
	for i := 0; i < len(s); {
		if s[i] >= 0x80 {
			// Not ASCII: the general way, for the rest of the field.
			for _, w := range words(s[i:]) {
				if !digitsOnly(w) {
					l.add(facetWord, w, id)
				}
			}
			return
		}
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			i++
			continue
		}
		l.key = append(l.key[:0], termWord...)
		letters := false
		j := i
		for ; j < len(s) && s[j] < 0x80; j++ {
			c := s[j]
			switch {
			case c >= 'A' && c <= 'Z':
				c += 'a' - 'A'
				letters = true
			case c >= 'a' && c <= 'z':
				letters = true
			case c >= '0' && c <= '9':
			default:
				goto end
			}
			l.key = append(l.key, c)
		}
	end:
		if j < len(s) && s[j] >= 0x80 {
			// The word goes on past ASCII: the general way from its start.
			for _, w := range words(s[i:]) {
				if !digitsOnly(w) {
					l.add(facetWord, w, id)
				}
			}
			return
		}
		if letters {
			l.addKey(id)
		}
		i = j
	}
}

func digitsOnly(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return true
}

// readError says what broke off the reading of a file.
func readError(s *source, err error) error {
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return err
	case strings.Contains(err.Error(), "checksum"):
		return &FileError{Path: s.path, Err: err, Reason: "is damaged: its contents do not match the zip's checksum; download it again"}
	case errors.Is(err, io.ErrUnexpectedEOF), strings.Contains(err.Error(), "flate"):
		return &FileError{Path: s.path, Err: err, Reason: "breaks off part-way (" + err.Error() + "): it was probably cut short; download it again"}
	}
	return &FileError{Path: s.path, Err: err, Reason: "cannot be read: " + reasonOf(err)}
}

type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// inserter stores rows many to a statement, and chunks of posting lists,
// in transactions of namesEvery rows; after each, the names of its rows
// go into the FTS index with one statement. FTS5 writes what it holds in
// memory to the disk at every statement of a transaction it is part of,
// so the names are kept out of the transactions that insert rows, which
// would otherwise leave thousands of tiny segments to merge.
type inserter struct {
	conn             *sql.Conn
	many, one, chunk *sql.Stmt
	pending          []row
	args             []any
	rows             int
	named            int // rows whose names are in the FTS index
	inTx             bool
}

const (
	companyColumns = 5
	namesEvery     = 1 << 17
)

func newInserter(ctx context.Context, conn *sql.Conn) (*inserter, error) {
	values := func(n, cols int) string {
		one := "(" + strings.TrimSuffix(strings.Repeat("?,", cols), ",") + ")"
		return strings.TrimSuffix(strings.Repeat(one+",", n), ",")
	}
	ins := &inserter{conn: conn}
	for _, s := range []struct {
		to   **sql.Stmt
		text string
	}{
		{&ins.many, "INSERT INTO companies VALUES " + values(rowsPerStmt, companyColumns)},
		{&ins.one, "INSERT INTO companies VALUES " + values(1, companyColumns)},
		{&ins.chunk, "INSERT INTO postings VALUES (?, ?, ?, ?)"},
	} {
		st, err := conn.PrepareContext(ctx, s.text)
		if err != nil {
			ins.close()
			return nil, storeError(err)
		}
		*s.to = st
	}
	ins.args = make([]any, 0, rowsPerStmt*companyColumns)
	return ins, nil
}

func (ins *inserter) close() {
	for _, s := range []*sql.Stmt{ins.many, ins.one, ins.chunk} {
		if s != nil {
			s.Close()
		}
	}
	if ins.inTx {
		ins.conn.ExecContext(context.Background(), "ROLLBACK")
	}
}

func (ins *inserter) begin(ctx context.Context) error {
	if ins.inTx {
		return nil
	}
	if _, err := ins.conn.ExecContext(ctx, "BEGIN"); err != nil {
		return storeError(err)
	}
	ins.inTx = true
	return nil
}

func (ins *inserter) commit(ctx context.Context) error {
	if !ins.inTx {
		return nil
	}
	if _, err := ins.conn.ExecContext(ctx, "COMMIT"); err != nil {
		return storeError(err)
	}
	ins.inTx = false
	return nil
}

// names commits the rows stored so far and puts their names in the FTS
// index.
func (ins *inserter) names(ctx context.Context) error {
	if err := ins.commit(ctx); err != nil {
		return err
	}
	if ins.named == ins.rows {
		return nil
	}
	if _, err := ins.conn.ExecContext(ctx, `INSERT INTO names (rowid, name) SELECT id, name FROM companies WHERE id > ?`, ins.named); err != nil {
		return storeError(err)
	}
	ins.named = ins.rows
	return nil
}

func (ins *inserter) add(ctx context.Context, b batch) error {
	if err := ins.begin(ctx); err != nil {
		return err
	}
	for i := range b.rows {
		ins.pending = append(ins.pending, b.rows[i])
		if len(ins.pending) == rowsPerStmt {
			if err := ins.exec(ctx, ins.many, ins.pending); err != nil {
				return err
			}
			ins.pending = ins.pending[:0]
		}
	}
	if err := ins.chunks(ctx, b.chunks); err != nil {
		return err
	}
	if ins.rows-ins.named >= namesEvery {
		return ins.names(ctx)
	}
	return nil
}

func (ins *inserter) chunks(ctx context.Context, cs []chunk) error {
	if err := ins.begin(ctx); err != nil {
		return err
	}
	for _, c := range cs {
		if c.ids == nil {
			c.ids = []byte{}
		}
		if _, err := ins.chunk.ExecContext(ctx, c.term, int64(c.first), c.n, c.ids); err != nil {
			return storeError(err)
		}
	}
	return nil
}

func (ins *inserter) flush(ctx context.Context) error {
	if err := ins.begin(ctx); err != nil {
		return err
	}
	for _, r := range ins.pending {
		if err := ins.exec(ctx, ins.one, []row{r}); err != nil {
			return err
		}
	}
	ins.pending = ins.pending[:0]
	return nil
}

func (ins *inserter) exec(ctx context.Context, st *sql.Stmt, rows []row) error {
	args := ins.args[:0]
	for i := range rows {
		r := &rows[i]
		ins.rows++
		args = append(args, int64(r.id), r.number, r.name, r.address, r.rest)
	}
	if _, err := st.ExecContext(ctx, args...); err != nil {
		return storeError(err)
	}
	return nil
}

// finish builds the indexes, sorting on two threads: nothing else runs
// by then.
func finish(ctx context.Context, conn *sql.Conn, opt buildOptions) error {
	// Each sorting thread takes up to the cache's size in memory.
	if _, err := conn.ExecContext(ctx, "PRAGMA threads = 2; PRAGMA cache_size = -16384"); err != nil {
		return storeError(err)
	}
	start := opt.now()
	steps := int64(len(schemaIndexes)) + 1
	tell := func(i int64) {
		if opt.progress != nil {
			el := opt.now().Sub(start)
			opt.progress(Progress{Stage: StageIndex, Done: i, Total: steps, Elapsed: el, Left: estimate(i, steps, el)})
		}
	}
	for i, q := range schemaIndexes {
		tell(int64(i))
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return storeError(err)
		}
	}
	tell(steps - 1)
	over := opt.nameListsOver
	if over == 0 {
		over = namesCap
	}
	return nameLists(ctx, conn, over)
}

// ErrDiskFull is a disk that filled while the index was written; the
// index in use is unchanged.
var ErrDiskFull = errors.New("the disk is full")

// storeError tells a full disk apart from other failures to write.
func storeError(err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) && se.Code()&0xff == 13 { // SQLITE_FULL
		return fmt.Errorf("%w: %v", ErrDiskFull, err)
	}
	return err
}
