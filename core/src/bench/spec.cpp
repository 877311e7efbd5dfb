#include "hashscope/bench/spec.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>

#include "common/ascii.hpp"
#include "hashscope/bench/sizes.hpp"

namespace hashscope::bench {

std::string_view mode_name(Mode mode) {
    switch (mode) {
        case Mode::oneshot:
            return "oneshot";
        case Mode::stream:
            return "stream";
        case Mode::bytewise:
            return "bytewise";
        case Mode::file:
            return "file";
    }
    return "?";
}

std::string mode_label(const ModeSpec& mode) {
    std::string label(mode_name(mode.mode));
    if (mode.mode == Mode::stream) label += ":" + std::to_string(mode.chunk);
    return label;
}

Result<ModeSpec> parse_mode(std::string_view text) {
    if (text == "oneshot") return ModeSpec{Mode::oneshot, 0};
    if (text == "bytewise") return ModeSpec{Mode::bytewise, 0};
    if (text == "file") return ModeSpec{Mode::file, 0};
    if (text.substr(0, 7) == "stream:") {
        auto chunk = parse_size(text.substr(7));
        if (!chunk) return chunk.error();
        if (*chunk == 0) return Error{"a stream chunk must be at least 1 byte"};
        return ModeSpec{Mode::stream, *chunk};
    }
    return Error{"unknown mode '" + std::string(text) + "' (oneshot, stream:CHUNK or bytewise)"};
}

namespace {

// Each non-empty, trimmed item of a comma-separated list, parsed by `parse`; duplicates dropped.
template <typename T, typename Parse>
Result<std::vector<T>> parse_list(std::string_view text, Parse parse, const char* none) {
    std::vector<T> out;
    while (!text.empty()) {
        const auto comma = text.find(',');
        const auto item = ascii::trim(text.substr(0, comma));
        text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
        if (item.empty()) continue;
        Result<T> value = parse(item);
        if (!value) return value.error();
        if (std::find(out.begin(), out.end(), *value) == out.end()) out.push_back(*value);
    }
    if (out.empty()) return Error{none};
    return out;
}

}  // namespace

Result<unsigned> parse_thread_count(std::string_view text) {
    unsigned long value = 0;
    const auto [stop, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || stop != text.data() + text.size() || value < 1 || value > 1024) {
        return Error{"threads are whole numbers from 1 to 1024, not '" + std::string(text) + "'"};
    }
    return static_cast<unsigned>(value);
}

Result<std::vector<ModeSpec>> parse_modes(std::string_view text) {
    return parse_list<ModeSpec>(text, parse_mode, "no mode given (oneshot, stream:CHUNK or bytewise)");
}

Result<std::vector<unsigned>> parse_thread_counts(std::string_view text) {
    return parse_list<unsigned>(text, parse_thread_count, "no thread count given");
}

std::string_view placement_name(Placement placement) { return placement == Placement::hot ? "hot" : "cold"; }

Result<std::vector<Participant>> select_participants(const std::vector<std::string>& algorithms,
                                                     const std::vector<std::string>& implementations,
                                                     const Registry& registry, std::vector<std::string>* skipped) {
    std::vector<Participant> out;
    auto add = [&](std::string_view algorithm, std::string_view impl, bool follows_dispatch = false) {
        Participant p{std::string(algorithm), std::string(impl), follows_dispatch};
        const bool listed = std::any_of(out.begin(), out.end(), [&](const Participant& q) {
            return q == p && q.follows_dispatch == p.follows_dispatch;
        });
        if (!listed) out.push_back(std::move(p));
    };
    const std::vector<std::string> wanted =
        implementations.empty() ? std::vector<std::string>{"best"} : implementations;
    for (const auto& name : algorithms) {
        const auto* algorithm = find_algorithm(name);
        if (algorithm == nullptr) return Error{"unknown algorithm '" + name + "' (see: hashscope-cli list)"};
        for (const auto& impl : wanted) {
            if (impl == "all") {
                for (const auto* row : registry.implementations_of(algorithm->id)) {
                    if (registry.available(*row)) add(algorithm->id, row->id);
                }
                continue;
            }
            const auto* row = registry.find(algorithm->id, impl);
            if (row == nullptr) continue;  // this algorithm has no such implementation: skipped by design
            if (!registry.available(*row)) {
                if (skipped != nullptr) {
                    skipped->push_back(std::string(algorithm->id) + " · " + std::string(row->id) + " (this CPU lacks " +
                                       row->needs.without(registry.features()).to_string() + ")");
                }
                continue;
            }
            add(algorithm->id, row->id, impl == "best" || impl.empty());
        }
    }
    if (out.empty()) return Error{"no algorithm has any of the implementations asked for"};
    return out;
}

}  // namespace hashscope::bench
