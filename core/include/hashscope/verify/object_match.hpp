// Is this file the object a store's value describes? A value with a part count ("BASE64-N",
// the ETag "HEX-N") says neither its algorithm nor its part size: the algorithms of its length
// that S3 keeps are tried with the part sizes clients use that cut the file into N parts, and the
// answer names what matched ("S3 composite CRC-32C, 8 MiB parts") or why nothing could.
// The command line's `verify --expect` and the window's expected-digest box both ask here.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "hashscope/algorithm.hpp"
#include "hashscope/result.hpp"
#include "hashscope/verify/object_checksum.hpp"
#include "hashscope/verify/object_metadata.hpp"

namespace hashscope::verify {

// The algorithms a value with a part count may be, most likely first: MD5 for an ETag, else the
// S3 checksums of its length (CRC-32C, CRC-32, SHA-256, SHA-1); only `forced` when given (and only
// if its length fits). Empty when none fits.
std::vector<const AlgorithmInfo*> object_value_algorithms(const ObjectValue& value, const AlgorithmInfo* forced);

// "S3 composite CRC-32C, 8 MiB parts", "S3 multipart ETag (MD5), 8 MiB parts".
std::string describe_object_layout(const AlgorithmInfo& algorithm, const ObjectValue& value, std::uint64_t part_size);

struct ObjectMatch {
    enum class Outcome {
        matched,       // `how` says with what
        mismatched,    // every candidate computed; `tried` lists them
        no_part_size,  // no client part size (or not the one given) makes N parts: `reason`
        no_algorithm,  // no algorithm S3 keeps has this value's length: `reason`
        unreadable,    // `reason`
        stopped,
    };
    Outcome outcome = Outcome::mismatched;
    std::string how;
    std::uint64_t part_size = 0;
    const AlgorithmInfo* algorithm = nullptr;
    std::vector<std::string> tried;
    std::string reason;
};

// Checks `path` against `value` (which has a part count). part_size 0: the usual sizes are tried.
ObjectMatch match_object_value(const std::filesystem::path& path, const ObjectValue& value, const AlgorithmInfo* forced,
                               std::uint64_t part_size, const ObjectChecksumOptions& options = {},
                               std::stop_token stop = {});

// The part size of metadata that lists its parts: every part but the last has it, and they add up
// to the object. An error names the field that says otherwise.
Result<std::uint64_t> listed_part_size(const ObjectMetadata& metadata);

struct PartDifference {
    std::uint64_t part = 0;  // 1-based
    std::uint64_t parts = 0;
    std::uint64_t first_byte = 0;
    std::uint64_t last_byte = 0;
};
// "part 2 of 3, bytes 8388608–16777215, differs"
std::string describe_part_difference(const PartDifference& d);

// Where metadata lists its parts with their checksums: the first part of `path` whose checksum
// is not the listed one (one read, parts on every core). nullopt when all agree, when no part has
// a checksum, or when the file cannot be read.
std::optional<PartDifference> first_differing_part(const std::filesystem::path& path, const ObjectMetadata& metadata,
                                                   const ObjectChecksumOptions& options = {},
                                                   std::stop_token stop = {});

}  // namespace hashscope::verify
