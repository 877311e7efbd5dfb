// Hashing one message as independent pieces, on different threads, and joining the results into
// the digest a serial pass gives. Only combinable algorithms can (AlgorithmInfo::combinable):
// the CRCs and Adler-32 join with combine(a, b, len_b); BLAKE3 joins subtree chaining values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "hashscope/digest.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/result.hpp"

namespace hashscope {

class SplitDigest {
public:
    // One piece of the message: fed in order, by one thread at a time.
    class Piece {
    public:
        virtual ~Piece() = default;
        virtual void update(std::span<const std::byte> data) = 0;
    };

    virtual ~SplitDigest() = default;

    // A message of `total_size` bytes cut into pieces of `piece_size` bytes (the last one may be
    // shorter). piece_size is a power of two of at least 64 KiB (BLAKE3 needs whole subtrees).
    // Errors: the algorithm is not combinable, the implementation is unknown or not available on
    // `registry`'s CPU, or piece_size is not allowed.
    static Result<std::unique_ptr<SplitDigest>> make(const Registry& registry, std::string_view algorithm,
                                                     std::string_view impl, std::uint64_t total_size,
                                                     std::uint64_t piece_size);

    [[nodiscard]] virtual std::size_t pieces() const = 0;
    // Piece i covers bytes [i * piece_size, min(total, (i + 1) * piece_size)). Different pieces may
    // be fed from different threads at the same time.
    virtual Piece& piece(std::size_t index) = 0;
    // After every piece got exactly its bytes: the digest of the whole message.
    virtual Digest finish() = 0;
};

// True when `algorithm` can be hashed as pieces (with some implementation).
bool splittable(std::string_view algorithm);

}  // namespace hashscope
