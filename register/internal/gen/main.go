// Command gen writes a synthetic monthly company file of any size, shaped
// like the registry's (the 55 columns, their header with its leading
// spaces, display words, DD/MM/YYYY, every field quoted), for measuring
// an import. The same flags write the same file.
//
//	go run ./register/internal/gen -rows 5700000 -o /tmp/register.zip -o /tmp/register.csv
package main

import (
	"archive/zip"
	"bufio"
	"compress/flate"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"coview/register"
)

func main() {
	rows := flag.Int("rows", 1000, "how many companies")
	seed := flag.Uint64("seed", 1, "the random seed: the same seed and rows, the same file")
	date := flag.String("date", "2026-11-01", "the register's date, in the zip's entry name")
	malformed := flag.Int("malformed", 0, "rows with too few fields, spread through the file")
	var outs []string
	flag.Func("o", "write to `FILE` (.zip: the CSV zipped, as the registry serves it; anything else: the CSV); repeatable", func(s string) error {
		outs = append(outs, s)
		return nil
	})
	flag.Parse()
	if len(outs) == 0 || *rows < 0 {
		fmt.Fprintln(os.Stderr, "usage: gen -rows N -o FILE.zip [-o FILE.csv]")
		os.Exit(2)
	}
	if err := run(*rows, *seed, *date, *malformed, outs); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(rows int, seed uint64, date string, malformed int, outs []string) (err error) {
	var writers []io.Writer
	var finish []func() error
	for _, o := range outs {
		f, err := os.Create(o)
		if err != nil {
			return err
		}
		if !strings.EqualFold(filepath.Ext(o), ".zip") {
			writers = append(writers, f)
			finish = append(finish, f.Close)
			continue
		}
		z := zip.NewWriter(f)
		z.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, flate.BestSpeed) })
		e, err := z.Create("BasicCompanyDataAsOneFile-" + date + ".csv")
		if err != nil {
			return err
		}
		writers = append(writers, e)
		finish = append(finish, func() error { return errors.Join(z.Close(), f.Close()) })
	}
	w := bufio.NewWriterSize(io.MultiWriter(writers...), 1<<20)
	g := newGenerator(seed)
	w.WriteString(register.Header() + "\r\n")
	every := 0
	if malformed > 0 {
		every = max(rows/malformed, 1)
	}
	record := make([]string, len(register.Columns))
	for i := range rows {
		g.row(i, record)
		n := len(record)
		if every > 0 && i%every == every/2 && malformed > 0 {
			n -= 3
			malformed--
		}
		for j, v := range record[:n] {
			if j > 0 {
				w.WriteByte(',')
			}
			w.WriteByte('"')
			w.WriteString(strings.ReplaceAll(v, `"`, `""`))
			w.WriteByte('"')
		}
		w.WriteString("\r\n")
	}
	if err := w.Flush(); err != nil {
		return err
	}
	for _, f := range finish {
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}

// generator makes companies up: names from made-up words and the words
// companies' names are full of, addresses in made-up towns with
// postcodes of the real areas' shape, the registry's categories, statuses
// and accounts categories in their rough shares.
type generator struct {
	r      *rand.Rand
	words  []string // made-up words, the first the commonest
	zipf   *rand.Zipf
	towns  []string
	sic    []string // "62020 - words"
	sicZip *rand.Zipf
}

func newGenerator(seed uint64) *generator {
	r := rand.New(rand.NewPCG(seed, 2026))
	g := &generator{r: r}
	syllables := strings.Fields("ka lo mi ra to ben dor fal gri hal jun kel lam mor nev pol quin ros sal tam ul var wen yor zel ash bri cor dun eld fen gar hol ith jor lun mar nor oak pen rid sto tor vel wyn")
	seen := map[string]bool{}
	for len(g.words) < 60000 {
		n := 2 + r.IntN(3)
		var b strings.Builder
		for range n {
			b.WriteString(syllables[r.IntN(len(syllables))])
		}
		if w := strings.ToUpper(b.String()); !seen[w] {
			seen[w] = true
			g.words = append(g.words, w)
		}
	}
	g.zipf = rand.NewZipf(r, 1.07, 2, uint64(len(g.words)-1))
	for i := range 1500 {
		g.towns = append(g.towns, g.words[(i*37)%len(g.words)])
	}
	for i := range 730 {
		code := 1110 + i*135
		g.sic = append(g.sic, fmt.Sprintf("%05d - %s activities", code, strings.ToLower(g.words[i*11%len(g.words)])))
	}
	g.sic = append(g.sic, "99999 - Dormant Company", "62020 - Information technology consultancy activities",
		"70229 - Management consultancy activities other than financial management", "68209 - Other letting and operating of own or leased real estate")
	g.sicZip = rand.NewZipf(r, 1.2, 4, uint64(len(g.sic)-1))
	return g
}

