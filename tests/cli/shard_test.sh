#!/usr/bin/env bash
# --shard K/N and --json of `sum` and `check`, and `merge`: N shards cover every file exactly once
# whatever the walk or listing order, their merged JSON is the unsharded run's, and GNU parallel
# runs the same job as docs/cluster.md shows it. The oracles are sha256sum, xxhsum and python3.
cli=$1
source "$(dirname "$0")/lib.sh"
cd "$scratch"

# A tree with odd names: newline, backslash, tab, a control character, Latin-1 (not UTF-8), UTF-8.
mkdir -p tree/sub/deeper "tree/with space"
for i in $(seq 1 120); do printf 'file %s\n' "$i" > "tree/sub/f$i"; done
for i in $(seq 1 30); do head -c $((i * 997)) /dev/urandom > "tree/sub/deeper/r$i"; done
printf a > "tree/$(printf 'new\nline')"
printf b > 'tree/back\slash'
printf c > "tree/$(printf 'tab\there')"
printf d > "tree/$(printf 'ctl\001x')"
printf e > "tree/$(printf 'caf\351')"
printf f > "tree/with space/$(printf '\303\251t\303\251')"
printf g > "tree/-a-b"
printf h > "tree/a-b"
files=$(find tree -type f -printf x | wc -c)

# The record fields with what changes between runs (time, chosen implementation) left out.
strip() {
  python3 -c '
import json, sys
for line in sys.stdin:
    r = json.loads(line)
    r.pop("seconds", None); r.pop("implementation", None)
    print(json.dumps(r, sort_keys=True))'
}

# --- sum -r ---
whole=$("$cli" sum -r tree)
same "sum -r = sha256sum over the tree" "$(find tree -type f -print0 | xargs -0 sha256sum | LC_ALL=C sort)" \
  "$(LC_ALL=C sort <<<"$whole")"
union=""
for k in 1 2 3 4; do
  part=$("$cli" sum -r --shard $k/4 tree); status=$?
  same "sum -r --shard $k/4: exit 0" 0 "$status"
  checks=$((checks + 1))
  [ -n "$part" ] || { failures=$((failures + 1)); echo "FAIL sum -r --shard $k/4 took no file"; }
  union+="$part"$'\n'
done
union=$(sed '/^$/d' <<<"$union" | LC_ALL=C sort)
same "sum -r: the union of 4 shards is the unsharded output" "$(LC_ALL=C sort <<<"$whole")" "$union"
same "sum -r: no file in two shards" "" "$(uniq -d <<<"$union")"
same "sum --shard 1/1 is everything" "$whole" "$("$cli" sum -r --shard 1/1 tree)"

# The shard is XXH64 of the path mod N, plus 1: xxhsum says which shard each plain name is in.
expected_shard() { python3 -c 'import sys; print(int(sys.argv[1], 16) % int(sys.argv[2]) + 1)' "$1" "$2"; }
mismatched=0
for i in 1 2 3 4 5 6 7 8; do
  name=tree/sub/f$i
  k=$(expected_shard "$(printf '%s' "$name" | xxhsum -H1 | cut -d' ' -f1)" 3)
  "$cli" sum --shard "$k/3" "$name" | grep -q "  $name\$" || mismatched=$((mismatched + 1))
done
same "a file is in shard XXH64(path) mod N + 1 (xxhsum -H1)" 0 "$mismatched"

# Operands given in another order land in the same shards.
same "shard of listed operands does not depend on their order" \
  "$("$cli" sum --shard 2/3 tree/sub/f* | LC_ALL=C sort)" \
  "$(printf '%s\n' tree/sub/f* | tac | xargs -d '\n' "$cli" sum --shard 2/3 | LC_ALL=C sort)"

# --- bad --shard specs: a usage error ---
for spec in 0/4 5/4 x/y 1/0 /4 1/ 4 1/4/4 -1/4; do
  err=$("$cli" sum --shard "$spec" tree/sub/f1 2>&1 >/dev/null); status=$?
  same "sum --shard '$spec': exit 2" 2 "$status"
  holds "sum --shard '$spec': says why" "$err" "--shard"
  "$cli" check --shard "$spec" /dev/null >/dev/null 2>&1; status=$?
  same "check --shard '$spec': exit 2" 2 "$status"
done

