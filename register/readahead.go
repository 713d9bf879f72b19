package register

import (
	"context"
	"io"
)

// readahead reads r on a goroutine of its own, a block ahead of its
// reader, so that a zip is inflated while the rows before are parsed.
type readahead struct {
	blocks chan []byte
	free   chan []byte
	cur    []byte
	err    error
	done   chan struct{}
}

const readaheadBlock = 1 << 20

func newReadahead(ctx context.Context, r io.Reader) *readahead {
	ra := &readahead{blocks: make(chan []byte, 3), free: make(chan []byte, 4), done: make(chan struct{})}
	go func() {
		defer close(ra.blocks)
		for {
			var buf []byte
			select {
			case buf = <-ra.free:
			default:
				buf = make([]byte, readaheadBlock)
			}
			n, err := fill(r, buf[:cap(buf)])
			if n > 0 {
				select {
				case ra.blocks <- buf[:n]:
				case <-ctx.Done():
					return
				case <-ra.done:
					return
				}
			}
			if err != nil {
				ra.err = err
				return
			}
		}
	}()
	return ra
}

func (ra *readahead) Read(p []byte) (int, error) {
	for len(ra.cur) == 0 {
		if ra.cur != nil {
			select {
			case ra.free <- ra.cur[:0]:
			default:
			}
			ra.cur = nil
		}
		b, ok := <-ra.blocks
		if !ok {
			return 0, ra.err // set before the channel was closed
		}
		ra.cur = b
	}
	n := copy(p, ra.cur)
	ra.cur = ra.cur[n:]
	return n, nil
}

// close stops the goroutine, if it still runs.
func (ra *readahead) close() {
	close(ra.done)
	for range ra.blocks {
	}
}

// fill reads into buf until it is full or r fails, keeping r's error as
// it is (a zip that breaks off says so with io.ErrUnexpectedEOF, which
// io.ReadFull would make of any short read).
func fill(r io.Reader, buf []byte) (int, error) {
	n := 0
	for n < len(buf) {
		m, err := r.Read(buf[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}
