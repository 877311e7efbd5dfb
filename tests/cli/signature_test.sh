#!/usr/bin/env bash
# `hashscope-cli check` on signed checksum files: OpenPGP (clear-signed and detached, keys made
# here by GnuPG in a home of the test's own), minisign and signify (keys made by their tools).
# The verdict line, and the exit status: 1 unless the signature is good, whatever the digests.
cli=$1
source "$(dirname "$0")/lib.sh"
cd "$scratch"

for tool in gpg gpgconf minisign signify-openbsd; do
  if ! command -v "$tool" >/dev/null; then
    echo "SKIP: $tool is not installed (scripts/install-deps installs it)"
    exit 77
  fi
done

# GnuPG homes in /tmp with short names: gpg-agent's socket path must fit in a sockaddr_un, and a
# ctest scratch folder may be too deep. Each run has its own, so parallel runs do not meet.
signer_home=$(mktemp -d /tmp/hs-gpg.XXXX)
empty_home=$(mktemp -d /tmp/hs-gpg.XXXX)
cleanup() {
  GNUPGHOME=$signer_home gpgconf --kill all 2>/dev/null
  GNUPGHOME=$empty_home gpgconf --kill all 2>/dev/null
  rm -rf "$signer_home" "$empty_home" "$scratch"
}
trap cleanup EXIT
export GNUPGHOME=$signer_home
gpg_quiet() { gpg --batch --quiet --pinentry-mode loopback --passphrase '' "$@" 2>/dev/null; }
fingerprint_of() { gpg --batch --with-colons --list-keys "$1" 2>/dev/null | awk -F: '/^fpr/ { print $10; exit }'; }

gpg_quiet --quick-gen-key 'Release Signer <release@example.org>' ed25519 sign never
gpg_quiet --quick-gen-key 'Second Signer <second@example.org>' ed25519 sign never
# A key that expired long ago: made and used at a faked time.
gpg_quiet --faked-system-time 20200101T000000 --quick-gen-key 'Old Signer <old@example.org>' ed25519 sign 1d
fpr=$(fingerprint_of release@example.org)
second_fpr=$(fingerprint_of second@example.org)
old_fpr=$(fingerprint_of old@example.org)
gpg --batch --export release@example.org > release.gpg
gpg --batch --armor --export release@example.org > release.asc

printf 'alpha\n' > alpha.txt
printf 'beta\n' > beta.txt
sha256sum alpha.txt beta.txt > SHA256SUMS

# --- clear-signed
gpg_quiet -u "$fpr" --clearsign -o SHA256SUMS.clear SHA256SUMS
mkdir clear && cp alpha.txt beta.txt clear/ && cp SHA256SUMS.clear clear/SHA256SUMS
out=$("$cli" check clear/SHA256SUMS 2>&1); rc=$?
same "clear-signed, good: exit 0" "0" "$rc"
holds "clear-signed, good: the signer and fingerprint" "$out" \
  "clear/SHA256SUMS: signature: good, by Release Signer <release@example.org> ($fpr)"
same "the verdict comes before the file lines" "clear/SHA256SUMS: signature: good" \
  "$("$cli" check clear/SHA256SUMS 2>/dev/null | head -1 | cut -d, -f1)"
holds "clear-signed, good: the files are checked" "$out" "alpha.txt: OK"

# One changed byte in the signed text: BAD, exit 1 although every digest matches.
mkdir changed && printf 'alpha\n' > changed/alpha.txt && printf 'betb\n' > changed/beta.txt
sed "s/$(sha256sum beta.txt | cut -c1-64)/$(sha256sum changed/beta.txt | cut -c1-64)/" SHA256SUMS.clear \
  > changed/SHA256SUMS
out=$("$cli" check changed/SHA256SUMS 2>&1); rc=$?
same "one changed byte in the signed text: exit 1" "1" "$rc"
holds "one changed byte in the signed text: BAD" "$out" "changed/SHA256SUMS: signature: BAD"
holds "one changed byte: the digests still match" "$out" "beta.txt: OK"
[[ "$out" == *"signature: good"* ]] && same "a BAD signature is never good" "" "good"

