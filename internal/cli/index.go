package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"coview/api/demo"
	"coview/present"
	"coview/present/labels"
	"coview/present/sanitize"
	"coview/register"
)

const indexLong = `Keep the registry's monthly company file (Basic Company Data: every company
on the register, about 5.7 million) on this machine as an index.

An update (coview index update) finds the newest file on the registry's
download site, downloads it (about 500 MB; a download that breaks off goes on
from where it stopped, next time too), checks it, and builds a new index beside
the one in use, which it replaces only once the new one is whole: a kill, a full
disk or a bad file leave the index in use answering as before. --from takes the
zip or CSV on this machine instead, or its parts. Then coview index status says
what the index holds and whether a newer month should be out, and coview index
remove takes it away.

The index is kept in $XDG_DATA_HOME/coview/register.db (default
~/.local/share/coview/register.db), beside the watch list; --demo keeps an
index of the demo's file apart, in register-demo.db, which only --demo
uses. Its answers are as old as the file (the registry publishes it once a
month), except while coview watch follow runs, which keeps them current
from the registry's companies stream, in register.db.live beside it. It
holds no dissolved companies, officers, owners, charges' details or
filings.

The download site is the registry's ($COVIEW_DOWNLOAD_URL, the settings'
download_url or --download-url name another). It is asked with a plain
client: no key goes to it.

Exit codes: 0 done, 1 failure (the network, a download that broke off too
often, a full disk), 2 usage error, 4 no index (status), 6 the file is not the
register's or is damaged (the index in use is unchanged), 7 another update is
running (--wait waits for it), 130 interrupted (the index in use is
unchanged).`

// newIndexCommand is "coview index" and its sub-commands.
func newIndexCommand(env Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "index",
		Short: "The registry's monthly company file as an index on this machine",
		Long:  indexLong,
		Example: `
coview index update
coview index update --from BasicCompanyDataAsOneFile-2026-11-01.zip
coview index status --json
coview --demo index update`,
		Args: cobra.NoArgs,
	}
	cmd.AddCommand(newIndexUpdateCommand(env), newIndexStatusCommand(env), newIndexRemoveCommand(env))
	return cmd
}

// indexUpdateFlags are the flags of coview index update.
type indexUpdateFlags struct {
	from        []string
	downloadURL string
	wait        bool
}

func newIndexUpdateCommand(env Env) *cobra.Command {
	var f indexUpdateFlags
	cmd := &cobra.Command{
		Use:   "update [--from FILE...] [--download-url URL] [--wait]",
		Short: "Download the newest monthly file and index it",
		Long: `Find the newest monthly company file on the download site, download it with
progress on stderr (a bar on a terminal, a line every 10% otherwise), check it,
and index it; the index in use is replaced only once the new one is whole. At
the end one line: the companies, the register's date, the size on disk and the
time taken. Rows of the file that could not be read whole are counted and the
first of them said on stderr.`,
		Example: `
coview index update
coview index update --from ~/Downloads/BasicCompanyDataAsOneFile-2026-11-01.zip
coview index update --from BasicCompanyData-2026-11-01-part1_7.zip ... BasicCompanyData-2026-11-01-part7_7.zip
coview index update --download-url http://127.0.0.1:8090/en_output.html`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			from := f.from
			if len(args) > 0 {
				if len(from) == 0 {
					return usageError("index update takes no arguments, got %q; give files to index with --from", args[0])
				}
				from = append(from, args...) // --from a b c: the shell's glob of the parts
			}
			page, err := downloadPage(env.registry.downloadURL, settingsOf(cmd, env).DownloadURL, env)
			if err != nil {
				return err
			}
			if len(from) > 0 && cmd.Flags().Changed("download-url") {
				return usageError("--from indexes files on this machine; --download-url is where to download one: give one or the other")
			}
			if len(from) == 0 && env.registry.offline {
				return &exitError{code: exitOffline, msg: "--offline asks nothing of the network, and index update downloads the monthly file: leave --offline out, or give the file with --from"}
			}
			return runIndexUpdate(cmd.Context(), indexUpdate{from: from, page: page, demo: env.registry.demo, wait: f.wait, timeout: env.registry.timeout}, env)
		},
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringSliceVar(&f.from, "from", nil, "index these files on this machine instead: the register's zip or CSV, or its parts")
	fs.BoolVar(&f.wait, "wait", false, "when another update of the index is running, wait for it to end rather than refuse")
	return cmd
}

