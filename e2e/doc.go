// Package e2e holds the end-to-end tests: the real coview binary, built
// once for the run, driven as a user or a script drives it, over
// loopback against the demo registry and registries that misbehave on
// purpose, and in a real terminal (tmux). It has no code but its tests;
// their kit is kit_test.go (the binary, its environment, its runs) and
// tmux_test.go (the terminal), beside internal/testkit (the registries
// and the request meter every package's tests share).
package e2e
