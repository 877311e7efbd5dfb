// Internal: the self-test's two checks of one implementation, on a hasher the caller made: its
// known answers, and its agreement with a reference on random messages fed in random pieces.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/hasher.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/result.hpp"

namespace hashscope::selftest {

// Random messages: windows of many lengths, at every alignment, into one buffer of random bytes.
class RandomCorpus {
public:
    static constexpr std::size_t kMaxLength = std::size_t{96} << 10;

    RandomCorpus(std::uint64_t seed, std::size_t count);

    [[nodiscard]] std::size_t size() const { return windows_.size(); }
    [[nodiscard]] std::span<const std::byte> message(std::size_t index) const;
    [[nodiscard]] std::size_t offset(std::size_t index) const { return windows_[index].offset; }

private:
    struct Window {
        std::size_t offset;
        std::size_t length;
    };
    std::vector<std::byte> data_;
    std::vector<Window> windows_;
};

// How one check ended; `stopped` when the stop token fired first (then nothing was decided).
enum class CheckEnd { passed, failed, stopped };

// A fresh hasher for a row of the table, whether or not the registry lists it (tests inject
// rows). A library that refuses (an exception) becomes an error.
Result<HasherPtr> make_hasher_for(const Implementation& row);

// Every known answer of the row's algorithm, each fed whole and then in random pieces. Counts
// the vectors checked in `checked`; on failure `message` says which and what came out.
CheckEnd check_known_answers(Hasher& hasher, std::string_view algorithm, std::mt19937_64& rng,
                             const std::stop_token& stop, std::size_t& checked, std::string& message);

// The digest of each corpus message, fed whole into `reference`.
CheckEnd reference_digests(Hasher& reference, const RandomCorpus& corpus, const std::stop_token& stop,
                           std::vector<Digest>& digests);

// Each corpus message fed in random pieces (sometimes whole, sometimes a byte or a few at a time,
// with empty updates) must give `expected`, the reference's digest.
CheckEnd cross_check(Hasher& hasher, const RandomCorpus& corpus, const std::vector<Digest>& expected,
                     std::string_view reference, std::mt19937_64& rng, const std::stop_token& stop,
                     std::size_t& checked, std::string& message);

}  // namespace hashscope::selftest
