package cli

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"coview/present"
)

// screenAsCSV runs "coview screen --csv" and reads its output back with a
// CSV reader.
func screenAsCSV(t *testing.T, stdin string, env map[string]string, args ...string) (ran, [][]string) {
	t.Helper()
	r := run(t, stdin, env, append([]string{"screen", "--csv"}, args...)...)
	records, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if err != nil {
		t.Fatalf("the CSV does not read back: %v\n%s", err, r.stdout)
	}
	return r, records
}

// field is a record's field by its name in the header.
func field(header, record []string, name string) string {
	return record[slices.Index(header, name)]
}

func TestScreenGivesEveryEntryItsRowAndExitsZeroWhateverTheResults(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	cases := []struct {
		input, number, result, why string
	}{
		{"6400", "00006400", "ok", ""},
		{"Company No. 6403", "00006403", "ok", ""},
		{"99999999", "99999999", "not_found", "no company has this number"},
		{"0123 4567", "", "invalid", "it could be one number (01234567) or 2"},
		{"Grumble and Sons Plumbing Limited", "00006407", "ok", ""},
		{"Gooseberry Fool", "", "unresolved", "no company has exactly this name; the closest: GOOSEBERRY FOOL"},
		{"6400", "00006400", "ok", ""},
	}
	var stdin strings.Builder
	for _, tc := range cases {
		stdin.WriteString(tc.input + "\n")
	}
	r, records := screenAsCSV(t, stdin.String(), demoEnv(srv), "-")
	if r.code != 0 || len(records) != len(cases)+1 {
		t.Fatalf("exit %d, %d records; stderr %s", r.code, len(records), r.stderr)
	}
	header := records[0]
	if !slices.Equal(header, present.ScreenFields(false)) {
		t.Fatalf("header %q", header)
	}
	for i, tc := range cases {
		rec := records[i+1]
		if field(header, rec, "input") != tc.input || field(header, rec, "number") != tc.number || field(header, rec, "result") != tc.result ||
			!strings.HasPrefix(field(header, rec, "why"), tc.why) {
			t.Errorf("row %d: %q; want %+v", i+1, rec, tc)
		}
	}
	if got := field(header, records[2], "flags"); got != "in liquidation; accounts overdue" {
		t.Errorf("00006403's flags %q", got)
	}
}

func TestScreenCSVRoundTripsCommasQuotesAndLineBreaks(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	// A spreadsheet's export: names with commas, quotes and a line break,
	// and their numbers in the second column.
	cells := [][]string{
		{"Supplier", "Company number"},
		{`Marzipan, "the software people"`, "6400"},
		{"Grumble & Sons\nPlumbing", "Grumble, \"and\" Sons\nPlumbing Ltd"},
		{"Wonky", "6403"},
	}
	var in strings.Builder
	w := csv.NewWriter(&in)
	w.WriteAll(cells)
	r, records := screenAsCSV(t, in.String(), demoEnv(srv), "--column", "2", "-")
	if r.code != 0 || len(records) != 4 || !strings.Contains(r.stderr, `"Company number", is a heading`) {
		t.Fatalf("exit %d, %d records; stderr %s", r.code, len(records), r.stderr)
	}
	for i, want := range []string{"6400", "Grumble, \"and\" Sons\nPlumbing Ltd", "6403"} {
		if got := field(records[0], records[i+1], "input"); got != want {
			t.Errorf("row %d's input %q, want %q", i+1, got, want)
		}
	}
	if got := field(records[0], records[2], "number"); got != "00006407" {
		t.Errorf("the name with a line break in it found %q", got)
	}
	if got := field(records[0], records[2], "name"); got != "GRUMBLE & SONS PLUMBING LTD" {
		t.Errorf("name %q", got)
	}
}

