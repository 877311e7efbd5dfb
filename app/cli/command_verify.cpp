// `hashscope-cli verify FILE --expect DIGEST [-a ALGO]`: does this file have this digest? The
// digest may be hex (any case, spaces, colons) or base64 (as S3's x-amz-checksum-* headers give
// it); without -a, every algorithm whose digest length fits is computed, from one read, and the
// one that matches is named.
#include <algorithm>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "arguments.hpp"
#include "commands.hpp"
#include "hashscope/verify/expected_digest.hpp"
#include "hashscope/verify/file_digester.hpp"

namespace hashscope::cli {
namespace {

std::string names_of(const std::vector<const AlgorithmInfo*>& algorithms) {
    std::string out;
    for (const auto* a : algorithms) out += (out.empty() ? "" : ", ") + std::string(a->display);
    return out;
}

bool same_bytes(const Digest& digest, const std::vector<std::uint8_t>& expected) {
    const auto bytes = digest.bytes();
    return std::equal(bytes.begin(), bytes.end(), expected.begin(), expected.end());
}

}  // namespace

int run_verify(int argc, char** argv, int first) {
    const Arguments args(argc, argv, first, {{"expect", 'e', true}, {"algo", 'a', true}, {"impl", 0, true}});
    if (!args.ok()) {
        complain(args.error());
        return exit_usage;
    }
    const auto text = args.value("expect");
    if (args.operands().size() != 1 || !text) {
        complain("usage: hashscope-cli verify FILE --expect DIGEST [-a ALGO]");
        return exit_usage;
    }
    const std::string file = args.operands().front();
    const AlgorithmInfo* forced = nullptr;
    if (auto id = args.value("algo")) {
        forced = find_algorithm(*id);
        if (forced == nullptr) {
            complain("unknown algorithm '" + *id + "' (see: hashscope-cli list)");
            return exit_usage;
        }
    }

    // Every reading of the digest and every algorithm it may belong to, computed in one read.
    auto readings = verify::parse_expected_digest(*text);
    if (readings.empty()) {
        complain("--expect: " + verify::explain_bad_digest(*text));
        return exit_usage;
    }
    std::vector<const AlgorithmInfo*> algorithms;
    for (const auto& reading : readings) {
        for (const auto* a : reading.candidates) {
            if ((forced == nullptr || a == forced) && std::find(algorithms.begin(), algorithms.end(), a) == algorithms.end()) {
                algorithms.push_back(a);
            }
        }
    }
    if (algorithms.empty()) {
        complain("--expect: a " + std::string(forced->display) + " digest has " + std::to_string(forced->digest_size) +
                 " bytes; '" + *text + "' is not one");
        return exit_usage;
    }
    verify::DigestOptions options;
    options.impl = args.value("impl").value_or("best");
    auto digester = verify::FileDigester::make(algorithms, options);
    if (!digester) {
        complain(digester.error().message);
        return exit_usage;
    }
    const auto result = digester.value()->digest(file);
    if (result.status != FileStatus::ok) {
        complain(file + ": " + result.message);
        std::cout << file << ": FAILED open or read\n";
        return exit_failed;
    }
    for (std::size_t i = 0; i < algorithms.size(); ++i) {
        for (const auto& reading : readings) {
            if (same_bytes(result.digests[i], reading.bytes)) {
                std::cout << file << ": OK (" << algorithms[i]->display << ")\n";
                return exit_ok;
            }
        }
    }
    if (algorithms.size() == 1) {
        std::cout << file << ": FAILED (" << algorithms[0]->display << " is " << result.digests[0].hex() << ")\n";
    } else {
        std::cout << file << ": FAILED (no digest matched; tried " << names_of(algorithms) << ")\n";
    }
    return exit_failed;
}

}  // namespace hashscope::cli
