package cli

import (
	"errors"
	"io/fs"
	"os"
	"sync"

	"coview/watch"
)

// browserWatch is how the browser opens the watch list of the registry
// it browses (ui.Options.Watch): when it first needs it, from a Cmd, so
// that starting the browser neither waits for SQLite nor creates a list
// for someone who never watches anything (with create false, no file is
// no list). Checks use the browser's client, which does not wait out a
// 429: a check then stops, saying so. close closes what was opened,
// once the browser has returned.
func browserWatch(env Env, reg *registry) (open func(create bool) (*watch.Watcher, error), close func()) {
	var mu sync.Mutex
	var store *watch.Store
	open = func(create bool) (*watch.Watcher, error) {
		name, err := env.registry.registryName(env)
		if err != nil {
			return nil, err
		}
		path, err := watch.DefaultPath(env.Getenv)
		if err != nil {
			return nil, err
		}
		if _, err := os.Stat(path); !create && errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		s, err := watch.Open(path, name, watch.StoreOptions{})
		if err != nil {
			return nil, err
		}
		// The browser calls open one call at a time, and no more once it
		// has succeeded.
		mu.Lock()
		store = s
		mu.Unlock()
		return watch.New(s, reg.client, watch.Options{Today: reg.today, Documents: reg.docs}), nil
	}
	close = func() {
		mu.Lock()
		defer mu.Unlock()
		if store != nil {
			store.Close()
		}
	}
	return open, close
}
