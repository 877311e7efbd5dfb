// Every implementation leaves the upper halves of the vector registers clean when it returns. On
// Intel cores, dirty upper state makes every later legacy-SSE instruction pay a penalty (a
// caller's, or another hasher's): AVX-512 XXH3 ran 4.9x slower than AVX2 at 1 KiB for it on a
// Sapphire Rapids guest, OpenSSL's SHA-256 25-35% slower after an ISA-L CRC. Zen cores show no
// penalty, so no timing would catch it here; the processor's own record does: XGETBV with ECX=1
// reads XINUSE, whose bits say which register state is in use.
#include <gtest/gtest.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include <cstdint>
#include <vector>

#include "implementation_fixture.hpp"

namespace hashscope::test {
namespace {

#if defined(__x86_64__)
// XINUSE bits: 2 the upper halves of YMM0-15, 6 the upper 256 bits of ZMM0-15. (Bit 7, ZMM16-31,
// costs legacy-SSE code nothing: glibc's EVEX string functions use those registers for exactly
// that reason, and vzeroupper leaves them alone.)
constexpr std::uint64_t kWideState = (1U << 2) | (1U << 6);

bool can_read_in_use_state() {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (__get_cpuid_max(0, nullptr) < 0xD) return false;
    __cpuid_count(1, 0, eax, ebx, ecx, edx);
    if ((ecx & (1U << 27)) == 0) return false;  // OSXSAVE: XGETBV is usable
    __cpuid_count(0xD, 1, eax, ebx, ecx, edx);
    return (eax & (1U << 2)) != 0;  // XGETBV with ECX=1
}

std::uint64_t in_use_state() {
    std::uint32_t low = 0, high = 0;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(1U));
    return (static_cast<std::uint64_t>(high) << 32) | low;
}

TEST_P(ImplementationTest, LeavesTheUpperVectorStateClean) {
    if (!can_read_in_use_state()) GTEST_SKIP() << "this CPU cannot report which register state is in use";
    std::vector<std::byte> message(4096 + 7);
    for (std::size_t i = 0; i < message.size(); ++i) message[i] = static_cast<std::byte>(i * 7 + 1);
    for (const std::size_t size : {std::size_t{64}, std::size_t{1024}, message.size()}) {
        hasher_->reset();
        hasher_->update(std::span(message).first(size));
        EXPECT_EQ(in_use_state() & kWideState, 0U) << "after update of " << size << " bytes";
        (void)hasher_->finish();
        EXPECT_EQ(in_use_state() & kWideState, 0U) << "after finish of " << size << " bytes";
    }
}
#endif

}  // namespace
}  // namespace hashscope::test
