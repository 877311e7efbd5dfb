#include "object_values.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "hashscope/bench/sizes.hpp"
#include "hashscope/verify/object_match.hpp"
#include "hashscope/verify/object_metadata.hpp"

namespace hashscope::cli {
namespace {

std::string part_size_text(std::uint64_t bytes) { return bench::format_size(static_cast<std::size_t>(bytes)); }

}  // namespace

std::optional<S3Settings> parse_s3_options(const Arguments& args) {
    S3Settings s;
    s.enabled = args.has("s3");
    if (const auto text = args.value("part-size")) {
        const auto size = bench::parse_size(*text);
        if (!size || size.value() == 0) {
            complain_usage("--part-size: '" + *text + "' is no size (say 8MiB)");
            return std::nullopt;
        }
        s.part_size = size.value();
    }
    if (const auto type = args.value("s3-type")) {
        if (*type == "full-object") {
            s.type = verify::ObjectChecksumType::full_object;
        } else if (*type == "composite") {
            s.type = verify::ObjectChecksumType::composite;
        } else {
            complain_usage("--s3-type: '" + *type + "' is neither full-object nor composite");
            return std::nullopt;
        }
    }
    if (!s.enabled && s.type) {
        complain_usage("--s3-type goes with --s3");
        return std::nullopt;
    }
    return s;
}

int print_s3_values(const std::vector<std::string>& files, const std::vector<const AlgorithmInfo*>& algorithms,
                    const S3Settings& s3, const std::string& impl, LineStyle style) {
    std::vector<verify::ObjectLayout> layouts;
    for (const auto* a : algorithms) {
        auto layout = verify::s3_layout(*a, s3.part_size, s3.type);
        if (!layout) {
            complain_usage(layout.error().message);
            return exit_usage;
        }
        layouts.push_back(layout.value());
    }
    verify::ObjectChecksumOptions options;
    options.impl = impl;
    bool ok = true;
    for (const auto& file : files) {
        for (std::size_t i = 0; i < algorithms.size(); ++i) {
            const auto result = verify::object_checksum(file, *algorithms[i], layouts[i], options);
            if (result.status != FileStatus::ok) {
                complain(file + ": " + result.message);
                ok = false;
                break;
            }
            const std::string value = verify::format_object_value(result.value);
            std::cout << (algorithms.size() > 1 ? bsd_line(algorithms[i]->bsd_tag, file, value, style)
                                                : gnu_line(value, file, style))
                      << std::flush;
        }
    }
    return ok ? exit_ok : exit_failed;
}

int verify_object_value(const std::string& file, const verify::ObjectValue& value, const AlgorithmInfo* forced,
                        const S3Settings& s3, const std::string& impl) {
    verify::ObjectChecksumOptions options;
    options.impl = impl;
    const auto m = verify::match_object_value(file, value, forced, s3.part_size, options);
    using Outcome = verify::ObjectMatch::Outcome;
    switch (m.outcome) {
        case Outcome::matched:
            std::cout << file << ": OK (" << m.how << ")\n";
            return exit_ok;
        case Outcome::no_algorithm:
            complain("--expect: " + m.reason);
            return exit_usage;
        case Outcome::unreadable:
        case Outcome::stopped:
            complain(file + ": " + m.reason);
            std::cout << file << ": FAILED open or read\n";
            return exit_failed;
        case Outcome::no_part_size:
            // The search's reason; a size that would fit can be named with --part-size.
            std::cout << file << ": FAILED (" << m.reason << (s3.part_size == 0 ? ": give it with --part-size" : "")
                      << ")\n";
            return exit_failed;
        case Outcome::mismatched:
            break;
    }
    std::cout << file << ": FAILED (no match; tried ";
    for (std::size_t i = 0; i < m.tried.size(); ++i) std::cout << (i == 0 ? "" : ", ") << m.tried[i];
    std::cout << ")\n";
    return exit_failed;
}

namespace {

// A metadata file is a few KiB (a 10,000-part listing ~1.5 MB): anything far larger is no metadata.
constexpr std::uintmax_t kMaxMetadataBytes = std::uintmax_t{64} << 20;

std::optional<std::string> read_metadata(const std::string& path) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) {
        complain(path + ": " + ec.message());
        return std::nullopt;
    }
    if (size > kMaxMetadataBytes) {
        complain(path + ": " + std::to_string(size) + " bytes is no object's metadata (at most 64 MiB read)");
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in && !in.eof()) {
        complain(path + ": cannot be read");
        return std::nullopt;
    }
    return text.str();
}

}  // namespace

