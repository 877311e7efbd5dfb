#include "hashscope/verify/object_checksum.hpp"

#include <algorithm>
#include <charconv>
#include <memory>
#include <string>
#include <thread>

#include "common/ascii.hpp"
#include "hashscope/split_digest.hpp"
#include "hashscope/verify/expected_digest.hpp"
#include "hashscope/verify/file_digester.hpp"
#include "verify/open_file.hpp"
#include "verify/piece_reader.hpp"

namespace hashscope::verify {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
// Each thread reads its part in blocks that stay in its core's L2 while the part's hasher reads
// them back (1 MiB blocks cost ~5 % more CPU on a composite SHA-256 here).
constexpr std::size_t kReadBlock = std::size_t{256} << 10;

// S3's checksum algorithms, with the types a multipart upload may ask for.
struct S3Rule {
    std::string_view id;
    bool full_object;  // may be full-object in parts
    bool composite;    // may be composite in parts
};
constexpr std::array<S3Rule, 6> kS3Rules{{
    {"crc32", true, true},
    {"crc32c", true, true},
    {"crc64nvme", true, false},
    {"sha1", false, true},
    {"sha256", false, true},
    {"md5", false, true},  // the ETag: MD5 of a PUT, composite of the parts' MD5s
}};

// Each part of the object as a piece of the piece reader: its own hasher. finish() gives the
// checksum of the parts' checksums, in part order.
class CompositeDigest final : public SplitDigest {
public:
    CompositeDigest(const Registry& registry, const AlgorithmInfo& algorithm, std::string impl, std::uint64_t parts)
        : registry_(registry), algorithm_(algorithm), impl_(std::move(impl)) {
        parts_.reserve(static_cast<std::size_t>(parts));
        for (std::uint64_t i = 0; i < parts; ++i) parts_.push_back(std::make_unique<Part>(make()));
    }

    [[nodiscard]] std::size_t pieces() const override { return parts_.size(); }
    Piece& piece(std::size_t index) override { return *parts_[index]; }
    Digest finish() override {
        auto whole = make();
        part_values_.clear();
        for (auto& part : parts_) {
            const Digest d = part->hasher->finish();
            part_values_.emplace_back(d.bytes().begin(), d.bytes().end());
            whole->update(std::as_bytes(d.bytes()));
        }
        return whole->finish();
    }
    [[nodiscard]] const std::vector<std::vector<std::uint8_t>>& part_values() const { return part_values_; }

private:
    struct Part final : Piece {
        explicit Part(HasherPtr h) : hasher(std::move(h)) {}
        void update(std::span<const std::byte> data) override { hasher->update(data); }
        HasherPtr hasher;
    };
    // make() was checked to succeed before the first part was made (object_checksum below).
    HasherPtr make() { return registry_.make_hasher(algorithm_.id, impl_).value(); }

