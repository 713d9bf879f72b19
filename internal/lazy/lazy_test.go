package lazy

import (
	"sync"
	"testing"
)

func TestAValueIsMadeOnceOnTheFirstGetWhoeverAsks(t *testing.T) {
	t.Parallel()
	made := 0
	v := Value[map[string]int]{Make: func() map[string]int {
		made++
		return map[string]int{"one": 1}
	}}
	if made != 0 {
		t.Fatalf("made %d times before any Get", made)
	}
	var wg sync.WaitGroup
	got := make([]map[string]int, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = v.Get()
		}()
	}
	wg.Wait()
	if made != 1 {
		t.Errorf("made %d times by 8 Gets, want once", made)
	}
	for i, m := range got {
		if m["one"] != 1 {
			t.Errorf("Get %d = %v, want the map Make made", i, m)
		}
	}
	v.Get()["two"] = 2
	if v.Get()["two"] != 2 {
		t.Errorf("a later Get gave another map than the first")
	}
}
