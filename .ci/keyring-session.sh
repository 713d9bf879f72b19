#!/usr/bin/env bash
# Run a command inside a throwaway D-Bus session with an unlocked
# gnome-keyring, so that tests can talk to a real Secret Service on a
# headless CI machine:
#
#   bash .ci/keyring-session.sh go test -race -run Integration -v ./keystore/
#
# Why it is built this way:
# - go-keyring on Linux needs a session bus and a Secret Service; CI has
#   neither. dbus-run-session gives the command a private bus that dies with
#   it, so no dbus-daemon is left behind (we install "dbus", not "dbus-x11":
#   without dbus-launch nothing can autolaunch a bus outside this session).
# - gnome-keyring-daemon --unlock reads a password on stdin and creates and
#   unlocks the "login" keyring with it, in a fresh XDG_DATA_HOME, so the
#   real user's keyrings are never touched and no prompt can appear.
# - XDG_RUNTIME_DIR is a private temporary directory too: containers often
#   have no /run/user/$UID, and the daemon's control socket must go somewhere.
# - COVIEW_REQUIRE_KEYRING=1 makes keyring integration tests fail instead of
#   skip, so a broken setup cannot pass silently.
set -euo pipefail

if [[ $# -eq 0 ]]; then
	echo "usage: bash .ci/keyring-session.sh <command...>" >&2
	exit 2
fi

if ! command -v dbus-run-session >/dev/null 2>&1 || ! command -v gnome-keyring-daemon >/dev/null 2>&1; then
	sudo=""
	if [[ $(id -u) -ne 0 ]]; then
		sudo="sudo"
	fi
	$sudo apt-get update -qq &&
		$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gnome-keyring dbus
fi

# Created out here, not inside the session, so that it can be removed after
# the session (and the command) is over.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

status=0
dbus-run-session -- bash -c '
	set -euo pipefail
	work=$1
	shift
	export XDG_DATA_HOME="$work/data" XDG_RUNTIME_DIR="$work/runtime"
	mkdir -p -m 0700 "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
	# The daemon prints the environment its clients need
	# (GNOME_KEYRING_CONTROL=..., sometimes SSH_AUTH_SOCK=...): export it.
	keyring_env=$(echo -n "throwaway-ci-password" | gnome-keyring-daemon --unlock --components=secrets)
	while IFS= read -r line; do
		if [[ $line == *=* ]]; then
			export "$line"
		fi
	done <<<"$keyring_env"
	export COVIEW_REQUIRE_KEYRING=1
	exec "$@"
' keyring-session "$work" "$@" || status=$?
exit "$status"
