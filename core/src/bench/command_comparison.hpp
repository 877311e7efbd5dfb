// md5-vs-md5sum (BenchSpec::compare_with_command): beside hashing a file in-process, the `md5sum`
// command is timed on the same file, and on an empty input for its start-up cost alone — the
// comparison the Perl Bencher study made. The runner measures these cells like any other; which
// commands they run and how the report names them is decided here.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "hashscope/bench/spec.hpp"

namespace hashscope::bench::detail {

// One command timed beside a file-mode group.
struct CommandCell {
    Participant participant;  // how the report names it (algorithm · implementation)
    std::string backend;      // where the command comes from
    std::vector<std::string> argv;
    bool empty_input = false;  // timed on an empty input: reported at size 0
};

// The commands timed beside a group of `mode` whose participants hash `file`: none unless the
// spec asks for the comparison and the group hashes a file.
std::vector<CommandCell> command_cells(const BenchSpec& spec, Mode mode, const std::filesystem::path& file);
// How many command_cells() gives, without a file (for counting a run's cells ahead).
std::size_t command_cell_count(const BenchSpec& spec, Mode mode);

}  // namespace hashscope::bench::detail
