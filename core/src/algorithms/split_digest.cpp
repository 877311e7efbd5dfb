// SplitDigest: value checksums (CRCs, Adler-32) hash each piece from the empty value and fold the
// values left to right with combine(); BLAKE3 hashes each piece as a subtree and joins the
// chaining values into the root. Pieces share nothing, so threads can feed them at once.
#include "hashscope/split_digest.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "algorithms/blake3/blake3_kernel.hpp"
#include "algorithms/blake3/blake3_subtree.hpp"
#include "algorithms/crc/crc_combine.hpp"
#include "hashscope/algorithm.hpp"

namespace hashscope {
namespace {

// BLAKE3 pieces must be whole subtrees (a power of two of 1 KiB chunks); the floor also keeps the
// per-piece bookkeeping small against the bytes hashed.
constexpr std::uint64_t kMinPieceSize = std::uint64_t{64} << 10;

std::size_t piece_count(std::uint64_t total, std::uint64_t piece_size) {
    const std::uint64_t n = total / piece_size + (total % piece_size != 0 ? 1 : 0);
    return static_cast<std::size_t>(std::max<std::uint64_t>(n, 1));  // the empty message is one empty piece
}

std::uint64_t piece_length(std::uint64_t total, std::uint64_t piece_size, std::size_t index) {
    const std::uint64_t start = index * piece_size;
    return std::min(piece_size, total - start);
}

// ---------------------------------------------------------------------------------------------
// Value checksums

using CombineFn = std::uint64_t (*)(std::uint64_t a, std::uint64_t b, std::uint64_t len_b);

// Adler-32 is (B << 16) | A with A = 1 + sum of bytes and B = sum of A after each byte, both mod
// 65521. For a||b: A = A_a + A_b - 1, and every byte of b adds A_a - 1 more to B, so
// B = B_a + B_b + len_b * (A_a - 1).
std::uint64_t adler32_combine(std::uint64_t a, std::uint64_t b, std::uint64_t len_b) {
    constexpr std::uint64_t mod = 65521;
    const std::uint64_t a_lo = a & 0xFFFF;
    const std::uint64_t b_lo = b & 0xFFFF;
    const std::uint64_t a_hi = (a >> 16) & 0xFFFF;
    const std::uint64_t b_hi = (b >> 16) & 0xFFFF;
    const std::uint64_t lo = (a_lo + b_lo + mod - 1) % mod;
    const std::uint64_t hi = (a_hi + b_hi + (len_b % mod) * ((a_lo + mod - 1) % mod)) % mod;
    return (hi << 16) | lo;
}

std::uint64_t crc32_combine(std::uint64_t a, std::uint64_t b, std::uint64_t len_b) {
    return crc::crc32_combine(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b), len_b);
}
std::uint64_t crc32c_combine(std::uint64_t a, std::uint64_t b, std::uint64_t len_b) {
    return crc::crc32c_combine(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b), len_b);
}

CombineFn combine_for(std::string_view algorithm) {
    if (algorithm == "crc32") return crc32_combine;
    if (algorithm == "crc32c") return crc32c_combine;
    if (algorithm == "crc64nvme") return crc::crc64nvme_combine;
    if (algorithm == "crc64xz") return crc::crc64xz_combine;
    if (algorithm == "adler32") return adler32_combine;
    return nullptr;
}

class ValuePiece final : public SplitDigest::Piece {
public:
    ValuePiece(ExtendFn extend, std::uint64_t initial) : extend_(extend), value_(initial) {}
    void update(std::span<const std::byte> data) override {
        value_ = extend_(value_, data.data(), data.size());
        fed_ += data.size();
    }
    [[nodiscard]] std::uint64_t value() const { return value_; }
    [[nodiscard]] std::uint64_t fed() const { return fed_; }

private:
    ExtendFn extend_;
    std::uint64_t value_;
    std::uint64_t fed_ = 0;
};

class ValueSplit final : public SplitDigest {
public:
    ValueSplit(const AlgorithmInfo& info, const Implementation& impl, CombineFn combine, std::uint64_t total,
               std::uint64_t piece_size)
        : info_(info), combine_(combine), total_(total), piece_size_(piece_size) {
        const std::size_t n = piece_count(total, piece_size);
        pieces_.reserve(n);
        for (std::size_t i = 0; i < n; ++i) pieces_.emplace_back(impl.extend, impl.initial);
    }

    [[nodiscard]] std::size_t pieces() const override { return pieces_.size(); }
    Piece& piece(std::size_t index) override {
        assert(index < pieces_.size());
        return pieces_[index];
    }

    Digest finish() override {
        std::uint64_t value = pieces_.front().value();
        for (std::size_t i = 1; i < pieces_.size(); ++i) {
            value = combine_(value, pieces_[i].value(), piece_length(total_, piece_size_, i));
        }
#ifndef NDEBUG
        for (std::size_t i = 0; i < pieces_.size(); ++i) {
            assert(pieces_[i].fed() == piece_length(total_, piece_size_, i) && "a piece got the wrong bytes");
        }
#endif
        // As ValueHasher shows a value, so that both digests compare equal.
        return info_.digest_size == 4 ? Digest::from_u32(info_.id, static_cast<std::uint32_t>(value))
                                      : Digest::from_u64(info_.id, value);
    }

private:
    const AlgorithmInfo& info_;
    CombineFn combine_;
    std::uint64_t total_;
    std::uint64_t piece_size_;
    std::vector<ValuePiece> pieces_;
};

