package cli

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"coview/api"
	"coview/keystore"
	"coview/stream"
	"coview/ui/lives"
)

// browserLive is the live page's feed (ui.Options.Live): the companies
// and filings streams, with the streaming key. Nothing is looked up or
// connected before the page is first opened; no key, or one refused, is
// the error the page shows, with what to do.
func browserLive(cmd *cobra.Command, env Env, reg *registry) lives.Feed {
	return func(ctx context.Context, event func(*api.Event), note func(string)) error {
		t, err := env.registry.streamTarget(cmd, reg, env)
		if err != nil {
			return err
		}
		k := keys{reg: reg, env: env}
		key := demoStreamKey
		if !t.demo {
			// Looked up without a word: the browser's screen is no place
			// for stderr.
			if key, _, err = k.streamStore().Lookup(t.host); err != nil {
				if errors.Is(err, keystore.ErrNoKey) {
					return fmt.Errorf("no streaming key for %s: coview auth login --stream keeps one (or set %s); a streaming key is not the REST API key", t.host, keystore.StreamEnvVar)
				}
				return err
			}
		}
		s, err := stream.New(stream.Options{BaseURL: t.url, Key: key.Value, UserAgent: userAgent(),
			OnWait: func(w stream.Wait) {
				if w.What != "for events" {
					note(w.Message(time.Now()))
				}
			},
			OnNotice: func(n stream.Notice) {
				switch n.Kind {
				case stream.Connected:
					note("Following the registry's companies and filings streams · p or space pauses")
				case stream.Disconnected, stream.Gap:
					note(n.Message())
				}
			}})
		if err != nil {
			return err
		}
		return followLive(ctx, s, event)
	}
}

// followLive follows the companies and filings streams from now until
// ctx ends or one of them cannot go on.
func followLive(ctx context.Context, s *stream.Streams, event func(*api.Event)) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var wg sync.WaitGroup
	for _, name := range []string{stream.Companies, stream.Filings} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := s.Follow(ctx, name, stream.Live, func(_ context.Context, e *api.Event) error {
				event(e)
				return nil
			})
			if err != nil && ctx.Err() == nil {
				cancel(err)
			}
		}()
	}
	wg.Wait()
	if err := context.Cause(ctx); err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	return nil
}
