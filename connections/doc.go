// Package connections finds the companies and people around a company: the
// other companies its officers hold office in, and the companies that own
// it, one step out or two, under a budget of requests, with nothing asked
// twice in a session. It groups officer records that are probably one
// person (the registry opens a new record whenever details differ), ranks
// what it found, and lists whatever it could not check. It knows nothing of
// terminals: present puts a Result into words, and the browser and the
// command line show them.
package connections
