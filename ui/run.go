package ui

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"coview/api"
	"coview/ui/waits"
)

// Run runs the browser on the terminal (or Options.IO) in
// the alternate screen, and returns when the user quits. The terminal is
// restored on every way out: quitting, the context ending (Run then returns
// nil: the caller knows why), and panics, after which Run returns an error
// saying "coview crashed: …; please report it". Requests still in flight
// are cancelled.
func Run(ctx context.Context, opts Options) error {
	if opts.Registry == nil {
		return errors.New("ui: Options.Registry is nil")
	}
	g := newCrashGuard()
	m := newModel(ctx, opts)
	defer m.cancel()
	p := tea.NewProgram(newGuarded(m, g), programOptions(ctx, opts)...)
	// Waits for the quota are told from the goroutine of the request; the
	// program takes them in as messages, in order with everything else.
	opts.Registry.SetWaitNotice(func(w api.Wait) { p.Send(waits.Msg{W: w}) })
	defer opts.Registry.SetWaitNotice(nil)

	// A panic in View leaves no Cmd to quit with; quit from outside.
	finished := make(chan struct{})
	defer close(finished)
	go func() {
		select {
		case <-g.crashed:
			p.Quit()
		case <-finished:
		}
	}()

	_, err := p.Run()
	// The program has stopped: no Update runs now, so the model may be read.
	// A download cut short by a signal takes its unfinished file away.
	m.dl.Stop(true)
	// A check of the watch list under way is stopped, and what it
	// recorded kept, before the caller closes the store.
	m.makers.watches.Close(5 * time.Second)
	m.closeRecent()
	return outcome(ctx, g, err)
}

// programOptions run the program on the context, the terminal or the
// given input and output.
func programOptions(ctx context.Context, opts Options) []tea.ProgramOption {
	// Signals end the program through ctx (main cancels it on SIGINT,
	// SIGTERM and SIGHUP). Bubble Tea's own handler is turned off: in
	// v2.0.10 it sends QuitMsg without watching the context, so a signal
	// that also cancels ctx can leave that send blocked and shutdown
	// waiting for it forever, with the terminal still in raw mode.
	popts := []tea.ProgramOption{tea.WithContext(ctx), tea.WithoutSignalHandler()}
	if opts.IO.Input != nil {
		popts = append(popts, tea.WithInput(opts.IO.Input))
	}
	if opts.IO.Output != nil {
		popts = append(popts, tea.WithOutput(opts.IO.Output))
	}
	return popts
}

// outcome is what Run returns once the program has stopped: a crash
// report after a panic, nothing when the user or a signal ended it.
func outcome(ctx context.Context, g *crashGuard, err error) error {
	if v, crashed := g.get(); crashed {
		return crashError(v)
	}
	switch {
	case errors.Is(err, tea.ErrProgramPanic):
		return crashError("a panic inside the terminal library")
	case errors.Is(err, tea.ErrInterrupted):
		return nil
	case err != nil && ctx.Err() != nil:
		return nil
	}
	return err
}