var (
	business = strings.Fields("SERVICES HOLDINGS CONSULTING UK GROUP PROPERTY SOLUTIONS TRADING INVESTMENTS DEVELOPMENTS MANAGEMENT TECHNOLOGIES INTERNATIONAL CONSTRUCTION ENTERPRISES DESIGN MEDIA CAPITAL VENTURES PARTNERS HOMES BUILDERS CARE LOGISTICS ESTATES ENGINEERING RETAIL FOODS STUDIO DIGITAL ENERGY HEALTH LEGAL FINANCE MOTORS")
	areas    = strings.Fields("AB AL B BA BB BD BH BL BN BR BS BT CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY E EC EH EN EX FK FY G GL GU HA HD HG HP HR HS HU HX IG IP IV KA KT KW KY L LA LD LE LL LN LS LU M ME MK ML N NE NG NN NP NR NW OL OX PA PE PH PL PO PR RG RH RM S SA SE SG SK SL SM SN SO SP SR SS ST SW SY TA TD TF TN TQ TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE")
	streets  = strings.Fields("ROAD STREET LANE AVENUE CLOSE DRIVE WAY COURT PLACE PARK")
	counties = strings.Fields("YORKSHIRE LANCASHIRE KENT ESSEX SURREY DEVON CHESHIRE HAMPSHIRE NORFOLK SUFFOLK DORSET")
)

type share struct {
	words  string
	weight int
}

var (
	categories = []share{{"Private Limited Company", 9217}, {"PRI/LTD BY GUAR/NSC (Private, limited by guarantee, no share capital)", 254},
		{"Limited Liability Partnership", 180}, {"PRI/LBG/NSC (Private, Limited by guarantee, no share capital, use of 'Limited' exemption)", 130},
		{"Limited Partnership", 74}, {"Other company type", 38}, {"Industrial and Provident Society", 33}, {"Public Limited Company", 28},
		{"Community Interest Company", 23}, {"Private Unlimited Company", 20}, {"Royal Charter Company", 3}, {"Overseas Entity", 5},
		{"Charitable Incorporated Organisation", 4}, {"Scottish Partnership", 2}, {"Investment Company with Variable Capital", 1}}
	statuses = []share{{"Active", 9243}, {"Active - Proposal to Strike off", 457}, {"Liquidation", 261}, {"In Administration", 16},
		{"Live but Receiver Manager on at least one charge", 8}, {"Voluntary Arrangement", 6}, {"ADMINISTRATIVE RECEIVER", 5}}
	accounts = []share{{"TOTAL EXEMPTION FULL", 3000}, {"MICRO ENTITY", 2500}, {"NO ACCOUNTS FILED", 2200}, {"DORMANT", 1300},
		{"UNAUDITED ABRIDGED", 500}, {"FULL", 300}, {"SMALL", 150}, {"GROUP", 60}, {"TOTAL EXEMPTION SMALL", 60}}
)

func (g *generator) pick(s []share) string {
	total := 0
	for _, x := range s {
		total += x.weight
	}
	n := g.r.IntN(total)
	for _, x := range s {
		if n -= x.weight; n < 0 {
			return x.words
		}
	}
	return s[0].words
}

func (g *generator) word() string { return g.words[g.zipf.Uint64()] }

func (g *generator) name() string {
	parts := []string{g.word()}
	for range g.r.IntN(3) {
		if g.r.IntN(3) == 0 {
			parts = append(parts, g.word())
		} else {
			parts = append(parts, business[g.r.IntN(len(business))])
		}
	}
	switch n := g.r.IntN(100); {
	case n < 58:
		parts = append(parts, "LIMITED")
	case n < 93:
		parts = append(parts, "LTD")
	case n < 95:
		parts = append(parts, "LLP")
	}
	return strings.Join(parts, " ")
}

