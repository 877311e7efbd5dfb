// CRC kernels folding 256-bit vectors (two 128-bit lanes each) with VPCLMULQDQ on AVX2 registers:
// the PCLMULQDQ kernel (crc_pclmul.hpp) with its long loop twice as wide, for CPUs that have
// VPCLMULQDQ without AVX-512 (AMD Zen 3, Intel Alder Lake and later client cores) or where the
// 512-bit kernel does not pay. Messages of up to 256 bytes multiply two lanes at a time; crc32c
// gives half of its long loop to CRC32-instruction chains and, from 16 MiB (out of the last-level
// cache), runs the three far-apart streams of crc32c_sse42.hpp, which read memory faster.
//
// Needs: AVX2, VPCLMULQDQ, PCLMULQDQ, SSE4.2.
// Built with -mavx2 -mvpclmulqdq -mpclmul -msse4.2 on crc_pclmul_avx2.cpp only: call only when
// the CPU has all of them (and the OS saves the AVX state).
// Signature of hashscope::ExtendFn: the value is the finished CRC (32-bit ones in the low half);
// extend(0, a) == crc(a), extend(crc(a), b) == crc(a || b).
#pragma once

#include "algorithms/entry_points.hpp"

namespace hashscope::crc {

ExtendKernel extend_crc32_vpclmul_avx2, extend_crc32c_vpclmul_avx2, extend_crc64nvme_vpclmul_avx2,
    extend_crc64xz_vpclmul_avx2;

}  // namespace hashscope::crc
