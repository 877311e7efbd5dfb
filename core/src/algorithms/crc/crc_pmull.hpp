// CRC kernels folding 128-bit lanes with the ARMv8 PMULL instruction (64 x 64 -> 128-bit
// carry-less multiply, vmull_p64): the same method and the same constants (polynomial.hpp) as the
// x86-64 PCLMULQDQ kernel, crc_pclmul.hpp. crc32c also uses the CRC32C instructions: for the
// final reduction, below 16 bytes, and in three scalar streams beside the vector loop.
//
// Needs: PMULL (HWCAP_PMULL); crc32c also CRC32 (HWCAP_CRC32).
// Built for aarch64 only, with -march=armv8-a+crypto on crc_pmull.cpp (crc32, crc64nvme,
// crc64xz) and -march=armv8-a+crc+crypto on crc32c_pmull.cpp: call only when the CPU has them.
// Signature of hashscope::ExtendFn: the value is the finished CRC (32-bit ones in the low half);
// extend(0, a) == crc(a), extend(crc(a), b) == crc(a || b).
#pragma once

#include "algorithms/entry_points.hpp"

namespace hashscope::crc {

ExtendKernel extend_crc32_pmull, extend_crc32c_pmull, extend_crc64nvme_pmull, extend_crc64xz_pmull;

}  // namespace hashscope::crc
