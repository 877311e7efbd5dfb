#!/usr/bin/env bash
# Big and hostile inputs for the CLI (docs/reliability.md): a checksum file of 1,000,000 lines checked in
# bounded memory, files beyond 4 GiB (sparse: nothing is written to disk), resident memory while
# a 10 GiB file is verified, and a full disk while results are saved (the old file stays intact).
cli=$1
# "sanitized" when the build runs under ASan/TSan: their shadow memory makes resident-memory
# bounds meaningless, so those checks are skipped (the plain build keeps them).
build_kind=${2:-plain}
source "$(dirname "$0")/lib.sh"
cd "$scratch"

# max_rss_kib COMMAND...: the command's peak resident memory, in KiB (GNU time).
max_rss_kib() {
  /usr/bin/time -f '%M' -o rss.txt "$@" > /dev/null 2> /dev/null
  tail -1 rss.txt
}

# within_kib WHAT KIB LIMIT_KIB: a memory bound, unless the build is sanitized.
within_kib() {
  if [ "$build_kind" = sanitized ]; then echo "skip $1: ${2} KiB under a sanitizer"; return; fi
  checks=$((checks + 1))
  if [ "$2" -lt "$3" ]; then echo "ok   $1 in ${2} KiB (< $(($3 / 1024)) MiB)"; else
    failures=$((failures + 1)); echo "FAIL $1 took ${2} KiB of memory"; fi
}

# 1,000,000 lines naming ten small files: streamed in batches, so memory does not grow with it.
for i in 0 1 2 3 4 5 6 7 8 9; do printf 'file %s\n' "$i" > "f$i"; done
sha256sum f? > ten.sha256
awk '{ for (i = 0; i < 100000; i++) print }' ten.sha256 > SHA256SUMS
same "the big checksum file has 1,000,000 lines" "1000000" "$(wc -l < SHA256SUMS)"
# One run gives both the exit status and the peak memory (GNU time passes the status on).
/usr/bin/time -f '%M' -o rss.txt "$cli" check --quiet SHA256SUMS > /dev/null 2>&1; rc=$?
rss=$(tail -1 rss.txt)
same "1,000,000 lines check out" "0" "$rc"
within_kib "1,000,000 lines" "$rss" 131072
rm -f SHA256SUMS

# Under an emulator the files beyond 4 GiB cost minutes (every byte is hashed by translated code)
# and the resident-memory bounds count the emulator too; the reading and splitting they check are
# the same code on every architecture, checked by the native run.
emulated=$(cli_cpu emulation)
if [ -n "$emulated" ]; then
  echo "skip files beyond 4 GiB and resident-memory bounds: running under emulation ($emulated)"
else
  # Beyond 4 GiB: offsets past 32 bits, in the split read and the pipelined one.
  truncate -s 5G sparse5g
  printf 'tail' | dd of=sparse5g bs=1 seek=$((5 * 1024 * 1024 * 1024 - 4)) conv=notrunc status=none
  same "crc32c of a 5 GiB file = rhash" "$(rhash --printf='%{crc32c}\n' sparse5g)" "$("$cli" sum -a crc32c sparse5g | cut -d' ' -f1)"
  same "xxh3 of a 5 GiB file = xxhsum" "$(xxhsum -H3 sparse5g 2>/dev/null | sed 's/.* = //')" "$("$cli" sum -a xxh3 sparse5g | cut -d' ' -f1)"
  rm -f sparse5g

  # A 10 GiB file read through the pipeline (xxh3 is not combinable) and the split read (crc32c).
  truncate -s 10G sparse10g
  rss=$(max_rss_kib "$cli" sum -a xxh3,crc32c sparse10g)
  within_kib "10 GiB through the pipeline" "$rss" 102400
  rss=$(max_rss_kib "$cli" sum -a crc32c sparse10g)
  within_kib "10 GiB split read" "$rss" 102400
  rm -f sparse10g
fi

# 100,000 files in one folder: walked, hashed and listed, in name order.
mkdir crowd
(cd crowd && seq -f 'n%06g' 100000 | xargs touch)
out=$("$cli" sum -r -a crc32c crowd); rc=$?
same "100,000 files in one folder: exit 0" "0" "$rc"
same "100,000 files in one folder: a line each" "100000" "$(wc -l <<< "$out")"
same "100,000 files in one folder: in name order" "00000000  crowd/n100000" "$(tail -1 <<< "$out")"
rm -rf crowd

# Nothing in a checksum file is executed or written to: names are only ever opened for reading.
printf 'x' > victim
{
  printf '%s  %s\n' "$(sha256sum victim | cut -c1-64)" '$(touch pwned)'
  printf '%s  %s\n' "$(sha256sum victim | cut -c1-64)" '`touch pwned2`; touch pwned3'
  printf '%s  %s\n' "$(sha256sum victim | cut -c1-64)" 'victim'
} > hostile.sha256
before=$(stat -c '%s %Y' victim)
"$cli" check hostile.sha256 > /dev/null 2>&1
same "names in a checksum file are never run" "" "$(ls pwned* 2>/dev/null)"
same "the files a checksum file names are never written" "$before" "$(stat -c '%s %Y' victim)"

# A full disk while saving (RLIMIT_FSIZE, as `ulimit -f`): an error, and the old file intact.
printf 'old results\n' > results.json
out=$(trap '' XFSZ; ulimit -f 1; "$cli" bench --algo crc32c --sizes 64 --max-time 0.1 --quiet --json results.json 2>&1); rc=$?
same "a full disk fails the save" "1" "$([ "$rc" -ne 0 ] && echo 1 || echo 0)"
holds "the failed save is explained" "$out" "results.json"
same "the old results are intact" "old results" "$(cat results.json)"
same "no temporary is left behind" "results.json" "$(ls | grep results)"

finish
