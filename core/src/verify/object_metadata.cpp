#include "hashscope/verify/object_metadata.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <charconv>

#include "common/ascii.hpp"

namespace hashscope::verify {
namespace {

using json = nlohmann::json;

// S3's checksum fields and the algorithms they hold.
constexpr std::array<std::pair<std::string_view, std::string_view>, 5> kS3Fields{{
    {"ChecksumCRC32", "crc32"},
    {"ChecksumCRC32C", "crc32c"},
    {"ChecksumCRC64NVME", "crc64nvme"},
    {"ChecksumSHA1", "sha1"},
    {"ChecksumSHA256", "sha256"},
}};

// A value in a message: a short primitive as JSON, anything else by its type (dumping a hostile,
// deeply nested value would recurse without bound).
std::string shown(const json& v) {
    if (!v.is_primitive()) return std::string("a JSON ") + v.type_name();
    std::string text = v.dump();
    if (text.size() > 40) text = text.substr(0, 37) + "...";
    return text;
}

// A size as the tools print it: a number (S3) or a decimal string (gcloud).
Result<std::uint64_t> size_of(const json& v, const std::string& field) {
    if (v.is_number_unsigned()) return v.get<std::uint64_t>();
    if (v.is_string()) {
        const auto& s = v.get_ref<const std::string&>();
        std::uint64_t n = 0;
        const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), n);
        if (!s.empty() && error == std::errc{} && end == s.data() + s.size()) return n;
    }
    return Error{field + ": " + shown(v) + " is no size in bytes"};
}

Result<StoredChecksum> checksum_of(const json& v, std::string field, std::string_view algorithm) {
    if (!v.is_string()) return Error{field + ": a checksum is a string, not " + shown(v)};
    auto value = parse_object_value(v.get_ref<const std::string&>());
    if (!value) return Error{field + ": " + value.error().message};
    const AlgorithmInfo* a = find_algorithm(algorithm);
    // The ETag is an MD5 in hex; a base64 field holds its algorithm's digest size.
    if (algorithm == "md5" && field.find("ETag") != std::string::npos && !value.value().etag) {
        return Error{field + ": " + shown(v) + " is no ETag of 32 hex digits (an encrypted object's ETag is no MD5)"};
    }
    if (value.value().bytes.size() != a->digest_size) {
        return Error{field + ": " + std::to_string(value.value().bytes.size()) + " bytes, but " +
                     std::string(a->display) + " has " + std::to_string(a->digest_size)};
    }
    return StoredChecksum{a, std::move(value.value()), std::move(field), std::nullopt};
}

std::optional<ObjectChecksumType> type_of(const json& object) {
    const auto it = object.find("ChecksumType");
    if (it == object.end() || !it->is_string()) return std::nullopt;
    if (*it == "COMPOSITE") return ObjectChecksumType::composite;
    if (*it == "FULL_OBJECT") return ObjectChecksumType::full_object;
    return std::nullopt;
}

// The S3 checksum fields of `object` (head-object's top level, or get-object-attributes' Checksum).
Result<bool> add_s3_checksums(const json& object, const std::string& prefix, ObjectMetadata& out) {
    for (const auto& [field, algorithm] : kS3Fields) {
        const auto it = object.find(field);
        if (it == object.end()) continue;
        auto c = checksum_of(*it, prefix + std::string(field), algorithm);
        if (!c) return Error{c.error().message};
        c.value().type = type_of(object);
        out.checksums.push_back(std::move(c.value()));
    }
    return true;
}

