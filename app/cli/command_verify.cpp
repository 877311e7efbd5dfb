// `hashscope-cli verify FILE [--expect DIGEST] [-a ALGO]`: does this file have this digest? The
// digest may be hex (any case, spaces, colons) or base64 (as S3's x-amz-checksum-* headers give
// it); without -a, every algorithm whose digest length fits is computed, from one read, and the
// one that matches is named. Without --expect, the checksum files beside FILE that list it
// (FILE.sha256, SHA256SUMS, ...) say what to expect.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "algorithm_option.hpp"
#include "arguments.hpp"
#include "commands.hpp"
#include "hashscope/verify/expected_digest.hpp"
#include "hashscope/verify/file_digester.hpp"
#include "hashscope/verify/sidecar.hpp"
#include "object_values.hpp"

namespace hashscope::cli {
namespace {

// One thing the file is expected to match: a digest with every reading of it, and where it came from.
struct Expectation {
    std::string source;                               // "" for --expect, else the sidecar's path
    std::vector<std::vector<std::uint8_t>> readings;  // the digest's bytes (hex and base64 readings)
    std::vector<const AlgorithmInfo*> candidates;
};

void add_unique(std::vector<const AlgorithmInfo*>& list, const AlgorithmInfo* a) {
    if (std::find(list.begin(), list.end(), a) == list.end()) list.push_back(a);
}

std::string names_of(const std::vector<const AlgorithmInfo*>& algorithms) {
    std::string out;
    for (const auto* a : algorithms) out += (out.empty() ? "" : ", ") + std::string(a->display);
    return out;
}

bool same_bytes(const Digest& digest, const std::vector<std::uint8_t>& expected) {
    const auto bytes = digest.bytes();
    return std::equal(bytes.begin(), bytes.end(), expected.begin(), expected.end());
}

// --expect DIGEST, narrowed to -a; false (after complaining) when it is no digest of that algorithm.
bool expectation_from_text(const std::string& text, const AlgorithmInfo* forced, std::vector<Expectation>& out) {
    const auto readings = verify::parse_expected_digest(text);
    if (readings.empty()) {
        complain("--expect: " + verify::explain_bad_digest(text));
        return false;
    }
    Expectation e;
    for (const auto& reading : readings) {
        bool used = false;
        if (forced != nullptr) {
            // -a blake2b takes the length the digest has (BLAKE2b-256 for 32 bytes), as b2sum -c does.
            if (const auto* sized = with_digest_size(*forced, reading.bytes.size())) {
                add_unique(e.candidates, sized);
                used = true;
            }
        } else {
            for (const auto* a : reading.candidates) add_unique(e.candidates, a);
            used = !reading.candidates.empty();
        }
        if (used) e.readings.push_back(reading.bytes);
    }
    if (e.candidates.empty()) {
        if (forced == nullptr) {
            complain("--expect: '" + text + "' is no digest of an algorithm HashScope knows");
            return false;
        }
        complain("--expect: a " + std::string(forced->display) + " digest has " + std::to_string(forced->digest_size) +
                 " bytes; '" + text + "' is not one");
        return false;
    }
    out.push_back(std::move(e));
    return true;
}

// The sidecars' lines for FILE; false (after complaining) when there are none.
bool expectations_from_sidecars(const std::string& file, const AlgorithmInfo* forced, std::vector<Expectation>& out) {
    for (auto& sidecar : verify::find_sidecars(file)) {
        Expectation e{sidecar.sums_file.string(), {sidecar.entry.expected}, {}};
        for (const auto* a : sidecar.entry.candidates) {
            if (forced == nullptr || &family_of(*a) == &family_of(*forced)) add_unique(e.candidates, a);
        }
        if (!e.candidates.empty()) out.push_back(std::move(e));
    }
    if (out.empty()) {
        complain(file + ": no --expect given, and no checksum file beside it lists it (" + file +
                 ".sha256, SHA256SUMS, ...)");
        return false;
    }
    return true;
}

}  // namespace

int run_verify(int argc, char** argv, int first) {
    const Arguments args(
        argc, argv, first,
        {{"expect", 'e', true}, {"algo", 'a', true}, {"impl", 0, true}, {"part-size", 0, true}, {"remote", 0, true}});
    if (!args.ok()) {
        complain(args.error());
        return exit_usage;
    }
    if (args.operands().size() != 1) {
        complain("usage: hashscope-cli verify FILE [--expect DIGEST] [-a ALGO]");
        return exit_usage;
    }
    const std::string file = args.operands().front();
    const auto algorithm = parse_algorithm_option(args);
    if (!algorithm) return exit_usage;
    const AlgorithmInfo* forced = *algorithm;
    const auto s3 = parse_s3_options(args);
    if (!s3) return exit_usage;
    const auto text = args.value("expect");
    if (const auto remote = args.value("remote")) {
        if (text || s3->part_size != 0) {
            complain_usage("--remote takes the values from the metadata: not with --expect or --part-size");
            return exit_usage;
        }
        return verify_against_metadata(file, *remote, forced, args.value("impl").value_or("best"));
    }
    // A value with a part count is what S3 shows for an upload in parts: "BASE64-N", "HEX-N".
    if (text) {
        auto value = verify::parse_object_value(*text);
        if (value && value.value().parts != 0) {
            return verify_object_value(file, value.value(), forced, *s3, args.value("impl").value_or("best"));
        }
        const auto dash = text->find_last_of('-');
        // One '-', digits after it (hex with dashes between bytes is a digest, read below).
        const bool counted = dash != std::string::npos && text->find('-') == dash && dash + 1 < text->size() &&
                             text->find_first_not_of("0123456789", dash + 1) == std::string::npos;
        if (!value && counted) {  // meant as "VALUE-N", but not one
            complain_usage("--expect: " + value.error().message);
            return exit_usage;
        }
    }
    if (s3->part_size != 0) {
        complain_usage("--part-size goes with an --expect value that has a part count (\"BASE64-N\", \"HEX-N\")");
        return exit_usage;
    }
    std::vector<Expectation> expectations;
    if (!(text ? expectation_from_text(*text, forced, expectations)
               : expectations_from_sidecars(file, forced, expectations))) {
        return exit_usage;
    }

    // Every candidate of every expectation, computed in one read.
    std::vector<const AlgorithmInfo*> algorithms;
    for (const auto& e : expectations) {
        for (const auto* a : e.candidates) add_unique(algorithms, a);
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

    bool all_ok = true;
    for (const auto& e : expectations) {
        const std::string from = e.source.empty() ? "" : ", from " + e.source;
        const AlgorithmInfo* matched = nullptr;
        for (std::size_t i = 0; i < algorithms.size() && matched == nullptr; ++i) {
            if (std::find(e.candidates.begin(), e.candidates.end(), algorithms[i]) == e.candidates.end()) continue;
            for (const auto& bytes : e.readings) {
                if (same_bytes(result.digests[i], bytes)) matched = algorithms[i];
            }
        }
        if (matched != nullptr) {
            std::cout << file << ": OK (" << matched->display << from << ")\n";
            continue;
        }
        all_ok = false;
        if (e.candidates.size() == 1) {
            const auto index = std::find(algorithms.begin(), algorithms.end(), e.candidates[0]) - algorithms.begin();
            std::cout << file << ": FAILED (" << e.candidates[0]->display << " is "
                      << result.digests[static_cast<std::size_t>(index)].hex() << from << ")\n";
        } else {
            std::cout << file << ": FAILED (no digest matched; tried " << names_of(e.candidates) << from << ")\n";
        }
    }
    return all_ok ? exit_ok : exit_failed;
}

}  // namespace hashscope::cli
