#!/usr/bin/env bash
# `hashscope-cli check` and `verify` against the reference tools (sha256sum -c, md5sum -c,
# b2sum -c, b3sum -c, rhash -c) on a generated tree: the same OK / FAILED lines and exit status on
# what they accept, and the formats and odd files they refuse or hang on.
cli=$1
source "$(dirname "$0")/lib.sh"
cd "$scratch"

mkdir tree tree/sub
cd tree
printf 'hello\n' > hello
head -c 300000 /dev/urandom > random.bin
printf 'spaced' > 'with space'
printf 'dash' > -leading-dash
printf 'odd' > "$(printf 'new\nline')"
printf 'odder' > 'back\slash'
printf 'nested' > sub/inner.txt
files=(hello random.bin 'with space' -leading-dash "$(printf 'new\nline')" 'back\slash' sub/inner.txt)

# compare TOOL SUMSFILE [FLAGS...]: stdout and exit status of `TOOL -c` and `hashscope-cli check`.
compare() {
  local tool=$1 sums=$2
  shift 2
  local theirs ours their_rc our_rc
  theirs=$($tool -c "$@" -- "$sums" 2>/dev/null); their_rc=$?
  ours=$("$cli" check "$@" -- "$sums" 2>/dev/null); our_rc=$?
  same "check $* $sums = $tool -c: lines" "$theirs" "$ours"
  same "check $* $sums = $tool -c: exit status" "$their_rc" "$our_rc"
}

for tool in md5sum sha1sum sha256sum sha512sum b2sum; do
  $tool -- "${files[@]}" > "SUMS.$tool"
  $tool --tag -- "${files[@]}" > "TAGS.$tool"
  compare $tool "SUMS.$tool"
  compare $tool "TAGS.$tool"
done

# Damage: a changed file, a missing one, a folder where a file was, an improperly formatted line.
cp SUMS.sha256sum broken.sha256
printf 'x' >> random.bin
sha256sum hello | sed 's/  hello$/  gone/' >> broken.sha256
sha256sum hello | sed 's/  hello$/  sub/' >> broken.sha256
echo 'this is no checksum line' >> broken.sha256
for flags in "" "--quiet" "--status" "--ignore-missing" "--strict"; do
  # shellcheck disable=SC2086
  compare sha256sum broken.sha256 $flags
done
errors=$("$cli" check broken.sha256 2>&1 >/dev/null)
holds "a missing file is named on stderr" "$errors" "gone: No such file or directory"
holds "a folder is named on stderr" "$errors" "sub: not a regular file: a folder"
# As in coreutils, a bad line is only counted unless asked: -w names it (coreutils' words), -v says why.
holds "-w names the bad line as sha256sum -w does" "$("$cli" check -w broken.sha256 2>&1 >/dev/null)" \
  "broken.sha256: 10: improperly formatted checksum line"
holds "-v gives the bad line's number and reason" "$("$cli" check -v broken.sha256 2>&1 >/dev/null)" \
  "broken.sha256: 10: no digest found"
holds "the closing warnings are sha256sum's" "$errors" "WARNING: 1 computed checksum did NOT match"

# b3sum and rhash word their output differently: compare their verdicts and exit status.
b3sum -- "${files[@]:0:4}" sub/inner.txt > SUMS.b3
"$cli" check SUMS.b3 > /dev/null 2>&1; our_rc=$?
b3sum -c SUMS.b3 > /dev/null 2>&1; their_rc=$?
same "check agrees with b3sum -c (exit status, one file changed)" "$their_rc" "$our_rc"
same "check names the changed file as b3sum -c does" "$(b3sum -c SUMS.b3 2>/dev/null | grep FAILED)" \
  "$("$cli" check SUMS.b3 2>/dev/null | grep FAILED)"