# Text outside the signed part supplies no line, and is said to be ignored.
mkdir outside && cp alpha.txt beta.txt outside/ && printf 'intruder\n' > outside/intruder.txt
{ (cd outside && sha256sum intruder.txt); cat SHA256SUMS.clear; echo trailing; } > outside/SHA256SUMS
out=$("$cli" check outside/SHA256SUMS 2>&1); rc=$?
same "text outside the signed part: the signature is good" "0" "$rc"
holds "text outside the signed part: said" "$out" "text outside the clear-signed part was ignored"
[[ "$out" == *"intruder.txt"* ]] && same "text outside the signed part supplies no line" "" "intruder.txt"

# A signed part that is no checksum file.
printf 'just a letter\n' > LETTER
gpg_quiet -u "$fpr" --clearsign -o LETTER.asc LETTER && mv LETTER.asc NOTSUMS
out=$("$cli" check NOTSUMS 2>&1); rc=$?
same "a signed part that is not a checksum file: exit 1" "1" "$rc"
holds "a signed part that is not a checksum file: said" "$out" "no properly formatted checksum lines found"

# Two signatures: each reported.
gpg_quiet -u "$fpr" -u "$second_fpr" --clearsign -o two.asc SHA256SUMS && mv two.asc TWO256SUMS
out=$("$cli" check -a sha256 TWO256SUMS 2>&1); rc=$?
same "two good signatures: exit 0" "0" "$rc"
holds "two signatures: the first reported" "$out" "($fpr)"
holds "two signatures: the second reported" "$out" "($second_fpr)"

# --- detached, beside the checksum file and named with --signature
for suffix in gpg asc sig sign; do
  mkdir "detached-$suffix" && cp alpha.txt beta.txt SHA256SUMS "detached-$suffix/"
  armor=(); [ "$suffix" = asc ] && armor=(--armor)
  gpg_quiet -u "$fpr" "${armor[@]}" --detach-sign -o "detached-$suffix/SHA256SUMS.$suffix" SHA256SUMS
  out=$("$cli" check "detached-$suffix/SHA256SUMS" 2>&1); rc=$?
  same "detached SHA256SUMS.$suffix, good: exit 0" "0" "$rc"
  holds "detached SHA256SUMS.$suffix, good: the verdict" "$out" "signature: good, by Release Signer"
done
cp detached-gpg/SHA256SUMS.gpg elsewhere.sig
out=$("$cli" check --signature elsewhere.sig SHA256SUMS 2>&1); rc=$?
same "--signature FILE, good: exit 0" "0" "$rc"
# A signature over another file.
printf 'other\n' > OTHER
gpg_quiet -u "$fpr" --detach-sign -o other.sig OTHER
out=$("$cli" check --signature other.sig SHA256SUMS 2>&1); rc=$?
same "a signature over another file: exit 1" "1" "$rc"
holds "a signature over another file: BAD" "$out" "SHA256SUMS: signature: BAD"
# Truncated and garbage signatures.
head -c 40 detached-gpg/SHA256SUMS.gpg > truncated.sig
out=$("$cli" check --signature truncated.sig SHA256SUMS 2>&1); rc=$?
same "a truncated signature: exit 1" "1" "$rc"
holds "a truncated signature: not checked" "$out" "SHA256SUMS: signature: not checked"
head -c 300 /dev/urandom > garbage.sig
out=$("$cli" check --signature garbage.sig SHA256SUMS 2>&1); rc=$?
same "a garbage signature: exit 1" "1" "$rc"
[[ "$out" == *"signature: good"* ]] && same "a garbage signature is never good" "" "good"
out=$("$cli" check --signature missing.sig SHA256SUMS 2>&1); rc=$?
same "a missing --signature file: exit 1" "1" "$rc"

# --- keys: unknown, from --keyring, expired
out=$(GNUPGHOME=$empty_home "$cli" check clear/SHA256SUMS 2>&1); rc=$?
same "a keyring without the key: exit 1" "1" "$rc"
holds "a keyring without the key: unknown key" "$out" "signature: unknown key $fpr"
holds "a keyring without the key: how to import it" "$out" "gpg --import"
for keyring in release.gpg release.asc; do
  out=$(GNUPGHOME=$empty_home "$cli" check --keyring "$keyring" clear/SHA256SUMS 2>&1); rc=$?
  same "--keyring $keyring: exit 0" "0" "$rc"
  holds "--keyring $keyring: good" "$out" "signature: good, by Release Signer <release@example.org> ($fpr)"
