#!/usr/bin/env bash
# `hashscope-cli results`: every bench run kept, listed, shown, compared (with the CI gate),
# imported and removed. Speed itself is never asserted: the slowed run is made by editing JSON.
cli=$1
source "$(dirname "$0")/lib.sh"
cd "$scratch"
lib="$scratch/runs"
quick=(--algo crc32c --sizes 4KiB --max-time 0.05 --quiet)
# The runs the gate compares need several samples each: one sample has no interval, and a
# difference without intervals is never called significant.
measured=(--algo crc32c --sizes 4KiB --max-time 0.3 --quiet)

"$cli" bench "${measured[@]}" --library "$lib" > first.txt 2> err.txt; status=$?
same "bench exits 0" 0 "$status"
# The measured run's id, taken now: two runs saved within one second sort by their random part.
first=$(basename "$(ls "$lib"/*.json)" .json)
"$cli" bench "${quick[@]}" --library "$lib" > /dev/null 2>&1
same "two runs, two files" 2 "$(ls "$lib"/*.json | wc -l)"

"$cli" results list --library "$lib" > list.txt; status=$?
same "list exits 0" 0 "$status"
same "list shows 2 runs" 2 "$(wc -l < list.txt)"
mapfile -t ids < <(cut -d' ' -f1 list.txt)
same "ids sort by time: newest last" "$(printf '%s\n' "${ids[@]}" | sort)" "$(printf '%s\n' "${ids[@]}")"
holds "list names the preset" "$(cat list.txt)" "custom"
"$cli" results list --json --library "$lib" > list.json
same "list --json: every run readable with its cells" "2 True" \
  "$(python3 -c 'import json; d=json.load(open("list.json")); print(len(d), all(r["readable"] and r["cells"] == 2 and not r["partial"] for r in d))')"

"$cli" results show "$first" --library "$lib" > shown.txt; status=$?
same "show exits 0" 0 "$status"
holds "show prints the bench table" "$(cat shown.txt)" "$(head -1 first.txt)"

"$cli" results compare "${ids[0]}" "${ids[1]}" --fail-above 1000 --library "$lib" > cmp.txt 2>&1; status=$?
same "compare two real runs with a generous gate: exit 0" 0 "$status"
holds "compare lists the shared crc32c cell" "$(cat cmp.txt)" "crc32c"
"$cli" results compare "${ids[0]}" "${ids[1]}" --markdown --library "$lib" > cmp.md
holds "compare --markdown is a table" "$(cat cmp.md)" "|---|"
"$cli" results compare "${ids[0]}" nope --library "$lib" > /dev/null 2> err.txt; status=$?
same "compare with an unknown id: exit 2" 2 "$status"
holds "  and says which" "$(cat err.txt)" "nope"

# A deliberately slowed copy: crc32c three times slower, everything else as it was.
python3 - "$lib/$first.json" slowed.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for r in d["results"]:
    if r["algorithm"] == "crc32c":
        for k in ("mean", "median", "min", "max", "stddev", "error"):
            r["ns_per_op"][k] *= 3
        r["raw_ns_per_op"] = [x * 3 for x in r["raw_ns_per_op"]]
json.dump(d, open(sys.argv[2], "w"))
PY
"$cli" results import slowed.json --library "$lib" > imported.txt; status=$?
same "import exits 0" 0 "$status"
slowed=$(cut -d' ' -f1 imported.txt)
same "the library has 3 runs" 3 "$(ls "$lib"/*.json | wc -l)"
if [ -n "$(cli_cpu emulation)" ]; then
  # Under emulation a measured interval is as wide as its mean, and so is three times it: no
  # difference is significant. The native runs test the gate.
  echo "note: under emulation ($(cli_cpu emulation)) the gate is not tested"
else
  "$cli" results compare "$first" "$slowed" --fail-above 50 --library "$lib" > cmp.txt 2> gate.txt; status=$?
  same "a run 3x slower fails --fail-above 50: exit 1" 1 "$status"
  holds "  and the gate names the cell" "$(cat gate.txt)" "crc32c · "
  same "  and only that cell" "" "$(grep 'slower' gate.txt | grep -v crc32c)"
fi

