#include "selftest/cross_check.hpp"

#include <algorithm>
#include <cmath>
#include <exception>

#include "algorithms/value_hasher.hpp"
#include "hashscope/algorithm.hpp"
#include "selftest/messages.hpp"

namespace hashscope::selftest {
namespace {

constexpr std::size_t kMaxAlignment = 64;

// Lengths where kernels change path: every tail length up to a cache line, and each side of the
// powers of two from 128 B (the folding kernels' blocks) to 64 KiB (their large-block loops).
std::vector<std::size_t> boundary_lengths() {
    std::vector<std::size_t> lengths;
    for (std::size_t n = 0; n <= 64; ++n) lengths.push_back(n);
    for (std::size_t p = 128; p <= std::size_t{64} << 10; p *= 2) {
        lengths.insert(lengths.end(), {p - 1, p, p + 1});
    }
    return lengths;
}

// The pieces a message of `length` bytes is fed in; they add up to `length`.
std::vector<std::size_t> random_split(std::size_t length, std::mt19937_64& rng) {
    std::vector<std::size_t> pieces;
    const auto kind = rng() % 4;
    if (kind == 0 || length == 0) {
        pieces.push_back(length);  // whole: the one-shot path
        return pieces;
    }
    if (kind == 1) {  // cut once: a long first update, then the tail
        const std::size_t cut = rng() % (length + 1);
        pieces = {cut, length - cut};
        return pieces;
    }
    // Many pieces: small ones (0..16 bytes, empty updates included) below 4 KiB, else up to 8 KiB,
    // so that every kernel's buffering of a partial block is crossed.
    const std::size_t most = (kind == 2 && length <= 4096) ? 17 : 8193;
    for (std::size_t at = 0; at < length;) {
        const std::size_t piece = std::min<std::size_t>(length - at, rng() % most);
        pieces.push_back(piece);
        at += piece;
    }
    return pieces;
}

Digest feed(Hasher& hasher, std::span<const std::byte> message, const std::vector<std::size_t>& pieces) {
    hasher.reset();
    std::size_t at = 0;
    for (const std::size_t piece : pieces) {
        hasher.update(message.subspan(at, piece));
        at += piece;
    }
    return hasher.finish();
}

std::string pieces_text(const std::vector<std::size_t>& pieces) {
    return pieces.size() == 1 ? std::string("whole") : "in " + std::to_string(pieces.size()) + " pieces";
}

}  // namespace

RandomCorpus::RandomCorpus(std::uint64_t seed, std::size_t count) {
    std::mt19937_64 rng(seed);
    data_.resize(kMaxLength + kMaxAlignment);
    for (auto& b : data_) b = static_cast<std::byte>(rng() >> 56);
    // The boundary lengths first (all of them if there is room, else spread evenly over them),
    // then lengths spread evenly on a log scale up to kMaxLength.
    const auto boundaries = boundary_lengths();
    std::vector<std::size_t> lengths;
    if (count <= boundaries.size()) {
        for (std::size_t i = 0; i < count; ++i) lengths.push_back(boundaries[i * boundaries.size() / count]);
    } else {
        lengths = boundaries;
        std::uniform_real_distribution<double> log_length(0, std::log(static_cast<double>(kMaxLength)));
        while (lengths.size() < count) lengths.push_back(static_cast<std::size_t>(std::exp(log_length(rng))));
    }
    for (const std::size_t length : lengths) windows_.push_back({rng() % kMaxAlignment, std::min(length, kMaxLength)});
}

std::span<const std::byte> RandomCorpus::message(std::size_t index) const {
    return std::span(data_).subspan(windows_[index].offset, windows_[index].length);
}

Result<HasherPtr> make_hasher_for(const Implementation& row) {
    const auto* info = find_algorithm(row.algorithm);
    if (info == nullptr) return Error{"unknown algorithm '" + std::string(row.algorithm) + "'"};
    try {
        if (row.extend != nullptr)
            return HasherPtr(std::make_unique<detail::ValueHasher>(*info, row.extend, row.initial));
        if (row.make != nullptr) return row.make();
    } catch (const std::exception& e) {  // a library refusing (e.g. OpenSSL without a provider)
        return Error{std::string("could not be set up: ") + e.what()};
    }
    return Error{"the table row has neither a kernel nor a factory"};
}

CheckEnd check_known_answers(Hasher& hasher, std::string_view algorithm, std::mt19937_64& rng,
                             const std::stop_token& stop, std::size_t& checked, std::string& message) {
    const AlgorithmInfo* info = find_algorithm(algorithm);
    for (const KnownAnswer& answer : info != nullptr ? info->known_answers : std::span<const KnownAnswer>{}) {
        if (stop.stop_requested()) return CheckEnd::stopped;
        const auto bytes = message_bytes(answer.message);
        for (const auto& pieces : {std::vector<std::size_t>{bytes.size()}, random_split(bytes.size(), rng)}) {
            const std::string got = feed(hasher, bytes, pieces).hex();
            if (got != answer.hex) {
                message = "known answer for " + describe(answer.message) + " (fed " + pieces_text(pieces) + "): got " +
                          got + ", expected " + std::string(answer.hex);
                return CheckEnd::failed;
            }
        }
        ++checked;
    }
    if (checked == 0) {
        message = "no known answer is built in for " + std::string(algorithm);
        return CheckEnd::failed;
    }
    return CheckEnd::passed;
}

CheckEnd reference_digests(Hasher& reference, const RandomCorpus& corpus, const std::stop_token& stop,
                           std::vector<Digest>& digests) {
    digests.clear();
    for (std::size_t i = 0; i < corpus.size(); ++i) {
        if (stop.stop_requested()) return CheckEnd::stopped;
        const auto message = corpus.message(i);
        digests.push_back(feed(reference, message, {message.size()}));
    }
    return CheckEnd::passed;
}

CheckEnd cross_check(Hasher& hasher, const RandomCorpus& corpus, const std::vector<Digest>& expected,
                     std::string_view reference, std::mt19937_64& rng, const std::stop_token& stop,
                     std::size_t& checked, std::string& message) {
    for (std::size_t i = 0; i < corpus.size(); ++i) {
        if (stop.stop_requested()) return CheckEnd::stopped;
        const auto bytes = corpus.message(i);
        const auto pieces = random_split(bytes.size(), rng);
        const Digest got = feed(hasher, bytes, pieces);
        if (!(got == expected[i])) {
            message = "random message #" + std::to_string(i + 1) + " (" + std::to_string(bytes.size()) +
                      " bytes at offset " + std::to_string(corpus.offset(i)) + ", fed " + pieces_text(pieces) +
                      "): got " + got.hex() + ", " + std::string(reference) + " gives " + expected[i].hex();
            return CheckEnd::failed;
        }
        ++checked;
    }
    return CheckEnd::passed;
}

}  // namespace hashscope::selftest
