#include "hashscope/verify/object_match.hpp"

#include <algorithm>
#include <system_error>

#include "hashscope/bench/sizes.hpp"

namespace hashscope::verify {
namespace {

std::string part_size_text(std::uint64_t bytes) { return bench::format_size(static_cast<std::size_t>(bytes)); }

// Which part sizes would give N parts at all (ceil(size / P) == N), for a message.
std::string sizes_that_would(std::uint64_t size, std::uint64_t parts) {
    if (parts == 1) return "any part size of at least " + std::to_string(size) + " bytes";
    if (size < parts) return "no part size (the file has fewer bytes than parts)";
    const std::uint64_t low = (size + parts - 1) / parts;
    const std::uint64_t high = (size - 1) / (parts - 1);
    return low <= high ? "part sizes from " + std::to_string(low) + " to " + std::to_string(high) + " bytes"
                       : "no part size";
}

}  // namespace

std::vector<const AlgorithmInfo*> object_value_algorithms(const ObjectValue& value, const AlgorithmInfo* forced) {
    std::vector<const AlgorithmInfo*> out;
    if (forced != nullptr) {
        if (forced->digest_size == value.bytes.size()) out.push_back(forced);
        return out;
    }
    if (value.etag) return {find_algorithm("md5")};
    for (const char* id : {"crc32c", "crc32", "sha256", "sha1"}) {
        const auto* a = find_algorithm(id);
        if (a->digest_size == value.bytes.size()) out.push_back(a);
    }
    return out;
}

std::string describe_object_layout(const AlgorithmInfo& algorithm, const ObjectValue& value, std::uint64_t part_size) {
    if (value.etag) return "S3 multipart ETag (MD5), " + part_size_text(part_size) + " parts";
    return "S3 composite " + std::string(algorithm.display) + ", " + part_size_text(part_size) + " parts";
}

ObjectMatch match_object_value(const std::filesystem::path& path, const ObjectValue& value, const AlgorithmInfo* forced,
                               std::uint64_t part_size, const ObjectChecksumOptions& options, std::stop_token stop) {
    ObjectMatch m;
    const auto algorithms = object_value_algorithms(value, forced);
    if (algorithms.empty()) {
        m.outcome = ObjectMatch::Outcome::no_algorithm;
        m.reason = "a value of " + std::to_string(value.bytes.size()) + " bytes in " + std::to_string(value.parts) +
                   " parts is no S3 checksum" + (forced != nullptr ? " of " + std::string(forced->display) : "") +
                   " (composite values are CRC-32, CRC-32C, SHA-1 or SHA-256; ETags MD5)";
        return m;
    }
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    const auto size = ec || !std::filesystem::is_regular_file(status) ? 0 : std::filesystem::file_size(path, ec);
    if (ec || !std::filesystem::is_regular_file(status)) {
        m.outcome = ObjectMatch::Outcome::unreadable;
        m.reason = "not a regular file that can be read";
        return m;
    }
    std::vector<std::uint64_t> sizes;
    if (part_size != 0) {
        const auto count = part_count(size, part_size);
        if (count != value.parts) {
            m.outcome = ObjectMatch::Outcome::no_part_size;
            m.reason = part_size_text(part_size) + " parts make " + std::to_string(count) +
                       " parts of this file, the value says " + std::to_string(value.parts);
            return m;
        }
        sizes.push_back(part_size);
    } else {
        sizes = candidate_part_sizes(size, value.parts);
    }
    if (sizes.empty()) {
        m.outcome = ObjectMatch::Outcome::no_part_size;
        m.reason = "no part size clients use cuts " + std::to_string(size) + " bytes into " +
                   std::to_string(value.parts) + " parts; " + sizes_that_would(size, value.parts) + " would";
        return m;
    }
    for (const auto* algorithm : algorithms) {
        for (const std::uint64_t candidate : sizes) {
            if (stop.stop_requested()) {
                m.outcome = ObjectMatch::Outcome::stopped;
                return m;
            }
            const auto result =
                object_checksum(path, *algorithm, {candidate, ObjectChecksumType::composite}, options, stop);
            if (result.status != FileStatus::ok) {
                m.outcome = stop.stop_requested() ? ObjectMatch::Outcome::stopped : ObjectMatch::Outcome::unreadable;
                m.reason = result.message;
                return m;
            }
            const std::string how = describe_object_layout(*algorithm, value, candidate);
            if (result.value.bytes == value.bytes && result.value.parts == value.parts) {
                m.outcome = ObjectMatch::Outcome::matched;
                m.how = how;
                m.part_size = candidate;
                m.algorithm = algorithm;
                return m;
            }
            m.tried.push_back(how);
        }
    }
    m.outcome = ObjectMatch::Outcome::mismatched;
    return m;
}

Result<std::uint64_t> listed_part_size(const ObjectMetadata& m) {
    if (m.parts.empty()) return Error{"ObjectParts: no parts listed"};
    const std::uint64_t part_size = m.parts.front().size;
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < m.parts.size(); ++i) {
        const auto& p = m.parts[i];
        if (i + 1 < m.parts.size() && p.size != part_size) {
            return Error{"ObjectParts.Parts[" + std::to_string(i) + "].Size: " + std::to_string(p.size) +
                         " where the first part has " + std::to_string(part_size) + " (parts of different sizes)"};
        }
        total += p.size;
    }
    if (m.size && !m.parts_truncated && total != *m.size) {
        return Error{"ObjectParts: the parts add up to " + std::to_string(total) + " bytes, the object has " +
                     std::to_string(*m.size)};
    }
    return part_size;
}

std::string describe_part_difference(const PartDifference& d) {
    return "part " + std::to_string(d.part) + " of " + std::to_string(d.parts) + ", bytes " +
           std::to_string(d.first_byte) + "–" + std::to_string(d.last_byte) + ", differs";
}

std::optional<PartDifference> first_differing_part(const std::filesystem::path& path, const ObjectMetadata& m,
                                                   const ObjectChecksumOptions& options, std::stop_token stop) {
    if (m.parts_algorithm == nullptr) return std::nullopt;
    const auto listed = listed_part_size(m);
    if (!listed || listed.value() == 0) return std::nullopt;
    const std::uint64_t part_size = listed.value();
    const auto result =
        object_checksum(path, *m.parts_algorithm, {part_size, ObjectChecksumType::composite}, options, stop);
    if (result.status != FileStatus::ok) return std::nullopt;
    for (std::size_t i = 0; i < m.parts.size() && i < result.part_values.size(); ++i) {
        if (!m.parts[i].value.empty() && m.parts[i].value != result.part_values[i]) {
            const std::uint64_t begin = i * part_size;
            return PartDifference{i + 1, result.part_values.size(), begin,
                                  std::min<std::uint64_t>(result.size, begin + part_size) - 1};
        }
    }
    return std::nullopt;
}

}  // namespace hashscope::verify
