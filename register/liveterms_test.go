package register

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"coview/api"
)

// randomEvent is a company-profile event of random values, from a few of
// each, so that queries find some and not others.
func randomEvent(t testing.TB, r *rand.Rand, tp int64, number string) *api.Event {
	t.Helper()
	pick := func(vs ...string) string { return vs[r.IntN(len(vs))] }
	if r.IntN(12) == 0 {
		return deletedEvent(t, tp, "2026-11-20T09:00:00", number)
	}
	name := pick("ALPHA", "ZETA", "BETA", "NORTHERN", "HAPPY") + " " + pick("SOFTWARE", "HOLDINGS", "SOLUTIONS", "WIDGETS", "C I C") + pick(" LTD", " PLC", "")
	data := map[string]any{"company_number": number, "company_name": name,
		"company_status": pick("active", "active", "active", "liquidation", "administration", "dissolved"),
		"type":           pick("ltd", "ltd", "plc", "llp", "", "private-limited-guarant-nsc"),
		"registered_office_address": map[string]string{"premises": pick("12", "2", ""), "address_line_1": pick("Leeds Road", "Mill Lane", "Pepper Road"),
			"locality": pick("Leeds", "Bradford", "Manchester", "Rochester"), "postal_code": pick("LS1 1AA", "LS1 4AB", "LS10 2RU", "M1 1AE", "ME1 1AA", "BD1 2AB", "")},
		"sic_codes": []string{pick("62012", "62020", "70229", "75000")}, "links": map[string]string{"self": "/company/" + number}}
	if r.IntN(3) == 0 {
		data["sic_codes"] = []string{"62020", pick("62012", "75000")} // more than one
	}
	if d := pick("2023-12-31", "2024-01-01", "2024-03-01", "2026-11-20", ""); d != "" {
		data["date_of_creation"] = d
	}
	if r.IntN(4) == 0 {
		data["subtype"] = CommunityInterestCompany
	}
	body, err := json.Marshal(data)
	if err != nil {
		t.Fatal(err)
	}
	e, err := api.DecodeEvent(fmt.Appendf(nil, `{"resource_kind":"company-profile","resource_uri":"/company/%[1]s","resource_id":"%[1]s","data":%[2]s,
		"event":{"timepoint":%[3]d,"published_at":"2026-11-20T09:00:00","type":"changed"}}`, number, body, tp))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// scanAnswer is what a query finds, worked out the slow way: every
// company of the file and of the overlay as the events say it now is,
// each tested by the matcher.
func scanAnswer(t *testing.T, ix *Index, file []*Company, last map[string]*api.Event, q Query) []string {
	t.Helper()
	m, err := newMatcher(q)
	if err != nil {
		t.Fatal(err)
	}
	now := func(n string, file *Company) (*Company, bool) {
		e := last[n]
		if e.Deleted() {
			return nil, false
		}
		p, err := api.DecodeProfile(e.Data, api.Number(n))
		if err != nil {
			t.Fatal(err)
		}
		c := CompanyOf(p)
		if file != nil {
			c.fillFrom(file)
		}
		return &c, !ceased(c.Status)
	}
	var out []string
	inFile := map[string]bool{}
	for _, f := range file {
		inFile[f.Number] = true
		c, on := f, true
		if last[f.Number] != nil {
			c, on = now(f.Number, f)
		}
		if on && m.matches(c) {
			out = append(out, f.Number)
		}
	}
	var extra []*Company
	for n := range last {
		if c, on := now(n, nil); !inFile[n] && on && m.matches(c) {
			extra = append(extra, c)
		}
	}
	slices.SortFunc(extra, func(x, y *Company) int {
		return cmp.Or(cmp.Compare(alphaKey(x.Name), alphaKey(y.Name)), cmp.Compare(x.Number, y.Number))
	})
	for _, c := range extra {
		out = append(out, c.Number)
	}
	return out
}

// randomTown is a register of n companies of random values, from the
// few randomEvent picks from, and their numbers in the file's order.
func randomTown(t *testing.T, r *rand.Rand, n int) (*Index, []string) {
	t.Helper()
	pick := func(vs ...string) string { return vs[r.IntN(len(vs))] }
	var rows []company
	var numbers []string
	for k := range n {
		number := fmt.Sprintf("%08d", 10+k)
		c := active(fmt.Sprintf("%s %s %d LTD", pick("ALPHA", "ZETA", "BETA", "NORTHERN", "HAPPY"), pick("SOFTWARE", "HOLDINGS", "WIDGETS"), k), number).with(
			"CompanyStatus", pick("Active", "Active", "Liquidation", "In Administration"),
			// No category is a company of no type that is no community
			// interest company either.
			"CompanyCategory", pick("Private Limited Company", "Public Limited Company", "Limited Liability Partnership", "Community Interest Company", ""),
			"RegAddress.AddressLine1", pick("12 LEEDS ROAD", "MILL LANE", "2 PEPPER ROAD"),
			"RegAddress.PostTown", pick("LEEDS", "BRADFORD", "MANCHESTER"),
			"RegAddress.PostCode", pick("LS1 1AA", "LS1 4AB", "LS10 2RU", "M1 1AE", "BD1 2AB"),
			"IncorporationDate", pick("31/12/2023", "01/01/2024", "01/03/2024", "11/09/2012"),
			"SICCode.SicText_1", pick("62012 - Business and domestic software development", "62020 - Information technology consultancy activities", "70229 - Management consultancy activities other than financial management"),
			"SICCode.SicText_2", pick("", "75000 - Veterinary activities", "62020 - Information technology consultancy activities"))
		rows = append(rows, c)
	}
	slices.SortFunc(rows, func(x, y company) int { return cmp.Compare(x["CompanyName"], y["CompanyName"]) })
	for _, c := range rows {
		numbers = append(numbers, c["CompanyNumber"]) // in the file's order, which the answers are in
	}
	return indexWith(t, UpdateOptions{}, rows...), numbers
}

func TestTheOverlaysTermsFindWhatAScanOfEveryCompanyFinds(t *testing.T) {
	ctx := context.Background()
	queries := append(slices.Clone(matcherQueries),
		Query{CompanyQuery: api.CompanyQuery{Statuses: []string{"active"}}},
		Query{CompanyQuery: api.CompanyQuery{Statuses: []string{"active", "administration"}, Types: []string{"plc"}}},
		Query{CompanyQuery: api.CompanyQuery{NameIncludes: "zeta"}},
		Query{CompanyQuery: api.CompanyQuery{NameIncludes: "happy c i c"}},
		Query{CompanyQuery: api.CompanyQuery{NameExcludes: "software holdings"}},
		Query{CompanyQuery: api.CompanyQuery{Location: "mill lane"}},
		Query{CompanyQuery: api.CompanyQuery{Location: "2 pepper"}},
		Query{CompanyQuery: api.CompanyQuery{Types: []string{"private-limited-guarant-nsc"}, Subtypes: []string{CommunityInterestCompany}}},
		Query{CompanyQuery: api.CompanyQuery{IncorporatedFrom: "2024-01-01", IncorporatedTo: "2024-01-01"}},
		Query{Postcode: "LS1 1AA"},
		Query{Postcode: "LS"},
		// Of more than one group, so that those taken off are looked at
		// one by one: with a range, a group a company may have more than
		// one term of, a type that the terms find more than, exclusions.
		Query{CompanyQuery: api.CompanyQuery{IncorporatedFrom: "2023-12-31", IncorporatedTo: "2024-03-01", Statuses: []string{"active"}}},
		Query{CompanyQuery: api.CompanyQuery{IncorporatedFrom: "2024-01-01", IncorporatedTo: "2024-01-01", Statuses: []string{"active", "liquidation"}}},
		Query{Postcode: "LS1 4", CompanyQuery: api.CompanyQuery{Statuses: []string{"active", "liquidation"}, IncorporatedTo: "2024-01-01"}},
		Query{Postcode: "LS1 4", CompanyQuery: api.CompanyQuery{Types: []string{"ltd", "plc"}}},
		Query{Postcode: "LS1", CompanyQuery: api.CompanyQuery{Statuses: []string{"active", "liquidation"}}},
		Query{CompanyQuery: api.CompanyQuery{SICCodes: []string{"62012", "70229"}, Statuses: []string{"active"}}},
		Query{CompanyQuery: api.CompanyQuery{SICCodes: []string{"62020"}}},
		Query{CompanyQuery: api.CompanyQuery{SICCodes: []string{"62020", "75000"}}},
		Query{CompanyQuery: api.CompanyQuery{SICCodes: []string{"62012", "62020"}, Statuses: []string{"active"}}},
		Query{CompanyQuery: api.CompanyQuery{Types: []string{"ltd"}, Location: "leeds"}},
		Query{CompanyQuery: api.CompanyQuery{Types: []string{"private-limited-guarant-nsc"}, IncorporatedFrom: "2024-01-01"}},
		Query{CompanyQuery: api.CompanyQuery{NameExcludes: "zeta", Statuses: []string{"active", "liquidation"}}},
		Query{CompanyQuery: api.CompanyQuery{NameExcludes: "zeta alpha", Location: "leeds", IncorporatedTo: "2024-01-01"}},
	)
	for seed := range uint64(4) {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			t.Parallel()
			r := rand.New(rand.NewPCG(seed, 7))
			// The town, and a file of random companies, many of which the
			// events take off the register.
			ix, numbersOf := town(t), []string{"00000001", "00000002", "00000003", "00000004", "00000005", "OC000006", "SC000007"}
			if seed >= 2 {
				ix, numbersOf = randomTown(t, r, 40)
			}
			var file []*Company
			for _, n := range numbersOf {
				c, err := ix.Company(ctx, api.Number(n))
				if err != nil {
					t.Fatal(err)
				}
				file = append(file, c)
			}
			for k := range 25 {
				numbersOf = append(numbersOf, fmt.Sprintf("NW%06d", k))
			}
			last := map[string]*api.Event{}
			tp := int64(0)
			for batch := range 2 {
				var events []*api.Event
				for range 12 {
					tp++
					n := numbersOf[r.IntN(len(numbersOf))]
					e := randomEvent(t, r, tp, n)
					events = append(events, e)
					last[n] = e
				}
				follow(t, ix, events...)
				// Both ways of paging the new companies: collected and
				// sorted, and walked in order; both ways of putting back
				// the companies whose terms changed: worked out whole, and
				// read in order, a few at a time; and both ways of
				// counting a group: its companies read whole, and each
				// company asked of it.
				ix.overlay.tune = &liveTune{walkOver: 2000, backChunk: 3, backInOrder: seed%2 == 1, setsOver: 8}
				if batch%2 == 1 {
					ix.overlay.tune.walkOver = 0
				}
				if seed%2 == 1 {
					ix.overlay.tune.setsOver = 0
				}
				for _, q := range queries {
					want := scanAnswer(t, ix, file, last, q)
					if got := numbers(t, ix, q); !slices.Equal(got, want) {
						t.Errorf("seed %d, batch %d, %+v: found %v, a scan finds %v", seed, batch, q, got, want)
					}
					if len(want) > 2 {
						page, err := ix.Search(ctx, q, api.Page{StartIndex: 1, ItemsPerPage: 2})
						if err != nil || page.Total() != len(want) || len(page.Items) != 2 || page.Items[0].CompanyNumber != want[1] || page.Items[1].CompanyNumber != want[2] {
							t.Errorf("seed %d, %+v: the page from 1 is %+v, %v; want %v", seed, q, page.Items, err, want[1:3])
						}
					}
				}
				for n, e := range last {
					c, err := ix.Company(ctx, api.Number(n))
					switch {
					case e.Deleted():
						if !errors.Is(err, ErrTakenOff) {
							t.Errorf("seed %d: %s was taken off, Company says %+v %v", seed, n, c, err)
						}
					case err != nil || c.Number != n:
						t.Errorf("seed %d: %s: %+v %v", seed, n, c, err)
					default:
						p, _ := api.DecodeProfile(e.Data, api.Number(n))
						if c.Name != p.CompanyName || c.Status != p.CompanyStatus {
							t.Errorf("seed %d: %s is %q %s, the stream said %q %s", seed, n, c.Name, c.Status, p.CompanyName, p.CompanyStatus)
						}
					}
				}
			}
			ix.Close()
		})
	}
}

