package register

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// An index opened Lean (the browser's) is opened on its first use: a
// session that searches no name never reads it; a fault is found then,
// and every query says it.
func TestALeanIndexIsOpenedOnItsFirstUse(t *testing.T) {
	t.Parallel()
	_, path := october(t)
	damaged := filepath.Join(t.TempDir(), "register.db")
	if err := os.WriteFile(damaged, []byte("not an index"), 0o600); err != nil {
		t.Fatal(err)
	}
	ix, err := Open(context.Background(), damaged, Lean())
	if err != nil {
		t.Fatalf("a Lean open read the file: %v", err)
	}
	defer ix.Close()
	if _, err := ix.Typed(context.Background(), "oct", 5); err == nil || ix.Err() == nil {
		t.Fatalf("the first query of a damaged index: %v (%v)", err, ix.Err())
	}
	if _, err := Open(context.Background(), damaged); err == nil {
		t.Fatal("an eager open of a damaged index succeeded")
	}
	good, err := Open(context.Background(), path, Lean())
	if err != nil {
		t.Fatal(err)
	}
	defer good.Close()
	if good.db != nil {
		t.Fatal("a Lean index was opened before its first use")
	}
	items, err := good.Typed(context.Background(), "oct", 5)
	if err != nil || len(items) != 1 || good.Meta().FileDate != "2026-10-01" {
		t.Fatalf("the first query: %v, %v, meta %+v", items, err, good.Meta())
	}
}

// An index of the other register than asked for is refused.
func TestAnIndexOfTheOtherRegisterIsRefused(t *testing.T) {
	t.Parallel()
	_, path := october(t) // made from files: the live register's
	if _, err := Open(context.Background(), path, Of(true)); !errors.Is(err, ErrOtherRegister) {
		t.Fatalf("the demo's asked for, the live register's there: %v", err)
	}
	ix, err := Open(context.Background(), path, Of(false))
	if err != nil {
		t.Fatal(err)
	}
	ix.Close()
}
