//go:build linked

package main

import (
	"context"
	"os"

	"coview/internal/cli"
)

// With -tags linked, bareget carries what coview's binary carries (every
// package it links, and their start-up) and still runs only the bare GET:
// the floor below which a one-shot lookup in coview's binary cannot go,
// whatever coview's own code does.
func init() {
	if len(os.Args) > 1<<30 { // never true: it keeps cli.Main, and all it reaches, in the binary
		cli.Main(context.Background(), os.Args, cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv})
	}
}
