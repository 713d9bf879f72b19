// Package labels turns the registry's machine keys into short English text
// for the terminal UI: company statuses and types, jurisdictions, account
// types, officer roles, PSC statements, kinds and natures of control, SIC
// codes, filing-history descriptions and categories, charges, insolvency
// cases, exemptions, registers and dates.
//
// The registry publishes its own label tables in an unlicensed repository,
// so nothing here is copied from it: every label is written for coview.
// Because the live API adds keys without notice, every lookup has a
// fallback (usually Humanize) so an unknown value still reads sensibly
// instead of breaking the screen.
//
// All inputs are normalised (trimmed, lower-cased) before lookup, since
// keys arrive from several sources with inconsistent casing and padding.
// The tables are map literals built once at package initialisation; every
// function is pure and safe for concurrent use.
package labels
