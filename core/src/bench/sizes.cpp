#include "hashscope/bench/sizes.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>

#include "common/ascii.hpp"

namespace hashscope::bench {
namespace {

constexpr std::size_t kMaxSize = std::size_t{1} << 40;  // 1 TiB: anything larger is a typo
constexpr std::size_t kMaxSizes = 10000;                // more is a typo too, and would take days

Error too_many(std::string_view item) { return Error{"range '" + std::string(item) + "' has more than 10000 sizes"}; }

}  // namespace

Result<std::size_t> parse_size(std::string_view text) {
    text = ascii::trim(text);
    std::size_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end == text.data())
        return Error{"'" + std::string(text) + "' is not a size (e.g. 64, 4KiB, 1MiB)"};
    const std::string unit =
        ascii::lower(ascii::trim(std::string_view(end, static_cast<std::size_t>(text.data() + text.size() - end))));
    std::size_t scale = 0;
    if (unit.empty() || unit == "b") {
        scale = 1;
    } else if (unit == "k" || unit == "kb" || unit == "kib") {
        scale = std::size_t{1} << 10;
    } else if (unit == "m" || unit == "mb" || unit == "mib") {
        scale = std::size_t{1} << 20;
    } else if (unit == "g" || unit == "gb" || unit == "gib") {
        scale = std::size_t{1} << 30;
    } else {
        return Error{"unknown unit '" + unit + "' in '" + std::string(text) + "' (use B, KiB, MiB or GiB)"};
    }
    if (value == 0) return Error{"a size must be at least 1 byte: '" + std::string(text) + "'"};
    if (value > kMaxSize / scale) return Error{"size '" + std::string(text) + "' is larger than 1 TiB"};
    return value * scale;
}

Result<std::vector<std::size_t>> parse_sizes(std::string_view text) {
    std::vector<std::size_t> sizes;
    auto add = [&](std::size_t s) {
        if (std::find(sizes.begin(), sizes.end(), s) == sizes.end()) sizes.push_back(s);
    };
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto comma = std::min(text.find(',', start), text.size());
        const auto item = ascii::trim(text.substr(start, comma - start));
        start = comma + 1;
        if (item.empty()) continue;
        const auto dots = item.find("..");
        if (dots == std::string_view::npos) {
            auto size = parse_size(item);
            if (!size) return size.error();
            add(*size);
            continue;
        }
        // A range: FROM..TO[:xFACTOR | :+STEP]; the default step doubles.
        const auto colon = item.find(':', dots);
        auto from = parse_size(item.substr(0, dots));
        auto to = parse_size(
            item.substr(dots + 2, colon == std::string_view::npos ? std::string_view::npos : colon - dots - 2));
        if (!from) return from.error();
        if (!to) return to.error();
        if (*from > *to) return Error{"range '" + std::string(item) + "' runs backwards"};
        std::string_view step = colon == std::string_view::npos ? "x2" : item.substr(colon + 1);
        if (step.size() < 2 || (step[0] != 'x' && step[0] != '+')) {
            return Error{"range step '" + std::string(step) + "' must be xFACTOR or +STEP (e.g. 64..4MiB:x4)"};
        }
        if (step[0] == 'x') {
            std::size_t factor = 0;
            const auto [p, ec] = std::from_chars(step.data() + 1, step.data() + step.size(), factor);
            if (ec != std::errc() || p != step.data() + step.size() || factor < 2) {
                return Error{"range factor in '" + std::string(item) + "' must be a whole number of at least 2"};
            }
            for (std::size_t s = *from; s <= *to; s *= factor) {
                add(s);
                if (s > *to / factor) break;
            }
        } else {
            auto increment = parse_size(step.substr(1));
            if (!increment) return increment.error();
            if ((*to - *from) / *increment >= kMaxSizes) return too_many(item);
            for (std::size_t s = *from; s <= *to; s += *increment) add(s);
        }
        if (sizes.size() > kMaxSizes) return too_many(item);
    }
    if (sizes.empty()) return Error{"no sizes given"};
    return sizes;
}

std::string format_size(std::size_t bytes) {
    static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    std::size_t unit = 0;
    while (unit + 1 < std::size(kUnits) && bytes >= (std::size_t{1024} << (10 * unit)) &&
           bytes % (std::size_t{1} << (10 * (unit + 1))) == 0) {
        ++unit;
    }
    if (unit == 0 && bytes >= std::size_t{1} << 20) {  // not a round number: show one decimal of the best unit
        double value = static_cast<double>(bytes);
        while (value >= 1024 && unit + 1 < std::size(kUnits)) {
            value /= 1024;
            ++unit;
        }
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.1f %s", value, kUnits[unit]);
        return buffer;
    }
    return std::to_string(bytes >> (10 * unit)) + " " + kUnits[unit];
}

std::string format_size_compact(std::size_t bytes) {
    std::string s = format_size(bytes);
    s.erase(std::remove(s.begin(), s.end(), ' '), s.end());
    return s;
}

}  // namespace hashscope::bench
