// MD5 compression (RFC 1321), portable. MD5 is one dependency chain through b: each step is
// b' = b + rol(a + f(b, c, d) + x + t, s). What does not depend on b (a + x + t, and for G and I
// the half of f without b) is added first, so the chain itself is only f's last operation, an
// add, the rotate and the final add.
#include <bit>
#include <cstring>

#include "algorithms/md/md_kernels.hpp"

namespace hashscope::detail::md {
namespace {

using u32 = std::uint32_t;

inline u32 load_le(const std::byte* p) {
    u32 v;
    std::memcpy(&v, p, sizeof v);
    if constexpr (std::endian::native == std::endian::big) v = __builtin_bswap32(v);
    return v;
}

// F = (b & c) | (~b & d), written as d ^ (b & (c ^ d)).
inline void ff(u32& a, u32 b, u32 c, u32 d, u32 x, u32 t, int s) {
    a = b + std::rotl(a + x + t + (d ^ (b & (c ^ d))), s);
}
// G = (b & d) | (c & ~d): the two halves never share a bit, so they add; c & ~d goes first.
inline void gg(u32& a, u32 b, u32 c, u32 d, u32 x, u32 t, int s) {
    a = b + std::rotl(a + x + t + (c & ~d) + (b & d), s);
}
inline void hh(u32& a, u32 b, u32 c, u32 d, u32 x, u32 t, int s) { a = b + std::rotl(a + x + t + (b ^ c ^ d), s); }
inline void ii(u32& a, u32 b, u32 c, u32 d, u32 x, u32 t, int s) { a = b + std::rotl(a + x + t + (c ^ (b | ~d)), s); }

}  // namespace

void compress_md5_portable(std::uint32_t* state, const std::byte* data, std::size_t blocks) {
    u32 a = state[0], b = state[1], c = state[2], d = state[3];
    for (std::size_t block = 0; block < blocks; ++block, data += 64) {
        __builtin_prefetch(data + kPrefetchAhead);  // md_kernels.hpp says why
        u32 x[16];
        for (int i = 0; i < 16; ++i) x[i] = load_le(data + std::ptrdiff_t{4} * i);
        const u32 a0 = a, b0 = b, c0 = c, d0 = d;

        // clang-format off

        ff(a, b, c, d, x[0], 0xd76aa478, 7);   ff(d, a, b, c, x[1], 0xe8c7b756, 12);
        ff(c, d, a, b, x[2], 0x242070db, 17);  ff(b, c, d, a, x[3], 0xc1bdceee, 22);
        ff(a, b, c, d, x[4], 0xf57c0faf, 7);   ff(d, a, b, c, x[5], 0x4787c62a, 12);
        ff(c, d, a, b, x[6], 0xa8304613, 17);  ff(b, c, d, a, x[7], 0xfd469501, 22);
        ff(a, b, c, d, x[8], 0x698098d8, 7);   ff(d, a, b, c, x[9], 0x8b44f7af, 12);
        ff(c, d, a, b, x[10], 0xffff5bb1, 17); ff(b, c, d, a, x[11], 0x895cd7be, 22);
        ff(a, b, c, d, x[12], 0x6b901122, 7);  ff(d, a, b, c, x[13], 0xfd987193, 12);
        ff(c, d, a, b, x[14], 0xa679438e, 17); ff(b, c, d, a, x[15], 0x49b40821, 22);

        gg(a, b, c, d, x[1], 0xf61e2562, 5);   gg(d, a, b, c, x[6], 0xc040b340, 9);
        gg(c, d, a, b, x[11], 0x265e5a51, 14); gg(b, c, d, a, x[0], 0xe9b6c7aa, 20);
        gg(a, b, c, d, x[5], 0xd62f105d, 5);   gg(d, a, b, c, x[10], 0x02441453, 9);
        gg(c, d, a, b, x[15], 0xd8a1e681, 14); gg(b, c, d, a, x[4], 0xe7d3fbc8, 20);
        gg(a, b, c, d, x[9], 0x21e1cde6, 5);   gg(d, a, b, c, x[14], 0xc33707d6, 9);
        gg(c, d, a, b, x[3], 0xf4d50d87, 14);  gg(b, c, d, a, x[8], 0x455a14ed, 20);
        gg(a, b, c, d, x[13], 0xa9e3e905, 5);  gg(d, a, b, c, x[2], 0xfcefa3f8, 9);
        gg(c, d, a, b, x[7], 0x676f02d9, 14);  gg(b, c, d, a, x[12], 0x8d2a4c8a, 20);

        hh(a, b, c, d, x[5], 0xfffa3942, 4);   hh(d, a, b, c, x[8], 0x8771f681, 11);
        hh(c, d, a, b, x[11], 0x6d9d6122, 16); hh(b, c, d, a, x[14], 0xfde5380c, 23);
        hh(a, b, c, d, x[1], 0xa4beea44, 4);   hh(d, a, b, c, x[4], 0x4bdecfa9, 11);
        hh(c, d, a, b, x[7], 0xf6bb4b60, 16);  hh(b, c, d, a, x[10], 0xbebfbc70, 23);
        hh(a, b, c, d, x[13], 0x289b7ec6, 4);  hh(d, a, b, c, x[0], 0xeaa127fa, 11);
        hh(c, d, a, b, x[3], 0xd4ef3085, 16);  hh(b, c, d, a, x[6], 0x04881d05, 23);
        hh(a, b, c, d, x[9], 0xd9d4d039, 4);   hh(d, a, b, c, x[12], 0xe6db99e5, 11);
        hh(c, d, a, b, x[15], 0x1fa27cf8, 16); hh(b, c, d, a, x[2], 0xc4ac5665, 23);

        ii(a, b, c, d, x[0], 0xf4292244, 6);   ii(d, a, b, c, x[7], 0x432aff97, 10);
        ii(c, d, a, b, x[14], 0xab9423a7, 15); ii(b, c, d, a, x[5], 0xfc93a039, 21);
        ii(a, b, c, d, x[12], 0x655b59c3, 6);  ii(d, a, b, c, x[3], 0x8f0ccc92, 10);
        ii(c, d, a, b, x[10], 0xffeff47d, 15); ii(b, c, d, a, x[1], 0x85845dd1, 21);
        ii(a, b, c, d, x[8], 0x6fa87e4f, 6);   ii(d, a, b, c, x[15], 0xfe2ce6e0, 10);
        ii(c, d, a, b, x[6], 0xa3014314, 15);  ii(b, c, d, a, x[13], 0x4e0811a1, 21);
        ii(a, b, c, d, x[4], 0xf7537e82, 6);   ii(d, a, b, c, x[11], 0xbd3af235, 10);
        ii(c, d, a, b, x[2], 0x2ad7d2bb, 15);  ii(b, c, d, a, x[9], 0xeb86d391, 21);
        // clang-format on

        a += a0;
        b += b0;
        c += c0;
        d += d0;
    }
    state[0] = a;
    state[1] = b;
    state[2] = c;
    state[3] = d;
}

}  // namespace hashscope::detail::md
