// A small command-line reader: flags with values ("-a sha256", "--algo=sha256"), switches, and
// operands, with a clear message for anything it does not know.
#pragma once

#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace hashscope::cli {

struct OptionSpec {
    std::string long_name;  // "algo" (for --algo)
    char short_name = 0;    // 'a' (for -a), or 0
    bool takes_value = false;
};

class Arguments {
public:
    // Parses argv[first..]. On a bad flag, ok() is false and error() says why.
    Arguments(int argc, char** argv, int first, const std::vector<OptionSpec>& specs);

    [[nodiscard]] bool ok() const { return error_.empty(); }
    [[nodiscard]] const std::string& error() const { return error_; }
    [[nodiscard]] bool has(std::string_view long_name) const;
    [[nodiscard]] std::optional<std::string> value(std::string_view long_name) const;  // last one given
    [[nodiscard]] std::vector<std::string> values(std::string_view long_name) const;   // all, in order
    [[nodiscard]] const std::vector<std::string>& operands() const { return operands_; }
    // Which of `long_names` was given last (options that override each other); "" for none.
    [[nodiscard]] std::string last_of(std::initializer_list<std::string_view> long_names) const;

private:
    std::vector<std::pair<std::string, std::string>> given_;  // long name, value ("" for switches)
    std::vector<std::string> operands_;
    std::string error_;
};

// "a,b,,c" -> {"a","b","c"}
std::vector<std::string> split_list(std::string_view text, char separator = ',');

}  // namespace hashscope::cli
