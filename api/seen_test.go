package api

import "testing"

func TestAPageIsFreshByTheItemsNotSeenBefore(t *testing.T) {
	t.Parallel()
	s := Seen{}
	for _, tc := range []struct {
		body         string
		items, fresh int
	}{
		{`{"items":[{"a":1},{"a":2}]}`, 2, 2},
		{`{"items":[{"a":2},{"a":3}]}`, 2, 1},
		{`{"items":[{"a":3},{"a":1}]}`, 2, 0},
		{`{"items":[]}`, 0, 0},
		{`<html>a gateway</html>`, 0, 1},
	} {
		if items, fresh := s.Fresh([]byte(tc.body)); items != tc.items || fresh != tc.fresh {
			t.Errorf("Fresh(%s) = %d items, %d fresh; want %d, %d", tc.body, items, fresh, tc.items, tc.fresh)
		}
	}
}