Result<bool> add_parts(const json& parts_object, ObjectMetadata& out) {
    if (!parts_object.is_object()) return Error{"ObjectParts: not an object"};
    if (const auto t = parts_object.find("IsTruncated"); t != parts_object.end() && t->is_boolean()) {
        out.parts_truncated = t->get<bool>();
    }
    const auto list = parts_object.find("Parts");
    if (list == parts_object.end()) return true;  // only TotalPartsCount: no per-part checksums
    if (!list->is_array()) return Error{"ObjectParts.Parts: not a list"};
    for (std::size_t i = 0; i < list->size(); ++i) {
        const json& p = (*list)[i];
        const std::string where = "ObjectParts.Parts[" + std::to_string(i) + "]";
        if (!p.is_object()) return Error{where + ": not an object"};
        StoredPart part;
        const auto number = p.find("PartNumber");
        const auto size = p.find("Size");
        if (number == p.end() || !number->is_number_unsigned())
            return Error{where + ".PartNumber: missing or no number"};
        if (size == p.end()) return Error{where + ".Size: missing"};
        part.number = number->get<std::uint64_t>();
        auto bytes = size_of(*size, where + ".Size");
        if (!bytes) return Error{bytes.error().message};
        part.size = bytes.value();
        for (const auto& [field, algorithm] : kS3Fields) {
            const auto it = p.find(field);
            if (it == p.end()) continue;
            auto c = checksum_of(*it, where + "." + std::string(field), algorithm);
            if (!c) return Error{c.error().message};
            if (c.value().value.parts != 0)
                return Error{where + "." + std::string(field) + ": a part's checksum has no part count"};
            if (out.parts_algorithm != nullptr && out.parts_algorithm != c.value().algorithm) {
                return Error{where + ": parts with checksums of two algorithms"};
            }
            out.parts_algorithm = c.value().algorithm;
            part.value = std::move(c.value().value.bytes);
        }
        if (part.number != out.parts.size() + 1) {
            return Error{where + ".PartNumber: " + std::to_string(part.number) + " where part " +
                         std::to_string(out.parts.size() + 1) + " comes next"};
        }
        out.parts.push_back(std::move(part));
    }
    return true;
}

Result<ObjectMetadata> read_s3(const json& j) {
    ObjectMetadata out;
    const bool attributes = j.contains("ObjectSize") || j.contains("Checksum") || j.contains("ObjectParts");
    out.source = attributes ? "S3 get-object-attributes" : "S3 head-object";
    const char* size_field = attributes ? "ObjectSize" : "ContentLength";
    if (const auto it = j.find(size_field); it != j.end()) {
        auto size = size_of(*it, size_field);
        if (!size) return Error{size.error().message};
        out.size = size.value();
    }
    if (const auto it = j.find("ETag"); it != j.end()) {
        auto c = checksum_of(*it, "ETag", "md5");
        if (!c) return Error{c.error().message};
        out.checksums.push_back(std::move(c.value()));
    }
    if (auto r = add_s3_checksums(j, "", out); !r) return Error{r.error().message};
    if (const auto it = j.find("Checksum"); it != j.end()) {
        if (!it->is_object()) return Error{"Checksum: not an object"};
        if (auto r = add_s3_checksums(*it, "Checksum.", out); !r) return Error{r.error().message};
    }
    if (const auto it = j.find("ObjectParts"); it != j.end()) {
        if (auto r = add_parts(*it, out); !r) return Error{r.error().message};
    }
    return out;
}

Result<ObjectMetadata> read_gcs(const json& j) {
    ObjectMetadata out;
    out.source = "GCS";
    if (const auto it = j.find("size"); it != j.end()) {
        auto size = size_of(*it, "size");
        if (!size) return Error{size.error().message};
        out.size = size.value();
    }
    for (const auto& [field, algorithm] : std::array<std::pair<std::string_view, std::string_view>, 4>{
             {{"crc32c_hash", "crc32c"}, {"crc32c", "crc32c"}, {"md5_hash", "md5"}, {"md5Hash", "md5"}}}) {
        const auto it = j.find(field);
        if (it == j.end()) continue;
        auto c = checksum_of(*it, std::string(field), algorithm);
        if (!c) return Error{c.error().message};
        if (c.value().value.parts != 0) return Error{std::string(field) + ": GCS values have no part count"};
        out.checksums.push_back(std::move(c.value()));
    }
    return out;
}

// Azure's blob properties, as `az storage blob show` prints them ("properties": {"contentLength",
// "contentSettings": {"contentMd5"}}) or as the response headers in a JSON object ("Content-MD5",
// "x-ms-content-crc64", "Content-Length"; header names in any case). x-ms-content-crc64 is
// CRC-64/NVME (Azure Storage's polynomial 0x9A6C9329AC4BC9B5, reflected, all-ones start and end),
// its eight bytes little-endian, the reverse of how S3 and HashScope write CRC-64/NVME.
const json* find_header(const json& j, std::string_view name) {
    for (auto it = j.begin(); it != j.end(); ++it) {
        if (ascii::lower(it.key()) == ascii::lower(name)) return &*it;
    }
    return nullptr;
}

