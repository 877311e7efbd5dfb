// What an object store shows for a file (S3's base64 checksums, composite "BASE64-N" and the
// multipart ETag "HEX-N"): `sum --s3` prints it, `verify --expect` accepts it
// (hashscope/verify/object_checksum.hpp computes it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arguments.hpp"
#include "hashscope/algorithm.hpp"
#include "hashscope/sums_format.hpp"
#include "hashscope/verify/object_checksum.hpp"

namespace hashscope::cli {

struct S3Settings {
    bool enabled = false;                            // --s3
    std::uint64_t part_size = 0;                     // --part-size; 0: not given
    std::optional<verify::ObjectChecksumType> type;  // --s3-type
};

// --s3, --part-size SIZE and --s3-type full-object|composite; nullopt after complaining.
std::optional<S3Settings> parse_s3_options(const Arguments& args);

// `sum --s3`: one line per file and algorithm, "VALUE  NAME" (BSD-tagged with several algorithms).
// Returns the exit status (a usage error for an algorithm or type S3 does not have).
int print_s3_values(const std::vector<std::string>& files, const std::vector<const AlgorithmInfo*>& algorithms,
                    const S3Settings& s3, const std::string& impl, LineStyle style);

// `verify FILE --expect VALUE` where VALUE has a part count ("BASE64-N", "HEX-N"): tries the
// algorithms of that length (or -a) and the part sizes that make N parts (or --part-size), and
// says which matched. Returns the exit status.
int verify_object_value(const std::string& file, const verify::ObjectValue& value, const AlgorithmInfo* forced,
                        const S3Settings& s3, const std::string& impl);

// `verify FILE --remote METADATA.json`: every checksum the metadata holds (object_metadata.hpp),
// and the object's size; with the parts listed, the first part that differs is named. Returns the
// exit status.
int verify_against_metadata(const std::string& file, const std::string& metadata_path, const AlgorithmInfo* forced,
                            const std::string& impl);

}  // namespace hashscope::cli
