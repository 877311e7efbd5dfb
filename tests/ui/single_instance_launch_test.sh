#!/usr/bin/env bash
# One window per user, with the real program (offscreen): a second `hashscope FILE` hands its file
# to the window already open and exits 0 at once, from another folder; `--new-window` opens a
# window of its own; and after the first window is killed (its socket left behind), the next
# launch becomes the window the launches after it hand their files to.
# Usage: single_instance_launch_test.sh HASHSCOPE
source "$(dirname "$0")/../cli/lib.sh"
hashscope=$(realpath "$1")
export QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=$scratch/run XDG_CONFIG_HOME=$scratch/config
mkdir -m 700 "$XDG_RUNTIME_DIR"
socket=$XDG_RUNTIME_DIR/io.github.hashscope.HashScope.socket
mkdir -p "$scratch/elsewhere"
printf 'intact\n' >"$scratch/elsewhere/file.txt"

windows=()
stop_windows() { for pid in "${windows[@]}"; do kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; done; }
trap 'stop_windows; rm -rf "$scratch"' EXIT

# Waits (at most 20 s) until a window listens on the socket: a connection is accepted.
listening() {
  python3 - "$socket" <<'PY'
import socket, sys, time
for _ in range(200):
    try:
        s = socket.socket(socket.AF_UNIX)
        s.connect(sys.argv[1])
        sys.exit(0)
    except OSError:
        time.sleep(0.1)
sys.exit(1)
PY
}

"$hashscope" >"$scratch/first.log" 2>&1 &
windows+=($!)
listening
same "the first window listens" 0 $?

(cd "$scratch/elsewhere" && timeout 10 "$hashscope" file.txt) >"$scratch/second.log" 2>&1
same "a second hashscope FILE hands it over and exits 0" 0 $?
(cd "$scratch/elsewhere" && timeout 10 "$hashscope" --hash file.txt 'no such file') >>"$scratch/second.log" 2>&1
same "so does --hash, with a missing file" 0 $?
timeout 10 "$hashscope" --new-window-typo >"$scratch/typo.log" 2>&1
same "an unknown option is still refused" 1 $?

# --new-window does not hand over: it is still running (its own window) when timeout stops it.
timeout 3 "$hashscope" --new-window "$scratch/elsewhere/file.txt" >"$scratch/new-window.log" 2>&1
same "--new-window opens a window of its own" 124 $?

# A crash leaves the socket behind: the next launch must not hand its files to nobody.
kill -9 "${windows[0]}"
wait "${windows[0]}" 2>/dev/null
[ -S "$socket" ]
same "the killed window left its socket" 0 $?
"$hashscope" "$scratch/elsewhere/file.txt" >"$scratch/third.log" 2>&1 &
third=$!
windows+=($third)
listening
same "the next launch replaces the stale socket and listens" 0 $?
kill -0 "$third" 2>/dev/null
same "and keeps its window open" 0 $?
timeout 10 "$hashscope" "$scratch/elsewhere/file.txt" >"$scratch/fourth.log" 2>&1
same "a launch after it hands its file to it" 0 $?

finish
