// Portable BLAKE3, written from the BLAKE3 specification
// (https://github.com/BLAKE3-team/BLAKE3-specs). Clarity over speed: a faster
// SIMD back end is checked against this one.
#include "algorithms/blake3/blake3_portable.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace hashscope::blake3 {

namespace {

using namespace detail;  // ChainingValue, BlockWords, Output and the flags

// Same constants as the SHA-256 IV.
constexpr ChainingValue iv = {
    0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au, 0x510E527Fu, 0x9B05688Cu, 0x1F83D9ABu, 0x5BE0CD19u,
};

constexpr std::size_t rounds = 7;

// Message word permutation applied between rounds (spec, table 2).
constexpr std::array<std::size_t, 16> msg_permutation = {
    2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8,
};

// schedule[r][i] is the index of the original message word used at position i
// in round r. Precomputing it lets compress() read the block in place instead
// of shuffling a copy of the message after each round.
constexpr std::array<std::array<std::size_t, 16>, rounds> make_schedule() {
    std::array<std::array<std::size_t, 16>, rounds> schedule{};
    for (std::size_t i = 0; i < 16; ++i) {
        schedule[0][i] = i;
    }
    for (std::size_t r = 1; r < rounds; ++r) {
        for (std::size_t i = 0; i < 16; ++i) {
            schedule[r][i] = schedule[r - 1][msg_permutation[i]];
        }
    }
    return schedule;
}

constexpr auto msg_schedule = make_schedule();

std::uint32_t load_le32(const std::uint8_t* p) {
    // Byte-wise assembly is endian-independent; compilers turn it into one load.
    return static_cast<std::uint32_t>(p[0]) | (static_cast<std::uint32_t>(p[1]) << 8) |
           (static_cast<std::uint32_t>(p[2]) << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
}

void store_le32(std::uint8_t* p, std::uint32_t w) {
    p[0] = static_cast<std::uint8_t>(w);
    p[1] = static_cast<std::uint8_t>(w >> 8);
    p[2] = static_cast<std::uint8_t>(w >> 16);
    p[3] = static_cast<std::uint8_t>(w >> 24);
}

// Reads a full 64-byte block; callers zero-pad short blocks first.
BlockWords load_block(const std::uint8_t* block) {
    BlockWords words;
    for (std::size_t i = 0; i < words.size(); ++i) {
        words[i] = load_le32(block + 4 * i);
    }
    return words;
}

// The quarter-round mixing function G.
inline void g(BlockWords& s, std::size_t a, std::size_t b, std::size_t c, std::size_t d, std::uint32_t mx,
              std::uint32_t my) {
    s[a] = s[a] + s[b] + mx;
    s[d] = std::rotr(s[d] ^ s[a], 16);
    s[c] = s[c] + s[d];
    s[b] = std::rotr(s[b] ^ s[c], 12);
    s[a] = s[a] + s[b] + my;
    s[d] = std::rotr(s[d] ^ s[a], 8);
    s[c] = s[c] + s[d];
    s[b] = std::rotr(s[b] ^ s[c], 7);
}

inline void round_fn(BlockWords& s, const BlockWords& m, const std::array<std::size_t, 16>& idx) {
    // Columns, then diagonals.
    g(s, 0, 4, 8, 12, m[idx[0]], m[idx[1]]);
    g(s, 1, 5, 9, 13, m[idx[2]], m[idx[3]]);
    g(s, 2, 6, 10, 14, m[idx[4]], m[idx[5]]);
    g(s, 3, 7, 11, 15, m[idx[6]], m[idx[7]]);
    g(s, 0, 5, 10, 15, m[idx[8]], m[idx[9]]);
    g(s, 1, 6, 11, 12, m[idx[10]], m[idx[11]]);
    g(s, 2, 7, 8, 13, m[idx[12]], m[idx[13]]);
    g(s, 3, 4, 9, 14, m[idx[14]], m[idx[15]]);
}

// The full 16-word compression output. The first 8 words are the chaining
// value; all 16 are used only for root (XOF) output blocks.
BlockWords compress(const ChainingValue& cv, const BlockWords& block, std::uint64_t counter, std::uint32_t block_len,
                    std::uint32_t flags) {
    BlockWords s = {
        cv[0],
        cv[1],
        cv[2],
        cv[3],
        cv[4],
        cv[5],
        cv[6],
        cv[7],
        iv[0],
        iv[1],
        iv[2],
        iv[3],
        static_cast<std::uint32_t>(counter),
        static_cast<std::uint32_t>(counter >> 32),
        block_len,
        flags,
    };
    for (const auto& idx : msg_schedule) {
        round_fn(s, block, idx);
    }
    for (std::size_t i = 0; i < 8; ++i) {
        s[i] ^= s[i + 8];
        s[i + 8] ^= cv[i];
    }
    return s;
}

ChainingValue first_8_words(const BlockWords& w) {
    ChainingValue cv;
    std::copy_n(w.begin(), cv.size(), cv.begin());
    return cv;
}

// Compression that only keeps the chaining value (non-root nodes and chunk blocks).
ChainingValue compress_cv(const ChainingValue& cv, const BlockWords& block, std::uint64_t counter,
                          std::uint32_t block_len, std::uint32_t flags) {
    return first_8_words(compress(cv, block, counter, block_len, flags));
}

}  // namespace

// ---------------------------------------------------------------------------
// Nodes and ChunkState

namespace detail {

ChainingValue compress_block(const ChainingValue& cv, const std::uint8_t* block, std::uint64_t counter,
                             std::uint32_t block_len, std::uint32_t flags) {
    return compress_cv(cv, load_block(block), counter, block_len, flags);
}

void compress_portable(const ChainingValue& cv, const std::uint8_t* block, std::uint64_t counter,
                       std::uint32_t block_len, std::uint32_t flags, BlockWords& out) {
    out = compress(cv, load_block(block), counter, block_len, flags);
}

ChainingValue Output::chaining_value(CompressFn compress_fn) const {
    BlockWords words;
    compress_fn(input_cv, block.data(), counter, block_len, flags, words);
    return first_8_words(words);
}

void Output::root_bytes(std::span<std::uint8_t> out, std::uint64_t seek, CompressFn compress_fn) const {
    // Each root compression yields 64 output bytes; the block counter selects which.
    std::uint64_t block_counter = seek / block_size;
    std::size_t offset = static_cast<std::size_t>(seek % block_size);
    while (!out.empty()) {
        BlockWords words;
        compress_fn(input_cv, block.data(), block_counter, block_len, flags | root, words);
        std::array<std::uint8_t, block_size> bytes;
        for (std::size_t i = 0; i < words.size(); ++i) {
            store_le32(bytes.data() + 4 * i, words[i]);
        }
        const std::size_t n = std::min(block_size - offset, out.size());
        std::memcpy(out.data(), bytes.data() + offset, n);
        out = out.subspan(n);
        offset = 0;
        ++block_counter;
    }
}

Output chunk_output(const ChunkState& chunk) {
    // The buffered block is the chunk's last one; zero-pad it (the buffer may hold stale bytes).
    Output out{chunk.cv,
               {},
               chunk.chunk_counter,
               static_cast<std::uint32_t>(chunk.block_len),
               chunk.flags | chunk.start_flag() | chunk_end};
    std::memcpy(out.block.data(), chunk.block.data(), chunk.block_len);
    return out;
}

Output parent_output(const ChainingValue& left, const ChainingValue& right, const ChainingValue& key,
                     std::uint32_t mode_flags) {
    std::array<std::uint8_t, block_size> block;
    for (std::size_t i = 0; i < left.size(); ++i) {
        store_le32(block.data() + 4 * i, left[i]);
        store_le32(block.data() + 32 + 4 * i, right[i]);
    }
    // Parent nodes always use counter 0 and a full block.
    return Output{key, block, 0, static_cast<std::uint32_t>(block_size), mode_flags | parent};
}

ChainingValue load_key(std::span<const std::uint8_t, key_size> key) {
    ChainingValue words;
    for (std::size_t i = 0; i < words.size(); ++i) {
        words[i] = load_le32(key.data() + 4 * i);
    }
    return words;
}

ChainingValue derive_key_context_key(std::string_view context) {
    // Two stages (spec 2.3): the context string is hashed into a context key,
    // which then keys the hashing of the key material.
    Hasher context_hasher(iv, derive_key_context);
    context_hasher.update(context.data(), context.size());
    std::array<std::uint8_t, key_size> context_key;
    context_hasher.finalize(context_key);
    return load_key(context_key);
}

ChunkState::ChunkState(const ChainingValue& key, std::uint64_t counter, std::uint32_t mode_flags)
    : cv(key), chunk_counter(counter), flags(mode_flags) {}

std::uint32_t ChunkState::start_flag() const { return blocks_compressed == 0 ? chunk_start : 0u; }

void ChunkState::update(const std::uint8_t* data, std::size_t len, CompressFn compress_fn) {
    BlockWords words;
    while (len > 0) {
        // More input exists, so a full buffered block is not the chunk's last one.
        if (block_len == block_size) {
            compress_fn(cv, block.data(), chunk_counter, static_cast<std::uint32_t>(block_size), flags | start_flag(),
                        words);
            cv = first_8_words(words);
            ++blocks_compressed;
            block_len = 0;
        }
        // Fast path: compress whole blocks straight from the input, but keep
        // the last one (even if full) for the buffer since it may end the chunk.
        if (block_len == 0) {
            while (len > block_size) {
                compress_fn(cv, data, chunk_counter, static_cast<std::uint32_t>(block_size), flags | start_flag(),
                            words);
                cv = first_8_words(words);
                ++blocks_compressed;
                data += block_size;
                len -= block_size;
            }
        }
        const std::size_t take = std::min(block_size - block_len, len);
        std::memcpy(block.data() + block_len, data, take);
        block_len += take;
        data += take;
        len -= take;
    }
}

ChainingValue hash_mode_key() { return iv; }

ChainingValue parent_chaining_value(const ChainingValue& left, const ChainingValue& right, const ChainingValue& key,
                                    std::uint32_t mode_flags) {
    return parent_output(left, right, key, mode_flags).chaining_value();
}

void parent_root_bytes(const ChainingValue& left, const ChainingValue& right, const ChainingValue& key,
                       std::uint32_t mode_flags, std::span<std::uint8_t> out) {
    parent_output(left, right, key, mode_flags).root_bytes(out, 0);
}

}  // namespace detail

// ---------------------------------------------------------------------------
// Hasher

Hasher::Hasher() : Hasher(iv, 0) {}

Hasher::Hasher(const ChainingValue& key, std::uint32_t mode_flags)
    : key_(key), flags_(mode_flags), chunk_(key, 0, mode_flags) {}

Hasher Hasher::keyed(std::span<const std::uint8_t, key_size> key) { return Hasher(load_key(key), keyed_hash); }

Hasher Hasher::derive_key(std::string_view context) {
    return Hasher(detail::derive_key_context_key(context), derive_key_material);
}

void Hasher::push_chunk_cv(ChainingValue cv, std::uint64_t total_chunks) {
    // Each trailing zero bit of the chunk count marks a subtree that is now
    // complete: merge it with its left sibling from the stack.
    while ((total_chunks & 1) == 0) {
        --cv_stack_len_;
        cv = parent_output(cv_stack_[cv_stack_len_], cv, key_, flags_).chaining_value();
        total_chunks >>= 1;
    }
    cv_stack_[cv_stack_len_] = cv;
    ++cv_stack_len_;
}

void Hasher::update(const void* data, std::size_t len) {
    const auto* bytes = static_cast<const std::uint8_t*>(data);
    while (len > 0) {
        // Finish the current chunk only now that we know input follows it, so
        // the last chunk of the message stays available for the root.
        if (chunk_.len() == chunk_size) {
            const ChainingValue chunk_cv = chunk_output(chunk_).chaining_value();
            const std::uint64_t total_chunks = chunk_.chunk_counter + 1;
            push_chunk_cv(chunk_cv, total_chunks);
            chunk_ = detail::ChunkState(key_, total_chunks, flags_);
        }
        const std::size_t take = std::min(chunk_size - chunk_.len(), len);
        chunk_.update(bytes, take);
        bytes += take;
        len -= take;
    }
}

void Hasher::finalize(std::span<std::uint8_t> out, std::uint64_t seek) const {
    // Fold the stack into the current chunk from right to left; the last
    // merge (or the lone chunk) is the root.
    Output output = chunk_output(chunk_);
    for (std::size_t i = cv_stack_len_; i > 0; --i) {
        output = parent_output(cv_stack_[i - 1], output.chaining_value(), key_, flags_);
    }
    output.root_bytes(out, seek);
}

void Hasher::reset() {
    chunk_ = detail::ChunkState(key_, 0, flags_);
    cv_stack_len_ = 0;
}

}  // namespace hashscope::blake3
