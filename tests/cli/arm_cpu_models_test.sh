#!/usr/bin/env bash
# Cross-built for aarch64: the same binary on QEMU's CPU models (QEMU_CPU), from cortex-a53
# (ARMv8.0 with CRC32 and the SHA-1/SHA-2/PMULL crypto extension, as every model of this QEMU
# has them) to max (SHA-512, SHA-3, SVE2): no illegal instruction, the features each model has
# detected, every digest equal to the reference tools', and the emulation warning shown.
cli=$1
source "$(dirname "$0")/lib.sh"
cd "$scratch"
head -c 100003 /dev/urandom > data
want_md5=$(md5sum data | cut -d' ' -f1)
want_sha256=$(sha256sum data | cut -d' ' -f1)
want_b2=$(b2sum data | cut -d' ' -f1)
want_b3=$(b3sum data | cut -d' ' -f1)
want_xxh3=$(xxhsum -H3 data | sed 's/.* = //')
algos=$("$cli" list --json | python3 -c 'import json,sys; print(",".join(dict.fromkeys(r["algorithm"] for r in json.load(sys.stdin))))')
reference=$(QEMU_CPU=max "$cli" sum -a "$algos" data)

features_of() {
  QEMU_CPU=$1 "$cli" cpu --json | python3 -c 'import json,sys; print(" ".join(json.load(sys.stdin)["features"]))'
}

for model in cortex-a53 cortex-a72 neoverse-n1 max; do
  export QEMU_CPU=$model
  out=$("$cli" sum -a "$algos" data 2>&1); status=$?
  same "$model: every algorithm runs (exit 0)" 0 "$status"
  same "$model: digests equal those on max" "$reference" "$out"
  same "$model: md5 as md5sum" "$want_md5" "$("$cli" sum -a md5 data | cut -d' ' -f1)"
  same "$model: sha256 as sha256sum" "$want_sha256" "$("$cli" sum -a sha256 data | cut -d' ' -f1)"
  same "$model: blake2b as b2sum" "$want_b2" "$("$cli" sum -a blake2b data | cut -d' ' -f1)"
  same "$model: blake3 as b3sum" "$want_b3" "$("$cli" sum -a blake3 data | cut -d' ' -f1)"
  same "$model: xxh3 as xxhsum -H3" "$want_xxh3" "$("$cli" sum -a xxh3 data | cut -d' ' -f1)"
  features=" $(features_of "$model") "
  for f in asimd crc32 pmull sha1 sha2; do holds "$model: $f detected" "$features" " $f "; done
  case $model in
    max) for f in sha512 sha3 sve2; do holds "$model: $f detected" "$features" " $f "; done ;;
    *) same "$model: no sha512, sha3 or sve2" "" "$(printf '%s\n' $features | grep -xE 'sha512|sha3|sve2')" ;;
  esac
  cpu=$("$cli" cpu)
  holds "$model: cpu names the emulation" "$cpu" "emulation:    aarch64 code on an x86_64 kernel"
  holds "$model: cpu warns that figures are meaningless" "$cpu" "figures are meaningless"
  holds "$model: crc32c on the ARMv8 CRC32 kernel" "$cpu" "crc32c      armv8 (own)"
done
unset QEMU_CPU

json=$("$cli" cpu --json)
same "cpu --json: architecture" "aarch64" "$(printf '%s' "$json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["architecture"])')"
same "cpu --json: emulation" "aarch64 code on an x86_64 kernel" "$(printf '%s' "$json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["emulation"])')"
finish
