// The CPU features that decide which checksum kernels can run.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace hashscope {

enum class CpuFeature : std::uint32_t {
    sse41 = 1U << 0,
    sse42 = 1U << 1,
    pclmulqdq = 1U << 2,
    avx2 = 1U << 3,
    avx512f = 1U << 4,
    avx512bw = 1U << 5,
    avx512vl = 1U << 6,
    vpclmulqdq = 1U << 7,
    sha = 1U << 8,  // SHA-NI on x86
    bmi2 = 1U << 9,
    // aarch64, as the kernel's HWCAPs name them (getauxval(AT_HWCAP), AT_HWCAP2 for sve2).
    arm_crc32 = 1U << 16,
    arm_pmull = 1U << 17,
    arm_sha1 = 1U << 18,
    arm_sha2 = 1U << 19,
    arm_sha3 = 1U << 20,
    arm_sha512 = 1U << 21,
    arm_sve2 = 1U << 22,
    arm_asimd = 1U << 23,  // Advanced SIMD (NEON): every ARMv8-A CPU Linux runs on has it
};

// A set of features, a plain bit mask so it can be forced in tests ("pretend no AVX-512").
class CpuFeatureSet {
public:
    constexpr CpuFeatureSet() = default;
    constexpr CpuFeatureSet(std::initializer_list<CpuFeature> features) {
        for (auto f : features) bits_ |= static_cast<std::uint32_t>(f);
    }
    static constexpr CpuFeatureSet from_bits(std::uint32_t bits) {
        CpuFeatureSet s;
        s.bits_ = bits;
        return s;
    }
    [[nodiscard]] constexpr std::uint32_t bits() const { return bits_; }
    [[nodiscard]] constexpr bool has(CpuFeature f) const { return (bits_ & static_cast<std::uint32_t>(f)) != 0; }
    [[nodiscard]] constexpr bool contains(CpuFeatureSet other) const { return (bits_ & other.bits_) == other.bits_; }
    [[nodiscard]] constexpr CpuFeatureSet without(CpuFeatureSet other) const { return from_bits(bits_ & ~other.bits_); }
    [[nodiscard]] constexpr bool empty() const { return bits_ == 0; }
    constexpr CpuFeatureSet& operator|=(CpuFeature f) {
        bits_ |= static_cast<std::uint32_t>(f);
        return *this;
    }
    friend constexpr bool operator==(CpuFeatureSet, CpuFeatureSet) = default;

    // Feature names as Linux /proc/cpuinfo spells them ("sse4.2", "pclmulqdq", "avx512f", "sha").
    [[nodiscard]] std::vector<std::string_view> names() const;
    [[nodiscard]] std::string to_string() const;  // "sse4.2 pclmulqdq", or "-" when empty

private:
    std::uint32_t bits_ = 0;
};

// Every feature, in display order.
const std::vector<CpuFeature>& all_cpu_features();
// The features of this build's architecture only (x86 or Arm), in display order.
std::vector<CpuFeature> native_cpu_features();
std::string_view cpu_feature_name(CpuFeature f);

}  // namespace hashscope
