#!/usr/bin/env bash
# `hashscope-cli advise`: the candidates of a purpose, the ranking by this CPU's kept runs, and
# measuring what none of them measured. Speed itself is never asserted: the ranking is checked on
# a kept run whose figures are edited.
cli=$1
source "$(dirname "$0")/lib.sh"
cd "$scratch"
lib="$scratch/runs"

"$cli" advise --no-measure --library "$lib" > out.txt 2> err.txt; status=$?
same "advise --no-measure with an empty library exits 0" 0 "$status"
same "  measures nothing" "" "$(ls "$lib" 2>/dev/null)"
holds "  corruption is the default purpose" "$(head -1 out.txt)" "Purpose: corruption"
holds "  at 1 MiB by default" "$(head -1 out.txt)" "1 MiB"
holds "  crc32c is a candidate" "$(cat out.txt)" "crc32c"
holds "  nothing measured: says so" "$(cat out.txt)" "not measured on this CPU"
holds "  and how to measure" "$(cat out.txt)" "hashscope-cli bench"

"$cli" advise --no-measure --purpose tamper --library "$lib" > out.txt
for weak in md5 sha1 crc32c xxh3 xxh128; do
  same "tamper never suggests $weak" "" "$(grep -E "^[0-9]+\. $weak( |$)" out.txt)"
done
holds "tamper says to sign the digest" "$(cat out.txt)" "sign it"
holds "interop starts with sha256" "$("$cli" advise --no-measure --purpose interop --library "$lib" | sed -n 3p)" "1. sha256"
holds "dedup offers blake3" "$("$cli" advise --no-measure --purpose dedup --library "$lib")" "blake3"

# A kept run of this CPU, its figures edited: xxh3 three times crc32c's speed at 4 KiB.
"$cli" bench --algo crc32c,xxh3 --sizes 4KiB --max-time 0.05 --quiet --library "$lib" > /dev/null 2>&1
python3 - "$lib"/*.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for r in d["results"]:
    r["gb_per_s"] = {"crc32c": 10.0, "xxh3": 30.0}.get(r["algorithm"], r["gb_per_s"])
json.dump(d, open(sys.argv[1], "w"))
PY
"$cli" advise --no-measure --size 4KiB --library "$lib" > out.txt
same "measured: the fastest first" "1. xxh3  30.0 GB/s" "$(sed -n 3p out.txt | cut -d'(' -f1 | sed 's/ *$//')"
holds "  then crc32c with its figure" "$(sed -n 5p out.txt)" "2. crc32c  10.0 GB/s"
holds "  naming where it was measured" "$(sed -n 3p out.txt)" "measured at 4 KiB"
"$cli" advise --no-measure --size 4KiB --json --library "$lib" > advice.json; status=$?
same "advise --json exits 0" 0 "$status"
same "  hashscope-advice/1, ranked as the text is, each naming dispatch's choice" \
  "hashscope-advice/1 4096 xxh3:30.0 crc32c:10.0 True" \
  "$(python3 -c 'import json; d=json.load(open("advice.json")); s=d["suggestions"]; print(d["schema"], d["size"], " ".join(x["algorithm"] + ":" + str(x["gb_per_s"]) for x in s[:2]), all(x["dispatch"] for x in s))')"
same "  unmeasured candidates have null figures" "True" \
  "$(python3 -c 'import json; s=json.load(open("advice.json"))["suggestions"][2:]; print(all(x["gb_per_s"] is None and x["measured_on"] is None for x in s))')"
"$cli" advise --no-measure --size 4KiB --purpose interop --library "$lib" > out.txt
holds "interop keeps sha256 first whatever is faster" "$(sed -n 3p out.txt)" "1. sha256"

holds "the text names what HashScope uses" "$(sed -n 3p out.txt)" "HashScope uses"
# Without --no-measure, what no kept run of this CPU measured is measured first and kept: on an
# empty library at 64 KiB every corruption candidate gets this machine's figure.
fresh="$scratch/fresh"
"$cli" advise --size 64KiB --json --library "$fresh" > measured.json 2> err.txt; status=$?
same "advise measuring the missing: exit 0" 0 "$status"
holds "  says what it measures" "$(cat err.txt)" "measuring "
same "  one run kept in the library" 1 "$(ls "$fresh"/*.json 2>/dev/null | wc -l)"
same "  crc32c, xxh3 and blake3 ranked with figures from this CPU" "True" \
  "$(python3 -c 'import json; s={x["algorithm"]: x for x in json.load(open("measured.json"))["suggestions"]}; print(all(s[a]["gb_per_s"] and s[a]["measured_size"] == 65536 for a in ("crc32c", "xxh3", "blake3")))')"
"$cli" advise --size 64KiB --library "$fresh" > out.txt 2> err.txt
same "  measured once: the next advise measures nothing" "" "$(grep measuring err.txt)"
same "  and keeps no second run" 1 "$(ls "$fresh"/*.json | wc -l)"

# Ctrl-C while measuring: exit 1; what was measured is kept (as bench keeps a cancelled run).
"$cli" advise --size 16KiB --library "$scratch/interrupted" > out.txt 2> err.txt &
pid=$!
# Interrupt once it says it measures, not after a guessed delay: under QEMU the start-up takes
# seconds and the measuring itself may be over before any fixed sleep ends.
for _ in $(seq 300); do grep -q "measuring " err.txt 2> /dev/null && break; sleep 0.1; done
kill -INT "$pid"
wait "$pid"; status=$?
same "advise interrupted while measuring: exit 1" 1 "$status"
holds "  the advice is still printed" "$(cat out.txt)" "Purpose: corruption"

"$cli" advise --purpose speed > /dev/null 2> err.txt; status=$?
same "an unknown purpose: exit 2" 2 "$status"
holds "  naming the purposes" "$(cat err.txt)" "corruption, interop, tamper or dedup"
"$cli" advise --size lots > /dev/null 2>&1; status=$?
same "a bad size: exit 2" 2 "$status"
"$cli" advise --size 0 > /dev/null 2>&1; status=$?
same "size 0: exit 2" 2 "$status"
"$cli" advise extra > /dev/null 2>&1; status=$?
same "an operand: exit 2" 2 "$status"

finish