func TestScreenJSONCarriesTheCSVsFields(t *testing.T) {
	t.Parallel()
	env, _ := meteredDemo(t) // --deep reads accounts from the document API too
	stdin := "6400\nsc 6405\n6402\nHappy Hedgehog Hospital CIC\n99999999\nbad 0123 4567\n\"quoted\", and \\ escaped\n"
	for _, deep := range []bool{false, true} {
		args := []string{"-"}
		if deep {
			args = append(args, "--deep")
		}
		_, records := screenAsCSV(t, stdin, env, args...)
		r := run(t, stdin, env, append([]string{"screen", "--json"}, args...)...)
		lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		if r.code != 0 || len(lines) != len(records)-1 {
			t.Fatalf("deep %v: exit %d, %d lines for %d records; stderr %s", deep, r.code, len(lines), len(records)-1, r.stderr)
		}
		header := records[0]
		for i, line := range lines {
			var obj map[string]any
			if err := json.Unmarshal([]byte(line), &obj); err != nil {
				t.Fatalf("line %d is not an object: %v\n%s", i+1, err, line)
			}
			if keys := slices.Sorted(maps.Keys(obj)); !slices.Equal(keys, slices.Sorted(slices.Values(header))) {
				t.Fatalf("line %d has the fields %q, the CSV %q", i+1, keys, header)
			}
			for j, f := range header {
				// A count is a number in JSON (null where the CSV's is
				// empty); every other field a string.
				want := any(records[i+1][j])
				if present.ScreenCount(f) {
					want = nil
					if n, err := strconv.Atoi(records[i+1][j]); err == nil {
						want = float64(n)
					}
				}
				if obj[f] != want {
					t.Errorf("deep %v, line %d: %s is %#v in JSON, %q in CSV", deep, i+1, f, obj[f], records[i+1][j])
				}
			}
			// The members come in the CSV's order.
			if pos := strings.Index(line, `"`+header[0]+`"`); pos != 1 {
				t.Errorf("line %d does not begin with %q: %s", i+1, header[0], line)
			}
		}
	}
}

func TestScreenRowsPastTheBudgetAreNotScreenedAndTheExitCodeSaysSo(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	var stdin strings.Builder
	for i := range 10 {
		fmt.Fprintf(&stdin, "%d\n", 7000+i)
	}
	r, records := screenAsCSV(t, stdin.String(), demoEnv(srv), "--budget", "4", "-")
	if r.code != exitNotScreened || len(records) != 11 {
		t.Fatalf("exit %d, %d records; stderr %s", r.code, len(records), r.stderr)
	}
	results := map[string]int{}
	for _, rec := range records[1:] {
		results[field(records[0], rec, "result")]++
	}
	if results["ok"] != 4 || results["not_screened"] != 6 {
		t.Fatalf("results %v", results)
	}
	want := "coview: that may be more than the budget of 4 requests; rows it does not reach are not screened, and --budget raises it\n" +
		"coview: 6 rows not screened: the budget of 4 requests was spent; --budget raises it\n"
	if r.stderr != want {
		t.Fatalf("stderr\n%s\nwant\n%s", r.stderr, want)
	}
}

func TestScreenWithARefusedKeyListsEveryRowAndExitsThree(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	env := map[string]string{"COVIEW_BASE_URL": srv.URL, "COVIEW_API_KEY": "0badc0de-0000-4000-8000-000000000000"}
	r, records := screenAsCSV(t, "", env, "6400", "6401", "Gooseberry Fool", "??")
	if r.code != exitAuth || len(records) != 5 {
		t.Fatalf("exit %d, %d records; stderr %s", r.code, len(records), r.stderr)
	}
	for _, rec := range records[1:4] {
		if field(records[0], rec, "result") != "not_screened" || !strings.Contains(field(records[0], rec, "why"), "rejected the API key") {
			t.Fatalf("row %q", rec)
		}
	}
	if field(records[0], records[4], "result") != "invalid" || !strings.Contains(r.stderr, "COVIEW_API_KEY") || strings.Contains(r.stdout+r.stderr, "0badc0de-0000-4000-8000-000000000000") {
		t.Fatalf("stdout %s\nstderr %s", r.stdout, r.stderr)
	}
}

