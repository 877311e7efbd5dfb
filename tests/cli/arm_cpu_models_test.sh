#!/usr/bin/env bash
# Cross-built for aarch64: the same binary on QEMU's CPU models (QEMU_CPU), from cortex-a53
# (ARMv8.0 with CRC32 and the SHA-1/SHA-2/PMULL crypto extension, as every model of this QEMU
# has them) to max (SHA-512, SHA-3, SVE2), and on cortex-a53 with the crypto extension, then
# CRC32 too, hidden from the whole process by a preloaded getauxval (the second argument,
# tests/core/cpu/hwcap_mask.c): no illegal instruction, the features each model has detected, the
# kernels chosen for them, every digest equal on every model and to independent references (the
# reference tools, Python's hashlib and zlib, table CRCs written here in Python).
cli=$1
hwcap_mask=$2
source "$(dirname "$0")/lib.sh"
cd "$scratch"
head -c 100003 /dev/urandom > data
want_md5=$(md5sum data | cut -d' ' -f1)
want_sha256=$(sha256sum data | cut -d' ' -f1)
want_sha512=$(sha512sum data | cut -d' ' -f1)
# Our SHA-3 kernel ranks after the libraries, so it is asked for by name where the CPU has sha3.
want_sha3=$(python3 -c 'import hashlib, sys
data = open(sys.argv[1], "rb").read()
print(" ".join(hashlib.new(a.replace("-", "_"), data).hexdigest() for a in sys.argv[2:]))' data sha3-224 sha3-256 sha3-384 sha3-512)
want_b2=$(b2sum data | cut -d' ' -f1)
want_b3=$(b3sum data | cut -d' ' -f1)
want_xxh3=$(xxhsum -H3 data | sed 's/.* = //')
# The rest of the algorithms (libraries on every model): xxhsum's other widths, and Python's below.
want_xxhsum="xxh32=$(xxhsum -H0 data | cut -d' ' -f1) xxh64=$(xxhsum -H1 data | cut -d' ' -f1) xxh128=$(xxhsum -H2 data | cut -d' ' -f1)"
# The four CRCs the PMULL kernels compute, SHA-1, SHA-384, SHA3-256 and the library-only SHA-224,
# SHA-512/256, BLAKE2s and Adler-32: "name=hex" words.
want_python=$(python3 - data <<'PY'
import hashlib, sys, zlib
data = open(sys.argv[1], "rb").read()
def crc(width, reflected_poly):  # reflected, initial and final value all ones
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ reflected_poly if c & 1 else c >> 1
        table.append(c)
    mask = (1 << width) - 1
    c = mask
    for b in data:
        c = table[(c ^ b) & 0xFF] ^ (c >> 8)
    return format(c ^ mask, "0%dx" % (width // 4))
print("crc32=" + crc(32, 0xEDB88320), "crc32c=" + crc(32, 0x82F63B78),
      "crc64nvme=" + crc(64, 0x9A6C9329AC4BC9B5), "crc64xz=" + crc(64, 0xC96C5795D7870F42),
      "sha1=" + hashlib.sha1(data).hexdigest(), "sha384=" + hashlib.sha384(data).hexdigest(),
      "sha3-256=" + hashlib.sha3_256(data).hexdigest(), "sha224=" + hashlib.sha224(data).hexdigest(),
      "sha512-256=" + hashlib.new("sha512_256", data).hexdigest(), "blake2s=" + hashlib.blake2s(data).hexdigest(),
      "adler32=" + format(zlib.adler32(data), "08x"))
PY
)
algos=$("$cli" list --json | python3 -c 'import json,sys; print(",".join(dict.fromkeys(r["algorithm"] for r in json.load(sys.stdin))))')
reference=$(QEMU_CPU=max "$cli" sum -a "$algos" data)

features_of() {
  "$cli" cpu --json | python3 -c 'import json,sys; print(" ".join(json.load(sys.stdin)["features"]))'
}
# "algorithm=implementation" of the rows dispatch chooses, for the algorithms with ARM kernels.
chosen() {
  "$cli" list --json | python3 -c '
import json, sys
rows = json.load(sys.stdin)
print(" ".join(r["algorithm"] + "=" + r["implementation"] for r in rows
               if r["default"] and r["algorithm"] in ("crc32", "crc32c", "crc64nvme", "crc64xz", "sha1", "sha256", "sha512")))'
}
# The digests of `sum -a ALGORITHM data` for each ALGORITHM given, as name=hex words like want_python's.
ours() {
  for a in "$@"; do printf '%s=%s ' "$a" "$("$cli" sum -a "$a" data | cut -d' ' -f1)"; done | sed 's/ $//'
}

# no-crypto: as a Raspberry Pi 4 (CRC32, no crypto extension); plain: ARMv8.0 without either.
hidden_crypto=2E0078  # AES PMULL SHA1 SHA2 SHA3 SM3 SM4 SHA512 (asm/hwcap.h)
hidden_all=2E00F8     # the same and CRC32
for model in cortex-a53 cortex-a72 neoverse-n1 max no-crypto plain; do
  unset QEMU_SET_ENV
  case $model in
    no-crypto) export QEMU_CPU=cortex-a53 QEMU_SET_ENV="LD_PRELOAD=$hwcap_mask,HASHSCOPE_TEST_HWCAP_CLEAR=$hidden_crypto" ;;
    plain) export QEMU_CPU=cortex-a53 QEMU_SET_ENV="LD_PRELOAD=$hwcap_mask,HASHSCOPE_TEST_HWCAP_CLEAR=$hidden_all" ;;
    *) export QEMU_CPU=$model ;;
  esac
  out=$("$cli" sum -a "$algos" data 2>&1); status=$?
  same "$model: every algorithm runs (exit 0)" 0 "$status"
  same "$model: digests equal those on max" "$reference" "$out"
  same "$model: md5 as md5sum" "$want_md5" "$("$cli" sum -a md5 data | cut -d' ' -f1)"
  same "$model: sha256 as sha256sum" "$want_sha256" "$("$cli" sum -a sha256 data | cut -d' ' -f1)"
  same "$model: sha512 as sha512sum" "$want_sha512" "$("$cli" sum -a sha512 data | cut -d' ' -f1)"
  same "$model: blake2b as b2sum" "$want_b2" "$("$cli" sum -a blake2b data | cut -d' ' -f1)"
  same "$model: blake3 as b3sum" "$want_b3" "$("$cli" sum -a blake3 data | cut -d' ' -f1)"
  same "$model: blake3 on its NEON kernel" "neon" "$("$cli" list --json | python3 -c '
