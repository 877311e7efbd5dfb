// What an object store says a file's checksum is, computed from the local file, and the values
// stores show read back (docs/architecture.md §6).
//
// S3 keeps CRC-32, CRC-32C, CRC-64/NVME, SHA-1 and SHA-256 of every object, shown in base64 of
// the big-endian value. A multipart upload's value is either *full-object* (the checksum of the
// whole object, as if it had been one PUT) or *composite*: the checksum of the concatenated binary
// checksums of the parts, shown as "BASE64-N" for N parts. Its ETag is the composite of MD5s in
// hex ("HEX-N"); a single PUT's ETag is the file's MD5. CRC-64/NVME is full-object only, SHA-1 and
// SHA-256 composite only, the CRC-32s either (composite unless the upload asked for full-object).
// GCS shows CRC-32C and MD5 of the whole object in base64.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/algorithm.hpp"
#include "hashscope/file_hash.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/result.hpp"

namespace hashscope::verify {

enum class ObjectChecksumType { full_object, composite };

// How an object was uploaded: in one PUT (part_size 0), or in parts of part_size bytes (the last
// part shorter), with the checksum type the upload asked for.
struct ObjectLayout {
    std::uint64_t part_size = 0;
    ObjectChecksumType type = ObjectChecksumType::full_object;
};

// A value as a store shows it: base64 of `bytes` ("-N" added for a composite of N parts), or an
// ETag: hex, "-N" for N parts.
struct ObjectValue {
    std::vector<std::uint8_t> bytes;
    std::uint64_t parts = 0;  // N of "-N"; 0 for a value without a part count
    bool etag = false;        // hex (an ETag), not base64
};

std::string format_object_value(const ObjectValue& value);
// "BASE64", "BASE64-N", "HEX-N" or "\"HEX-N\"" (ETags come quoted from head-object and HTTP).
// An error says what is wrong: base64 that does not decode, "-0", a count that is no number.
Result<ObjectValue> parse_object_value(std::string_view text);

// The layout S3 gives `algorithm` for an upload in parts of part_size (0: one PUT) when the upload
// asked for `requested` (nullopt: S3's default). An error for an algorithm S3 does not keep, or a
// type it does not allow (a composite CRC-64/NVME, a full-object SHA-256 in parts).
Result<ObjectLayout> s3_layout(const AlgorithmInfo& algorithm, std::uint64_t part_size,
                               std::optional<ObjectChecksumType> requested);

// The number of parts of a file of `size` bytes in parts of part_size: 1 for an empty file.
std::uint64_t part_count(std::uint64_t size, std::uint64_t part_size);

// The part sizes clients use (the AWS CLI's 8 MiB, the SDKs' 5, 8 and 16 MiB, rclone's and
// others'), and the even splits, that cut a file of `size` bytes into exactly `parts` parts.
std::vector<std::uint64_t> candidate_part_sizes(std::uint64_t size, std::uint64_t parts);

struct ObjectChecksumOptions {
    const Registry* registry = nullptr;  // nullptr: Registry::host()
    std::string impl = "best";
    unsigned threads = 0;  // threads reading parts at once; 0: every core
};

struct ObjectChecksum {
    FileStatus status = FileStatus::ok;
    std::string message;
    std::uint64_t size = 0;
    ObjectValue value;                                   // what the store would show
    std::vector<std::vector<std::uint8_t>> part_values;  // composite: each part's checksum
};

// Reads `path` once, each part on its own thread, and computes what S3 would show for it.
ObjectChecksum object_checksum(const std::filesystem::path& path, const AlgorithmInfo& algorithm,
                               const ObjectLayout& layout, const ObjectChecksumOptions& options = {},
                               std::stop_token stop = {});

}  // namespace hashscope::verify
