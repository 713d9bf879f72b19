// Package save puts a download on disk whole or not at all: the bytes go
// to a hidden temporary file in the directory they are meant for, which
// gets its name only once they are all there; a file that is there is
// never overwritten (the new one gets " (2)"); a name is made safe for
// any file system first (Name); and DownloadDir says where downloads go
// when the user has not said.
//
// It knows nothing of the registry: what fills the file is the caller's
// (api's DocumentClient.Download, say), so the registry's client keeps
// the HTTP side and this package the file system's.
package save