    const Registry& registry_;
    const AlgorithmInfo& algorithm_;
    std::string impl_;
    std::vector<std::unique_ptr<Part>> parts_;
    std::vector<std::vector<std::uint8_t>> part_values_;
};

ObjectChecksum failed(FileStatus status, std::string message) {
    ObjectChecksum out;
    out.status = status;
    out.message = std::move(message);
    return out;
}

ObjectChecksum composite_checksum(const std::filesystem::path& path, const AlgorithmInfo& algorithm,
                                  std::uint64_t part_size, const ObjectChecksumOptions& options,
                                  const std::stop_token& stop) {
    const Registry& registry = options.registry != nullptr ? *options.registry : Registry::host();
    if (auto probe = registry.make_hasher(algorithm.id, options.impl); !probe) {
        return failed(FileStatus::unreadable, probe.error().message);
    }
    OpenedFile file;
    OpenError error;
    if (!open_for_hashing(path, file, error)) {
        return failed(error.kind == OpenFailure::not_regular ? FileStatus::not_regular : FileStatus::unreadable,
                      error.message);
    }
    const auto size = static_cast<std::uint64_t>(file.before.st_size);
    const std::uint64_t parts = part_count(size, part_size);
    CompositeDigest composite(registry, algorithm, options.impl, parts);
    SplitDigest* splits[] = {&composite};
    const unsigned cores = std::max(1U, std::thread::hardware_concurrency());
    const unsigned threads =
        static_cast<unsigned>(std::min<std::uint64_t>(parts, options.threads == 0 ? cores : options.threads));
    const ReadOutcome read =
        run_piece_reader(file.fd.get(), &::pread, nullptr, size, std::max<std::uint64_t>(part_size, 1), splits, threads,
                         kReadBlock, {}, stop);
    switch (read.end) {
        case ReadOutcome::End::complete:
            break;
        case ReadOutcome::End::cancelled:
            return failed(FileStatus::cancelled, {});
        case ReadOutcome::End::failed:
            return failed(FileStatus::unreadable, read.error);
        case ReadOutcome::End::short_read:
            return failed(FileStatus::changed, "the file became shorter while it was read");
    }
    struct stat after {};
    if (fstat(file.fd.get(), &after) != 0 || !same_version(file.before, after)) {
        return failed(FileStatus::changed, "the file changed while it was read");
    }
    ObjectChecksum out;
    out.size = size;
    const Digest d = composite.finish();
    out.value = {{d.bytes().begin(), d.bytes().end()}, parts, algorithm.id == "md5"};
    out.part_values = composite.part_values();
    return out;
}

}  // namespace

std::string format_object_value(const ObjectValue& value) {
    std::string out = value.etag ? to_hex(value.bytes) : to_base64(value.bytes);
    if (value.parts != 0) out += "-" + std::to_string(value.parts);
    return out;
}

Result<ObjectValue> parse_object_value(std::string_view text) {
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"') text = text.substr(1, text.size() - 2);
    ObjectValue value;
    std::string_view digest = text;
    // "-N": base64 has no '-' (URL-safe base64 does, but stores do not use it with a count).
    if (const auto dash = text.find_last_of('-'); dash != std::string_view::npos) {
        const std::string_view count = text.substr(dash + 1);
        std::uint64_t n = 0;
        const auto [end, error] = std::from_chars(count.data(), count.data() + count.size(), n);
        if (count.empty() || error != std::errc{} || end != count.data() + count.size()) {
            return Error{"'" + std::string(count) + "' after the last '-' is no part count"};
        }
        if (n == 0) return Error{"a part count of 0: an object in parts has at least one"};
        if (n > 10000) return Error{"a part count of " + std::to_string(n) + ": S3 allows at most 10,000 parts"};
        value.parts = n;
        digest = text.substr(0, dash);
    }
    if (digest.empty()) return Error{"no checksum before the part count"};
    // Hex written with dashes between bytes ("de-ad-be-ef") is a digest, not a store's value.
    if (digest.find('-') != std::string_view::npos) return Error{"more than one '-': not a value S3 shows"};
    // An ETag is the hex of an MD5: 32 hex digits (which would also be base64 of 24 bytes, a size
    // no checksum has).
    if (digest.size() == 32 &&
        std::all_of(digest.begin(), digest.end(), [](char c) { return ascii::hex_value(c) >= 0; })) {
        value.etag = true;
        for (std::size_t i = 0; i < 32; i += 2) {
            value.bytes.push_back(
                static_cast<std::uint8_t>(ascii::hex_value(digest[i]) * 16 + ascii::hex_value(digest[i + 1])));
        }
        return value;
    }
    std::string why;
    auto bytes = decode_base64(digest, why);
    if (!bytes) return Error{"'" + std::string(digest) + "' is neither base64 nor an ETag's 32 hex digits: " + why};
    value.bytes = std::move(*bytes);
    return value;
}