func TestAReaderSeesABatchWrittenAfterItOpened(t *testing.T) {
	ctx := context.Background()
	ix := town(t)
	if got := names(t, ix, "zeta"); len(got) != 0 {
		t.Fatalf("zeta before any follow: %v", got)
	}
	follow(t, ix, profileEvent(t, 1, "2026-11-20T09:00:00", "00000001", "ZETA WIDGETS LTD", "active", "LS1 1AA"))
	if got := names(t, ix, "zeta"); !slices.Equal(got, []string{"00000001"}) {
		t.Errorf("zeta after the first batch: %v", got)
	}
	follow(t, ix, profileEvent(t, 2, "2026-11-20T09:01:00", "NW000001", "ZETA NEWCO LTD", "active", "LS1 1AA"),
		profileEvent(t, 3, "2026-11-20T09:02:00", "00000001", "OMEGA WIDGETS LTD", "active", "LS1 1AA"))
	if got := names(t, ix, "zeta"); !slices.Equal(got, []string{"NW000001"}) {
		t.Errorf("zeta after the second batch: %v", got)
	}
	if st, err := ix.Live(ctx); err != nil || st.Companies != 2 || st.To.Format("15:04") != "09:02" {
		t.Errorf("Live: %+v %v", st, err)
	}
}

