#!/usr/bin/env bash
# The libraries of the comparison rows and of OpenPGP signatures (libcrypto, libgcrypt, Nettle,
# libb2, libsodium, GPGME) are opened when a run first needs them, not at every start
# (core/src/algorithms/backends/lazy_library.hpp): a run that uses none of them loads none, one that
# does gets the same digests as an independent tool, and one whose library cannot be opened says
# which and why. The dynamic loader says what it loads (LD_DEBUG=files), natively and under the
# emulator alike.
cli=$1
source "$(dirname "$0")/lib.sh"

printf 'lazy libraries\n' >"$scratch/msg"
lazy='file=lib(crypto|gcrypt|nettle|b2|sodium|gpgme|gomp|assuan|gpg-error)\.so[.0-9]*'
# From the first line naming the program: under the emulator, what the emulator itself loads comes
# before (QEMU links GnuTLS, and with it Nettle).
loaded() {
  LD_DEBUG=files "$cli" "$@" 2>&1 >/dev/null | sed -n '/hashscope-cli/,$p' | grep -Eo "$lazy" | sort -u | tr '\n' ' ' || true
}

same "sum -a crc32c,blake3,xxh3 loads none of them" "" "$(loaded sum -a crc32c,blake3,xxh3 "$scratch/msg")"
same "cpu loads none of them" "" "$(loaded cpu)"

# Each library's row: it loads that library (and what it links), and its digest is the tool's.
digest() { "$cli" sum -a "$1" --impl "$2" "$scratch/msg" | cut -d' ' -f1; }
check_row() {
  local algorithm=$1 impl=$2 library=$3 expected=$4
  holds "sum -a $algorithm --impl $impl loads $library" "$(loaded sum -a "$algorithm" --impl "$impl" "$scratch/msg")" \
    "file=$library.so"
  same "  and its digest is the reference tool's" "$expected" "$(digest "$algorithm" "$impl")"
}
check_row sha512 openssl libcrypto "$(openssl dgst -sha512 -r "$scratch/msg" | cut -d' ' -f1)"
check_row sha3-256 gcrypt libgcrypt "$(openssl dgst -sha3-256 -r "$scratch/msg" | cut -d' ' -f1)"
check_row sha256 nettle libnettle "$(sha256sum "$scratch/msg" | cut -d' ' -f1)"
check_row blake2b libb2 libb2 "$(b2sum "$scratch/msg" | cut -d' ' -f1)"
check_row blake2s libb2 libb2 "$(openssl dgst -blake2s256 -r "$scratch/msg" | cut -d' ' -f1)"
check_row blake2b libsodium libsodium "$(b2sum "$scratch/msg" | cut -d' ' -f1)"

version=$("$cli" --version)
for name in "OpenSSL 3" Libgcrypt Nettle libsodium; do holds "--version names the $name it opens" "$version" "$name"; done

# A library that is there but cannot be opened (here a file that is no library, found first on
# LD_LIBRARY_PATH): its row fails with the reason, the rest still work.
mkdir -p "$scratch/broken"
soname=$(loaded sum -a sha256 --impl gcrypt "$scratch/msg" | grep -Eo 'libgcrypt\.so\.[0-9]+')
printf 'not a library\n' >"$scratch/broken/$soname"
message=$(LD_LIBRARY_PATH="$scratch/broken" "$cli" sum -a sha256 --impl gcrypt "$scratch/msg" 2>&1 >/dev/null)
status=$?
same "a libgcrypt that cannot be opened: exit 2" 2 "$status"
holds "  saying which library and why" "$message" "libgcrypt is not available: cannot open $soname"
same "  while the own SHA-256 still works" "$(sha256sum "$scratch/msg" | cut -d' ' -f1)" \
  "$(LD_LIBRARY_PATH="$scratch/broken" "$cli" sum -a sha256 "$scratch/msg" | cut -d' ' -f1)"
holds "  and --version says it is not available" "$(LD_LIBRARY_PATH="$scratch/broken" "$cli" --version)" \
  "Libgcrypt not available (cannot open $soname"
finish
