// Package lazy holds values made on first use rather than at start-up:
// a package-level map literal is built before main runs, by every run of
// coview, a one-shot --json lookup that never reads it included. A
// Value whose Make is a function literal is static data instead, and
// costs nothing until Get.
//
//	var statusLabels = lazy.Value[map[string]string]{Make: func() map[string]string {
//		return map[string]string{"active": "Active"}
//	}}
//
//	statusLabels.Get()["active"]
package lazy

import "sync"

// Value is made by Make on the first Get, once, whichever goroutine asks
// first; every Get returns the same value.
type Value[T any] struct {
	Make func() T
	once sync.Once
	v    T
}

// Get returns the value, making it first if no Get has.
func (l *Value[T]) Get() T {
	l.once.Do(func() {
		l.v = l.Make()
		l.Make = nil
	})
	return l.v
}
