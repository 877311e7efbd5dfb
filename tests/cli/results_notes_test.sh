#!/usr/bin/env bash
# results rename and results note: a run's name and note, kept in the library's .notes.json (the
# file the Results page writes), never in the run's own file.
cli=$1
source "$(dirname "$0")/lib.sh"
cd "$scratch"
lib="$scratch/runs"

"$cli" bench --algo crc32c --sizes 64 --max-time 0.05 --quiet --library "$lib" > /dev/null 2>&1
id=$(basename "$(ls "$lib"/*.json)" .json)
run_before=$(cat "$lib/$id.json")
notes() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["runs"].get(sys.argv[2], {}); print(r.get("name", "-"), "|", r.get("note", "-"))' "$lib/.notes.json" "$id"; }

"$cli" results rename "$id" "before the prefetch change" --library "$lib"; status=$?
same "rename exits 0" 0 "$status"
same "  the name is in .notes.json" "before the prefetch change | " "$(notes)"
"$cli" results note "$id" "pinned to core 1; turbo off" --library "$lib"; status=$?
same "note exits 0" 0 "$status"
same "  the note joins the name" "before the prefetch change | pinned to core 1; turbo off" "$(notes)"
holds "list shows the name" "$("$cli" results list --library "$lib")" '"before the prefetch change"'
same "list --json has both" "before the prefetch change|pinned to core 1; turbo off" \
  "$("$cli" results list --json --library "$lib" | python3 -c 'import json,sys; r=json.load(sys.stdin)[0]; print(r["name"] + "|" + r["note"])')"
same "the run's own file is untouched" "$run_before" "$(cat "$lib/$id.json")"
"$cli" results rename "$id" "" --library "$lib"
same "an empty name clears the name, the note stays" " | pinned to core 1; turbo off" "$(notes)"
"$cli" results note "$id" "" --library "$lib"
same "both empty: the entry goes" "- | -" "$(notes)"

"$cli" results rename nope name --library "$lib" > /dev/null 2> err.txt; status=$?
same "rename an unknown run: exit 2" 2 "$status"
holds "  names it" "$(cat err.txt)" "nope"
"$cli" results rename "$id" --library "$lib" > /dev/null 2>&1; status=$?
same "rename without a name: exit 2" 2 "$status"
"$cli" results note "$id" a b --library "$lib" > /dev/null 2>&1; status=$?
same "note with two texts: exit 2" 2 "$status"
"$cli" results rename ../etc name --library "$lib" > /dev/null 2>&1; status=$?
same "rename refuses paths: exit 2" 2 "$status"

# A notes file that cannot be written: exit 1, the reason said, the run untouched.
if [ "$(id -u)" != 0 ]; then
  chmod 555 "$lib"
  "$cli" results rename "$id" name --library "$lib" > /dev/null 2> err.txt; status=$?
  chmod 755 "$lib"
  same "an unwritable library: exit 1" 1 "$status"
  holds "  says the note was not kept" "$(cat err.txt)" "cannot keep the note"
fi
mkdir "$lib/.notes.json.d" && rm -f "$lib/.notes.json" && mv "$lib/.notes.json.d" "$lib/.notes.json"
"$cli" results rename "$id" name --library "$lib" > /dev/null 2> err.txt; status=$?
same "a notes 'file' that is a folder: exit 1" 1 "$status"
holds "  says the note was not kept" "$(cat err.txt)" "cannot keep the note"
same "  the run is untouched" "$run_before" "$(cat "$lib/$id.json")"

finish
