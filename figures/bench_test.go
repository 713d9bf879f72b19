package figures

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// bigAccounts is full accounts grown to about size bytes the way real
// ones are: the small company's statements, then note upon note of
// styled tables whose figures are tagged by class of asset, as software
// writes them.
func bigAccounts(tb testing.TB, size int) []byte {
	tb.Helper()
	small, err := os.ReadFile(filepath.Join("testdata", "frs102-small.xhtml"))
	if err != nil {
		tb.Fatal(err)
	}
	end := bytes.LastIndex(small, []byte("</body>"))
	var b bytes.Buffer
	b.Write(small[:end])
	for i := 0; b.Len() < size-100; i++ {
		fmt.Fprintf(&b, `<div class="note" style="page-break-inside: avoid; margin-top: 12pt"><p class="heading"><span class="num">%d</span> <span class="title">Tangible fixed assets, class %d</span></p>
<table class="data" style="width: 100%%; border-collapse: collapse"><tr><td class="label" style="width: 60%%">Plant and machinery at cost</td><td class="amount" style="text-align: right"><span class="figure"><ix:nonFraction name="uk-core:PropertyPlantEquipment" contextRef="ppe_plant_2025" unitRef="GBP" decimals="0" format="ixt2:numdotdecimal">64,577</ix:nonFraction></span></td><td class="amount" style="text-align: right"><span class="figure"><ix:nonFraction name="uk-core:PropertyPlantEquipment" contextRef="ppe_plant_2024" unitRef="GBP" decimals="0" format="ixt2:numdotdecimal">50,340</ix:nonFraction></span></td></tr>
<tr><td class="label">Depreciation charged in the year</td><td class="amount"><span class="figure"><ix:nonFraction name="uk-core:DepreciationExpensePropertyPlantEquipment" contextRef="duration_2025" unitRef="GBP" decimals="0" format="ixt2:numdotdecimal">%d</ix:nonFraction></span></td><td class="amount"><span class="figure">%d</span></td></tr></table>
<p class="text"><ix:nonNumeric name="uk-core:DescriptionDepreciationMethodRateOrUsefulEconomicLifeForPropertyPlantEquipment" contextRef="duration_2025">Plant and machinery is depreciated at <span class="rate">25%%</span> on the reducing balance, less any residual value.</ix:nonNumeric></p></div>
`, i+4, i, 1000+i, 900+i)
	}
	b.Write(small[end:])
	return b.Bytes()
}

// The budget in docs/speed.md: a 180 kB document into
// figures in under 5 ms (go test -run X -bench . ./figures/). Beside the
// time, the CPU time a read costs (cpu-ns/op), which a busy machine
// stretches less.
func BenchmarkRead180kB(b *testing.B) {
	doc := bigAccounts(b, 180_000)
	r, err := Read(doc, Options{})
	if err != nil || len(r.Years) != 2 || len(r.Problems) != 0 {
		b.Fatalf("%v, %d years, problems %v", err, len(r.Years), r.Problems)
	}
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		if _, err := Read(doc, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	if spent := cpuTime() - cpu; spent > 0 {
		b.ReportMetric(float64(spent.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

func TestTheBenchmarksDocumentIsTheSizeItSays(t *testing.T) {
	t.Parallel()
	doc := bigAccounts(t, 180_000)
	if n := len(doc); n < 175_000 || n > 185_000 {
		t.Fatalf("%d bytes", n)
	}
	r, err := Read(doc, Options{})
	if err != nil || len(r.Facts) < 400 {
		t.Fatalf("%v, %d facts", err, len(r.Facts))
	}
}
