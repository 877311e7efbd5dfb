#include "bench/command_comparison.hpp"

#include <array>
#include <string_view>
#include <utility>

namespace hashscope::bench::detail {
namespace {

struct Command {
    std::string_view implementation;
    bool empty_input;
};
constexpr std::array kMd5sumCommands{Command{"md5sum-command", false}, Command{"md5sum-startup", true}};

bool compares(const BenchSpec& spec, Mode mode) { return spec.compare_with_command && mode == Mode::file; }

}  // namespace

std::vector<CommandCell> command_cells(const BenchSpec& spec, Mode mode, const std::filesystem::path& file) {
    std::vector<CommandCell> cells;
    if (!compares(spec, mode)) return cells;
    for (const auto& command : kMd5sumCommands) {
        CommandCell cell;
        cell.participant = {"md5", std::string(command.implementation)};
        cell.backend = "coreutils";
        cell.argv = {"md5sum", command.empty_input ? std::string("/dev/null") : file.string()};
        cell.empty_input = command.empty_input;
        cells.push_back(std::move(cell));
    }
    return cells;
}

std::size_t command_cell_count(const BenchSpec& spec, Mode mode) {
    return compares(spec, mode) ? kMd5sumCommands.size() : 0;
}

}  // namespace hashscope::bench::detail