func TestScreenPrintsAnAlignedTableWhenNotAskedForCSVOrJSON(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	r := run(t, "", demoEnv(srv), "screen", "6403", "SC006405", "nonsense ???")
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if r.code != 0 || len(lines) != 6 || lines[0] != "3 rows: 2 ok, 1 unresolved" || !strings.HasPrefix(lines[2], "Input ") {
		t.Fatalf("exit %d:\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	flags := strings.Index(lines[2], "Flags")
	if !strings.HasPrefix(lines[3][flags:], "in liquidation; accounts overdue") || !strings.HasPrefix(lines[4][flags:], "strike-off proposed") {
		t.Fatalf("flags not in their column:\n%s", r.stdout)
	}
}

func TestScreenDeepSaysWhatItWillCostFirst(t *testing.T) {
	t.Parallel()
	env, _ := meteredDemo(t)
	r, records := screenAsCSV(t, "", env, "--deep", "6400", "6403")
	if r.code != 0 || !strings.HasPrefix(r.stderr, "coview: 2 entries: 2 company numbers; at most 16 requests (--deep reads up to 7 more") {
		t.Fatalf("exit %d, stderr %s", r.code, r.stderr)
	}
	if got := field(records[0], records[1], "flags"); got != "no registrable PSC identified; 1 outstanding charge" {
		t.Fatalf("00006400's flags with --deep: %q", got)
	}
	if got := field(records[0], records[2], "insolvency_cases"); got != "Creditors' voluntary liquidation" {
		t.Fatalf("00006403's insolvency cases %q", got)
	}
}

func TestScreenRefusesACommandLineItCannotRun(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"two outputs", []string{"screen", "--csv", "--json", "6400"}, "cannot be used together"},
		{"a column without stdin", []string{"screen", "--column", "2", "6400"}, "--column reads a field of CSV or TSV on stdin"},
		{"a negative column", []string{"screen", "--column", "-1", "-"}, "counted from 1"},
		{"a column of 0", []string{"screen", "--column", "0", "-"}, "counted from 1, not 0"},
		{"a negative budget", []string{"screen", "--budget", "-5", "6400"}, "--budget is a number of requests"},
		{"nothing to screen", []string{"screen"}, "nothing to screen"},
		{"blank lines only", []string{"screen", "-"}, "nothing to screen"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := run(t, "\n\n", demoEnv(srv), tc.args...)
			if r.code != exitUsage || !strings.Contains(r.stderr, tc.want) || r.stdout != "" {
				t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
			}
		})
	}
}

func TestScreenHelpHasExamplesAndExitCodes(t *testing.T) {
	t.Parallel()
	r := run(t, "", nil, "screen", "--help")
	for _, want := range []string{"--column", "--deep", "--budget", "--csv", "--json", "--plain", "not_screened", "5 some rows", "coview screen --column 2 --csv - < suppliers.csv"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	r = run(t, "", nil, "help", "exit-codes")
	if !strings.Contains(r.stdout, "5    coview screen: some rows were not screened") {
		t.Errorf("coview help exit-codes does not list exit code 5:\n%s", r.stdout)
	}
}

func TestScreenReadsAColumnOfTSVWithAHeading(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	tsv := "Supplier\tCRN\tTerms\nMarzipan\t6400\t30 days\nNobody\t\t60 days\nCloudberry\tsc 6405\t30 days\n"
	r, records := screenAsCSV(t, tsv, demoEnv(srv), "-", "--column", "2")
	if r.code != 0 || len(records) != 4 || !strings.Contains(r.stderr, `"CRN", is a heading`) {
		t.Fatalf("exit %d, %d records; stderr %s", r.code, len(records), r.stderr)
	}
	for i, want := range [][2]string{{"00006400", "ok"}, {"", "invalid"}, {"SC006405", "ok"}} {
		rec := records[i+1]
		if field(records[0], rec, "number") != want[0] || field(records[0], rec, "result") != want[1] {
			t.Errorf("row %d: %q", i+1, rec)
		}
	}
	if got := field(records[0], records[2], "why"); got != "column 2 is empty" {
		t.Errorf("the empty field's why: %q", got)
	}
}

func TestScreenStoppedByASignalStillListsEveryRowAndLeavesTheTellingToTheShell(t *testing.T) {
	t.Parallel()
	srv := demoRegistry(t)
	env := demoEnv(srv)
	ctx, stop := context.WithCancelCause(context.Background())
	stop(&stopped{syscall.SIGINT})
	var out, errb bytes.Buffer
	code := Main(ctx, []string{"screen", "--csv", "6400", "6401", "??"}, Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
		Getenv: func(name string) string { return env[name] }})
	records, err := csv.NewReader(&out).ReadAll()
	if code != 130 || err != nil || len(records) != 4 || errb.String() != "" {
		t.Fatalf("exit %d, %d records (%v), stderr %q", code, len(records), err, errb.String())
	}
	for i, want := range []string{"not_screened", "not_screened", "invalid"} {
		if got := field(records[0], records[i+1], "result"); got != want {
			t.Errorf("row %d: %s, want %s", i+1, got, want)
		}
	}
}

