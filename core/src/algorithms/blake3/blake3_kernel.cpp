// The portable tier of the kernels (one input at a time, the reference code's compression) and
// the lookup from a registry row to its kernel.
#include "algorithms/blake3/blake3_kernel.hpp"

namespace hashscope::blake3 {

namespace detail {

void hash_many_portable(const std::uint8_t* input, std::size_t stride, std::size_t count, std::size_t blocks,
                        const ChainingValue& key, std::uint64_t counter, bool increment_counter, std::uint32_t flags,
                        std::uint32_t flags_start, std::uint32_t flags_end, ChainingValue* out) {
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint8_t* in = input + i * stride;
        ChainingValue cv = key;
        for (std::size_t b = 0; b < blocks; ++b) {
            const std::uint32_t block_flags = flags | (b == 0 ? flags_start : 0u) | (b + 1 == blocks ? flags_end : 0u);
            cv = compress_block(cv, in + b * block_size, counter + (increment_counter ? i : 0),
                                static_cast<std::uint32_t>(block_size), block_flags);
        }
        out[i] = cv;
    }
}

}  // namespace detail

// The descriptors live here, in code built for the baseline CPU: looking a kernel up never runs
// an instruction of its ISA; only calling it does, once the registry has checked the CPU.
const Kernel& portable_kernel() {
    static constexpr Kernel kernel{"portable", 1, detail::hash_many_portable, detail::compress_portable};
    return kernel;
}

#if defined(HASHSCOPE_X86_KERNELS)
const Kernel& sse41_kernel() {
    static constexpr Kernel kernel{"sse41", 4, detail::hash_many_sse41, detail::compress_sse41};
    return kernel;
}

const Kernel& avx2_kernel() {
    static constexpr Kernel kernel{"avx2", 8, detail::hash_many_avx2, detail::compress_sse41};
    return kernel;
}
#endif

#if defined(HASHSCOPE_AVX512_KERNELS)
const Kernel& avx512_kernel() {
    static constexpr Kernel kernel{"avx512", 16, detail::hash_many_avx512, detail::compress_sse41};
    return kernel;
}
#endif

#if defined(HASHSCOPE_AARCH64_KERNELS)
const Kernel& neon_kernel() {
    static constexpr Kernel kernel{"neon", 4, detail::hash_many_neon, detail::compress_portable};
    return kernel;
}
#endif

const Kernel* kernel_for(std::string_view implementation_id) {
    if (implementation_id == "portable") return &portable_kernel();
#if defined(HASHSCOPE_X86_KERNELS)
    if (implementation_id == "sse41") return &sse41_kernel();
    if (implementation_id == "avx2") return &avx2_kernel();
#endif
#if defined(HASHSCOPE_AVX512_KERNELS)
    if (implementation_id == "avx512") return &avx512_kernel();
#endif
#if defined(HASHSCOPE_AARCH64_KERNELS)
    if (implementation_id == "neon") return &neon_kernel();
#endif
    return nullptr;
}

}  // namespace hashscope::blake3
