#!/usr/bin/env bash
# hashscope-cli selftest: one line per implementation, every one this CPU can run passes, the JSON
# says the same, a seed reproduces a run; and on a lower CPU tier (qemu-user's Nehalem) fewer
# implementations run and all of them still pass.
cli=$1
source "$(dirname "$0")/lib.sh"
cd "$scratch"

out=$("$cli" selftest); status=$?
same "selftest exits 0 when every implementation passes" 0 "$status"
available=$("$cli" list --json | python3 -c 'import json,sys; print(sum(r["available"] for r in json.load(sys.stdin)))')
rows=$("$cli" list --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
same "one ok line per available implementation" "$available" "$(grep -c ': ok (' <<<"$out")"
same "one line per implementation, plus the summary" "$((rows + 1))" "$(wc -l <<<"$out")"
same "nothing failed" "" "$(grep FAILED <<<"$out")"
holds "summary counts" "$out" "$available passed, 0 failed, $((rows - available)) skipped"
holds "the portable table is checked against known answers and itself" "$out" "crc32c · table: ok ("
holds "... with random messages split vs whole" "$(grep '^crc32c · table:' <<<"$out")" "200 random messages, split vs whole"
best=$("$cli" cpu --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["implementations"]["crc32c"])')
if [ "$best" != table ]; then
  holds "dispatch's crc32c is cross-checked against the table" "$(grep "^crc32c · $best" <<<"$out")" "vs table)"
fi
if grep -q '^crc32c · vpclmul (' <<<"$out"; then
  holds "the AVX-512 tier is named" "$out" "crc32c · vpclmul (AVX-512): "
fi
if grep -q '^crc32c · vpclmul-avx2 (' <<<"$out"; then
  holds "the AVX2 VPCLMULQDQ tier is named" "$out" "crc32c · vpclmul-avx2 (AVX2 + VPCLMULQDQ): "
fi
single=$("$cli" list --json | python3 -c '
import json, sys, collections
rows = json.load(sys.stdin)
n = collections.Counter(r["algorithm"] for r in rows)
print(next((r["algorithm"] + " · " + r["implementation"] for r in rows if n[r["algorithm"]] == 1), ""))')
if [ -n "$single" ]; then
  holds "a single-implementation algorithm ($single) checks splits against the whole" "$(grep "^$single" <<<"$out")" "split vs whole"
fi

json=$("$cli" selftest --json --seed 42); status=$?
same "selftest --json exits 0" 0 "$status"
summary=$(python3 -c '
import json, sys
d = json.load(sys.stdin)
s = {r["status"] for r in d["results"]}
print(d["schema"], d["passed"], d["seed"], len(d["results"]), d["counts"]["failed"],
      all(r["vectors"] > 0 and r["random_messages"] == 200 for r in d["results"] if r["status"] == "passed"),
      sorted(s - {"passed", "skipped"}))' <<<"$json")
same "JSON: schema, passed, seed, every row, none failed, all checked" "hashscope-selftest/1 True 42 $rows 0 True []" "$summary"
again=$("$cli" selftest --json --seed 42)
same "the same seed gives the same run" "$json" "$again"

"$cli" selftest --seed nope >/dev/null 2>err; status=$?
same "a bad seed is a usage error" 2 "$status"
holds "... and says what a seed is" "$(cat err)" "--seed takes a whole number"
"$cli" selftest extra >/dev/null 2>&1; status=$?
same "operands are refused" 2 "$status"
holds "help lists selftest" "$("$cli" --help)" "selftest [--json] [--seed N]"

if [ "${2:-plain}" = sanitized ]; then
  # ASan's shadow memory does not survive qemu-user (the run is killed): the plain build tests it.
  echo "note: sanitized build; the lower-tier run under qemu is left to the plain build"
elif command -v qemu-x86_64 >/dev/null && [ "$(uname -m)" = x86_64 ] && [ "$(cli_cpu architecture)" = x86_64 ]; then
  low=$(qemu-x86_64 -cpu Nehalem "$cli" selftest 2>&1); status=$?
  same "Nehalem: selftest exits 0" 0 "$status"
  same "Nehalem: nothing failed" "" "$(grep FAILED <<<"$low")"
  low_ok=$(grep -c ': ok (' <<<"$low")
  same "Nehalem: fewer implementations run" 1 "$([ "$low_ok" -lt "$available" ] && [ "$low_ok" -gt 0 ] && echo 1 || echo "$low_ok of $available")"
  holds "Nehalem: the PCLMULQDQ kernels are skipped, with the reason" "$(grep '^crc32c · pclmul' <<<"$low")" "skipped (needs pclmulqdq"
  holds "Nehalem: the SSE4.2 kernel runs" "$(grep '^crc32c · sse42' <<<"$low")" ": ok ("
else
  echo "note: qemu-x86_64 not installed; the lower-tier run is not tested"
fi
finish
