#include "bench/file_workloads.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <random>
#include <stdexcept>

#include "hashscope/file_hash.hpp"

namespace hashscope::bench::detail {
namespace {

class FileWorkload final : public Workload {
public:
    FileWorkload(HasherPtr hasher, std::filesystem::path file) : hasher_(std::move(hasher)), file_(std::move(file)) {}
    void run(std::size_t operations) override {
        Hasher* hashers[] = {hasher_.get()};
        for (std::size_t i = 0; i < operations; ++i) {
            if (hash_file(file_, hashers).status != FileStatus::ok)
                throw std::runtime_error("cannot read " + file_.string());
        }
    }

private:
    HasherPtr hasher_;
    std::filesystem::path file_;
};

class CommandWorkload final : public Workload {
public:
    explicit CommandWorkload(std::vector<std::string> argv) : argv_(std::move(argv)) {}
    void run(std::size_t operations) override {
        std::vector<char*> args;
        args.reserve(argv_.size() + 1);
        for (auto& a : argv_) args.push_back(a.data());
        args.push_back(nullptr);
        for (std::size_t i = 0; i < operations; ++i) {
            posix_spawn_file_actions_t actions;
            posix_spawn_file_actions_init(&actions);
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
            pid_t pid = 0;
            const int error = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
            posix_spawn_file_actions_destroy(&actions);
            int status = 0;
            if (error != 0 || ::waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
                throw std::runtime_error("the command '" + argv_[0] + "' failed");
            }
        }
    }

private:
    std::vector<std::string> argv_;
};

}  // namespace

ScratchFile::ScratchFile(std::size_t size) {
    std::string name = "hashscope-bench-XXXXXX";
    const auto folder = std::filesystem::temp_directory_path();
    std::string pattern = (folder / name).string();
    const int fd = ::mkstemp(pattern.data());
    if (fd < 0) throw std::runtime_error("cannot create a scratch file in " + folder.string());
    ::close(fd);
    path_ = pattern;
    std::ofstream out(path_, std::ios::binary);
    // The same bytes every time, so that runs compare.
    std::mt19937_64 rng(30);  // NOLINT(bugprone-random-generator-seed)
    std::vector<std::uint64_t> block(1 << 13);
    for (std::size_t written = 0; written < size;) {
        for (auto& w : block) w = rng();
        const std::size_t n = std::min(size - written, block.size() * sizeof(std::uint64_t));
        out.write(reinterpret_cast<const char*>(block.data()), static_cast<std::streamsize>(n));
        written += n;
    }
    if (!out) throw std::runtime_error("cannot write the scratch file " + path_.string());
}

ScratchFile::~ScratchFile() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
}

Result<std::unique_ptr<Workload>> make_file_workload(const Participant& participant, const Registry& registry,
                                                     const std::filesystem::path& file) {
    auto hasher = registry.make_hasher(participant.algorithm, participant.implementation);
    if (!hasher) return hasher.error();
    return std::unique_ptr<Workload>(std::make_unique<FileWorkload>(std::move(hasher.value()), file));
}

std::unique_ptr<Workload> make_command_workload(std::vector<std::string> argv) {
    return std::make_unique<CommandWorkload>(std::move(argv));
}

}  // namespace hashscope::bench::detail
