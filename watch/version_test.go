package watch

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"coview/api"
)

// The store's version moves on when another process (another
// connection) writes to it, and stays put otherwise: what the browser
// asks on a tick before it reads the list again.
func TestTheStoresVersionMovesWhenAnotherWritesIt(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), FileName)
	mine, err := Open(path, "test", StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer mine.Close()
	other, err := Open(path, "test", StoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	ctx := context.Background()
	v0, err := mine.Version(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := mine.Version(ctx); v != v0 {
		t.Fatalf("the version moved with nothing written: %d, %d", v0, v)
	}
	total := 0
	a := &api.Appointments{Name: "SOMEONE", TotalResults: &total, Items: []api.Appointment{}}
	if _, err := other.AddOfficer(ctx, "abc", a, time.Now()); err != nil {
		t.Fatal(err)
	}
	if v, _ := mine.Version(ctx); v == v0 {
		t.Fatal("another's write did not move the version")
	}
}