import json, sys
print(" ".join(r["implementation"] for r in json.load(sys.stdin) if r["default"] and r["algorithm"] == "blake3"))')"
  same "$model: xxh3 as xxhsum -H3" "$want_xxh3" "$("$cli" sum -a xxh3 data | cut -d' ' -f1)"
  same "$model: CRCs, sha1, sha384, sha3-256, sha224, sha512-256, blake2s and adler32 as Python's" "$want_python" \
    "$(ours crc32 crc32c crc64nvme crc64xz sha1 sha384 sha3-256 sha224 sha512-256 blake2s adler32)"
  same "$model: xxh32, xxh64 and xxh128 as xxhsum" "$want_xxhsum" "$(ours xxh32 xxh64 xxh128)"
  features=" $(features_of) "
  case $model in
    no-crypto) present="asimd crc32" absent="pmull sha1 sha2 sha512 sha3" ;;
    plain) present="asimd" absent="crc32 pmull sha1 sha2 sha512 sha3" ;;
    max) present="asimd crc32 pmull sha1 sha2 sha512 sha3 sve2" absent="" ;;
    *) present="asimd crc32 pmull sha1 sha2" absent="sha512 sha3 sve2" ;;
  esac
  for f in $present; do holds "$model: $f detected" "$features" " $f "; done
  for f in $absent; do same "$model: no $f" "" "$(printf '%s\n' $features | grep -x "$f")"; done
  case $model in
    no-crypto) want="crc32=armv8 crc32c=armv8 crc64nvme=slice16 crc64xz=slice16 sha1=openssl sha256=openssl sha512=openssl" ;;
    plain) want="crc32=isal crc32c=isal crc64nvme=slice16 crc64xz=slice16 sha1=openssl sha256=openssl sha512=openssl" ;;
    max) want="crc32=pmull crc32c=pmull crc64nvme=pmull crc64xz=pmull sha1=armv8 sha256=armv8 sha512=armv8" ;;
    *) want="crc32=pmull crc32c=pmull crc64nvme=pmull crc64xz=pmull sha1=armv8 sha256=armv8 sha512=openssl" ;;
  esac
  same "$model: the kernels chosen" "$want" "$(chosen)"
  if [ "$model" = max ]; then
    same "$model: own SHA-3 kernel as Python's" "$want_sha3" "$(for a in sha3-224 sha3-256 sha3-384 sha3-512; do
      "$cli" sum -a "$a" --impl armv8 data | cut -d' ' -f1; done | paste -sd' ')"
  fi
  cpu=$("$cli" cpu)
  holds "$model: cpu names the emulation" "$cpu" "emulation:    aarch64 code on an x86_64 kernel"
  holds "$model: cpu warns that figures are meaningless" "$cpu" "figures are meaningless"
done
unset QEMU_CPU QEMU_SET_ENV

json=$("$cli" cpu --json)
same "cpu --json: architecture" "aarch64" "$(printf '%s' "$json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["architecture"])')"
same "cpu --json: emulation" "aarch64 code on an x86_64 kernel" "$(printf '%s' "$json" | python3 -c 'import json,sys; print(json.load(sys.stdin)["emulation"])')"
finish
