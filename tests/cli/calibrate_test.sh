#!/usr/bin/env bash
# `hashscope-cli calibrate` and what `cpu` says of it: measured, saved, followed; a damaged, foreign
# or unwritable calibration costs only itself; Ctrl-C keeps the previous one.
cli=$1
source "$(dirname "$0")/lib.sh"
folder="$XDG_CACHE_HOME/hashscope"

holds "cpu before calibrating: the built-in table" "$("$cli" cpu)" "dispatch:     the built-in table"

# Under an emulator the bands of megabytes take minutes to time and mean nothing: only the small ones.
up_to=()
[ -z "$(cli_cpu emulation)" ] || up_to=(--up-to 4KiB)
out=$("$cli" calibrate "${up_to[@]}" 2>&1); status=$?
same "calibrate: exit 0" 0 "$status"
holds "calibrate says what it measured on" "$out" "Calibrated on "
holds "calibrate says where it saved" "$out" "Saved to $folder/dispatch-"
file=$(ls "$folder"/dispatch-*.json 2>/dev/null | head -1)
same "calibrate leaves one file" 1 "$(ls "$folder" | wc -l)"
holds "cpu after calibrating: by measurement" "$("$cli" cpu)" "dispatch:     chosen by measurement on "
same "cpu --json: dispatch measured, by size" "measured 10" "$("$cli" cpu --json | python3 -c 'import json,sys; d=json.load(sys.stdin)["dispatch"]; print(d["source"], len(d["by_size"]["crc32c"]))')"
# The probe follows the 4 MiB band's first measurement, whose figure the file keeps unless a later
# measurement of a change replaced it (a disturbed first one, as on a loaded machine): algorithms
# well clear of the 3 GB/s line must follow it, and every one gets one of the two probes.
same "the last band: fast algorithms on 64 MiB, the others on 16 MiB" "" "$(python3 - "$file" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); c = {name: i for i, name in enumerate(d["columns"])}
rows = {(r[c["algorithm"]], r[c["band"]]): r for r in d["choices"]}
for (algorithm, band), r in rows.items():
    if band != 9: continue
    before = rows[(algorithm, 8)]
    gbps = before[c["probe_size"]] / before[c["chosen_ns"]] if before[c["chosen_ns"]] > 0 else 0
    probe = r[c["probe_size"]] >> 20
    if probe not in (16, 64) or (gbps > 6 and probe != 64) or (gbps < 1.5 and probe != 16):
        print(algorithm, gbps, probe)
PY
)"
# --up-to: only the small bands are timed, the others keep the choice in force (the full run's).
cp "$file" "$scratch/full.json"
same "calibrate --json --up-to 1KiB is the file's schema" "hashscope-dispatch/3" "$("$cli" calibrate --json --quiet --up-to 1KiB | python3 -c 'import json,sys; print(json.load(sys.stdin)["schema"])')"
same "  the bands above 1 KiB keep their choices" \
  "$(python3 - "$scratch/full.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); c = {name: i for i, name in enumerate(d["columns"])}
print([(r[c["algorithm"]], r[c["band"]], r[c["chosen"]]) for r in d["choices"] if r[c["band"]] >= 4])
PY
)" "$(python3 - "$file" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); c = {name: i for i, name in enumerate(d["columns"])}
print([(r[c["algorithm"]], r[c["band"]], r[c["chosen"]]) for r in d["choices"] if r[c["band"]] >= 4])
PY
)"
out=$("$cli" calibrate --quiet --up-to 1KiB)
kept_changes=$(python3 - "$file" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); c = {name: i for i, name in enumerate(d["columns"])}
print(sum(1 for r in d["choices"] if r[c["band"]] >= 4 and r[c["chosen"]] != r[c["table_choice"]]))
PY
)
same "  the changes it did not time say so" "$kept_changes" "$(grep -c 'not timed: the choice in force' <<<"$out")"
same "  no band without a figure shows one" "" "$(grep -E 'nan|(^|[^0-9.])0\.00 ns' <<<"$out")"  # 0.00 ns, not 20.00
"$cli" calibrate --up-to lots >/dev/null 2>"$scratch/err"; same "calibrate --up-to lots: exit 2" 2 "$?"
holds "  says what it wants" "$(cat "$scratch/err")" "--up-to wants a size"

# Whatever dispatch chose, every digest is the same as the reference tool's.
printf 'calibrated dispatch' >"$scratch/msg"
same "sum under a calibration equals sha256sum" "$(sha256sum "$scratch/msg" | cut -d' ' -f1)" "$("$cli" sum -a sha256 "$scratch/msg" | cut -d' ' -f1)"

cp "$file" "$scratch/good.json"
printf '{"schema": "hashscope-dispatch/3", "cpu_fing' >"$file"
cpu=$("$cli" cpu)
holds "a damaged file is ignored with a note" "$cpu" "note:         the saved calibration is ignored: it is damaged"
holds "a damaged file: the built-in table" "$cpu" "dispatch:     the built-in table"
sed 's/"cpu_fingerprint": "[0-9a-f]*"/"cpu_fingerprint": "0000000000000000"/' "$scratch/good.json" >"$file"
holds "another CPU's file is ignored with a note" "$("$cli" cpu)" "it was measured on another CPU"
sed 's/"build": "[^"]*"/"build": "0.0.1 abcdef Debug"/' "$scratch/good.json" >"$file"
holds "another build's file is ignored with a note" "$("$cli" cpu)" "it was measured by another build"
sed 's#hashscope-dispatch/3#hashscope-dispatch/4#' "$scratch/good.json" >"$file"
holds "a newer HashScope's file is ignored with a note" "$("$cli" cpu)" "written by a newer HashScope"
sed 's#hashscope-dispatch/3#hashscope-dispatch/1#' "$scratch/good.json" >"$file"
holds "an older HashScope's file is ignored with a note" "$("$cli" cpu)" "written by an older HashScope"
cp "$scratch/good.json" "$file"

# Ctrl-C while calibrating: exit 1, and the calibration in force is untouched.
before=$(sha256sum "$file")
"$cli" calibrate --quiet >"$scratch/int.out" 2>&1 &
pid=$!
# Interrupted once SIGINT is blocked for its watcher thread to take (bit 1 of SigBlk), not after a
# fixed wait that a loaded machine may outlast. Under an emulator the host's mask is the
# emulator's: there the program gets 5 s to start.
if [ -n "$(cli_cpu emulation)" ]; then
  sleep 5
else
  for _ in $(seq 600); do
    mask=$(sed -n 's/^SigBlk:\t*//p' "/proc/$pid/status" 2>/dev/null)
    [ -n "$mask" ] && (((16#$mask >> 1) & 1)) && break
    sleep 0.05
  done
fi
kill -INT "$pid"
wait "$pid"; status=$?
same "calibrate interrupted: exit 1" 1 "$status"
holds "calibrate interrupted: says so" "$(cat "$scratch/int.out")" "cancelled"
same "calibrate interrupted: the previous file stands" "$before" "$(sha256sum "$file")"

# A cache folder that cannot be made: the calibration is measured, only the saving fails.
touch "$scratch/plain-file"
out=$(XDG_CACHE_HOME="$scratch/plain-file" "$cli" calibrate --quiet --up-to 64 2>&1); status=$?
same "unwritable cache: exit 1" 1 "$status"
holds "unwritable cache: says the saving failed" "$out" "could not save the calibration"
"$cli" calibrate extra >/dev/null 2>&1; same "calibrate with an operand: exit 2" 2 "$?"
finish
