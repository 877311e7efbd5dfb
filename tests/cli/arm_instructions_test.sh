#!/usr/bin/env bash
# Cross-built for aarch64: the instructions of the crypto extension and CRC32 appear in the
# program only inside the kernels whose registry rows ask for them (crc32: CRC32; pmull: PMULL,
# and CRC32 for crc32c; armv8 SHA: sha1, sha2, sha512 or sha3), never in code every CPU runs. The per-file
# -march flags are what should ensure it; the disassembly proves it (QEMU has no model without
# these instructions to fault on them).
program=$1
objdump=$2
source "$(dirname "$0")/lib.sh"
cd "$scratch"
# "class function" for every such instruction, once per pair: the function's mangled name.
"$objdump" -d --no-show-raw-insn "$program" | awk '
  /^[0-9a-f]+ <.*>:$/ { fn = substr($2, 2, length($2) - 3) }
  $2 ~ /^pmull2?$/ { print "pmull", fn }
  $2 ~ /^crc32c?[bhwx]$/ { print "crc32", fn }
  $2 ~ /^sha1(c|p|m|h|su0|su1)$/ { print "sha1", fn }
  $2 ~ /^sha256(h|h2|su0|su1)$/ { print "sha2", fn }
  $2 ~ /^sha512(h|h2|su0|su1)$/ { print "sha512", fn }
  $2 ~ /^eor3$|^rax1$|^xar$|^bcax$/ { print "sha3", fn }
  $2 ~ /^aes/ { print "aes", fn }' | sort -u > found
[ -s found ] || { echo "FAIL no such instruction found at all: $objdump -d read nothing?"; exit 1; }
only_in() {  # CLASS EXPECTED-FUNCTIONS...
  local class=$1; shift
  same "$class instructions only in: $*" "$(printf '%s\n' "$@" | sort)" "$(awk -v c="$class" '$1 == c { print $2 }' found)"
}
ns=_ZN9hashscope3crc
md=_ZN9hashscope6detail2md
only_in pmull "${ns}18extend_crc32_pmullEmPKSt4bytem" "${ns}19extend_crc32c_pmullEmPKSt4bytem" \
  "${ns}20extend_crc64xz_pmullEmPKSt4bytem" "${ns}22extend_crc64nvme_pmullEmPKSt4bytem"
only_in crc32 "${ns}18extend_crc32_armv8EmPKSt4bytem" "${ns}19extend_crc32c_armv8EmPKSt4bytem" \
  "${ns}19extend_crc32c_pmullEmPKSt4bytem"
only_in sha1 "${md}19compress_sha1_armv8EPjPKSt4bytem"
only_in sha2 "${md}21compress_sha256_armv8EPjPKSt4bytem"
only_in sha512 "${md}21compress_sha512_armv8EPmPKSt4bytem"
only_in sha3 "_ZN9hashscope6detail4sha319absorb_keccak_armv8EPmPKSt4bytemm"
same "no AES instruction" "" "$(awk '$1 == "aes"' found)"
finish