// downloadPage is the download site's page: the flag's, the
// environment's, the settings', or the registry's.
func downloadPage(flag, setting string, env Env) (string, error) {
	page := flag
	if page == "" {
		page = env.Getenv("COVIEW_DOWNLOAD_URL")
	}
	if page == "" {
		page = setting
	}
	if page == "" {
		return register.DefaultDownloadURL, nil
	}
	if !strings.HasPrefix(page, "http://") && !strings.HasPrefix(page, "https://") {
		return "", usageError("the download page %q is not a web address: give one as https://download.companieshouse.gov.uk/en_output.html", sanitize.Line(page))
	}
	return page, nil
}

// indexUpdate is an update as the command line asks for it.
type indexUpdate struct {
	from    []string
	page    string
	demo    bool
	wait    bool
	timeout time.Duration
}

// runIndexUpdate updates the index: from the files given, or from the
// download site (the demo's with --demo).
func runIndexUpdate(ctx context.Context, u indexUpdate, env Env) error {
	// The import's peak memory is most of all what Go keeps for garbage
	// not yet collected: a bound makes it collect sooner.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(200 << 20))
	path, err := register.DefaultPath(env.Getenv, u.demo)
	if err != nil {
		return err
	}
	started := time.Now()
	out := newProgressOut(env.Stderr, isTerminal(env.Stderr))
	lock, err := register.Lock(ctx, path, register.LockOptions{Wait: u.wait, OnWait: func(b *register.BusyError) {
		out.say("%s; waiting for it to end (ctrl+c stops waiting)", b.Error())
	}})
	if err != nil {
		return indexError(ctx, err)
	}
	defer lock.Release()

	files, origin := u.from, register.Origin{Paths: u.from, Demo: u.demo}
	if len(files) == 0 {
		page := u.page
		if u.demo {
			s, err := demo.Start(demo.ServeOptions{ErrorLog: log.New(io.Discard, "", 0), Wrap: env.registry.demoWrap})
			if err != nil {
				return fmt.Errorf("cannot start the demo's download site: %w", err)
			}
			defer s.Close()
			page = s.DownloadURL + "/en_output.html"
		}
		zipPath, fileURL, err := fetchMonthly(ctx, page, filepath.Dir(path), u.timeout, out)
		if err != nil {
			return indexError(ctx, err)
		}
		files, origin = []string{zipPath}, register.Origin{URL: fileURL, Demo: u.demo}
		defer os.Remove(zipPath) // indexed or not worth keeping: a new update downloads it again
	}
	m, err := register.Update(ctx, path, files, register.UpdateOptions{Lock: lock, Origin: origin, Progress: out.progress})
	out.done()
	if err != nil {
		return indexError(ctx, err)
	}
	reportProblems(env.Stderr, m)
	fmt.Fprintf(env.Stdout, "%s companies from the register of %s, %s on disk, in %s\n",
		present.Thousands(m.Rows), registerDate(m.FileDate), sizeWords(m.Size), time.Since(started).Round(time.Second))
	return nil
}

// fetchMonthly finds the newest file on the page and downloads it into
// dir, going on from what a download that broke off left there.
func fetchMonthly(ctx context.Context, page, dir string, timeout time.Duration, out *progressOut) (path, fileURL string, err error) {
	client := &http.Client{Transport: &http.Transport{Proxy: http.ProxyFromEnvironment, ResponseHeaderTimeout: timeout,
		TLSHandshakeTimeout: timeout, IdleConnTimeout: timeout}}
	m, err := register.Find(ctx, client, page)
	if err != nil {
		return "", "", err
	}
	name := filepath.Base("BasicCompanyDataAsOneFile-" + m.Date + ".zip")
	path = filepath.Join(dir, name)
	// A download of another month that broke off will never be resumed.
	if old, _ := filepath.Glob(filepath.Join(dir, "BasicCompanyDataAsOneFile-*.zip.part")); len(old) > 0 {
		for _, o := range old {
			if filepath.Base(o) != name+".part" {
				os.Remove(o)
				os.Remove(o + ".etag")
			}
		}
	}
	if fi, err := os.Stat(path + ".part"); err == nil {
		out.say("going on with the download of %s from %s", sanitize.Line(name), sizeWords(fi.Size()))
	}
	_, err = register.Download(ctx, m.URL, path, register.DownloadOptions{Client: client, Progress: out.progress, IdleTimeout: max(timeout, time.Minute),
		OnResume: func(from int64, why error) {
			out.say("the download broke off at %s (%s); going on from there", sizeWords(from), sanitize.Line(why.Error()))
		}})
	if err != nil {
		return "", "", err
	}
	return path, m.URL, nil
}

