package layout

import "testing"

func TestThePreviewGoesWhereThereIsRoom(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		st       State
		w, h     int
		want     Where
		listW    int
		previewW int
	}{
		{"at 80x24 there is no room for it", State{}, 80, 24, None, 80, 0},
		{"at 120x40 the list would get under 80 columns and the window is short: none", State{}, 120, 40, None, 120, 0},
		{"at 200x60 it goes beside the list, 45% wide", State{}, 200, 60, Right, 109, 90},
		{"at 120x50 the list would get under 80 columns: below", State{}, 120, 50, Below, 120, 120},
		{"turned off it is not drawn however wide", State{Settings: Settings{Hide: true}}, 200, 60, None, 200, 0},
		{"set below it goes below on a tall window", State{Settings: Settings{Below: true}}, 200, 60, Below, 200, 200},
		{"set below on a short wide window it goes beside", State{Settings: Settings{Below: true}}, 200, 40, Right, 109, 90},
		{"a width in columns is columns", State{Settings: Settings{Width: 60}}, 200, 60, Right, 139, 60},
		{"a width as a fraction is of the window", State{Settings: Settings{Width: 0.3}}, 200, 60, Right, 139, 60},
		{"flipped right with P it goes beside at 120x40", State{Forced: true}, 120, 40, Right, 65, 54},
		{"flipped below with P it goes below at 120x40", State{Forced: true, Settings: Settings{Below: true}}, 120, 40, Below, 120, 120},
		{"flipped right with P there is still no room at 60 columns", State{Forced: true}, 60, 24, None, 60, 0},
		{"flipped below with P there is no room on 24 rows", State{Forced: true, Settings: Settings{Below: true}}, 80, 24, None, 80, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			body := tc.h - 10
			got := tc.st.Lay(tc.w, tc.h, body)
			if got.Where != tc.want || got.ListW != tc.listW || got.PrevW != tc.previewW {
				t.Fatalf("Lay(%d, %d) = %+v, want %v with the list %d and the preview %d wide", tc.w, tc.h, got, tc.want, tc.listW, tc.previewW)
			}
			switch got.Where {
			case Right:
				if got.ListW+1+got.PrevW != tc.w || got.ListH != body || got.PrevH != body {
					t.Errorf("beside, the two do not share the window: %+v", got)
				}
			case Below:
				if got.ListH+1+got.PrevH != body {
					t.Errorf("below, the two do not share the body of %d rows: %+v", body, got)
				}
			}
		})
	}
}

func TestPTurnsThePreviewTheOtherWay(t *testing.T) {
	t.Parallel()
	var st State
	st.Flip(st.Lay(200, 60, 50).Where)
	if got := st.Lay(200, 60, 50).Where; got != Below {
		t.Fatalf("flipped from beside, it is %v, want below", got)
	}
	st.Flip(Below)
	if got := st.Lay(200, 60, 50).Where; got != Right {
		t.Fatalf("flipped again, it is %v, want beside", got)
	}
}
