//go:build unix

package testmain

import "syscall"

func reexec(path string, args, env []string) { syscall.Exec(path, args, env) }
