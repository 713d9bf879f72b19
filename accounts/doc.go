// Package accounts reads a company's filed accounts into figures: the
// filing history's accounts once, then each document's metadata and,
// when it comes as inline XBRL, its content, which package figures
// reads. A Reader keeps what it read for its life (a browsing session,
// a screening, one command), so that nothing is fetched twice: a
// document never changes once filed. It knows nothing of terminals;
// present puts what it reads into words.
package accounts