# Bad imports: nothing is copied.
printf 'not json' > bad.json
printf '{"schema":"hashscope-bench/9","results":[]}' > newer.json
for bad in bad.json newer.json missing.json; do
  "$cli" results import slowed.json "$bad" --library "$lib" > /dev/null 2> err.txt; status=$?
  same "import $bad: exit 2" 2 "$status"
  holds "import $bad: names the file" "$(cat err.txt)" "$bad"
done
holds "a newer schema says so" "$("$cli" results import newer.json --library "$lib" 2>&1)" "newer HashScope"
same "failed imports import nothing" 3 "$(ls "$lib"/*.json | wc -l)"

# Hostile files are listed as unreadable, never a crash.
printf '{"schema": "hashscope-bench/1", "resu' > "$lib/truncated.json"
"$cli" results list --library "$lib" > list.txt; status=$?
same "list with a truncated file exits 0" 0 "$status"
holds "  and names it unreadable" "$(grep truncated list.txt)" "unreadable"

"$cli" results rm "$slowed" --library "$lib"; status=$?
same "rm exits 0" 0 "$status"
"$cli" results rm "$slowed" --library "$lib" 2> err.txt; status=$?
same "rm of a removed run: exit 2" 2 "$status"
"$cli" results rm ../etc --library "$lib" 2> /dev/null; status=$?
same "rm refuses paths: exit 2" 2 "$status"
"$cli" results show "${ids[0]}" --fail-above 5 --library "$lib" > /dev/null 2>&1; status=$?
same "an option of another results command: exit 2" 2 "$status"
"$cli" results compare "${ids[0]}" "${ids[1]}" --fail-above lots --library "$lib" > /dev/null 2>&1; status=$?
same "--fail-above lots: exit 2" 2 "$status"
"$cli" results frobnicate > /dev/null 2>&1; status=$?
same "an unknown results command: exit 2" 2 "$status"

# The default library is HASHSCOPE_RESULTS_DIR (lib.sh points it into the scratch folder).
"$cli" bench "${quick[@]}" > /dev/null 2>&1
same "bench keeps its run in HASHSCOPE_RESULTS_DIR" 1 "$(ls "$HASHSCOPE_RESULTS_DIR"/*.json | wc -l)"
same "results list reads HASHSCOPE_RESULTS_DIR" 1 "$("$cli" results list | wc -l)"
HASHSCOPE_RESULTS_DIR= XDG_DATA_HOME="$scratch/xdg" "$cli" bench "${quick[@]}" > /dev/null 2>&1
same "else XDG_DATA_HOME/HashScope/results" 1 "$(ls "$scratch"/xdg/HashScope/results/*.json | wc -l)"

"$cli" bench "${quick[@]}" --no-save > /dev/null 2>&1
same "--no-save leaves the library untouched" 1 "$(ls "$HASHSCOPE_RESULTS_DIR"/*.json | wc -l)"

# A library that cannot be written: the run still prints, a message says it was not kept, and
# the exit status is the run's. A folder that cannot be created (even by root), a read-only
# folder (unless root), and a full disk (RLIMIT_FSIZE, as `ulimit -f`).
printf 'a file\n' > plainfile
mkdir readonly && chmod 555 readonly
unwritable=(plainfile/runs)
[ -w readonly ] || unwritable+=(readonly/runs)
for where in "${unwritable[@]}"; do
  "$cli" bench "${quick[@]}" --library "$where" > ro.txt 2> err.txt; status=$?
  same "library $where cannot be written: exit status unchanged" 0 "$status"
  holds "  the table is printed" "$(cat ro.txt)" "crc32c"
  holds "  and stderr says it was not kept" "$(cat err.txt)" "not kept"
done
chmod 755 readonly
out=$(trap '' XFSZ; ulimit -f 1; "$cli" bench "${quick[@]}" --library full 2>&1 >/dev/null); status=$?
same "a full disk: exit status unchanged" 0 "$status"
holds "  and stderr says the run was not kept" "$out" "not kept"
same "  and nothing is left in the library" "" "$(ls -A full)"

# Ctrl-C: the partial run is kept and listed as partial.
"$cli" bench --preset quick --max-time 0.05 --quiet --library cancelled > /dev/null 2>&1 &
pid=$!
sleep 1.5
kill -INT $pid
wait $pid
holds "a cancelled run is kept, marked partial" "$("$cli" results list --library cancelled)" "partial"

finish