// indexError is an update's failure as the command ends with it: what
// happened, that the index in use is as it was, and what to do.
func indexError(ctx context.Context, err error) error {
	unchanged := "; the index in use is unchanged"
	var fe *register.FileError
	var be *register.BusyError
	switch {
	case ctx.Err() != nil:
		return &exitError{code: exitFailure, msg: "stopped" + unchanged}
	case errors.As(err, &be):
		return &exitError{code: exitBusy, msg: sanitize.Line(err.Error()) + unchanged + "; --wait waits for it to end"}
	case errors.As(err, &fe):
		return &exitError{code: exitBadFile, msg: sanitize.Line(err.Error()) + unchanged}
	case errors.Is(err, register.ErrDiskFull):
		return &exitError{code: exitFailure, msg: "the disk is full: the index of the whole register needs about 2 GB free beside it" + unchanged + "; make room and run coview index update again"}
	}
	var de *register.DownloadError
	var fnd *register.FindError
	if errors.As(err, &de) || errors.As(err, &fnd) {
		return &exitError{code: exitFailure, msg: sanitize.Line(err.Error()) + unchanged}
	}
	return &exitError{code: exitFailure, msg: sanitize.Line(err.Error()) + unchanged}
}

// reportProblems says on stderr what rows of the file could not be read
// whole, and which of its words are in no table of the registry's keys.
func reportProblems(w io.Writer, m *register.Meta) {
	if m.Malformed > 0 {
		fmt.Fprintf(w, "coview: %s of the file could not be read whole (%s skipped):\n",
			present.Plural(m.Malformed, "row", "rows"), present.Thousands(m.Skipped))
		for i, p := range m.Problems {
			if i == 5 {
				fmt.Fprintf(w, "  ... coview index status --json lists the first %d\n", register.MaxProblems)
				break
			}
			fmt.Fprintln(w, "  "+sanitize.Line(p.String()))
		}
	}
	for words, n := range m.Unknown {
		fmt.Fprintf(w, "coview: %s (%s) is in no table of the registry's keys: kept as the file has it\n",
			sanitize.Line(words), present.Plural(n, "row", "rows"))
	}
}

// registerDate is the register's date in words, "1 Nov 2026", or
// "an unknown date" when the file's name did not say.
func registerDate(d string) string {
	if d == "" {
		return "an unknown date"
	}
	return labels.Date(d)
}

// sizeWords is a size on disk in words: 1.9 GB.
func sizeWords(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.0f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.0f kB", float64(n)/(1<<10))
}

// newIndexStatusCommand is "coview index status".
func newIndexStatusCommand(env Env) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "status [--json]",
		Short: "What the index holds, and whether a newer month should be out",
		Long: `Say what the index holds: the register's date, its companies, its size and
where it is, where its file came from, when it was built, whose it is (the
live register's, or with --demo the demo's), the rows of the file that could
not be read whole, and whether the registry should have published a newer
month by now (a file is named after the first of its month and comes out in
its first week). While coview watch follow runs it keeps the index current
from the registry's companies stream: the register's line then says how far
("file of 1 Nov 2026, live to 06:31 today") and a line says how many
companies changed or were incorporated since the file (--json: live_to,
live_companies). --json writes it as one object. No index is exit code 4.`,
		Example: `
coview index status
coview index status --json | jq .file_date`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runIndexStatus(cmd.Context(), env.registry.demo, asJSON, time.Now(), env)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "write it as one JSON object")
	return cmd
}

// indexStatusJSON is coview index status --json.
type indexStatusJSON struct {
	FileDate    string         `json:"file_date"`
	Rows        int            `json:"rows"`
	Malformed   int            `json:"malformed_rows"`
	Skipped     int            `json:"skipped_rows"`
	Problems    []string       `json:"problems,omitempty"`
	Unknown     map[string]int `json:"unknown_words,omitempty"`
	Path        string         `json:"path"`
	Size        int64          `json:"size"`
	URL         string         `json:"source_url,omitempty"`
	Paths       []string       `json:"source_paths,omitempty"`
	Demo        bool           `json:"demo"`
	BuiltAt     string         `json:"built_at"`
	TookSeconds float64        `json:"took_seconds"`
	NewerDue    bool           `json:"newer_month_due"`
	// LiveTo is when the latest change a follow wrote into the index
	// since the file was published (RFC 3339); LiveCompanies how many
	// companies it changed or incorporated.
	LiveTo        string `json:"live_to,omitempty"`
	LiveCompanies int    `json:"live_companies"`
}

