package cli

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"coview/api/demo"
	"coview/internal/testkit"
)

// demoIndexed is a data directory with the index of the demo's file, as
// coview --demo index update makes it, and a meter on the demo's servers
// of every run that passes metered as its change.
func demoIndexed(t *testing.T) (env map[string]string, m *testkit.Meter, metered func(*Env)) {
	t.Helper()
	env = indexEnv(t)
	m = &testkit.Meter{}
	metered = func(e *Env) { e.registry = &registryFlags{demoWrap: m.Wrap} }
	if r := runWith(t, "", env, metered, "--demo", "index", "update"); r.code != 0 {
		t.Fatalf("index update: %d %s", r.code, r.stderr)
	}
	if m.Requests() == 0 {
		t.Fatal("the meter saw nothing of the update's download")
	}
	m.Reset()
	return env, m, metered
}

func TestTheDemosIndexAnswersASearchWithNoRequestAndNoKey(t *testing.T) {
	env, m, metered := demoIndexed(t)
	r := runWith(t, "", env, metered, "--demo", "--offline", "search", "--sic", "62020", "--status", "active")
	if r.code != 0 || !strings.Contains(r.stdout, "167 companies: active, SIC 62020") || !strings.Contains(r.stdout, "AMBER ANVIL BAKERIES LTD") {
		t.Fatalf("%d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stderr, "coview: from the register of 1 Nov 2026, on this machine, with no request") {
		t.Errorf("stderr does not say where the answer is from:\n%s", r.stderr)
	}
	if n := m.Requests(); n != 0 {
		t.Errorf("%d requests: %v", n, m.URIs())
	}
	// Without --offline, the index answers too, and the registry is not
	// asked; --live asks it.
	r = runWith(t, "", env, metered, "--demo", "search", "--sic", "62020", "--status", "active", "--count")
	if r.code != 0 || m.Requests() != 0 || strings.TrimSpace(r.stdout) != "167" {
		t.Errorf("with the index: %q after %d requests (%s)", r.stdout, m.Requests(), r.stderr)
	}
	r = runWith(t, "", env, metered, "--demo", "--live", "search", "--sic", "62020", "--status", "active", "--count")
	if r.code != 0 || m.Requests() != 1 || strings.TrimSpace(r.stdout) != "167" || strings.Contains(r.stderr, "from the register") {
		t.Errorf("--live: %q after %d requests (%s)", r.stdout, m.Requests(), r.stderr)
	}
}

// TestTheIndexAndTheRegistryPrintTheSameCompaniesInTheSameShape runs
// the same searches with --offline and --live: the same companies, and
// JSON whose members a script reads alike.
func TestTheIndexAndTheRegistryPrintTheSameCompaniesInTheSameShape(t *testing.T) {
	env, _, metered := demoIndexed(t)
	for _, args := range [][]string{
		{"--sic", "62020", "--status", "active"},
		{"--type", "plc"},
		{"--location", "saltmere", "--incorporated-from", "2000", "--status", "active,liquidation"},
		{"--status", "liquidation,administration"},
		{"--exclude", "ltd", "--status", "active"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			numbers := func(source string) []string {
				r := runWith(t, "", env, metered, append([]string{"--demo", source, "search", "--all", "--csv"}, args...)...)
				if r.code != 0 {
					t.Fatalf("%s: %d %s", source, r.code, r.stderr)
				}
				var out []string
				for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n")[1:] {
					n, _, _ := strings.Cut(l, ",")
					if !slices.Contains(demo.MonthlyMalformed, n) {
						out = append(out, n)
					}
				}
				slices.Sort(out)
				return out
			}
			offline, live := numbers("--offline"), numbers("--live")
			if len(live) == 0 || !slices.Equal(offline, live) {
				t.Errorf("offline %d companies, live %d:\n%v\n%v", len(offline), len(live), offline, live)
			}
			shape := func(source string) (page []string, items map[string][]string) {
				r := runWith(t, "", env, metered, append([]string{"--demo", source, "search", "--json"}, args...)...)
				var p map[string]any
				if err := json.Unmarshal([]byte(r.stdout), &p); err != nil {
					t.Fatalf("%s: %v\n%s", source, err, r.stdout)
				}
				items = map[string][]string{}
				for _, it := range p["items"].([]any) {
					item := it.(map[string]any)
					keys := slices.Sorted(maps.Keys(item))
					items[item["company_number"].(string)] = keys
					if item["kind"] != "searchresults#company" {
						t.Errorf("%s: an item's kind %v", source, item["kind"])
					}
				}
				return slices.Sorted(maps.Keys(p)), items
			}
			offPage, offItems := shape("--offline")
			livePage, liveItems := shape("--live")
			if !slices.Equal(offPage, livePage) {
				t.Errorf("a page's members: offline %v, live %v", offPage, livePage)
			}
			for n, keys := range offItems {
				want, ok := liveItems[n]
				if ok && slices.Contains(keys, "company_subtype") && !slices.Contains(keys, "company_type") {
					// A community interest company: the file does not say
					// whether it is limited by shares or by guarantee.
					want = slices.DeleteFunc(want, func(k string) bool { return k == "company_type" })
				}
				if ok && !slices.Equal(keys, want) {
					t.Errorf("%s's members: offline %v, live %v", n, keys, want)
				}
			}
		})
	}
}