int verify_against_metadata(const std::string& file, const std::string& metadata_path, const AlgorithmInfo* forced,
                            const std::string& impl) {
    const auto text = read_metadata(metadata_path);
    if (!text) return exit_usage;
    auto parsed = verify::parse_object_metadata(*text);
    if (!parsed) {
        complain(metadata_path + ": " + parsed.error().message);
        return exit_usage;
    }
    const verify::ObjectMetadata& m = parsed.value();
    std::uint64_t listed = 0;
    if (!m.parts.empty()) {
        auto size = verify::listed_part_size(m);
        if (!size) {
            complain(metadata_path + ": " + size.error().message);
            return exit_usage;
        }
        listed = size.value();
    }
    const std::string from = "; from " + m.source + " " + metadata_path;
    std::error_code ec;
    const auto file_size = std::filesystem::file_size(file, ec);
    if (ec) {
        complain(file + ": " + ec.message());
        std::cout << file << ": FAILED open or read\n";
        return exit_failed;
    }
    if (m.size && *m.size != file_size) {
        std::cout << file << ": FAILED (the object has " << *m.size << " bytes, the file " << file_size << from
                  << ")\n";
        return exit_failed;
    }

    verify::ObjectChecksumOptions options;
    options.impl = impl;
    // The first listed part that differs, or "" when all agree (or no part lists a checksum).
    const auto first_bad_part = [&]() -> std::string {
        const auto d = verify::first_differing_part(file, m, options);
        return d ? verify::describe_part_difference(*d) : std::string();
    };

    bool all_ok = true;
    bool checked = false;
    for (const auto& stored : m.checksums) {
        if (forced != nullptr && stored.algorithm != forced) continue;
        checked = true;
        const auto& a = *stored.algorithm;
        const bool composite = stored.value.parts != 0;
        std::vector<std::uint64_t> sizes{0};
        if (composite) {
            sizes = listed != 0 && verify::part_count(file_size, listed) == stored.value.parts
                        ? std::vector<std::uint64_t>{listed}
                        : verify::candidate_part_sizes(file_size, stored.value.parts);
        }
        const std::string what =
            stored.field + " (" +
            (composite ? (stored.value.etag ? std::string("multipart MD5") : "composite " + std::string(a.display))
                       : std::string(a.display)) +
            ")";
        bool matched = false;
        std::uint64_t matched_size = 0;
        for (const std::uint64_t part_size : sizes) {
            const verify::ObjectLayout layout{
                part_size, composite ? verify::ObjectChecksumType::composite : verify::ObjectChecksumType::full_object};
            const auto result = verify::object_checksum(file, a, layout, options);
            if (result.status != FileStatus::ok) {
                complain(file + ": " + result.message);
                std::cout << file << ": FAILED open or read\n";
                return exit_failed;
            }
            if (result.value.bytes == stored.value.bytes && result.value.parts == stored.value.parts) {
                matched = true;
                matched_size = part_size;
                break;
            }
        }
        if (matched) {
            std::cout << file << ": OK (" << what
                      << (composite ? ", " + part_size_text(matched_size) + " parts" : std::string()) << from << ")\n";
            continue;
        }
        all_ok = false;
        std::string why = first_bad_part();
        if (why.empty() && composite && sizes.empty()) {
            why = "no part size clients use cuts the file into " + std::to_string(stored.value.parts) + " parts";
        }
        std::cout << file << ": FAILED (" << what << (why.empty() ? std::string(" differs") : ": " + why) << from
                  << ")\n";
    }
    if (!checked) {
        complain(metadata_path + ": no " + std::string(forced->display) + " checksum in it");
        return exit_usage;
    }
    return all_ok ? exit_ok : exit_failed;
}

}  // namespace hashscope::cli