# --- sum --json ---
"$cli" sum -r --json tree > whole.json; status=$?
same "sum --json: exit 0" 0 "$status"
same "sum --json: one line per file" "$files" "$(wc -l < whole.json)"
check_records='
import json, os, sys
want = set()
for root, dirs, names in os.walk(b"tree"):
    for n in names: want.add(os.path.join(root, n))
seen = []
for line in open(sys.argv[1], "rb"):
    r = json.loads(line)
    assert isinstance(r, dict)
    for field in ("size", "algorithm", "digest", "status", "implementation", "seconds"):
        assert field in r, field
    assert ("path" in r) != ("path_hex" in r)
    path = r["path"].encode("utf-8") if "path" in r else bytes.fromhex(r["path_hex"])
    assert r["status"] == "ok" and r["algorithm"] == "sha256" and len(r["digest"]) == 64
    assert r["size"] == os.path.getsize(path)
    seen.append(path)
assert len(seen) == len(set(seen)), "a file twice"
assert set(seen) == want, (set(seen) ^ want)
print("ok")'
same "sum --json: every file once, with every field; odd names round-trip" ok \
  "$(python3 -c "$check_records" whole.json 2>&1)"
holds "sum --json: a name that is not UTF-8 is given as path_hex" "$(cat whole.json)" \
  "\"path_hex\":\"$(printf 'tree/caf\351' | od -An -tx1 | tr -d ' \n')\""
out=$("$cli" sum --json tree/sub/f1 no-such-file tree 2>/dev/null); status=$?
same "sum --json: a file that cannot be read: exit 1" 1 "$status"
same "sum --json: ... still a record each, with the reason" "ok unreadable None True not_regular" \
  "$(python3 -c '
import json, sys
r = [json.loads(line) for line in sys.stdin]
print(r[0]["status"], r[1]["status"], r[1]["digest"], "No such file" in r[1]["message"], r[2]["status"])' <<<"$out")"
same "sum --json -a sha256,md5: one record per file and algorithm" "sha256 md5" \
  "$("$cli" sum --json -a sha256,md5 tree/sub/f1 | python3 -c '
import json, sys
print(" ".join(json.loads(line)["algorithm"] for line in sys.stdin))')"
for k in 1 2 3 4; do "$cli" sum -r --json --shard $k/4 tree > part$k.json; done
same "sum --json: the shards hold every file once" "$files" "$(cat part*.json | wc -l)"

# --- merge ---
"$cli" merge whole.json > merged-whole.json 2>merge.err; status=$?
same "merge of all-ok records: exit 0" 0 "$status"
holds "merge: summary on stderr" "$(cat merge.err)" "$files records from 1 input, $files ok"
"$cli" merge part1.json part2.json part3.json part4.json > merged.json 2>/dev/null; status=$?
same "merge of the shards: exit 0" 0 "$status"
same "merge of the shards = the unsharded JSON (but seconds, implementation)" \
  "$(strip < merged-whole.json)" "$(strip < merged.json)"
same "merge of the shards = the unsharded JSON, as a set" \
  "$(strip < whole.json | LC_ALL=C sort)" "$(strip < merged.json | LC_ALL=C sort)"
same "merge: sorted by path bytes" \
  "$(python3 -c '
import json, sys
keys = [r["path"].encode() if "path" in r else bytes.fromhex(r["path_hex"]) for r in map(json.loads, sys.stdin)]
print(keys == sorted(keys))' < merged.json)" True
same "merge reads standard input" "$(strip < merged.json)" "$(cat part*.json | "$cli" merge 2>/dev/null | strip)"
same "merge of its own output changes nothing" "$(cat merged.json)" "$("$cli" merge merged.json 2>/dev/null)"

err=$("$cli" merge part1.json part2.json part1.json 2>&1 >/dev/null); status=$?
same "merge: the same file in two shards: exit 1" 1 "$status"
holds "merge: the same file in two shards is named with both places" "$err" "part1.json:1"
holds "merge: ... and called an overlap" "$err" "do the shards overlap?"

# Hostile input: a clear message with file:line, exit 1, never a crash.
head -c 40 part1.json > truncated.json
{ head -n 1 part2.json; echo '{"path":"x","size":"12","algorithm":"sha256","status":"ok"}'; } > wrongtype.json
echo '{"path":"y","size":184467440737095516160000,"algorithm":"sha256","status":"ok"}' > huge.json
python3 -c 'print("[" * 200000 + "]" * 200000)' > deep.json
python3 -c 'print("{\"path\":\"" + "a" * 400000 + "\"}")' > long.json
printf '\377\376garbage\n' > binary.json
for f in truncated.json wrongtype.json huge.json deep.json long.json binary.json; do
  err=$("$cli" merge "$f" 2>&1 >/dev/null); status=$?
  same "merge $f: exit 1 (no crash)" 1 "$status"
  holds "merge $f: file:line in the message" "$err" "$f:"
