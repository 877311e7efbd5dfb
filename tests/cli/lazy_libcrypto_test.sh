#!/usr/bin/env bash
# OpenSSL's libcrypto is opened when a run first needs it, not at every start
# (core/src/algorithms/backends/libcrypto.hpp): a run that uses no OpenSSL row never loads it, and
# one that does gets the same digests as the openssl tool. The dynamic loader says what it loads
# (LD_DEBUG=files), natively and under the emulator alike.
cli=$1
source "$(dirname "$0")/lib.sh"

printf 'lazy libcrypto\n' >"$scratch/msg"
loaded() { LD_DEBUG=files "$cli" "$@" 2>&1 >/dev/null | grep -c 'file=libcrypto\.so' || true; }

same "sum -a crc32c,blake3,xxh3 does not load libcrypto" 0 "$(loaded sum -a crc32c,blake3,xxh3 "$scratch/msg")"
same "cpu does not load libcrypto" 0 "$(loaded cpu)"
holds "sum --impl openssl loads it" "$(LD_DEBUG=files "$cli" sum -a sha512 --impl openssl "$scratch/msg" 2>&1 >/dev/null)" \
  "file=libcrypto.so"
same "  and its SHA-512 is openssl's" "$(openssl dgst -sha512 -r "$scratch/msg" | cut -d' ' -f1)" \
  "$("$cli" sum -a sha512 --impl openssl "$scratch/msg" | cut -d' ' -f1)"
holds "--version names the OpenSSL it opens" "$("$cli" --version)" "OpenSSL 3"
finish
