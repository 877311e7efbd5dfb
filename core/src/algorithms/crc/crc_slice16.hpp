// Slicing-by-16 table CRCs (portable C++, no ISA extensions): 16 bytes per step through 16 tables
// of 256 entries, generated at compile time from the reflected polynomial (crc_table.hpp). The CRC-64s
// run inputs of 64 bytes and more as a 4-lane braided CRC through 8 tables instead (see the .cpp).
// Same value convention as crc_table.hpp: the running value is the finished CRC, so
// extend(0, a) == crc(a) and extend(crc(a), b) == crc(a || b). 32-bit CRCs travel in the low half
// of the 64-bit value (the high half of the argument is ignored, and is zero in the result).
#pragma once

#include "algorithms/entry_points.hpp"

namespace hashscope::crc {

// The polynomials of crc_table.hpp: 0xEDB88320, 0x82F63B78, 0x9A6C...C9B5, 0xC96C...0F42.
ExtendKernel extend_crc32_slice16, extend_crc32c_slice16, extend_crc64nvme_slice16, extend_crc64xz_slice16;

}  // namespace hashscope::crc
