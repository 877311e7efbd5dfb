// CRC kernels folding 512-bit vectors (four 128-bit lanes each) with AVX-512 VPCLMULQDQ.
// All four CRCs share one folding kernel (crc_vpclmul_kernel.hpp), parameterised by the constants
// of polynomial.hpp. crc32c also uses the SSE4.2 CRC32 instruction: for the final reduction, for
// inputs under 16 bytes, and from 1 KiB up beside the vector loop (crc32c_vpclmul.cpp): by
// default a quarter of the data in one front-to-back stream, in blocks with three scalar regions
// instead where the data just overflows L2 and beyond 16 MiB (crc32c_vpclmul.cpp says why).
//
// Needs: AVX512F, AVX512BW (masked byte loads), AVX512VL, VPCLMULQDQ, PCLMULQDQ, SSE4.2.
// Built with -mavx512f -mavx512bw -mavx512vl -mvpclmulqdq -mpclmul -msse4.2 on crc_vpclmul.cpp
// and crc32c_vpclmul.cpp only: call only when the CPU has all of them (and the OS saves the
// AVX-512 state).
// Signature of hashscope::ExtendFn: the value is the finished CRC (32-bit ones in the low half);
// extend(0, a) == crc(a), extend(crc(a), b) == crc(a || b).
#pragma once

#include "algorithms/entry_points.hpp"

namespace hashscope::crc {

ExtendKernel extend_crc32_vpclmul, extend_crc32c_vpclmul, extend_crc64nvme_vpclmul, extend_crc64xz_vpclmul;
// The folding CRCs without the loop's software prefetch from 256 KiB on, for cores whose hardware
// prefetchers do better alone (crc_vpclmul.cpp).
ExtendKernel extend_crc32_vpclmul_no_prefetch, extend_crc64nvme_vpclmul_no_prefetch, extend_crc64xz_vpclmul_no_prefetch;
// crc32c for cores whose VPCLMULQDQ issues every cycle (Intel Xeon): folding alone, as crc32 is,
// the fused stream with a fifth of the data in CRC32 instead of a quarter, and blocks with three
// CRC32 regions beside the vector one (crc32c_vpclmul.cpp).
ExtendKernel extend_crc32c_vpclmul_fold, extend_crc32c_vpclmul_full_rate, extend_crc32c_vpclmul_blocks;

}  // namespace hashscope::crc