rhash --sha256 hello 'with space' sub/inner.txt > SUMS.rhash.sha256
"$cli" check SUMS.rhash.sha256 > /dev/null 2>&1; our_rc=$?
rhash -c SUMS.rhash.sha256 > /dev/null 2>&1; their_rc=$?
same "check agrees with rhash -c (all good)" "$their_rc" "$our_rc"
rhash --sfv --crc32 hello random.bin > release.sfv
printf 'y' >> random.bin
"$cli" check release.sfv > /dev/null 2>&1; our_rc=$?
rhash -c release.sfv > /dev/null 2>&1; their_rc=$?
same "check agrees with rhash -c on SFV (one changed)" "$their_rc" "$our_rc"
same "SFV: the changed file fails" "random.bin: FAILED" "$("$cli" check release.sfv 2>/dev/null | grep FAILED)"

# Beyond the reference tools: several algorithms in one BSD file, a PGP wrapper, BOM + CRLF,
# xxhsum's lines, a sums file in another folder, an algorithm inferred from the digest length.
git_free_tree=("hello" "with space" "sub/inner.txt")
{ sha256sum --tag -- "${git_free_tree[@]}"; md5sum --tag -- "${git_free_tree[@]}"; b2sum --tag -- hello; } > mixed.tags
rhash --bsd --crc32 --crc32c hello >> mixed.tags
out=$("$cli" check mixed.tags 2>&1); rc=$?
same "several algorithms in one BSD file: all OK" "0" "$rc"
same "several algorithms in one BSD file: a line each" "9" "$(grep -c ': OK$' <<< "$out")"
{
  echo '-----BEGIN PGP SIGNED MESSAGE-----'
  echo 'Hash: SHA512'
  echo
  sha256sum hello 'with space'
  echo '-----BEGIN PGP SIGNATURE-----'
  echo
  echo 'iQIzBAEBCgAdFiEEnotarealsignatureAAAA='
  echo '-----END PGP SIGNATURE-----'
} > SHA256SUMS.asc
# The signature is checked unless --no-signature says not to (signature_test.sh tests real ones);
# a GnuPG home of the test's own, short for gpg-agent's socket path.
gnupg_home=$(mktemp -d /tmp/hs-gpg.XXXX)
out=$(GNUPGHOME=$gnupg_home "$cli" check SHA256SUMS.asc 2>&1); rc=$?
same "a PGP clear-signed SHA256SUMS with a garbage signature fails" "1" "$rc"
holds "the garbage signature is said not to be checked" "$out" "signature: not checked"
out=$("$cli" check --no-signature SHA256SUMS.asc 2>&1); rc=$?
same "a PGP clear-signed SHA256SUMS checks out with --no-signature" "0" "$rc"
holds "the PGP signature is said not to be checked" "$out" "not checked"
GNUPGHOME=$gnupg_home gpgconf --kill all 2>/dev/null
rm -rf "$gnupg_home"
printf '\xef\xbb\xbf' > crlf.sha256
sha256sum hello 'with space' | sed 's/$/\r/' >> crlf.sha256
same "BOM and CRLF are tolerated" "$(printf 'hello: OK\nwith space: OK')" "$("$cli" check crlf.sha256 2>/dev/null)"
xxhsum -H1 hello random.bin > xxh.sums 2>/dev/null
xxhsum -H3 hello >> xxh.sums 2>/dev/null
printf 'z' >> random.bin
same "xxhsum output checks (XXH64 and XXH3 lines)" \
  "$(printf 'hello: OK\nrandom.bin: FAILED\nhello: OK')" "$("$cli" check xxh.sums 2>/dev/null)"
b3sum hello > checksums.txt
out=$("$cli" check checksums.txt 2>&1); rc=$?
same "a 64-digit digest in an unnamed file: found as BLAKE3" "0" "$rc"
holds "the inferred algorithm is named" "$out" "matched as BLAKE3"
cd "$scratch"
same "names are relative to the checksum file's folder" "hello: OK" "$("$cli" check tree/crlf.sha256 2>/dev/null | head -1)"
cd tree

