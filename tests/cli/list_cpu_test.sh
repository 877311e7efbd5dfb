#!/usr/bin/env bash
# `hashscope-cli list` and `cpu`: every algorithm listed, JSON well-formed and consistent.
cli=$1
source "$(dirname "$0")/lib.sh"

list=$("$cli" list)
for algo in crc32 crc32c crc64nvme crc64xz adler32 md5 sha1 sha224 sha256 sha384 sha512 sha512-256 sha3-224 sha3-256 sha3-384 sha3-512 blake2b blake2s blake3 xxh32 xxh64 xxh3 xxh128; do
  holds "list names $algo" "$list" "$(printf '\n%-12s' "$algo")"
done
same "list marks one default per algorithm" 23 "$(printf '%s\n' "$list" | grep -c ' \* ')"

json=$("$cli" list --json)
same "list --json is an array of rows" "array" "$(printf '%s' "$json" | python3 -c 'import json,sys; print(type(json.load(sys.stdin)).__name__.replace("list","array"))' 2>&1)"

cpu=$("$cli" cpu)
holds "cpu shows the model" "$cpu" "model:"
# x86-64 SHA-NI machines get our own SHA-NI kernel, aarch64 ones with the sha2 feature our ARMv8
# kernel, the others OpenSSL.
sha256_best=openssl
case $(cli_cpu architecture) in
  x86_64) if grep -qw sha_ni /proc/cpuinfo; then sha256_best=shani; fi ;;
  aarch64) if [[ " $(cli_cpu features) " == *"'sha2'"* ]]; then sha256_best=armv8; fi ;;
esac
holds "cpu shows the chosen implementation of sha256" "$cpu" "sha256      $sha256_best"
cpujson=$("$cli" cpu --json)
same "cpu --json has model, features and implementations" "ok" "$(printf '%s' "$cpujson" | python3 -c 'import json,sys; d=json.load(sys.stdin); print("ok" if d["model"] and isinstance(d["features"], list) and d["implementations"]["crc32c"] else "bad")' 2>&1)"

"$cli" list extra >/dev/null 2>&1; same "list with an operand: exit 2" 2 "$?"
"$cli" frobnicate >/dev/null 2>&1; same "unknown command: exit 2" 2 "$?"
holds "--version" "$("$cli" --version)" "hashscope-cli "
finish
