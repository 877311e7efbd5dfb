#!/usr/bin/env bash
# `hashscope-cli sum` against the reference tools (coreutils, b2sum, b3sum, xxhsum, rhash) on
# generated files, including names with a space, a newline and a backslash.
cli=$1
source "$(dirname "$0")/lib.sh"
cd "$scratch"

head -c 0 /dev/urandom > empty
printf 'hello\n' > hello
head -c 1048583 /dev/urandom > random.bin
head -c 70000 /dev/urandom > 'with space'
printf 'odd' > "$(printf 'new\nline')"
printf 'odder' > 'back\slash'
printf 'carriage' > "$(printf 'cr\rname')"
plain=(empty hello random.bin 'with space')
odd=("$(printf 'new\nline')" 'back\slash' "$(printf 'cr\rname')")
all=("${plain[@]}" "${odd[@]}")

for tool in md5 sha1 sha224 sha256 sha384 sha512; do
  same "sum -a $tool = ${tool}sum (odd names too)" "$(${tool}sum "${all[@]}")" "$("$cli" sum -a $tool "${all[@]}")"
  same "sum -a $tool --tag = ${tool}sum --tag" "$(${tool}sum --tag "${all[@]}")" "$("$cli" sum -a $tool --tag "${all[@]}")"
done
same "sum defaults to sha256" "$(sha256sum "${all[@]}")" "$("$cli" sum "${all[@]}")"
same "sum -a blake2b = b2sum" "$(b2sum "${all[@]}")" "$("$cli" sum -a blake2b "${all[@]}")"
same "sum -a blake2b --tag = b2sum --tag" "$(b2sum --tag "${all[@]}")" "$("$cli" sum -a blake2b --tag "${all[@]}")"
# b3sum 1.2 escapes '\\' and newlines but not carriage returns (coreutils 9 does; we follow coreutils).
same "sum -a blake3 = b3sum" "$(b3sum "${all[@]:0:6}")" "$("$cli" sum -a blake3 "${all[@]:0:6}")"
same "sum -a xxh32 = xxhsum -H0" "$(xxhsum -H0 "${plain[@]}")" "$("$cli" sum -a xxh32 "${plain[@]}")"
same "sum -a xxh64 = xxhsum -H1" "$(xxhsum -H1 "${plain[@]}")" "$("$cli" sum -a xxh64 "${plain[@]}")"
same "sum -a xxh128 = xxhsum -H2" "$(xxhsum -H2 "${plain[@]}")" "$("$cli" sum -a xxh128 "${plain[@]}")"
same "sum -a xxh3 --tag = xxhsum -H3" "$(xxhsum -H3 "${plain[@]}")" "$("$cli" sum -a xxh3 --tag "${plain[@]}")"
same "sum -a crc32 = rhash --crc32" "$(rhash --printf='%{crc32}  %p\n' "${plain[@]}")" "$("$cli" sum -a crc32 "${plain[@]}")"
same "sum -a crc32c = rhash --crc32c" "$(rhash --printf='%{crc32c}  %p\n' "${plain[@]}")" "$("$cli" sum -a crc32c "${plain[@]}")"

# Every implementation of an algorithm prints the same digest.
for impl in isal libdeflate zlib table; do
  same "sum -a crc32 --impl $impl agrees" "$(rhash --printf='%{crc32}  %p\n' random.bin)" "$("$cli" sum -a crc32 --impl $impl random.bin)"
done

# Several algorithms: BSD lines, per file in the order the algorithms were named.
expected=$(for f in hello random.bin; do sha256sum --tag "$f"; md5sum --tag "$f"; done)
same "sum -a sha256,md5 = BSD lines per file" "$expected" "$("$cli" sum -a sha256,md5 hello random.bin)"

# Standard input, as '-' or with no operand.
same "sum - reads stdin" "$(sha256sum - < random.bin)" "$("$cli" sum - < random.bin)"
same "sum without operands reads stdin" "$(printf abc | sha256sum)" "$(printf abc | "$cli" sum)"

# Folders with -r, in name order; threads change nothing but speed.
mkdir -p tree/a/b tree/c
for i in 1 2 3; do head -c $((i * 5000)) /dev/urandom > "tree/a/file$i"; done
printf x > tree/a/b/deep; printf y > tree/c/z; printf z > tree/top
ln -s ../.. tree/a/b/loop
expected=$(find tree -type f | LC_ALL=C sort | xargs -d '\n' sha256sum)
same "sum -r walks folders in name order" "$expected" "$("$cli" sum -r tree 2>/dev/null)"
holds "sum -r says it did not follow a link to a folder" "$("$cli" sum -r tree 2>&1 >/dev/null)" "tree/a/b/loop: symbolic link to a folder, not followed"
same "sum --threads 2 prints the same, in order" "$("$cli" sum -r tree 2>/dev/null)" "$("$cli" sum --threads 2 -r tree 2>/dev/null)"

# Bad input: a clear message, a non-zero exit, and the other files still hashed.
out=$("$cli" sum hello missing random.bin 2>"$scratch/err"); status=$?
same "missing file: exit 1" 1 "$status"
same "missing file: the others are still hashed" "$(sha256sum hello random.bin)" "$out"
holds "missing file: named on stderr" "$(cat "$scratch/err")" "hashscope-cli: missing: No such file or directory"
"$cli" sum tree >/dev/null 2>"$scratch/err"; status=$?
same "folder without -r: exit 1" 1 "$status"
holds "folder without -r: says so" "$(cat "$scratch/err")" "tree: Is a directory"
mkfifo pipe
timeout 10 "$cli" sum pipe hello >"$scratch/out" 2>"$scratch/err"; status=$?
same "FIFO: skipped without hanging, exit 1" 1 "$status"
holds "FIFO: says why" "$(cat "$scratch/err")" "pipe: not a regular file: a FIFO"
"$cli" sum -a sha257 hello >/dev/null 2>"$scratch/err"; status=$?
same "unknown algorithm: exit 2" 2 "$status"
holds "unknown algorithm: says so" "$(cat "$scratch/err")" "unknown algorithm 'sha257'"
"$cli" sum -a sha256 --impl isal hello >/dev/null 2>"$scratch/err"; status=$?
same "implementation the algorithm lacks: exit 2" 2 "$status"
"$cli" sum --bogus hello >/dev/null 2>"$scratch/err"; status=$?
same "unknown option: exit 2" 2 "$status"
holds "unknown option: says so" "$(cat "$scratch/err")" "unknown option '--bogus'"
"$cli" sum --threads 0 hello >/dev/null 2>&1; status=$?
same "--threads 0: exit 2" 2 "$status"

finish
