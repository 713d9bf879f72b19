// Package testkit is what tests in every package share to meet the
// registry as a user's coview does: over real HTTP on loopback. It starts
// the demo registry (or any handler) for the length of a test and counts
// what it was asked: requests, answers 429, requests in flight at once,
// and the Authorization headers it was sent.
//
// It is imported only by tests. It imports nothing of coview's but
// api/demo, so that tests of package api itself can use it; a client for
// these servers is in testkit/testclient.
package testkit