done
same "--keyring leaves the user's keyring alone" "" "$(GNUPGHOME=$empty_home gpg --batch --list-keys 2>/dev/null)"
mkdir expired && cp alpha.txt beta.txt SHA256SUMS expired/
gpg_quiet --faked-system-time 20200101T010000 -u "$old_fpr" --detach-sign -o expired/SHA256SUMS.sig SHA256SUMS
out=$("$cli" check expired/SHA256SUMS 2>&1); rc=$?
same "an expired key: exit 1" "1" "$rc"
holds "an expired key: said" "$out" "signature: expired ($old_fpr)"

# A revoked key: its revocation certificate (kept by gpg since key generation) imported.
gpg_quiet --quick-gen-key 'Revoked Signer <revoked@example.org>' ed25519 sign never
revoked_fpr=$(fingerprint_of revoked@example.org)
mkdir revoked && cp alpha.txt beta.txt SHA256SUMS revoked/
gpg_quiet -u "$revoked_fpr" --detach-sign -o revoked/SHA256SUMS.gpg SHA256SUMS
sed 's/^://' "$signer_home/openpgp-revocs.d/$revoked_fpr.rev" | gpg_quiet --import
out=$("$cli" check revoked/SHA256SUMS 2>&1); rc=$?
same "a revoked key: exit 1" "1" "$rc"
holds "a revoked key: said" "$out" "signature: revoked ($revoked_fpr)"

# --- --no-signature and --status
out=$(GNUPGHOME=$empty_home "$cli" check --no-signature clear/SHA256SUMS 2>&1); rc=$?
same "--no-signature: the digests only, exit 0" "0" "$rc"
holds "--no-signature: said" "$out" "signature not checked (--no-signature)"
out=$("$cli" check --status changed/SHA256SUMS 2>&1); rc=$?
same "--status, BAD: exit 1" "1" "$rc"
same "--status, BAD: prints nothing" "" "$out"
out=$("$cli" check --status clear/SHA256SUMS 2>&1); rc=$?
same "--status, good: exit 0, nothing printed" "0 " "$rc $out"
# No signature: sha256sum's output, unchanged.
same "no signature: sha256sum -c's lines" "$(sha256sum -c SHA256SUMS)" "$("$cli" check SHA256SUMS 2>/dev/null)"

# --- minisign: prehashed (the default) and legacy
minisign -G -W -p minisign.pub -s minisign.key > /dev/null
minisign -G -W -p other-minisign.pub -s other-minisign.key > /dev/null
mkdir mini && cp alpha.txt beta.txt SHA256SUMS mini/
minisign -S -s minisign.key -t 'release 1.0' -m mini/SHA256SUMS > /dev/null
out=$("$cli" check --pubkey minisign.pub mini/SHA256SUMS 2>&1); rc=$?
same "minisign prehashed, good: exit 0" "0" "$rc"
holds "minisign prehashed, good: the trusted comment" "$out" "signature: good, by minisign key"
holds "minisign: the trusted comment shown" "$out" "trusted comment: release 1.0"
out=$("$cli" check -P "$(tail -1 minisign.pub)" mini/SHA256SUMS 2>&1); rc=$?
same "minisign with -P KEY, good: exit 0" "0" "$rc"
out=$("$cli" check --pubkey other-minisign.pub mini/SHA256SUMS 2>&1); rc=$?
same "minisign, another key: exit 1" "1" "$rc"
holds "minisign, another key: unknown key" "$out" "signature: unknown key"
out=$("$cli" check mini/SHA256SUMS 2>&1); rc=$?
same "minisign without a public key: exit 1" "1" "$rc"
holds "minisign without a public key: how to give it" "$out" "--pubkey FILE"
mkdir mini-legacy && cp alpha.txt beta.txt SHA256SUMS mini-legacy/
minisign -S -l -s minisign.key -m mini-legacy/SHA256SUMS > /dev/null
out=$("$cli" check --pubkey minisign.pub mini-legacy/SHA256SUMS 2>&1); rc=$?
same "minisign legacy, good: exit 0" "0" "$rc"
minisign -V -p minisign.pub -m mini/SHA256SUMS > /dev/null || same "minisign itself agrees" "0" "1"
printf '# x\n' >> mini/SHA256SUMS
out=$("$cli" check --pubkey minisign.pub mini/SHA256SUMS 2>&1); rc=$?
same "minisign, changed file: exit 1" "1" "$rc"
holds "minisign, changed file: BAD" "$out" "signature: BAD"
printf '# x\n' >> mini-legacy/SHA256SUMS
out=$("$cli" check --pubkey minisign.pub mini-legacy/SHA256SUMS 2>&1); rc=$?
same "minisign legacy, changed file: exit 1" "1" "$rc"
# A changed trusted comment.
mkdir mini-comment && cp alpha.txt beta.txt SHA256SUMS mini-comment/
minisign -S -s minisign.key -t 'release 1.0' -m mini-comment/SHA256SUMS > /dev/null
sed -i 's/^trusted comment: release 1.0/trusted comment: release 9.9/' mini-comment/SHA256SUMS.minisig
out=$("$cli" check --pubkey minisign.pub mini-comment/SHA256SUMS 2>&1); rc=$?
same "minisign, changed trusted comment: exit 1" "1" "$rc"
holds "minisign, changed trusted comment: BAD" "$out" "the trusted comment was changed"