func runIndexStatus(ctx context.Context, isDemo, asJSON bool, now time.Time, env Env) error {
	path, err := register.DefaultPath(env.Getenv, isDemo)
	if err != nil {
		return err
	}
	ix, err := register.Open(ctx, path)
	if errors.Is(err, register.ErrNoIndex) {
		what := "there is no index of the register on this machine: coview index update makes one"
		if isDemo {
			what = "there is no index of the demo's file: coview --demo index update makes one"
		}
		return &exitError{code: exitNotFound, msg: what}
	}
	if err != nil {
		return &exitError{code: exitFailure, msg: sanitize.Line(err.Error())}
	}
	defer ix.Close()
	m := ix.Meta()
	newer := register.NewerMonth(m.FileDate, now)
	live, err := ix.Live(ctx)
	if err != nil {
		fmt.Fprintf(env.Stderr, "coview: %s\n", sanitize.Line(err.Error()))
	}
	if asJSON {
		j := indexStatusJSON{FileDate: m.FileDate, Rows: m.Rows, Malformed: m.Malformed, Skipped: m.Skipped, Unknown: m.Unknown,
			Path: m.Path, Size: m.Size, URL: m.Origin.URL, Paths: m.Origin.Paths, Demo: m.Origin.Demo,
			BuiltAt: m.BuiltAt.UTC().Format(time.RFC3339), TookSeconds: m.Took.Seconds(), NewerDue: newer, LiveCompanies: live.Companies}
		if !live.To.IsZero() {
			j.LiveTo = live.To.UTC().Format(time.RFC3339)
		}
		for _, p := range m.Problems {
			j.Problems = append(j.Problems, p.String())
		}
		writeJSONValue(env.Stdout, j)
		return nil
	}
	whose := "the live register's"
	if m.Origin.Demo {
		whose = "the demo's (only --demo uses it)"
	}
	line := func(label, value string) { fmt.Fprintf(env.Stdout, "%-10s %s\n", label+":", sanitize.Line(value)) }
	date := registerDate(m.FileDate)
	if live.Companies > 0 {
		date = "file of " + date + ", " + liveTo(live.To, now)
	}
	line("register", fmt.Sprintf("%s, %s companies", date, present.Thousands(m.Rows)))
	if live.Companies > 0 {
		line("live", fmt.Sprintf("%s changed or incorporated since the file, from the registry's streams (coview watch follow keeps it current)",
			present.Plural(live.Companies, "company", "companies")))
	}
	line("whose", whose)
	line("where", fmt.Sprintf("%s (%s)", m.Path, sizeWords(m.Size)))
	line("from", m.Origin.Where())
	line("built", fmt.Sprintf("%s, in %s", m.BuiltAt.Local().Format("2006-01-02 15:04"), m.Took.Round(time.Second)))
	if m.Malformed > 0 {
		line("malformed", fmt.Sprintf("%s could not be read whole (%s skipped); --json lists them",
			present.Plural(m.Malformed, "row", "rows"), present.Thousands(m.Skipped)))
	}
	if newer {
		line("newer", "the registry should have published a newer month by now: coview index update")
	} else {
		line("newer", "none due yet")
	}
	return nil
}

// liveTo is how far the live overlay goes, in words: "live to 06:31
// today", or "live to 06:31 on 27 Nov 2026", in local time.
func liveTo(to, now time.Time) string {
	if to.IsZero() {
		return "live (to a time the streams did not say)"
	}
	t, n := to.Local(), now.Local()
	if t.Year() == n.Year() && t.YearDay() == n.YearDay() {
		return "live to " + t.Format("15:04") + " today"
	}
	return "live to " + t.Format("15:04") + " on " + labels.Date(t.Format(time.DateOnly))
}

// newIndexRemoveCommand is "coview index remove".
func newIndexRemoveCommand(env Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "remove",
		Short: "Take the index away",
		Long: `Remove the index (with --demo, the demo's). An update running is not undone:
remove refuses until it ends (exit code 7).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			path, err := register.DefaultPath(env.Getenv, env.registry.demo)
			if err != nil {
				return err
			}
			removed, err := register.Remove(cmd.Context(), path)
			if err != nil {
				return indexError(cmd.Context(), err)
			}
			if removed {
				fmt.Fprintln(env.Stderr, "coview: removed the index at "+sanitize.Line(path))
			} else {
				fmt.Fprintln(env.Stderr, "coview: there was no index at "+sanitize.Line(path))
			}
			return nil
		},
	}
	return cmd
}
