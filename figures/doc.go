// Package figures reads the accounts companies file as inline XBRL
// (iXBRL): bytes of an XHTML document in, the facts it tags and the
// figures people ask of accounts (turnover, profit, cash, net assets...)
// out, for each period it reports. It has no network and no terminal;
// what it returns is data, to be cleaned before it is shown.
//
// Read refuses what is not inline XBRL, declares entities, or is larger
// than its bounds, with an *Error; a fact it cannot read is a Problem
// beside the figures it could, never a guess: a figure a document does
// not report is absent, never zero, and one it reports twice with two
// values is a contradiction, not one of the two.
package figures
