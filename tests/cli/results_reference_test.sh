#!/usr/bin/env bash
# Reference runs: the results files shipped with HashScope are listed beside the user's runs,
# labelled, shown, compared and exported, never changed; one measured under emulation is no
# reference; a damaged file or a missing folder is a note, and the library is untouched.
#   results_reference_test.sh HASHSCOPE_CLI REPOSITORY_RESULTS_DIR
cli=$1 shipped=$2
source "$(dirname "$0")/lib.sh"
cd "$scratch"
lib="$scratch/runs"
refs="$scratch/reference"
mkdir -p "$refs"

"$cli" bench --algo crc32c --sizes 4KiB --max-time 0.05 --quiet --library "$lib" --json mine.json > /dev/null 2>&1
own=$(basename "$(ls "$lib"/*.json)" .json)
# The same run as a shipped reference; a reference was measured natively, even when this test
# itself runs under QEMU.
python3 - mine.json "$refs/testbox.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
e = d["environment"]
e.pop("emulation", None)
e["warnings"] = [w for w in e["warnings"] if not w.startswith("running under emulation")]
json.dump(d, open(sys.argv[2], "w"))
PY
cp "$refs/testbox.json" testbox.json
# The same run, as if measured under QEMU: never a reference.
python3 - mine.json "$refs/emulated.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["environment"]["emulation"] = "QEMU user mode"
json.dump(d, open(sys.argv[2], "w"))
PY
printf '{"schema": "hashscope-bench/1", "resu' > "$refs/damaged.json"
before=$(cd "$lib" && ls -A | sort | grep -v '^.index.json$')

export HASHSCOPE_REFERENCE_DIR="$refs"
"$cli" results list --library "$lib" > list.txt 2> err.txt; status=$?
same "list with references exits 0" 0 "$status"
same "the reference run first, then the library's" "reference/testbox $own" "$(cut -d' ' -f1 list.txt | xargs)"
holds "  labelled as reference" "$(grep '^reference/testbox' list.txt)" "reference"
holds "  a damaged reference file is a note" "$(cat err.txt)" "damaged.json"
holds "  a run measured under emulation is no reference" "$(cat err.txt)" "emulation"
same "  and neither is listed" "" "$(grep -E 'damaged|emulated' list.txt)"
"$cli" results list --json --library "$lib" > list.json 2> /dev/null
same "--json marks reference runs, and only them" "reference/testbox:True $own:False" \
  "$(python3 -c 'import json; print(" ".join(r["id"] + ":" + str(r["reference"]) for r in json.load(open("list.json"))))')"
holds "  with its CPU and date" "$(python3 -c 'import json; r=json.load(open("list.json"))[0]; print(r["cpu_model"], r["date"], r["name"])')" "Reference: "

"$cli" results show reference/testbox --library "$lib" > shown.txt; status=$?
same "show a reference run: exit 0" 0 "$status"
holds "  its table" "$(cat shown.txt)" "crc32c"
"$cli" results compare reference/testbox "$own" --library "$lib" > cmp.txt 2>&1; status=$?
same "compare a reference run with one's own: exit 0" 0 "$status"
holds "  the shared cell" "$(cat cmp.txt)" "crc32c"
"$cli" results export reference/testbox "$own" --html page.html --library "$lib" 2> /dev/null; status=$?
same "export a reference run with one's own: exit 0" 0 "$status"
holds "  named as reference in the page" "$(cat page.html)" "Reference: "
"$cli" results show reference/emulated --library "$lib" > /dev/null 2> err.txt; status=$?
same "an emulated file cannot be shown as a reference: exit 2" 2 "$status"
holds "  and says why" "$(cat err.txt)" "emulation"
"$cli" results show reference/../runs/"$own" --library "$lib" > /dev/null 2>&1; status=$?
same "a reference id with a path in it: exit 2" 2 "$status"

for action in "rm reference/testbox" "rename reference/testbox mine" "note reference/testbox text"; do
  # shellcheck disable=SC2086 # the words of the action
  "$cli" results $action --library "$lib" > /dev/null 2> err.txt; status=$?
  same "results $action: exit 2" 2 "$status"
  holds "  says reference runs are read-only" "$(cat err.txt)" "read-only"
done
same "  the reference file is untouched" "$(cat testbox.json)" "$(cat "$refs/testbox.json")"
same "the library is untouched by all of it" "$before" "$(cd "$lib" && ls -A | sort | grep -v '^.index.json$')"

# A missing folder: a note, and the library is listed as before.
HASHSCOPE_REFERENCE_DIR="$scratch/nowhere" "$cli" results list --library "$lib" > list.txt 2> err.txt; status=$?
same "a missing reference folder: exit 0" 0 "$status"
holds "  a note names it" "$(cat err.txt)" "nowhere"
same "  the library's run is listed" "$own" "$(cut -d' ' -f1 list.txt)"
HASHSCOPE_REFERENCE_DIR= "$cli" results list --library "$lib" > /dev/null 2> err.txt
same "HASHSCOPE_REFERENCE_DIR empty: no reference runs, no note" "" "$(cat err.txt)"

# Unset: the runs of the repository's docs/results, beside the program in the build tree.
unset HASHSCOPE_REFERENCE_DIR
"$cli" results list --json --library "$lib" > list.json 2> err.txt
same "the build tree's programs list every shipped reference run" \
  "$(cd "$shipped" && ls *.json | sed 's/\.json$//; s|^|reference/|' | sort | xargs)" \
  "$(python3 -c 'import json; print(" ".join(sorted(r["id"] for r in json.load(open("list.json")) if r["reference"])))')"
same "  without a note" "" "$(cat err.txt)"

finish
