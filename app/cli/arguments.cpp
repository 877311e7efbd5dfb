#include "arguments.hpp"

#include <algorithm>

namespace hashscope::cli {

Arguments::Arguments(int argc, char** argv, int first, const std::vector<OptionSpec>& specs) {
    auto find_long = [&](std::string_view name) {
        return std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& s) { return s.long_name == name; });
    };
    auto find_short = [&](char c) {
        return std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& s) { return s.short_name == c; });
    };
    bool only_operands = false;
    for (int i = first; i < argc && error_.empty(); ++i) {
        const std::string arg = argv[i];
        if (only_operands || arg == "-" || arg.size() < 2 || arg[0] != '-') {
            operands_.push_back(arg);
            continue;
        }
        if (arg == "--") {
            only_operands = true;
            continue;
        }
        const bool is_long = arg[1] == '-';
        std::string name;
        std::optional<std::string> inline_value;
        std::vector<OptionSpec>::const_iterator spec;
        if (is_long) {
            name = arg.substr(2);
            if (auto eq = name.find('='); eq != std::string::npos) {
                inline_value = name.substr(eq + 1);
                name.resize(eq);
            }
            spec = find_long(name);
        } else {
            spec = find_short(arg[1]);
            if (arg.size() > 2) inline_value = arg.substr(2);  // -asha256
        }
        if (spec == specs.end()) {
            error_ = "unknown option '" + arg + "'";
            break;
        }
        if (!spec->takes_value) {
            if (inline_value && is_long) {
                error_ = "option '--" + spec->long_name + "' takes no value";
            } else if (inline_value) {
                // Bundled switches such as -rt are not supported; say so rather than guess.
                error_ = "unknown option '" + arg + "'";
            }
            given_.emplace_back(spec->long_name, "");
            continue;
        }
        if (!inline_value) {
            if (i + 1 >= argc) {
                error_ = "option '" + arg + "' needs a value";
                break;
            }
            inline_value = argv[++i];
        }
        given_.emplace_back(spec->long_name, *inline_value);
    }
}

bool Arguments::has(std::string_view long_name) const {
    return std::any_of(given_.begin(), given_.end(), [&](const auto& g) { return g.first == long_name; });
}

std::optional<std::string> Arguments::value(std::string_view long_name) const {
    for (auto it = given_.rbegin(); it != given_.rend(); ++it) {
        if (it->first == long_name) return it->second;
    }
    return std::nullopt;
}

std::vector<std::string> Arguments::values(std::string_view long_name) const {
    std::vector<std::string> out;
    for (const auto& [name, value] : given_) {
        if (name == long_name) out.push_back(value);
    }
    return out;
}

std::string Arguments::last_of(std::initializer_list<std::string_view> long_names) const {
    for (auto it = given_.rbegin(); it != given_.rend(); ++it) {
        if (std::find(long_names.begin(), long_names.end(), it->first) != long_names.end()) return it->first;
    }
    return "";
}

std::vector<std::string> split_list(std::string_view text, char separator) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto end = std::min(text.find(separator, start), text.size());
        if (end > start) out.emplace_back(text.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

}  // namespace hashscope::cli
