#!/usr/bin/env bash
# `--version`: a first line scripts can parse ("NAME 0.1.0 (git 2abae3a1c0de, RelWithDebInfo)") with
# the version and build type CMake configured, then one "Library version" line per library named.
# Run with no display of any kind, so the GUI's --version is shown to need none.
# Usage: version_test.sh PROGRAM NAME VERSION BUILD_TYPE [LIBRARY...]
source "$(dirname "$0")/lib.sh"
program=$1 name=$2 version=$3 build_type=$4
shift 4

# matches NAME PATTERN ACTUAL: bash's extended regular expressions
matches() {
  checks=$((checks + 1))
  if [[ "$3" =~ $2 ]]; then
    echo "ok   $1"
  else
    failures=$((failures + 1))
    echo "FAIL $1: '$3' does not match $2"
  fi
}

output=$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$program" --version 2>"$scratch/stderr")
same "$name --version exits 0" 0 "$?"
same "$name --version writes nothing on stderr" "" "$(cat "$scratch/stderr")"
first=$(printf '%s\n' "$output" | head -n 1)
matches "first line has the shape scripts parse" \
  "^$name [0-9]+\.[0-9]+\.[0-9]+ \(git [^,]+, [A-Za-z]+\)\$" "$first"
matches "first line names the configured version and build type" \
  "^$name ${version//./\\.} \(git [^,]+, $build_type\)\$" "$first"
for library in "$@"; do
  same "one line for $library" 1 "$(printf '%s\n' "$output" | grep -c "^$library [^ ]")"
done
finish
