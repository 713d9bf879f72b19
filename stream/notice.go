package stream

import (
	"errors"
	"fmt"
	"time"

	"coview/api"
)

// Wait is a wait of a follow, told to Options.OnWait when it begins: for
// the stream to answer, for the next byte of an open connection, or
// before connecting again.
type Wait struct {
	Stream string
	// What is what is waited for, in words that follow "waiting": "for
	// the stream's answer", "to connect again".
	What string
	// Why is why, when there is more to say: "the stream closed it" (it
	// may hold network text: clean before printing).
	Why string
	// Until is when the wait ends at the latest: the connection is
	// given up, or made again.
	Until time.Time
}

// Message is the wait in words as of now: "stream filings: waiting to
// connect again (the stream closed it) until 10:04:31, in 4s". Part of a
// second counts as a whole one.
func (w Wait) Message(now time.Time) string {
	s := "stream " + w.Stream + ": waiting " + w.What
	if w.Why != "" {
		s += " (" + w.Why + ")"
	}
	left := w.Until.Sub(now)
	if left <= 0 {
		return s + ", until now"
	}
	return fmt.Sprintf("%s until %s, in %s", s, w.Until.Local().Format("15:04:05"), (left + time.Second - 1).Truncate(time.Second))
}

// NoticeKind is what a Notice tells.
type NoticeKind int

const (
	// Connected: a connection is open and reading (Timepoint is the one
	// asked for, -1 for live).
	Connected NoticeKind = iota + 1
	// Heartbeat: a blank line came.
	Heartbeat
	// Disconnected: the connection ended (Err says why); another follows.
	Disconnected
	// Gap: the stream no longer holds the timepoint asked for (416, or a
	// 400 refusing it): events from Timepoint up to the first one
	// delivered next were missed, and the follow goes on live. The caller
	// fills the gap another way (a check of what it watches).
	Gap
	// Duplicate: an event repeated one already delivered (the same
	// resource with the same etag, or the same data, under a new
	// timepoint); it was not delivered again.
	Duplicate
	// Backwards: an event's timepoint was not above the last delivered
	// (Last); it was not delivered.
	Backwards
	// Restarted: the stream's timepoints went back for good (many events
	// in a row below the last delivered, Last): it is followed from
	// Timepoint on.
	Restarted
	// Unreadable: a line was no event (Err says why); it was skipped.
	Unreadable
	// TooLong: a line was longer than Options.MaxLine (Bytes); it was
	// skipped without being kept.
	TooLong
	// CutShort: the connection ended in the middle of a line (Bytes
	// read of it); the event is asked for again with the rest.
	CutShort
)

// Notice is something that happened on a follow, told to
// Options.OnNotice. Nothing in it needs an answer.
type Notice struct {
	Stream    string
	Kind      NoticeKind
	Timepoint int64 // the event's, or as the kind says
	Last      int64 // Backwards and Restarted: the last timepoint delivered
	Bytes     int   // TooLong and CutShort: how long the line was
	Err       error // Disconnected and Unreadable: why
}

// Message is the notice in words (it may hold network text from Err:
// clean before printing).
func (n Notice) Message() string {
	s := "stream " + n.Stream + ": "
	switch n.Kind {
	case Connected:
		if n.Timepoint < 0 {
			return s + "connected, following live"
		}
		return fmt.Sprintf("%sconnected, from timepoint %d", s, n.Timepoint)
	case Heartbeat:
		return s + "heartbeat"
	case Disconnected:
		return s + "the connection ended: " + errText(n.Err)
	case Gap:
		return fmt.Sprintf("%sthe stream no longer holds timepoint %d (too old); following live from now, so the events since it are missed", s, n.Timepoint)
	case Duplicate:
		return fmt.Sprintf("%sevent %d repeats one already delivered; skipped", s, n.Timepoint)
	case Backwards:
		return fmt.Sprintf("%sevent %d is not after %d, the last delivered; skipped", s, n.Timepoint, n.Last)
	case Restarted:
		return fmt.Sprintf("%sthe stream's timepoints went back from %d; following from %d", s, n.Last, n.Timepoint)
	case Unreadable:
		why := errText(n.Err)
		if ae := (*api.Error)(nil); errors.As(n.Err, &ae) && ae.Reason != "" {
			why = ae.Reason
		}
		return s + "a line that is no event was skipped: " + why
	case TooLong:
		return fmt.Sprintf("%sa line of %d bytes, longer than any event, was skipped", s, n.Bytes)
	case CutShort:
		return fmt.Sprintf("%sthe connection ended %d bytes into a line; it is asked for again", s, n.Bytes)
	}
	return s + "?"
}

func errText(err error) string {
	if err == nil {
		return "no reason given"
	}
	return err.Error()
}

// Counts are what a follow saw, so far.
type Counts struct {
	Events      int // delivered
	Duplicates  int
	Backwards   int
	Unreadable  int
	TooLong     int
	CutShort    int
	Heartbeats  int
	Connections int // made, whatever came of them
	Gaps        int
}
