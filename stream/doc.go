// Package stream follows the registry's streaming API: one long HTTP
// response a stream, each line an event (read by api.DecodeEvent), with
// blank lines as heartbeats. It reconnects, resumes where it was, skips
// what repeats and says what it waits for; it knows nothing of terminals,
// keyrings or what the caller makes of an event.
//
// The caller keeps the position: each event carries its timepoint, and a
// follow starts from the timepoint the caller gives (the last one it kept
// plus one), so that the timepoint can be stored in the same write as the
// change the event made, and a restart neither loses nor doubles one.
//
// Time is the caller's too (Options.Clock, an api.Clock): every
// wait is on that clock, bounded, cancellable through the context, and
// told to Options.OnWait with what is waited for and until when.
package stream