Result<ObjectLayout> s3_layout(const AlgorithmInfo& algorithm, std::uint64_t part_size,
                               std::optional<ObjectChecksumType> requested) {
    const auto rule =
        std::find_if(kS3Rules.begin(), kS3Rules.end(), [&](const S3Rule& r) { return r.id == algorithm.id; });
    if (rule == kS3Rules.end()) {
        return Error{"S3 keeps no " + std::string(algorithm.display) +
                     " checksum (it has CRC-32, CRC-32C, CRC-64/NVME, SHA-1, SHA-256, and MD5 in the ETag)"};
    }
    if (part_size == 0) {
        if (requested == ObjectChecksumType::composite) {
            return Error{"a composite checksum needs an upload in parts: give --part-size"};
        }
        return ObjectLayout{0, ObjectChecksumType::full_object};
    }
    const ObjectChecksumType type =
        requested.value_or(rule->composite ? ObjectChecksumType::composite : ObjectChecksumType::full_object);
    if (type == ObjectChecksumType::composite && !rule->composite) {
        return Error{"S3 keeps " + std::string(algorithm.display) +
                     " of an upload in parts only as a full-object checksum"};
    }
    if (type == ObjectChecksumType::full_object && !rule->full_object) {
        return Error{"S3 keeps " + std::string(algorithm.display) +
                     " of an upload in parts only as a composite checksum"};
    }
    return ObjectLayout{part_size, type};
}

std::uint64_t part_count(std::uint64_t size, std::uint64_t part_size) {
    if (part_size == 0 || size == 0) return 1;
    return (size + part_size - 1) / part_size;
}

std::vector<std::uint64_t> candidate_part_sizes(std::uint64_t size, std::uint64_t parts) {
    std::vector<std::uint64_t> out;
    const auto consider = [&](std::uint64_t p) {
        if (p != 0 && part_count(size, p) == parts && std::find(out.begin(), out.end(), p) == out.end())
            out.push_back(p);
    };
    // The ones clients default to, most common first: the AWS CLI and boto3 (8 MiB), the Java and
    // Go SDKs and S3's minimum (5 MiB), 16 MiB (the JS SDK, rclone's 5 MiB aside), then sizes
    // people configure.
    for (const std::uint64_t mib : {8, 5, 16, 15, 10, 25, 32, 50, 64, 100, 128, 256, 512, 1024, 2048, 4096}) {
        consider(mib * kMiB);
    }
    // Tools that split evenly, exactly or rounded up to a MiB; and the AWS CLI's doubling of its
    // 8 MiB chunk until the file fits in 10,000 parts.
    if (parts != 0) {
        const std::uint64_t even = (size + parts - 1) / parts;
        consider(even);
        consider((even + kMiB - 1) / kMiB * kMiB);
    }
    for (std::uint64_t p = 16 * kMiB; p <= (std::uint64_t{5} << 30); p *= 2) consider(p);
    return out;
}

ObjectChecksum object_checksum(const std::filesystem::path& path, const AlgorithmInfo& algorithm,
                               const ObjectLayout& layout, const ObjectChecksumOptions& options, std::stop_token stop) {
    if (layout.part_size != 0 && layout.type == ObjectChecksumType::composite) {
        return composite_checksum(path, algorithm, layout.part_size, options, stop);
    }
    // One PUT, or a full-object checksum of parts: the checksum of the whole file (a CRC of a large
    // file is still read as parallel pieces, joined by CRC combination).
    DigestOptions digest_options;
    digest_options.registry = options.registry;
    digest_options.impl = options.impl;
    digest_options.threads = options.threads;
    const AlgorithmInfo* algorithms[] = {&algorithm};
    auto digester = FileDigester::make(algorithms, digest_options);
    if (!digester) return failed(FileStatus::unreadable, digester.error().message);
    const FileHashResult result = digester.value()->digest(path, {}, std::move(stop));
    if (result.status != FileStatus::ok) return failed(result.status, result.message);
    ObjectChecksum out;
    out.size = result.bytes;
    const auto bytes = result.digests.front().bytes();
    out.value = {{bytes.begin(), bytes.end()}, 0, algorithm.id == "md5"};
    return out;
}

}  // namespace hashscope::verify