done
holds "merge: a wrong type is named" "$("$cli" merge wrongtype.json 2>&1 >/dev/null)" 'wrongtype.json:2: "size"'
"$cli" merge missing.json >/dev/null 2>&1; status=$?
same "merge of a file that is not there: exit 1" 1 "$status"
"$cli" merge - - </dev/null >/dev/null 2>&1; status=$?
same "merge - -: usage error" 2 "$status"

# --- check over a manifest made by sha256sum, with a changed and a missing file ---
find tree -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum > manifest.sha256
printf 'changed' > tree/sub/f7
rm tree/sub/f9
expected=$(sha256sum -c manifest.sha256 2>/dev/null | LC_ALL=C sort)
"$cli" check manifest.sha256 > check-whole.txt 2>/dev/null; status=$?
same "check (unsharded): exit 1 with a failure" 1 "$status"
same "check = sha256sum -c" "$expected" "$(LC_ALL=C sort check-whole.txt)"
union=$(for k in 1 2 3 4; do "$cli" check --shard $k/4 manifest.sha256 2>/dev/null; done | LC_ALL=C sort)
same "check: the union of 4 shards = sha256sum -c" "$expected" "$union"
same "check: no line in two shards" "" "$(uniq -d <<<"$union")"
# -v counts the lines of the shard, and says of how many.
share1=$("$cli" check --shard 1/4 manifest.sha256 2>/dev/null | wc -l)
verbose=$("$cli" check -v --shard 1/4 manifest.sha256 2>&1 >/dev/null)
holds "check -v --shard: counts the shard's lines" "$verbose" \
  "$share1 line$([ "$share1" -eq 1 ] || echo s) checked (shard 1/4 of $(wc -l < manifest.sha256) usable lines)"

"$cli" check --json manifest.sha256 > check-whole.json 2>/dev/null
same "check --json: one line per listed file" "$(wc -l < manifest.sha256)" "$(wc -l < check-whole.json)"
same "check --json: verdicts" "$(printf '%s\n' failed missing)" \
  "$(python3 -c '
import json, sys
print("\n".join(sorted(r["status"] for r in map(json.loads, sys.stdin) if r["status"] != "ok")))' < check-whole.json)"
for k in 1 2 3 4; do "$cli" check --json --shard $k/4 manifest.sha256 > check$k.json 2>/dev/null; done
"$cli" merge check1.json check2.json check3.json check4.json > check-merged.json 2>merge.err; status=$?
same "merge of check shards with a failure: exit 1 (the worst verdict)" 1 "$status"
holds "merge: the summary counts the verdicts" "$(cat merge.err)" "1 failed, 1 missing"
same "merge of check shards = merge of the unsharded check" \
  "$("$cli" merge check-whole.json 2>/dev/null | strip)" "$(strip < check-merged.json)"

# --- the same job with GNU parallel, 4 shards side by side (docs/cluster.md) ---
if command -v parallel >/dev/null; then
  rm -f par*.json
  parallel --will-cite -j4 "$cli" check --json --shard {}/4 manifest.sha256 '>' par{}.json '2>/dev/null' ::: 1 2 3 4
  "$cli" merge par1.json par2.json par3.json par4.json > par-merged.json 2>/dev/null; status=$?
  same "GNU parallel: 4 check shards merged: exit 1" 1 "$status"
  same "GNU parallel: merged check = unsharded" "$(strip < check-merged.json)" "$(strip < par-merged.json)"
  parallel --will-cite -j4 "$cli" sum -r --json --shard {}/4 tree '>' sum{}.json ::: 1 2 3 4
  same "GNU parallel: merged sum = unsharded" "$("$cli" sum -r --json tree | "$cli" merge 2>/dev/null | strip)" \
    "$("$cli" merge sum1.json sum2.json sum3.json sum4.json 2>/dev/null | strip)"
else
  failures=$((failures + 1))
  echo "FAIL GNU parallel is missing (scripts/install-deps installs it)"
fi

finish
