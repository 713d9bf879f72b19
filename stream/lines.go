package stream

import "bytes"

// lines splits what a connection reads into lines, wherever the chunks
// end: in the middle of a line, of a multi-byte character, or of the
// "\r\n" that ends it. A line longer than max is not kept: what is read of
// it is dropped as it comes and it is told once, when it ends, so that a
// server sending one endless line costs nothing but the reading.
type lines struct {
	max  int
	part []byte // the line begun and not yet ended
	over int    // bytes of an overlong line so far; 0 when not in one
}

// feed splits chunk, calling line for each whole line (without its end;
// valid only during the call) and long for each overlong one. An error
// from line stops it and is returned.
func (l *lines) feed(chunk []byte, line func([]byte) error, long func(n int)) error {
	for len(chunk) > 0 {
		i := bytes.IndexByte(chunk, '\n')
		if i < 0 {
			l.keep(chunk)
			return nil
		}
		piece := chunk[:i]
		chunk = chunk[i+1:]
		if l.over > 0 || len(l.part)+len(piece) > l.max {
			n := l.over + len(l.part) + len(piece)
			l.over, l.part = 0, l.part[:0]
			long(n)
			continue
		}
		whole := piece
		if len(l.part) > 0 {
			l.part = append(l.part, piece...)
			whole = l.part
		}
		whole = bytes.TrimSuffix(whole, []byte("\r"))
		err := line(whole)
		l.part = l.part[:0]
		if cap(l.part) > 64<<10 {
			l.part = nil // one large event does not keep its memory
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// keep holds on to the start of a line, unless it is too long already.
func (l *lines) keep(b []byte) {
	if l.over > 0 || len(l.part)+len(b) > l.max {
		l.over += len(l.part) + len(b)
		l.part = l.part[:0]
		return
	}
	l.part = append(l.part, b...)
}

// pending is how much of a line has been read and not ended.
func (l *lines) pending() int { return l.over + len(l.part) }

// reset forgets a line begun: a new connection starts with a new line.
func (l *lines) reset() {
	l.over, l.part = 0, nil
}