func TestOfflineSaysWhatItCannotAnswer(t *testing.T) {
	env, m, metered := demoIndexed(t)
	for _, tc := range []struct {
		name string
		args []string
		code int
		says string
	}{
		{"dissolved companies", []string{"--demo", "--offline", "search", "--status", "dissolved"}, exitOffline, "dissolved companies are not in the register's file"},
		{"a dissolved search", []string{"--demo", "--offline", "search", "--dissolved", "snoozewell"}, exitOffline, "dissolved companies are not in the register's file"},
		{"officers", []string{"--demo", "--offline", "search", "--officers", "hargreave"}, exitOffline, "the register's file holds no officers"},
		{"disqualified officers", []string{"--demo", "--offline", "search", "--disqualified", "grimthorpe"}, exitOffline, "holds no disqualified officers"},
		{"a link to follow", []string{"--demo", "--offline", "--plain", "--follow", "officers", "00006400"}, exitOffline, "holds no links to follow"},
		{"a command that asks the registry", []string{"--demo", "--offline", "connections", "00006400"}, exitOffline, "this asks the registry: leave --offline out"},
		{"a deep screening", []string{"--demo", "--offline", "screen", "--deep", "6400"}, exitOffline, "--deep reads charges"},
		{"a company the file does not hold", []string{"--demo", "--offline", "--plain", "00006402"}, exitNotFound, "its file holds no dissolved companies"},
		{"--offline with --live", []string{"--demo", "--offline", "--live", "search", "marzipan"}, exitUsage, "give one or the other"},
		{"a download", []string{"--demo", "--offline", "index", "update"}, exitOffline, "index update downloads the monthly file"},
		{"--postcode with --live", []string{"--demo", "--live", "search", "--postcode", "ZZ6"}, exitUsage, "--live asks the registry, whose search has no postcode"},
		{"a postcode that is none", []string{"--demo", "--offline", "search", "--postcode", "6ZZ"}, exitUsage, "is not a postcode"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runWith(t, "", env, metered, tc.args...)
			if r.code != tc.code || !strings.Contains(r.stderr, tc.says) {
				t.Errorf("%d, want %d, saying %q:\n%s", r.code, tc.code, tc.says, r.stderr)
			}
		})
	}
	if n := m.Requests(); n != 0 {
		t.Errorf("%d requests: %v", n, m.URIs())
	}
}

func TestOfflineWithoutAnIndexSaysHowToMakeOne(t *testing.T) {
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"--offline", "search", "marzipan"}, "there is no index of the register on this machine, and --offline asks nothing of the registry: coview index update makes one"},
		{[]string{"--demo", "--offline", "search", "--sic", "62020"}, "coview --demo index update makes one"},
		{[]string{"--offline", "--json", "00006400"}, "coview index update makes one"},
		{[]string{"--offline", "screen", "6400"}, "coview index update makes one"},
		{[]string{"search", "--postcode", "LS1"}, "--postcode is answered from the register's index on this machine, and there is none"},
	} {
		r := run(t, "", indexEnv(t), tc.args...)
		if r.code != exitOffline || !strings.Contains(r.stderr, tc.says) {
			t.Errorf("%v: %d %s", tc.args, r.code, r.stderr)
		}
	}
	// The demo's index is the demo's only: the live register has none.
	env, _, metered := demoIndexed(t)
	if r := runWith(t, "", env, metered, "--offline", "search", "marzipan"); r.code != exitOffline {
		t.Errorf("the demo's index answered for the live register: %d %s", r.code, r.stdout)
	}
}

