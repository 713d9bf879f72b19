package stream

import (
	"context"
	"errors"
)

// Check makes one short connection to the stream name to learn whether it
// takes the key: nil when it answers 200 (the stream answers only once
// the key is checked, and sends its first heartbeat or event with the
// answer), an error matching ErrRejectedKey when it refuses the key (the
// message says that streaming and REST keys differ), and otherwise an
// error saying why it could not be told. It waits at most ConnectTimeout
// and reads no event; the connection counts against the key's
// MaxPerKey while it lasts.
func (s *Streams) Check(ctx context.Context, name string) error {
	release, err := s.acquire(name)
	if err != nil {
		return err
	}
	defer release()
	f := &follower{s: s, name: name, next: Live}
	o, resp, _, cancel := f.open(ctx)
	if resp == nil {
		if o.end == endCanceled {
			return ctx.Err()
		}
		if err := errorOf(name, o); err != nil {
			return err
		}
		return errors.New("stream " + name + ": unexpected answer")
	}
	resp.Body.Close()
	cancel(errDone)
	return nil
}
