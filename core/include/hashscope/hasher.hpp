// Hasher: one running message of one algorithm, computed by one implementation.
#pragma once

#include <cstddef>
#include <memory>
#include <span>

#include "hashscope/digest.hpp"

namespace hashscope {

class Hasher {
public:
    virtual ~Hasher() = default;
    Hasher() = default;
    Hasher(const Hasher&) = delete;
    Hasher& operator=(const Hasher&) = delete;

    // Feeds more of the message; any split of the message gives the same digest.
    virtual void update(std::span<const std::byte> data) = 0;
    // Ends the message and returns its digest. Call reset() before hashing another message.
    virtual Digest finish() = 0;
    // Starts a new, empty message.
    virtual void reset() = 0;
};

using HasherPtr = std::unique_ptr<Hasher>;

}  // namespace hashscope