# --- signify
signify-openbsd -G -n -p signify.pub -s signify.sec
mkdir sfy && cp alpha.txt beta.txt SHA256SUMS sfy/
signify-openbsd -S -s signify.sec -m sfy/SHA256SUMS -x sfy/SHA256SUMS.sig
out=$("$cli" check --pubkey signify.pub sfy/SHA256SUMS 2>&1); rc=$?
same "signify, good: exit 0" "0" "$rc"
holds "signify, good: the verdict" "$out" "sfy/SHA256SUMS: signature: good, by signify key"
printf '# x\n' >> sfy/SHA256SUMS
out=$("$cli" check --pubkey signify.pub sfy/SHA256SUMS 2>&1); rc=$?
same "signify, changed file: exit 1" "1" "$rc"
holds "signify, changed file: BAD" "$out" "signature: BAD"
out=$("$cli" check --pubkey minisign.pub --signature sfy/SHA256SUMS.sig sfy/SHA256SUMS 2>&1); rc=$?
same "signify, another key: exit 1" "1" "$rc"
# signify's embedded form, as OpenBSD's SHA256.sig: the lines follow the signature.
mkdir sfy-embedded && cp alpha.txt beta.txt sfy-embedded/
(cd sfy-embedded && sha256sum alpha.txt beta.txt > SHA256 && signify-openbsd -S -e -s ../signify.sec -m SHA256 \
  -x SHA256.sig && rm SHA256)
out=$("$cli" check --pubkey signify.pub sfy-embedded/SHA256.sig 2>&1); rc=$?
same "signify embedded, good: exit 0" "0" "$rc"
holds "signify embedded, good: the verdict" "$out" "sfy-embedded/SHA256.sig: signature: good, by signify key"
holds "signify embedded: the lines are checked" "$out" "alpha.txt: OK"
sed -i "s/$(sha256sum beta.txt | cut -c1-8)/00000000/" sfy-embedded/SHA256.sig
out=$("$cli" check --pubkey signify.pub sfy-embedded/SHA256.sig 2>&1); rc=$?
same "signify embedded, changed line: exit 1" "1" "$rc"
holds "signify embedded, changed line: BAD" "$out" "signature: BAD"

# --- usage errors
"$cli" check --pubkey no-such-key SHA256SUMS > /dev/null 2>&1
same "an unreadable --pubkey: usage error" "2" "$?"
"$cli" check --keyring no-such-keyring SHA256SUMS > /dev/null 2>&1
same "an unreadable --keyring: usage error" "2" "$?"
"$cli" check --no-signature --signature x.sig SHA256SUMS > /dev/null 2>&1
same "--no-signature with --signature: usage error" "2" "$?"

# No agent, no temporary GnuPG home of HashScope's is left behind. Tests running beside this one
# (ctest -j) make such homes too, for the second or so their check lasts: one left is one that
# stays, so wait up to 10 s for others to go.
left_homes() { find /tmp -maxdepth 1 -name 'hashscope-gpg.*' -user "$(id -u)" -newer SHA256SUMS 2>/dev/null; }
for _ in $(seq 50); do
  [ -z "$(left_homes)" ] && break
  sleep 0.2
done
same "no temporary GnuPG home left" "" "$(left_homes)"

finish
