#!/usr/bin/env bash
# `hashscope-cli audit` on a tree whose checksum file sha256sum wrote: after one file is changed,
# one deleted, one added and one moved, every status appears once, odd names survive, and the
# exit status says whether everything is OK. Also: `sum -r` output re-verifies with sha256sum -c.
cli=$1
source "$(dirname "$0")/lib.sh"
cd "$scratch"
export LC_ALL=C

mkdir -p tree/sub
cd tree
printf 'keep' > keep
printf 'space' > ' lead space'
printf 'dash' > -dash
printf 'latin1' > "$(printf 'bad\377name')"
printf 'back' > 'back\slash'
printf 'gone' > gone
printf 'moving' > moveme
printf 'inner' > sub/inner
files=(keep ' lead space' -dash "$(printf 'bad\377name')" 'back\slash' gone moveme sub/inner)
sha256sum -- "${files[@]}" > SHA256SUMS  # the oracle writes the manifest

out=$("$cli" audit SHA256SUMS 2>"$scratch/err"); rc=$?
same "untouched tree: every listed file OK" "$(printf 'OK  %s\n' keep ' lead space' -dash "$(printf 'bad\377name')")
\\OK  back\\\\slash
OK  gone
OK  moveme
OK  sub/inner" "$out"
same "untouched tree: exit 0" 0 "$rc"
holds "untouched tree: the counts on stderr" "$(cat "$scratch/err")" "audit: 8 OK, 0 CHANGED, 0 MISSING, 0 NEW, 0 MOVED"
same "--quiet prints no OK line" "" "$("$cli" audit --quiet SHA256SUMS 2>/dev/null)"

printf 'edited' > 'back\slash'
rm gone
printf 'added' > added
mv moveme "$(printf 'new\nplace')"
out=$("$cli" audit SHA256SUMS . 2>"$scratch/err"); rc=$?
expected="OK  keep
OK   lead space
OK  -dash
OK  $(printf 'bad\377name')
\\CHANGED  back\\\\slash
OK  sub/inner
NEW  added
\\MOVED  new\\nplace <- moveme
MISSING  gone"
same "changed, deleted, added, moved: one line per path" "$expected" "$out"
same "changed, deleted, added, moved: exit 1" 1 "$rc"
holds "the counts on stderr" "$(cat "$scratch/err")" "audit: 5 OK, 1 CHANGED, 1 MISSING, 1 NEW, 1 MOVED"
holds "the same, run from elsewhere with the folder implied" "$(cd "$scratch" && "$cli" audit tree/SHA256SUMS 2>/dev/null)" "$expected"
same "sha256sum -c agrees: three listed files fail (changed, deleted, moved away)" 3 \
  "$(sha256sum -c SHA256SUMS 2>/dev/null | grep -c FAILED)"

# What cannot be read is said, never waited on.
mkfifo pipe
ln -s . sub/loop
out=$(timeout 20 "$cli" audit --quiet SHA256SUMS 2>"$scratch/err"); rc=$?
holds "a FIFO is skipped" "$out" "SKIPPED  pipe"
holds "a link to a folder is skipped" "$out" "SKIPPED  sub/loop"
holds "why, on stderr" "$(cat "$scratch/err")" "pipe: a FIFO"
same "FIFOs and links: exit 1, no hang" 1 "$rc"
rm pipe sub/loop

# Usage errors.
"$cli" audit >/dev/null 2>"$scratch/err"; rc=$?
same "no operand: exit 2" 2 "$rc"
holds "no operand: says so" "$(cat "$scratch/err")" "missing operand"
"$cli" audit no-such-file >/dev/null 2>"$scratch/err"; rc=$?
same "unreadable manifest: exit 2" 2 "$rc"
"$cli" audit SHA256SUMS keep >/dev/null 2>"$scratch/err"; rc=$?
same "a DIR that is not a folder: exit 2" 2 "$rc"
holds "a DIR that is not a folder: says so" "$(cat "$scratch/err")" "keep: not a folder"
printf 'no checksums here\n' > empty.sums
"$cli" audit empty.sums >/dev/null 2>&1; rc=$?
same "a manifest without checksum lines: exit 2" 2 "$rc"

# A manifest written by `sum -r DIR` names DIR/... (as sha256sum DIR/... would): sha256sum -c run
# where it was written verifies it, and audit of DIR matches those names.
cd "$scratch"
"$cli" sum -r tree > tree.sums 2>/dev/null
sha256sum -c --quiet tree.sums >/dev/null 2>&1; rc=$?
same "sum -r output re-verifies with sha256sum -c" 0 "$rc"
"$cli" audit --quiet tree.sums tree >/dev/null 2>&1; rc=$?
same "sum -r output audits clean against its folder" 0 "$rc"
holds "a NEW file in that folder is named as the manifest names files" \
  "$(printf 'x' > tree/sub/late; "$cli" audit --quiet tree.sums tree 2>/dev/null)" "NEW  tree/sub/late"

finish