// liveSchemaV1 is the overlay as the first coview to keep one wrote it.
const liveSchemaV1 = `
CREATE TABLE live (number TEXT PRIMARY KEY, timepoint INTEGER NOT NULL, published INTEGER NOT NULL, gone INTEGER NOT NULL,
	profile BLOB NOT NULL, seq INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX live_seq ON live (seq);
CREATE TABLE state (key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
`

func TestAnOverlayOfTheFormatBeforeIsLeftOutUntilTheNextFollowRebuildsIt(t *testing.T) {
	ctx := context.Background()
	ix := town(t)
	db, err := sql.Open("sqlite", liveDSN(LivePath(ix.path), "rwc", true))
	if err != nil {
		t.Fatal(err)
	}
	e := profileEvent(t, 10, "2026-11-20T09:00:00", "00000001", "ZETA WIDGETS LTD", "active", "LS1 1AA")
	if _, err := db.Exec(liveSchemaV1); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO live VALUES (?, 10, ?, 0, ?, 1); INSERT INTO state VALUES ('seq', 1), ('stream:companies', 10)`,
		"00000001", e.PublishedAt.UnixMilli(), []byte(e.Data)); err != nil {
		t.Fatal(err)
	}
	db.Close()

	if _, err := ix.Live(ctx); err == nil || !strings.Contains(err.Error(), "older coview") || !strings.Contains(err.Error(), "coview watch follow rebuilds it") {
		t.Errorf("Live of an overlay of the format before: %v", err)
	}
	if got := names(t, ix, "alpha"); !slices.Equal(got, []string{"00000001"}) {
		t.Errorf("alpha, while the overlay is left out: %v", got)
	}
	followRebuilds(t, ix, 11)
	if got := names(t, ix, "zeta widgets"); !slices.Equal(got, []string{"00000001"}) {
		t.Errorf("zeta widgets after the rebuild: %v", got)
	}
	if got := names(t, ix, "alpha"); len(got) != 0 {
		t.Errorf("alpha after the rebuild: %v", got)
	}
	if st, err := ix.Live(ctx); err != nil || st.Companies != 1 {
		t.Errorf("Live after the rebuild: %+v %v", st, err)
	}
}

// A follow that runs while an update puts a new file in place writes
// its companies as of the new file: their rows in it, not the old one's.
func TestAFollowAcrossAnUpdateLooksCompaniesUpInTheNewFile(t *testing.T) {
	ctx := context.Background()
	dir, path := october(t)
	l, err := OpenLive(path, "2026-10-01")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	l.Add("companies", profileEvent(t, 1, "2026-11-02T09:00:00", "00000010", "OCTOBER RENAMED LTD", "active", "LS1 1AA"))
	if _, err := l.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	// November's file has a company before it: the ids move.
	nov := writeFile(t, filepath.Join(dir, "BasicCompanyDataAsOneFile-2026-11-01.csv"),
		fileText(active("AARDVARK LTD", "00000009"), active("OCTOBER LTD", "00000010")))
	update(t, path, nov)
	l.Add("companies", profileEvent(t, 2, "2026-11-03T09:00:00", "00000011", "NOVEMBER NEWCO LTD", "active", "LS1 1AA"))
	if _, err := l.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	ix := open(t, path)
	for _, tc := range []struct {
		words string
		want  []string
	}{
		{"renamed", []string{"00000010"}},
		{"aardvark", []string{"00000009"}},
		{"october", []string{"00000010"}},
		{"newco", []string{"00000011"}},
	} {
		if got := names(t, ix, tc.words); !slices.Equal(got, tc.want) {
			t.Errorf("%q found %v, want %v", tc.words, got, tc.want)
		}
	}
	if c, err := ix.Company(ctx, "00000009"); err != nil || c.Name != "AARDVARK LTD" {
		t.Errorf("the company now first in the file: %+v %v", c, err)
	}
	if st, err := ix.Live(ctx); err != nil || st.Companies != 2 {
		t.Errorf("Live: %+v %v", st, err)
	}
}

// liveSchemaV2 is the overlay as the second format had it: the terms of
// those taken off the register with the others', and rows of no rowid.
const liveSchemaV2 = `
CREATE TABLE live (number TEXT PRIMARY KEY, timepoint INTEGER NOT NULL, published INTEGER NOT NULL, gone INTEGER NOT NULL,
	onreg INTEGER NOT NULL, fileid INTEGER, name TEXT NOT NULL, address TEXT NOT NULL, rest TEXT NOT NULL, alpha TEXT NOT NULL,
	terms TEXT NOT NULL, profile BLOB NOT NULL, seq INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX live_file ON live (fileid) WHERE fileid IS NOT NULL;
CREATE INDEX live_alpha ON live (alpha, number) WHERE onreg = 1;
CREATE TABLE terms (side INTEGER NOT NULL, term TEXT NOT NULL, number TEXT NOT NULL, PRIMARY KEY (side, term, number)) WITHOUT ROWID;
CREATE TABLE counts (side INTEGER NOT NULL, term TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (side, term)) WITHOUT ROWID;
CREATE TABLE state (key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
`

func TestAnOverlayOfTheSecondFormatIsRebuiltWithItsIndexes(t *testing.T) {
	ctx := context.Background()
	ix := town(t)
	active := Query{CompanyQuery: api.CompanyQuery{Statuses: []string{"active"}}}
	inFile := numbers(t, ix, active)
	db, err := sql.Open("sqlite", liveDSN(LivePath(ix.path), "rwc", true))
	if err != nil {
		t.Fatal(err)
	}
	// DELTA SOFTWARE LTD dissolved, as the second format wrote it.
	e := profileEvent(t, 12, "2026-11-20T09:02:00", "00000004", "DELTA SOFTWARE LTD", "dissolved", "ME1 1AA")
	if _, err := db.Exec(liveSchemaV2); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO live VALUES ('00000004', 12, ?, 0, 0, 4, '', '', '', '', ?, ?, 1);
		INSERT INTO terms VALUES (0, 's:active', '00000004'); INSERT INTO counts VALUES (0, 's:active', 1);
		INSERT INTO state VALUES ('version', 2), ('seq', 1), ('companies', 1), ('index', ?), ('stream:companies', 12)`,
		e.PublishedAt.UnixMilli(), "0s:active", []byte(e.Data), identityOf(ix)); err != nil {
		t.Fatal(err)
	}
	db.Close()

	if _, err := ix.Live(ctx); err == nil || !strings.Contains(err.Error(), "older coview") {
		t.Errorf("Live of an overlay of the second format: %v", err)
	}
	if got := numbers(t, ix, active); !slices.Equal(got, inFile) {
		t.Errorf("active, while the overlay is left out: %v, the file's %v", got, inFile)
	}
	followRebuilds(t, ix, 13)
	want := slices.DeleteFunc(slices.Clone(inFile), func(n string) bool { return n == "00000004" })
	if got := numbers(t, ix, active); !slices.Equal(got, want) || len(want) != len(inFile)-1 {
		t.Errorf("active after the rebuild: %v, want %v", got, want)
	}
	db, err = sql.Open("sqlite", liveDSN(LivePath(ix.path), "ro", false))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var indexes []string
	rs, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'live' AND name LIKE 'live_%' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	for rs.Next() {
		var n string
		rs.Scan(&n)
		indexes = append(indexes, n)
	}
	rs.Close()
	if !slices.Equal(indexes, []string{"live_alpha", "live_changed", "live_file", "live_out"}) {
		t.Errorf("the rebuilt overlay's indexes: %v", indexes)
	}
	var side int
	if err := db.QueryRow(`SELECT side FROM terms WHERE number = '00000004' AND term = 's:active'`).Scan(&side); err != nil || side != sideGone {
		t.Errorf("the terms of a company taken off, after the rebuild: side %d, %v", side, err)
	}
}

func TestTheNamesFiledUnderWhatIsTypedAreTheRegistersNow(t *testing.T) {
	ctx := context.Background()
	for seed := range uint64(4) {
		r := rand.New(rand.NewPCG(seed, 11))
		ix, numbersOf := randomTown(t, r, 40)
		file := map[string]*Company{}
		for _, n := range numbersOf {
			c, err := ix.Company(ctx, api.Number(n))
			if err != nil {
				t.Fatal(err)
			}
			file[n] = c
		}
		for k := range 10 {
			numbersOf = append(numbersOf, fmt.Sprintf("NW%06d", k))
		}
		last := map[string]*api.Event{}
		var events []*api.Event
		for tp := range int64(30) {
			n := numbersOf[r.IntN(len(numbersOf))]
			e := randomEvent(t, r, tp+1, n)
			events = append(events, e)
			last[n] = e
		}
		follow(t, ix, events...)
		st, err := ix.liveNow(ctx)
		if err != nil || st == nil {
			t.Fatalf("the overlay's state: %+v %v", st, err)
		}
		// The register now, filed by name.
		type filed struct{ key, number string }
		var now []filed
		for _, n := range numbersOf {
			c := file[n]
			if e := last[n]; e != nil {
				c = nil
				if !e.Deleted() {
					p, err := api.DecodeProfile(e.Data, api.Number(n))
					if err != nil {
						t.Fatal(err)
					}
					if !ceased(p.CompanyStatus) {
						c = &Company{Name: p.CompanyName, Number: n}
					}
				}
			}
			if c != nil {
				now = append(now, filed{alphaKey(c.Name), n})
			}
		}
		slices.SortFunc(now, func(a, b filed) int { return cmp.Or(cmp.Compare(a.key, b.key), cmp.Compare(a.number, b.number)) })
		for _, text := range []string{"alpha", "beta", "zeta", "happy", "northern", "a", "n"} {
			key := alphaKey(text)
			for _, n := range []int{1, 2, 3, 5, 40} {
				var want []string
				for _, f := range now {
					if strings.HasPrefix(f.key, key) && len(want) < n {
						want = append(want, f.number)
					}
				}
				got, err := ix.typedFiled(ctx, st, key, n)
				if err != nil {
					t.Fatal(err)
				}
				var gotN []string
				for _, c := range got {
					gotN = append(gotN, c.Number)
				}
				if !slices.Equal(gotN, want) {
					t.Errorf("seed %d, %q, %d: %v, the register now files %v", seed, text, n, gotN, want)
				}
			}
		}
		ix.Close()
	}
}

// followRebuilds opens the overlay as a follow does, which rebuilds one
// of a format before, and checks the follow's place in the companies
// stream is kept: from, the timepoint after the last one written.
func followRebuilds(t *testing.T, ix *Index, from int64) {
	t.Helper()
	l, err := OpenLive(ix.path, ix.Meta().FileDate)
	if err != nil {
		t.Fatal(err)
	}
	got, ok, err := l.From(context.Background(), "companies")
	l.Close()
	if err != nil || !ok || got != from {
		t.Errorf("the follow's place after the rebuild: %d %v %v, want %d", got, ok, err, from)
	}
}
