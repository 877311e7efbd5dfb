#!/usr/bin/env bash
# `hashscope-cli bench` as a script uses it: tiny budgets, every output file, bad arguments,
# baselines, and Ctrl-C keeping what was measured. (Speed itself is never asserted here.)
cli=$1
source "$(dirname "$0")/lib.sh"
cd "$scratch"
json_get() { python3 -c "import json,sys; d=json.load(open('$1')); print($2)"; }

"$cli" bench --algo crc32,crc32c --impl zlib,best --sizes 64,4KiB --max-time 0.05 --quiet \
  --json run.json --csv run.csv --markdown run.md > table.txt 2> err.txt; status=$?
same "bench exits 0" 0 "$status"
holds "table has the harness row" "$(cat table.txt)" "null"
holds "table has crc32 · zlib" "$(cat table.txt)" "zlib"
same "json schema" "hashscope-bench/1" "$(json_get run.json 'd["schema"]')"
same "json has every cell (2 sizes × (harness + crc32·zlib + crc32·best + crc32c·best))" 8 "$(json_get run.json 'len(d["results"])')"
same "json cells carry statistics" "True" "$(json_get run.json 'all(r["samples"] >= 1 and r["ns_per_op"]["mean"] > 0 and len(r["raw_ns_per_op"]) == r["samples"] for r in d["results"])')"
same "json environment names the CPU" "True" "$(json_get run.json 'bool(d["environment"]["cpu"]["model"]) and "features" in d["environment"]["cpu"]')"
same "csv has a header and one row per cell" 9 "$(wc -l < run.csv)"
holds "markdown table" "$(cat run.md)" "| provider | size |"
same "crc32c has no zlib: skipped for it, not an error" "" "$(grep -i error err.txt)"

"$cli" bench --algo crc32 --impl zlib --sizes 64,4KiB --max-time 0.05 --quiet --baseline run.json > compared.txt 2>&1
holds "baseline adds a change column" "$(cat compared.txt)" "change"

for bad in "--sizes 4KiB..64" "--sizes 12XB" "--mode sideways" "--preset nope" "--precision -1" "--threads 0" \
           "--algo sha257" "--placement lukewarm" "--baseline missing.json" "--bogus"; do
  # shellcheck disable=SC2086
  "$cli" bench $bad --quiet > /dev/null 2> err.txt; status=$?
  same "bench $bad: exit 2" 2 "$status"
  same "bench $bad: one clear line on stderr" 1 "$(grep -c 'hashscope-cli: ' err.txt)"
done
printf '{"schema":"other/1"}' > other.json
"$cli" bench --baseline other.json --quiet > /dev/null 2> err.txt
holds "a foreign baseline is refused with the reason" "$(cat err.txt)" "not a HashScope benchmark file"

# Ctrl-C: the run stops, the table of what was measured is printed, files are still written.
# (Small budgets, so that cells have finished by the time the signal comes even on a busy
# machine, and the run — about 3 s — is still going.)
"$cli" bench --preset quick --max-time 0.05 --json partial.json > partial.txt 2>&1 &
pid=$!
sleep 1.5
kill -INT $pid
wait $pid; status=$?
same "Ctrl-C: exit 1 (cancelled)" 1 "$status"
holds "Ctrl-C: says results are partial" "$(cat partial.txt)" "cancelled"
same "Ctrl-C: partial results still written" "True" "$(json_get partial.json 'd["cancelled"] and len(d["results"]) > 0')"

# md5-vs-md5sum: in-process against the md5sum command, and the command's start-up alone.
"$cli" bench --preset md5-vs-md5sum --max-time 0.5 --quiet --json md5.json > /dev/null 2>&1
same "md5-vs-md5sum measures in-process, the command and its start-up" "md5sum-command md5sum-startup own" \
  "$(json_get md5.json '" ".join(sorted(r["implementation"] for r in d["results"]))')"

finish
