// CRC-32 and CRC-32C with the ARMv8 CRC32 instructions (CRC32X and CRC32CX: 8 bytes each), one
// stream. Same value convention as crc_slice16.hpp: extend(0, a) == crc(a).
// Built with -march=armv8-a+crc on crc32_armv8.cpp only (aarch64 builds): call only when the CPU
// has the crc32 feature (HWCAP_CRC32).
#pragma once

#include "algorithms/entry_points.hpp"

namespace hashscope::crc {

ExtendKernel extend_crc32_armv8, extend_crc32c_armv8;

}  // namespace hashscope::crc
