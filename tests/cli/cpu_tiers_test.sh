#!/usr/bin/env bash
# The same binary on lower CPU tiers (qemu-user's Nehalem: SSE4.2; Westmere: +PCLMULQDQ;
# Haswell: +AVX2): no illegal instruction, the lower features detected, the same digests.
cli=$1
source "$(dirname "$0")/lib.sh"
if ! command -v qemu-x86_64 >/dev/null || [ "$(uname -m)" != x86_64 ]; then
  echo "SKIP: qemu-x86_64 is not installed or this is not an x86-64 machine"
  exit 77
fi
cd "$scratch"
head -c 100003 /dev/urandom > data
algos=$("$cli" list --json | python3 -c 'import json,sys; print(",".join(dict.fromkeys(r["algorithm"] for r in json.load(sys.stdin))))')
native=$("$cli" sum -a "$algos" data)

for model in Nehalem Westmere Haswell; do
  emulated=$(qemu-x86_64 -cpu "$model" "$cli" sum -a "$algos" data 2>/dev/null); status=$?
  same "$model: every algorithm runs (exit 0)" 0 "$status"
  same "$model: digests equal the native ones" "$native" "$emulated"
  features=$(qemu-x86_64 -cpu "$model" "$cli" cpu --json 2>/dev/null | python3 -c 'import json,sys; print(" ".join(json.load(sys.stdin)["features"]))')
  holds "$model: sse4.2 detected" " $features " " sse4.2 "
  case $model in
    Nehalem) same "$model: no pclmulqdq, avx2, avx512f or sha" "" "$(printf '%s\n' $features | grep -xE 'pclmulqdq|avx2|avx512f|sha')" ;;
    Westmere) same "$model: pclmulqdq but no avx2 or avx512f" "pclmulqdq" "$(printf '%s\n' $features | grep -xE 'pclmulqdq|avx2|avx512f')" ;;
    Haswell) same "$model: avx2 but no avx512f" "pclmulqdq avx2" "$(printf '%s\n' $features | grep -xE 'pclmulqdq|avx2|avx512f' | xargs)" ;;
  esac
done
finish
