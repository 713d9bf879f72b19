// Package labels turns the registry's machine keys into English text for
// the terminal: company statuses and types, jurisdictions, account types,
// officer roles, PSC statements, kinds and natures of control, SIC codes,
// filing-history descriptions and categories, charges, insolvency cases,
// exemptions, registers, disqualifications and dates.
//
// The registry publishes its own words for its keys in its
// api-enumerations repository; the seven files are in enumerations/ (see
// ORIGIN.md there) and go generate makes them into the sorted tables of
// enumerations.go. Every lookup reads coview's own words first, where
// they are better on a terminal (shorter forms, statuses read as states),
// then the registry's, and only then humanises the key (Humanize): the
// live API adds keys without notice, and an unknown one must still read
// sensibly instead of breaking the screen. Filing descriptions are the
// registry's sentences, filled as its pages fill them.
//
// All inputs are normalised (trimmed, lower-cased) before lookup, since
// keys arrive from several sources with inconsistent casing and padding.
// The registry's tables are static data searched by bisection and
// coview's are map literals; every function is pure and safe for
// concurrent use.
package labels