// Issue 31, item 3: a dissolved company's officers were never given a
// resignation date, and the registry counts them inactive: --deep says
// so, with the registry's count, and --json gives the counts as numbers.
func TestScreenDeepCountsTheDirectorsTheRegistryCountsActiveAndGivesCountsAsNumbers(t *testing.T) {
	t.Parallel()
	env, _ := meteredDemo(t)
	r := run(t, "", env, "screen", "--deep", "--json", "6402", "6400")
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if r.code != 0 || len(lines) != 2 {
		t.Fatalf("exit %d, stdout %s\nstderr %s", r.code, r.stdout, r.stderr)
	}
	for i, want := range []map[string]any{
		{"active_directors": 0.0, "directors_appointed_12m": 0.0, "outstanding_charges": 0.0, "part_satisfied_charges": 0.0},
		{"active_directors": 4.0, "outstanding_charges": 1.0},
	} {
		var obj map[string]any
		if err := json.Unmarshal([]byte(lines[i]), &obj); err != nil {
			t.Fatalf("line %d: %v\n%s", i+1, err, lines[i])
		}
		for f, v := range want {
			if obj[f] != v {
				t.Errorf("line %d: %s is %#v, want the number %v\n%s", i+1, f, obj[f], v, lines[i])
			}
		}
		if _, ok := obj["name"].(string); !ok {
			t.Errorf("line %d: the name is not a string: %s", i+1, lines[i])
		}
	}
	// A field a row does not have is null, not 0, in JSON.
	r = run(t, "", env, "screen", "--deep", "--json", "99999999")
	var obj map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &obj); err != nil || obj["active_directors"] != nil || obj["result"] != "not_found" {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	if _, ok := obj["active_directors"]; !ok {
		t.Fatalf("the field is missing: %s", r.stdout)
	}
	_, records := screenAsCSV(t, "", env, "--deep", "6402")
	if got := field(records[0], records[1], "active_directors"); got != "0" {
		t.Errorf("the CSV's active_directors of 00006402: %q", got)
	}
}

// Issue 33: --deep reads the figures of each company's latest accounts,
// and says what they show in a field of their own, their red flags among
// the rest; the request counted is the one the plan said.
func TestScreenDeepSaysWhatTheLatestAccountsShow(t *testing.T) {
	t.Parallel()
	env, m := meteredDemo(t)
	r, records := screenAsCSV(t, "", env, "--deep", "6402", "6403", "6407", "6400", "6409")
	if r.code != 0 || len(records) != 6 {
		t.Fatalf("exit %d, stderr %s", r.code, r.stderr)
	}
	for i, want := range []struct{ figures, flag string }{
		{"net assets fell from £40,012 to £3,912", "dissolved; net assets fell from £40,012 to £3,912"},
		{"negative net assets (-£117,746); net current liabilities (-£65,746)", "; negative net assets (-£117,746); net current liabilities (-£65,746)"},
		{"net current liabilities (", "; net current liabilities ("},
		{"net assets £687,954", ""},
		{"filed on paper: no figures", ""},
	} {
		row := records[i+1]
		if got := field(records[0], row, "accounts_figures"); !strings.HasPrefix(got, want.figures) {
			t.Errorf("%s: accounts_figures %q, want %q", field(records[0], row, "number"), got, want.figures)
		}
		if flags := field(records[0], row, "flags"); want.flag != "" && !strings.Contains(flags, want.flag) ||
			want.flag == "" && strings.Contains(flags, "net ") {
			t.Errorf("%s: flags %q", field(records[0], row, "number"), flags)
		}
	}
	documents := 0
	for _, u := range m.URIs() {
		if strings.HasPrefix(u, "/document/") {
			documents++
		}
	}
	if documents != 4*2+1 || len(m.Twice()) != 0 {
		t.Errorf("%d document requests (4 XHTML documents and one PDF's metadata), asked twice: %v", documents, m.Twice())
	}
	plain := run(t, "", env, "screen", "--deep", "--plain", "6402")
	if !strings.Contains(plain.stdout, "Accounts") || !strings.Contains(plain.stdout, "net assets fell from £40,012 to £3,912") {
		t.Errorf("--plain:\n%s", plain.stdout)
	}
}
