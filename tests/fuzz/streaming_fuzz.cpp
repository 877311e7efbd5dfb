// Differential fuzzing of every hashing path: for a random message cut into random pieces, every
// implementation this CPU can run, fed piece by piece, gives the digest that the reference
// implementation of the same algorithm gives in one call.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "hashscope/registry.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace hashscope;
    if (size < 2) return 0;
    const auto& registry = Registry::host();
    const auto& algorithm = algorithms()[data[0] % algorithms().size()];
    // Byte 1 seeds the cut points; the rest is the message.
    std::uint32_t seed = data[1] * 2654435761U + 1;
    const std::span<const std::byte> message(reinterpret_cast<const std::byte*>(data + 2), size - 2);

    const auto candidates = registry.implementations_of(algorithm.id);
    const Implementation* reference = candidates.back();  // lowest priority: the portable reference
    auto reference_hasher = registry.make_hasher(algorithm.id, reference->id);
    if (!reference_hasher) return 0;
    reference_hasher.value()->update(message);
    const Digest expected = reference_hasher.value()->finish();

    for (const auto* impl : candidates) {
        if (!registry.available(*impl)) continue;
        auto hasher = registry.make_hasher(algorithm.id, impl->id);
        if (!hasher) continue;
        std::size_t offset = 0;
        while (offset < message.size()) {
            seed = seed * 1103515245U + 12345U;
            const std::size_t piece = std::min<std::size_t>(message.size() - offset, (seed >> 16) % 300);
            hasher.value()->update(message.subspan(offset, piece));
            offset += piece;
        }
        if (!(hasher.value()->finish() == expected)) __builtin_trap();
    }
    return 0;
}
