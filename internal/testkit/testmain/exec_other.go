//go:build !unix

package testmain

func reexec(path string, args, env []string) {}