// ---------------------------------------------------------------------------------------------
// BLAKE3

class Blake3Piece final : public SplitDigest::Piece {
public:
    Blake3Piece(const blake3::Kernel& kernel, std::uint64_t first_chunk) : subtree_(kernel, first_chunk) {}
    void update(std::span<const std::byte> data) override {
        subtree_.update(reinterpret_cast<const std::uint8_t*>(data.data()), data.size());
    }
    [[nodiscard]] const blake3::SubtreeHasher& subtree() const { return subtree_; }

private:
    blake3::SubtreeHasher subtree_;
};

// Two pieces or more: each a subtree hashed by the row's kernel, joined at the end.
class Blake3Split final : public SplitDigest {
public:
    Blake3Split(const AlgorithmInfo& info, const blake3::Kernel& kernel, std::uint64_t total, std::uint64_t piece_size)
        : info_(info), total_(total), piece_size_(piece_size) {
        const std::size_t n = piece_count(total, piece_size);
        const std::uint64_t chunks = piece_size / blake3::chunk_size;
        pieces_.reserve(n);
        for (std::size_t i = 0; i < n; ++i) pieces_.emplace_back(kernel, i * chunks);
    }

    [[nodiscard]] std::size_t pieces() const override { return pieces_.size(); }
    Piece& piece(std::size_t index) override {
        assert(index < pieces_.size());
        return pieces_[index];
    }

    Digest finish() override {
        std::vector<blake3::detail::ChainingValue> cvs;
        cvs.reserve(pieces_.size());
        for ([[maybe_unused]] std::size_t i = 0; const auto& p : pieces_) {
            assert(p.subtree().size() == piece_length(total_, piece_size_, i++) && "a piece got the wrong bytes");
            cvs.push_back(p.subtree().chaining_value());
        }
        return {info_.id, blake3::root_from_subtrees(cvs)};
    }

private:
    const AlgorithmInfo& info_;
    [[maybe_unused]] std::uint64_t total_;       // checked by assert() in debug builds only
    [[maybe_unused]] std::uint64_t piece_size_;  // (clang warns of unused fields in release)
    std::vector<Blake3Piece> pieces_;
};

// ---------------------------------------------------------------------------------------------
// One piece: the whole message, so the registry's own hasher does. (A lone BLAKE3 piece is the
// root, which a subtree's chaining value is not.)

class HasherPiece final : public SplitDigest::Piece {
public:
    explicit HasherPiece(HasherPtr hasher) : hasher_(std::move(hasher)) {}
    void update(std::span<const std::byte> data) override { hasher_->update(data); }
    Digest finish() { return hasher_->finish(); }

private:
    HasherPtr hasher_;
};

class WholeSplit final : public SplitDigest {
public:
    explicit WholeSplit(HasherPtr hasher) : piece_(std::move(hasher)) {}
    [[nodiscard]] std::size_t pieces() const override { return 1; }
    Piece& piece(std::size_t index) override {
        assert(index == 0);
        (void)index;
        return piece_;
    }
    Digest finish() override { return piece_.finish(); }

private:
    HasherPiece piece_;
};

}  // namespace

Result<std::unique_ptr<SplitDigest>> SplitDigest::make(const Registry& registry, std::string_view algorithm,
                                                       std::string_view impl, std::uint64_t total_size,
                                                       std::uint64_t piece_size) {
    const AlgorithmInfo* info = find_algorithm(algorithm);
    if (info == nullptr) return Error{"unknown algorithm '" + std::string(algorithm) + "'"};
    if (!info->combinable) {
        return Error{std::string(info->id) + " cannot be hashed in pieces: its pieces do not combine"};
    }
    const Implementation* row = registry.find(algorithm, impl);
    if (row == nullptr) {
        return Error{"algorithm '" + std::string(info->id) + "' has no implementation '" + std::string(impl) + "'"};
    }
    if (!registry.available(*row)) {
        return Error{std::string(info->id) + " · " + std::string(row->id) +
                     " needs CPU features this machine lacks: " + row->needs.without(registry.features()).to_string()};
    }
    if (piece_size < kMinPieceSize || !std::has_single_bit(piece_size)) {
        return Error{"piece size " + std::to_string(piece_size) + " is not a power of two of at least 64 KiB"};
    }

    if (info->id == "blake3") {
        const blake3::Kernel* kernel = blake3::kernel_for(row->id);
        if (kernel == nullptr) return Error{"blake3 · " + std::string(row->id) + " has no kernel for subtrees"};
        if (total_size > piece_size) {
            return std::unique_ptr<SplitDigest>(std::make_unique<Blake3Split>(*info, *kernel, total_size, piece_size));
        }
        auto hasher = registry.make_hasher(info->id, row->id);
        if (!hasher) return hasher.error();
        return std::unique_ptr<SplitDigest>(std::make_unique<WholeSplit>(std::move(hasher.value())));
    }
    const CombineFn combine = combine_for(info->id);
    if (combine == nullptr || row->extend == nullptr) {
        return Error{std::string(info->id) + " · " + std::string(row->id) + " has no value kernel to combine"};
    }
    return std::unique_ptr<SplitDigest>(std::make_unique<ValueSplit>(*info, *row, combine, total_size, piece_size));
}

bool splittable(std::string_view algorithm) {
    const AlgorithmInfo* info = find_algorithm(algorithm);
    return info != nullptr && info->combinable;
}

}  // namespace hashscope