func (g *generator) date(fromYear, toYear int) string {
	y := fromYear + g.r.IntN(toYear-fromYear+1)
	return fmt.Sprintf("%02d/%02d/%04d", 1+g.r.IntN(28), 1+g.r.IntN(12), y)
}

func (g *generator) postcode() string {
	a := areas[g.r.IntN(len(areas))]
	return fmt.Sprintf("%s%d %d%c%c", a, 1+g.r.IntN(30), g.r.IntN(10), 'A'+rune(g.r.IntN(26)), 'A'+rune(g.r.IntN(26)))
}

// row fills record with company i's 55 fields.
func (g *generator) row(i int, rec []string) {
	for j := range rec {
		rec[j] = ""
	}
	number := fmt.Sprintf("%08d", 1000000+i)
	switch g.r.IntN(20) {
	case 0:
		number = fmt.Sprintf("SC%06d", i%1000000)
	case 1:
		number = fmt.Sprintf("OC%06d", i%1000000)
	}
	set := func(name, v string) { rec[index[name]] = v }
	set("CompanyName", g.name())
	set("CompanyNumber", number)
	if g.r.IntN(40) == 0 {
		set("RegAddress.CareOf", g.word()+" "+g.word())
	}
	set("RegAddress.AddressLine1", fmt.Sprintf("%d %s %s", 1+g.r.IntN(300), g.word(), streets[g.r.IntN(len(streets))]))
	if g.r.IntN(2) == 0 {
		set("RegAddress.AddressLine2", g.word())
	}
	set("RegAddress.PostTown", g.towns[g.r.IntN(len(g.towns))])
	if g.r.IntN(3) == 0 {
		set("RegAddress.County", counties[g.r.IntN(len(counties))])
	}
	set("RegAddress.Country", []string{"ENGLAND", "UNITED KINGDOM", "", "WALES", "SCOTLAND"}[g.r.IntN(5)])
	set("RegAddress.PostCode", g.postcode())
	set("CompanyCategory", g.pick(categories))
	set("CompanyStatus", g.pick(statuses))
	set("CountryOfOrigin", "United Kingdom")
	set("IncorporationDate", g.date(1950+g.r.IntN(60), 2026))
	set("Accounts.AccountRefDay", fmt.Sprint(28+g.r.IntN(3)))
	set("Accounts.AccountRefMonth", fmt.Sprint(1+g.r.IntN(12)))
	set("Accounts.NextDueDate", g.date(2026, 2027))
	set("Accounts.LastMadeUpDate", g.date(2024, 2025))
	set("Accounts.AccountCategory", g.pick(accounts))
	if g.r.IntN(3) == 0 {
		set("Returns.NextDueDate", g.date(2010, 2016))
		set("Returns.LastMadeUpDate", g.date(2009, 2015))
	}
	charges := g.r.IntN(6) / 4
	set("Mortgages.NumMortCharges", fmt.Sprint(charges))
	set("Mortgages.NumMortOutstanding", fmt.Sprint(charges/2))
	set("Mortgages.NumMortPartSatisfied", "0")
	set("Mortgages.NumMortSatisfied", fmt.Sprint(charges-charges/2))
	for k := range 1 + g.r.IntN(4)/3 + g.r.IntN(8)/7 {
		set(fmt.Sprintf("SICCode.SicText_%d", k+1), g.sic[len(g.sic)-1-int(g.sicZip.Uint64())])
	}
	set("LimitedPartnerships.NumGenPartners", "0")
	set("LimitedPartnerships.NumLimPartners", "0")
	set("URI", "http://business.data.gov.uk/id/company/"+number)
	if g.r.IntN(7) == 0 {
		for k := range 1 + g.r.IntN(3) {
			set(fmt.Sprintf("PreviousName_%d.CONDATE", k+1), g.date(2000, 2025))
			set(fmt.Sprintf("PreviousName_%d.CompanyName", k+1), g.name())
		}
	}
	set("ConfStmtNextDueDate", g.date(2026, 2027))
	set("ConfStmtLastMadeUpDate", g.date(2025, 2026))
}

var index = func() map[string]int {
	m := map[string]int{}
	for i, c := range register.Columns {
		m[c] = i
	}
	return m
}()