# Odd files: a FIFO and a symlink loop must not hang or crash; --strict refuses '..' names.
mkfifo pipe
ln -s loop loop
{ sha256sum hello | sed 's/  hello$/  pipe/'; sha256sum hello | sed 's/  hello$/  loop/'; } > odd.sha256
out=$(timeout 20 "$cli" check odd.sha256 2>&1); rc=$?
same "FIFO and symlink loop: exit 1, no hang" "1" "$rc"
holds "the FIFO is named as one" "$out" "pipe: not a regular file: a FIFO"
holds "the loop is reported" "$out" "loop: Too many levels of symbolic links"
(cd sub && sha256sum ../hello > ../up.sha256)
sed -i 's#\.\./hello#../tree/hello#' up.sha256
same "'..' names are honoured" "0" "$("$cli" check up.sha256 > /dev/null 2>&1; echo $?)"
holds "'..' names are reported" "$("$cli" check up.sha256 2>&1)" "1 name leads outside the checksum file's folder"
out=$("$cli" check --strict up.sha256 2>&1); rc=$?
same "--strict refuses '..' names" "1" "$rc"
holds "--strict says why" "$out" "refused by --strict"
if [ "$(id -u)" != 0 ]; then
  printf 'secret' > locked && sha256sum locked > locked.sha256 && chmod 000 locked
  compare sha256sum locked.sha256
fi

# A file that grows while it is read is CHANGED, neither OK nor a plain mismatch.
head -c 100000000 /dev/zero > growing
sha256sum growing > growing.sha256
( for _ in $(seq 2000); do printf 'x' >> growing; sleep 0.001; done ) &
appender=$!
sleep 0.05
out=$("$cli" check --threads 1 growing.sha256 2>&1); rc=$?
kill $appender 2>/dev/null; wait $appender 2>/dev/null
same "a growing file fails" "1" "$rc"
holds "a growing file is said to have changed" "$out" "growing: FAILED changed while read"
rm -f growing

# verify FILE --expect DIGEST: hex in any dress, or base64; the algorithm found from the length.
sha=$(sha256sum hello | cut -c1-64)
same "verify: hex digest, algorithm inferred" "hello: OK (SHA-256)" "$("$cli" verify hello --expect "$sha")"
upper=$(tr a-f A-F <<< "$sha" | sed 's/\(..\)/\1:/g; s/:$//')
same "verify: upper case with colons" "hello: OK (SHA-256)" "$("$cli" verify hello --expect "$upper")"
b64=$(python3 -c 'import base64, sys; print(base64.b64encode(bytes.fromhex(sys.argv[1])).decode())' \
  "$(rhash --printf='%{crc32c}' hello)")
same "verify: base64 CRC32C as S3 shows it" "hello: OK (CRC-32C)" "$("$cli" verify hello --expect "$b64")"
out=$("$cli" verify random.bin --expect "$sha"); rc=$?
same "verify: a mismatch exits 1" "1" "$rc"
holds "verify: a mismatch names what was tried" "$out" "FAILED"
"$cli" verify hello --expect 'not a digest' > /dev/null 2>&1
same "verify: a bad digest is a usage error" "2" "$?"
"$cli" verify hello --expect "$sha" -a md5 > /dev/null 2>&1
same "verify: a digest of the wrong length for -a is a usage error" "2" "$?"

# verify FILE without --expect: the checksum files beside it say what to expect.
sha256sum hello > hello.sha256
b3sum hello > B3SUMS
out=$("$cli" verify hello); rc=$?
same "verify with sidecars: exit 0" "0" "$rc"
holds "verify names the sidecar it used" "$out" "hello: OK (SHA-256, from ./hello.sha256)"
holds "verify uses folder-wide lists too" "$out" "hello: OK (BLAKE3, from ./B3SUMS)"
printf 'alone' > lonely.dat
"$cli" verify lonely.dat > /dev/null 2>&1
same "verify without --expect or a sidecar is a usage error" "2" "$?"
"$cli" verify random.bin > /dev/null 2>&1
same "verify against the sidecars that list a changed file fails" "1" "$?"

finish