bool looks_azure(const json& j) {
    if (const auto p = j.find("properties"); p != j.end() && p->is_object()) {
        return p->contains("contentSettings") || p->contains("contentLength");
    }
    return find_header(j, "Content-MD5") != nullptr || find_header(j, "x-ms-content-crc64") != nullptr ||
           find_header(j, "x-ms-blob-content-md5") != nullptr;
}

Result<bool> add_azure_checksum(const json* v, const std::string& field, std::string_view algorithm,
                                ObjectMetadata& out) {
    if (v == nullptr || v->is_null()) return true;
    auto c = checksum_of(*v, field, algorithm);
    if (!c) return Error{c.error().message};
    if (c.value().value.parts != 0) return Error{field + ": Azure values have no part count"};
    if (algorithm == "crc64nvme") std::reverse(c.value().value.bytes.begin(), c.value().value.bytes.end());
    out.checksums.push_back(std::move(c.value()));
    return true;
}

Result<ObjectMetadata> read_azure(const json& j) {
    ObjectMetadata out;
    out.source = "Azure";
    const json* size = nullptr;
    std::string size_field = "Content-Length";
    std::vector<std::pair<const json*, std::string>> md5s;
    if (const auto p = j.find("properties"); p != j.end() && p->is_object()) {
        if (const auto it = p->find("contentLength"); it != p->end()) {
            size = &*it;
            size_field = "properties.contentLength";
        }
        if (const auto settings = p->find("contentSettings"); settings != p->end() && settings->is_object()) {
            if (const auto it = settings->find("contentMd5"); it != settings->end()) {
                md5s.emplace_back(&*it, "properties.contentSettings.contentMd5");
            }
        }
    }
    if (size == nullptr) size = find_header(j, "Content-Length");
    if (size != nullptr) {
        auto bytes = size_of(*size, size_field);
        if (!bytes) return Error{bytes.error().message};
        out.size = bytes.value();
    }
    md5s.emplace_back(find_header(j, "Content-MD5"), "Content-MD5");
    md5s.emplace_back(find_header(j, "x-ms-blob-content-md5"), "x-ms-blob-content-md5");
    for (const auto& [value, field] : md5s) {
        if (auto r = add_azure_checksum(value, field, "md5", out); !r) return Error{r.error().message};
    }
    if (auto r = add_azure_checksum(find_header(j, "x-ms-content-crc64"), "x-ms-content-crc64", "crc64nvme", out); !r) {
        return Error{r.error().message};
    }
    return out;
}

}  // namespace

Result<ObjectMetadata> parse_object_metadata(std::string_view text) {
    json j;
    try {
        j = json::parse(text);
    } catch (const json::exception& e) {
        return Error{std::string("not JSON: ") + e.what()};
    }
    if (!j.is_object()) return Error{"not a JSON object of an object's metadata"};
    Result<ObjectMetadata> out = Error{""};
    const bool s3 = j.contains("ETag") || j.contains("ContentLength") || j.contains("ObjectSize") ||
                    j.contains("Checksum") || j.contains("ChecksumCRC32C") || j.contains("ChecksumCRC64NVME");
    const bool gcs =
        j.contains("crc32c_hash") || j.contains("md5_hash") || j.contains("crc32c") || j.contains("md5Hash");
    if (s3) {
        out = read_s3(j);
    } else if (gcs) {
        out = read_gcs(j);
    } else if (looks_azure(j)) {
        out = read_azure(j);
    } else {
        return Error{
            "neither S3's (head-object, get-object-attributes), GCS's nor Azure's metadata: no ETag, Checksum, "
            "ContentLength, crc32c_hash, md5_hash, properties.contentSettings, Content-MD5 or x-ms-content-crc64"};
    }
    if (out && out.value().checksums.empty() && out.value().parts.empty()) {
        return Error{out.value().source +
                     " metadata without a checksum: for S3 ask with --checksum-mode ENABLED, or "
                     "get-object-attributes --object-attributes Checksum ETag ObjectParts ObjectSize"};
    }
    return out;
}

}  // namespace hashscope::verify
