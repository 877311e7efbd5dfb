// md5-vs-md5sum: hashing a file in-process against running a command on it, the comparison the
// Perl Bencher study made (a library against `md5sum` on a 30 MB file, start-up measured apart).
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bench/workload.hpp"

namespace hashscope::bench::detail {

// A file of `size` seeded bytes in the temporary folder, removed when this goes.
class ScratchFile {
public:
    explicit ScratchFile(std::size_t size);
    ~ScratchFile();
    ScratchFile(const ScratchFile&) = delete;
    ScratchFile& operator=(const ScratchFile&) = delete;
    [[nodiscard]] const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

// Reads and hashes the file with the registry's hasher, as `hashscope-cli sum` does.
Result<std::unique_ptr<Workload>> make_file_workload(const Participant& participant, const Registry& registry,
                                                     const std::filesystem::path& file);
// Runs a command (argv[0] looked up on PATH) with its output discarded, and waits for it.
std::unique_ptr<Workload> make_command_workload(std::vector<std::string> argv);

}  // namespace hashscope::bench::detail
