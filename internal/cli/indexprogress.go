package cli

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"coview/present"
	"coview/register"
)

// progressOut draws an update's progress on stderr: a bar redrawn in
// place on a terminal, elsewhere a line at each tenth of a stage.
type progressOut struct {
	mu     sync.Mutex
	w      io.Writer
	tty    bool
	stage  register.Stage
	tenth  int
	drawn  bool
	lastAt time.Time
}

func newProgressOut(w io.Writer, tty bool) *progressOut {
	return &progressOut{w: w, tty: tty, stage: -1, tenth: -1}
}

// say writes a message on a line of its own.
func (o *progressOut) say(format string, args ...any) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.clear()
	fmt.Fprintf(o.w, "coview: "+format+"\n", args...)
}

func (o *progressOut) clear() {
	if o.drawn {
		io.WriteString(o.w, "\r\x1b[K")
		o.drawn = false
	}
}

// done ends the bar's line.
func (o *progressOut) done() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.clear()
}

func (o *progressOut) progress(p register.Progress) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if p.Stage == register.StageDone {
		o.clear()
		return
	}
	if p.Stage != o.stage {
		o.stage, o.tenth = p.Stage, -1
	}
	text := progressWords(p)
	if o.tty {
		now := time.Now()
		if o.drawn && now.Sub(o.lastAt) < 100*time.Millisecond {
			return
		}
		o.lastAt = now
		io.WriteString(o.w, "\r\x1b[K"+bar(p.Fraction())+" "+text)
		o.drawn = true
		return
	}
	f := p.Fraction()
	if f < 0 {
		return
	}
	if tenth := int(f * 10); tenth > o.tenth {
		o.tenth = tenth
		fmt.Fprintln(o.w, "coview: "+text)
	}
}

// progressWords is a stage's progress in words: how far, how fast, how
// long still.
func progressWords(p register.Progress) string {
	var b strings.Builder
	b.WriteString(p.Stage.String())
	switch p.Stage {
	case register.StageDownload:
		b.WriteString(" the monthly file")
	case register.StageRead:
		b.WriteString(" the file")
	case register.StageIndex:
		b.WriteString(" the companies")
	}
	if f := p.Fraction(); f >= 0 {
		fmt.Fprintf(&b, ": %d%%", int(f*100))
	}
	switch p.Stage {
	case register.StageDownload:
		fmt.Fprintf(&b, " (%s", sizeWords(p.Done))
		if p.Total > 0 {
			fmt.Fprintf(&b, " of %s", sizeWords(p.Total))
		}
		if p.Rate > 0 {
			fmt.Fprintf(&b, ", %s/s", sizeWords(int64(p.Rate)))
		}
		b.WriteString(")")
	case register.StageRead:
		fmt.Fprintf(&b, " (%s companies)", present.Thousands(p.Rows))
	}
	if left := p.Left.Round(time.Second); left > 0 {
		fmt.Fprintf(&b, ", about %s left", left)
	}
	return b.String()
}

// bar is a fraction as a bar of 20 cells.
func bar(f float64) string {
	if f < 0 {
		return "[" + strings.Repeat(" ", 20) + "]"
	}
	n := int(f * 20)
	return "[" + strings.Repeat("=", n) + strings.Repeat(" ", 20-n) + "]"
}
