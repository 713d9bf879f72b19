// Package register is the registry's monthly company file (Basic Company
// Data) as a local index: reading the file (a zip, a CSV or its parts),
// building the index beside the one in use and putting it in place whole,
// finding and downloading the newest file, and answering searches from
// the index with the registry's own types, so that an answer given
// offline reads as one given live.
//
// It knows nothing of the terminal: text from the file is returned as
// the file has it, for the caller to clean before showing.
package register
