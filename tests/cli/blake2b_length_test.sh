#!/usr/bin/env bash
# BLAKE2b's length variants (`b2sum -l BITS`, `cksum -a blake2b -l BITS`) against coreutils'
# b2sum, an independent implementation: every length from 8 to 512 bits on files made here, the
# lines it writes read back by check, and its refusals.
cli=$1
source "$(dirname "$0")/lib.sh"
cd "$scratch"

printf '' > empty
printf 'abc' > abc
head -c 200000 /dev/urandom > random.bin
files=(empty abc random.bin)

# Every length at once: one line per (length, file), ours against b2sum's.
ours=""
theirs=""
for bits in $(seq 8 8 512); do
  ours+=$("$cli" sum -a blake2b -l "$bits" "${files[@]}")$'\n'
  theirs+=$(b2sum -l "$bits" "${files[@]}")$'\n'
done
same "sum -a blake2b -l 8..512 = b2sum -l 8..512 (64 lengths, 3 files)" "$theirs" "$ours"

for bits in 8 160 256 504; do
  same "sum --tag -l $bits = b2sum --tag -l $bits" "$(b2sum --tag -l "$bits" "${files[@]}")" \
    "$("$cli" sum --tag -a blake2b -l "$bits" "${files[@]}")"
  same "sum -a blake2b-$bits = sum -a blake2b -l $bits" "$("$cli" sum -a blake2b -l "$bits" abc)" \
    "$("$cli" sum -a "blake2b-$bits" abc)"
  for impl in libb2 libsodium; do
    if [ "$bits" -ge 128 ]; then
      same "sum --impl $impl -l $bits" "$(b2sum -l "$bits" random.bin)" \
        "$("$cli" sum -a blake2b -l "$bits" --impl "$impl" random.bin)"
    fi
  done
done
same "-l 512 is BLAKE2b itself" "$(b2sum abc)" "$("$cli" sum -a blake2b -l 512 abc)"
same "-l 0 is BLAKE2b itself, as in coreutils" "$(b2sum -l 0 abc)" "$("$cli" sum -a blake2b -l 0 abc)"

# What b2sum writes, checked; untagged lines of any length with -a blake2b, as `b2sum -c` reads them.
{ b2sum -l 256 "${files[@]}"; b2sum -l 128 abc; b2sum -l 8 random.bin; } > mixed.b2
same "check -a blake2b of b2sum -l lines of three lengths" \
  "$(printf 'empty: OK\nabc: OK\nrandom.bin: OK\nabc: OK\nrandom.bin: OK')" "$("$cli" check -a blake2b mixed.b2 2>&1)"
b2sum --tag -l 384 "${files[@]}" > tagged.b2
same "check b2sum --tag -l 384 lines (no -a)" "$(printf 'empty: OK\nabc: OK\nrandom.bin: OK')" \
  "$("$cli" check tagged.b2 2>&1)"
b2sum -l 256 abc > B2SUMS
same "check B2SUMS of 256-bit lines (the name says BLAKE2b)" "abc: OK" "$("$cli" check B2SUMS 2>&1)"
printf 'x' >> abc
out=$("$cli" check -a blake2b B2SUMS 2>&1)
status=$?
same "a changed file fails at its length" "1" "$status"
holds "and says FAILED" "$out" "abc: FAILED"

# Refusals, in coreutils' words.
err=$("$cli" sum -a blake2b -l 12 abc 2>&1)
status=$?
same "-l 12: usage error" "2" "$status"
holds "-l 12 says why" "$err" "length is not a multiple of 8"
err=$("$cli" sum -a blake2b -l 520 abc 2>&1)
holds "-l 520 says the maximum" "$err" "maximum digest length for 'BLAKE2b' is 512 bits"
err=$("$cli" sum -a blake2b -l x abc 2>&1)
holds "-l x is an invalid length" "$err" "invalid length: 'x'"
err=$("$cli" sum -a sha256 -l 256 abc 2>&1)
status=$?
same "-l with sha256: usage error" "2" "$status"
holds "-l with sha256 says only blake2b" "$err" "--length is only supported with --algorithm=blake2b"
err=$("$cli" sum -a blake2b -l 64 --impl libsodium abc 2>&1)
status=$?
same "libsodium cannot make 64 bits: usage error" "2" "$status"
holds "and says which" "$err" "blake2b-64"

finish