func TestPostcodesCountsAndCompaniesFromTheIndex(t *testing.T) {
	env, m, metered := demoIndexed(t)
	count := func(args ...string) string {
		t.Helper()
		r := runWith(t, "", env, metered, append([]string{"--demo", "--offline", "search", "--count"}, args...)...)
		if r.code != 0 {
			t.Fatalf("%v: %d %s", args, r.code, r.stderr)
		}
		return strings.TrimSpace(r.stdout)
	}
	area, district, sector, full := count("--postcode", "ZZ"), count("--postcode", "zz7"), count("--postcode", "ZZ7 0"), count("--postcode", "ZZ70AA")
	if area != "884" || district != "871" || sector != "86" || full != "1" {
		t.Errorf("area %s, district %s, sector %s, postcode %s", area, district, sector, full)
	}
	if r := runWith(t, "", env, metered, "--demo", "--offline", "search", "--postcode", "ZZ1"); r.code != 0 || !strings.Contains(r.stdout, "2 companies: postcode ZZ1") {
		t.Errorf("a district's companies: %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if n := count("--sic", "62020", "--status", "active"); n != "167" {
		t.Errorf("a count alone: %q", n)
	}
	r := runWith(t, "", env, metered, "--demo", "--offline", "--json", "00006400")
	var p map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &p); err != nil || p["company_number"] != "00006400" || p["links"] == nil {
		t.Errorf("--json of a company: %v %s %s", err, r.stdout, r.stderr)
	}
	r = runWith(t, "", env, metered, "--demo", "--offline", "--plain", "00006400")
	for _, want := range []string{"From", "the register of 1 Nov 2026, on this machine: what its file holds, not the live profile", "None in the register's file"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("--plain lacks %q:\n%s", want, r.stdout)
		}
	}
	r = runWith(t, "", env, metered, "--demo", "--offline", "screen", "--csv", "6400", "6402", "Grumble and Sons Plumbing Limited")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 0 || len(lines) != 4 || !strings.HasSuffix(lines[1], ",ok,") || !strings.Contains(lines[2], "not_found") || !strings.Contains(lines[3], "00006407") {
		t.Errorf("screen: %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if n := m.Requests(); n != 0 {
		t.Errorf("%d requests: %v", n, m.URIs())
	}
}

func TestTextFromTheFileIsCleanedInEveryOutput(t *testing.T) {
	env := indexEnv(t)
	zip := hostileFile(t, t.TempDir(), "EVIL \x1b]0;pwned\x07 \u009b31m\u202e LTD", "SHORT \x1b[2J ROW")
	if r := run(t, "", env, "index", "update", "--from", zip); r.code != 0 {
		t.Fatalf("%d %s", r.code, r.stderr)
	}
	for _, args := range [][]string{
		{"--offline", "search", "evil"},
		{"--offline", "search", "--csv", "evil"},
		{"--offline", "search", "--json", "evil"},
		{"--offline", "search", "--all", "--json", "--status", "active"},
		{"--offline", "search", "--alphabetical", "evil"},
		{"--offline", "--plain", "00000001", "00000002"},
		{"--offline", "--json", "00000001"},
		{"--offline", "screen", "00000001", "evil"},
		{"--offline", "screen", "--json", "00000001"},
	} {
		r := run(t, "", env, args...)
		if r.code != 0 {
			t.Errorf("%v: %d %s", args, r.code, r.stderr)
		}
		if strings.ContainsAny(r.stdout+r.stderr, "\x1b\x07\u009b\u202e") {
			t.Errorf("%v printed what a terminal obeys:\n%q\n%q", args, r.stdout, r.stderr)
		}
		if !strings.Contains(r.stdout, "EVIL") {
			t.Errorf("%v did not print the company:\n%s", args, r.stdout)
		}
	}
}
