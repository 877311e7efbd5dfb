// CRC kernels folding 128-bit lanes with PCLMULQDQ (Intel, "Fast CRC Computation for Generic
// Polynomials Using PCLMULQDQ Instruction"): eight lanes (128 bytes) per iteration, every lane
// then carried to the end of the message with its own constant, one Barrett reduction.
// All four CRCs share one kernel, parameterised by the constants of polynomial.hpp; crc32c
// also uses the SSE4.2 CRC32 instruction (final reduction, short inputs, three scalar streams
// beside the vector loop).
//
// Needs: SSE4.2 (pshufb, pblendvb, pextrq, crc32) and PCLMULQDQ.
// Built with -msse4.2 -mpclmul on crc_pclmul.cpp only: call only when the CPU has both.
// Signature of hashscope::ExtendFn: the value is the finished CRC (32-bit ones in the low half);
// extend(0, a) == crc(a), extend(crc(a), b) == crc(a || b).
#pragma once

#include "algorithms/entry_points.hpp"

namespace hashscope::crc {

ExtendKernel extend_crc32_pclmul, extend_crc32c_pclmul, extend_crc64nvme_pclmul, extend_crc64xz_pclmul;

}  // namespace hashscope::crc
