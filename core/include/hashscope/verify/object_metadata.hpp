// An object's metadata as the stores' command-line tools print it, reduced to what a local file
// can be checked against: the object's size, its checksums (with their part counts) and, where
// listed, each part's size and checksum. Read from:
//   aws s3api head-object --checksum-mode ENABLED          ContentLength, ETag, ChecksumCRC32...
//   aws s3api get-object-attributes --object-attributes ETag Checksum ObjectParts ObjectSize
//                                                          ObjectSize, ETag, Checksum{...}, ObjectParts{Parts[]}
//   gcloud storage objects describe --format=json          size, crc32c_hash, md5_hash (base64)
//   the GCS JSON API (gsutil, REST)                        size, crc32c, md5Hash
//   az storage blob show, or Azure's response headers      properties.contentLength, contentMd5,
//                                                          Content-MD5, x-ms-content-crc64
// Nothing is fetched: the user brings the JSON.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/algorithm.hpp"
#include "hashscope/result.hpp"
#include "hashscope/verify/object_checksum.hpp"

namespace hashscope::verify {

struct StoredChecksum {
    const AlgorithmInfo* algorithm = nullptr;
    ObjectValue value;
    std::string field;                       // where it was: "Checksum.ChecksumCRC32C", "ETag", "crc32c_hash"
    std::optional<ObjectChecksumType> type;  // S3's ChecksumType, when given
};

struct StoredPart {
    std::uint64_t number = 0;  // 1-based, as S3 numbers parts
    std::uint64_t size = 0;
    std::vector<std::uint8_t> value;  // the part's checksum (of parts_algorithm)
};

struct ObjectMetadata {
    std::string source;  // "S3 head-object", "S3 get-object-attributes", "GCS", "Azure"
    std::optional<std::uint64_t> size;
    std::vector<StoredChecksum> checksums;
    std::vector<StoredPart> parts;  // in part order; empty when not listed
    const AlgorithmInfo* parts_algorithm = nullptr;
    bool parts_truncated = false;  // S3 lists at most 1,000 parts a call (IsTruncated)
};

// Errors name the field and what is wrong with it; JSON of none of these shapes says so.
Result<ObjectMetadata> parse_object_metadata(std::string_view json);

}  // namespace hashscope::verify
