#!/usr/bin/env bash
# scripts/mca-arm64: a clear message for each missing piece (build, sysroot, llvm-mca, a build that
# is not aarch64), and where all of them are here (the arm64 build with llvm-mca and the sysroot),
# the figures of one kernel of each origin: GCC's output of ours, ISA-L's shared library and
# OpenSSL's local symbol found through the static archive.
# Usage: mca_arm64_script_test.sh SOURCE_DIR BUILD_DIR
source "$(dirname "$0")/lib.sh"
script=$1/scripts/mca-arm64
build=$2

# run COMMAND...: its stdout and stderr, and its exit status after a tab.
run() { "$@" 2>&1; printf '\t%s' "$?"; }

holds "missing build says how to make it" "$(run "$script" "$scratch/none")" \
  "no $scratch/none/compile_commands.json: configure the arm64 build first (cmake --preset arm64)"
holds "missing build fails" "$(run "$script" "$scratch/none")" $'\t1'

mkdir -p "$scratch/x86"
src=$1/core/src/algorithms/crc/crc_pmull.cpp
printf '[{"directory": "%s", "command": "/usr/bin/c++ -O2 -o x.o -c %s", "file": "%s"}]' \
  "$scratch" "$src" "$src" >"$scratch/x86/compile_commands.json"
holds "missing sysroot says how to get it" \
  "$(HASHSCOPE_ARM64_SYSROOT=$scratch/none run "$script" "$scratch/x86")" "run scripts/install-deps --arm64"
# (past the sysroot check with an empty stand-in, so that the check holds on a machine without one)
mkdir -p "$scratch/sysroot/usr/lib/aarch64-linux-gnu"
holds "missing llvm-mca is named" \
  "$(HASHSCOPE_ARM64_SYSROOT=$scratch/sysroot LLVM_MCA=no-such-llvm-mca run "$script" "$scratch/x86")" \
  "no-such-llvm-mca not found"
holds "unknown option refused" "$(run "$script" --bogus)" "unknown option --bogus"

sysroot=${HASHSCOPE_ARM64_SYSROOT:-$HOME/.cache/hashscope/arm64-sysroot}
if [ -d "$sysroot/usr/lib/aarch64-linux-gnu" ] && command -v "${LLVM_MCA:-llvm-mca-22}" >/dev/null &&
  command -v aarch64-linux-gnu-objdump >/dev/null; then
  holds "an x86 build is refused" "$(run "$script" "$scratch/x86" --only 'hashscope crc32 pmull')" \
    "not for aarch64: give the arm64 build"
  holds "no line matches" "$(run "$script" "$scratch/x86" --only 'no such kernel')" "no table line matches"
  if grep -q aarch64 "$build/compile_commands.json" 2>/dev/null; then
    ours=$(run "$script" "$build" --only 'hashscope crc32 pmull')
    # the 8-lane folding loop: 16 PMULL, 128 bytes, a figure for each of the three default cores
    holds "ours: the folding loop and its bytes" "$ours" "| hashscope crc32 pmull | 39 insns, 16 hot | 128 |"
    same "ours: a prediction per core" 1 "$(grep -cE '^\| hashscope crc32 pmull \|.*( [0-9.]+ \([0-9.]+\) · [0-9.]+ \|){3}$' <<<"$ours")"
    holds "ours: how the bytes were derived" "$ours" "bytes/iter: loads through x0 +128"
    isal=$(run "$script" "$build" --only 'isal crc64xz')
    holds "ISA-L: disassembled, 64 bytes an iteration" "$isal" "| isal crc64xz ecma_refl_pmull | 23 insns, 8 hot | 64 |"
    openssl=$(run "$script" "$build" --only 'openssl sha256' --show-loop 'openssl sha256')
    holds "OpenSSL: the archive's loop is the shared library's" "$openssl" "bytes at offset 0x"
    holds "OpenSSL: --show-loop prints the loop" "$openssl" "sha256h2 q"
  else
    echo "skip the predictions: $build is not an aarch64 build"
  fi
else
  echo "skip the predictions: no arm64 sysroot, llvm-mca or aarch64 binutils here"
fi
finish
