package common

import (
	"bytes"
	"fmt"
	"runtime"
	"sync"
	"testing"
)

// A body packed for the source view unpacks to itself, whatever packs
// beside it at the same time (they share one compressor).
func TestAPackedBodyUnpacksToItselfWhilePacksRunBesideIt(t *testing.T) {
	t.Parallel()
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 20 {
				body := bytes.Repeat([]byte(fmt.Sprintf(`{"company_number":"%08d","n":%d},`, g, i)), 50+i*40)
				if got := Pack(body).Unpack(); !bytes.Equal(got, body) {
					t.Errorf("goroutine %d, body %d: unpacked %d bytes, packed %d", g, i, len(got), len(body))
					return
				}
			}
		})
	}
	wg.Wait()
	if Pack(nil) != nil || Packed(nil).Unpack() != nil {
		t.Error("nothing packed is not nothing")
	}
}

// Packing a page reuses the compressor: a new one allocates about 1.2 MB,
// which every page fetched cost the heap.
func TestPackingAPageDoesNotMakeACompressorEachTime(t *testing.T) {
	body := bytes.Repeat([]byte(`{"category":"accounts","date":"2025-12-09","type":"AA"},`), 400)
	Pack(body)
	const packs = 64
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range packs {
		Pack(body)
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / packs; per > 64<<10 {
		t.Fatalf("packing a page allocated %d KB, as if each made a compressor", per>>10)
	}
}
