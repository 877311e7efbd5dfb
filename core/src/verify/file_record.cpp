#include "hashscope/verify/file_record.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <tuple>

#include "common/ascii.hpp"
#include "hashscope/digest.hpp"

namespace hashscope::verify {

namespace {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;  // fields in the order documented, path first

// Longer strings than this are no file name, algorithm or digest: refused rather than kept.
constexpr std::size_t kMaxText = std::size_t{64} * 1024;

bool valid_utf8(const std::string& text) {
    try {
        (void)json(text).dump();
        return true;
    } catch (const json::type_error&) {
        return false;
    }
}

bool is_hex(std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) { return ascii::hex_value(c) >= 0; });
}

std::string hex_of(std::string_view bytes) {
    return to_hex(std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()));
}

bool bytes_of_hex(std::string_view hex, std::string& out) {
    if (hex.size() % 2 != 0 || !is_hex(hex)) return false;
    out.resize(hex.size() / 2);
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i] = static_cast<char>(ascii::hex_value(hex[2 * i]) * 16 + ascii::hex_value(hex[2 * i + 1]));
    }
    return true;
}

// A record is one flat object: anything nested is refused before parsing, so that no input can
// make the parser build (and later free, recursively) a deep tree.
bool nested(std::string_view line) {
    int depth = 0;
    bool in_string = false;
    bool escaped = false;
    for (const char c : line) {
        if (in_string) {
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '"') {
                in_string = false;
            }
        } else if (c == '"') {
            in_string = true;
        } else if (c == '{' || c == '[') {
            if (++depth > 1) return true;
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return false;
}

// The string field `name`; absent or null is "" when `optional`, else an error.
Result<std::string> text(const json& object, const char* name, bool optional) {
    const auto it = object.find(name);
    if (it == object.end() || it->is_null()) {
        if (optional) return std::string();
        return Error{std::string("no \"") + name + "\""};
    }
    if (!it->is_string()) return Error{std::string("\"") + name + "\" is not a string"};
    const auto& value = it->get_ref<const std::string&>();
    if (value.size() > kMaxText) return Error{std::string("\"") + name + "\" is too long"};
    return value;
}

}  // namespace

std::string to_json_line(const FileRecord& record) {
    ordered_json j;
    if (valid_utf8(record.path)) {
        j["path"] = record.path;
    } else {
        j["path_hex"] = hex_of(record.path);
    }
    j["size"] = record.size;
    j["algorithm"] = record.algorithm;
    j["digest"] = record.digest.empty() ? ordered_json(nullptr) : ordered_json(record.digest);
    j["status"] = record.status;
    j["implementation"] = record.implementation.empty() ? ordered_json(nullptr) : ordered_json(record.implementation);
    // Microseconds are as fine as a file's time means anything; a time too large to scale (one read
    // back from a hostile line) is kept as it is, since infinity would be written as null.
    const double micro = std::round(record.seconds * 1e6) / 1e6;
    j["seconds"] = std::isfinite(micro) ? micro : record.seconds;
    if (!record.message.empty()) j["message"] = record.message;
    // A message may quote bytes that are not UTF-8 (an OS error about a name): replaced, not fatal.
    return j.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

Result<FileRecord> parse_json_line(std::string_view line) {
    if (nested(line)) return Error{"nested object or array (a record is one flat JSON object)"};
    json j;
    try {
        j = json::parse(line);
    } catch (const json::parse_error& e) {
        return Error{"not valid JSON (truncated?) at byte " + std::to_string(e.byte)};
    } catch (const json::exception&) {
        return Error{"not valid JSON (a number out of range?)"};
    }
    if (!j.is_object()) return Error{"not a JSON object"};

    FileRecord record;
    const bool has_path = j.contains("path");
    const bool has_hex = j.contains("path_hex");
    if (has_path == has_hex) return Error{"needs exactly one of \"path\" and \"path_hex\""};
    if (has_path) {
        auto path = text(j, "path", false);
        if (!path) return path.error();
        record.path = std::move(*path);
    } else {
        auto hex = text(j, "path_hex", false);
        if (!hex) return hex.error();
        if (!bytes_of_hex(*hex, record.path)) return Error{"\"path_hex\" is not an even number of hex digits"};
    }
    if (record.path.empty()) return Error{"the path is empty"};

    const auto size = j.find("size");
    if (size == j.end()) return Error{"no \"size\""};
    if (!size->is_number_unsigned()) return Error{"\"size\" is not a whole number from 0 to 2^64-1"};
    record.size = size->get<std::uint64_t>();

    auto algorithm = text(j, "algorithm", false);
    if (!algorithm) return algorithm.error();
    record.algorithm = std::move(*algorithm);

    auto digest = text(j, "digest", true);
    if (!digest) return digest.error();
    if (!is_hex(*digest) || digest->size() % 2 != 0) return Error{"\"digest\" is not hex"};
    record.digest = std::move(*digest);

    auto status = text(j, "status", false);
    if (!status) return status.error();
    if (std::find(kRecordStatuses.begin(), kRecordStatuses.end(), *status) == kRecordStatuses.end()) {
        return Error{"unknown \"status\" (ok, failed, missing, unreadable, not_regular, changed, refused, cancelled)"};
    }
    record.status = std::move(*status);

    auto implementation = text(j, "implementation", true);
    if (!implementation) return implementation.error();
    record.implementation = std::move(*implementation);

    const auto seconds = j.find("seconds");
    if (seconds != j.end()) {
        if (!seconds->is_number() || !std::isfinite(seconds->get<double>()) || seconds->get<double>() < 0) {
            return Error{"\"seconds\" is not a number of seconds"};
        }
        record.seconds = seconds->get<double>();
    }

    auto message = text(j, "message", true);
    if (!message) return message.error();
    record.message = std::move(*message);
    return record;
}

std::strong_ordering record_order(const FileRecord& a, const FileRecord& b) {
    // std::string compares through char_traits<char>, which orders bytes as unsigned char: the
    // order of sort(1) in the C locale.
    return std::tie(a.path, a.algorithm) <=> std::tie(b.path, b.algorithm);
}

}  // namespace hashscope::verify
