#include "hashscope/verify/multi_file_hasher.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <utility>

#include "verify/digest_hooks.hpp"
#include "verify/ordered_results.hpp"

namespace hashscope::verify {

namespace fs = std::filesystem;

// The line for a spinning disk: ticket t is served once every earlier ticket has been given up,
// and stays served until it is given up itself. Tickets are drawn by workers as they take files,
// so every earlier ticket belongs to a worker that is running and waits for none later than its
// own: nobody waits forever. (A plain lock would give the disk to whichever worker asked first,
// so a small file late in the list could overtake, and rows would not finish top-down.)
struct DiskTurn::Line {
    std::size_t draw() {
        const std::lock_guard lock(mutex);
        return issued++;
    }

    // Blocks until `ticket` is served; false when stopped first.
    bool wait(std::size_t ticket, const std::stop_token& stop) {
        std::unique_lock lock(mutex);
        return served.wait(lock, stop, [&] { return serving == ticket; });
    }

    void give_up(std::size_t ticket) {
        const std::lock_guard lock(mutex);
        given_up.insert(ticket);
        while (!given_up.empty() && *given_up.begin() == serving) {
            given_up.erase(given_up.begin());
            ++serving;
        }
        served.notify_all();
    }

    std::mutex mutex;
    std::condition_variable_any served;
    std::size_t issued = 0;
    std::size_t serving = 0;
    std::set<std::size_t> given_up;  // out of turn (cached, failed, cancelled): skipped when reached
};

DiskTurn::DiskTurn(std::shared_ptr<Line> line, std::size_t ticket) : line_(std::move(line)), ticket_(ticket) {}
DiskTurn::~DiskTurn() {
    if (line_) line_->give_up(ticket_);
}
DiskTurn::DiskTurn(DiskTurn&& other) noexcept : line_(std::move(other.line_)), ticket_(other.ticket_) {}
bool DiskTurn::wait(const std::stop_token& stop) const { return line_ == nullptr || line_->wait(ticket_, stop); }
DiskTurn& DiskTurn::operator=(DiskTurn&& other) noexcept {
    if (this != &other) {
        if (line_) line_->give_up(ticket_);
        line_ = std::move(other.line_);
        ticket_ = other.ticket_;
    }
    return *this;
}

struct HashSession::State {
    MultiHashOptions options;
    DigestHooks hooks;
    std::shared_ptr<DiskTurn::Line> line = std::make_shared<DiskTurn::Line>();
    std::atomic<unsigned> files_reading{0};  // by every worker's digesters (DigestHooks)
};

HashSession::HashSession(MultiHashOptions options) : state_(std::make_unique<State>()) {
    state_->options = std::move(options);
}
HashSession::~HashSession() = default;

DiskTurn HashSession::take_turn() { return {state_->line, state_->line->draw()}; }

void DigesterInternals::set_hooks(HashSession& session, DigestHooks hooks) { session.state_->hooks = std::move(hooks); }

namespace {

// Counts a file as being read for as long as this lives.
class ReadingCount {
public:
    explicit ReadingCount(std::atomic<unsigned>& count) : count_(count) {
        count_.fetch_add(1, std::memory_order_relaxed);
    }
    ~ReadingCount() { count_.fetch_sub(1, std::memory_order_relaxed); }
    ReadingCount(const ReadingCount&) = delete;
    ReadingCount& operator=(const ReadingCount&) = delete;

private:
    std::atomic<unsigned>& count_;
};

FileHashResult unread(FileStatus status, std::string message) {
    FileHashResult r;
    r.status = status;
    r.message = std::move(message);
    return r;
}

}  // namespace

struct WorkerDigesters::State {
    const MultiHashOptions* options = nullptr;
    DigestHooks hooks;
    // The file being read: the turn its disk reads wait for, and its stop.
    const DiskTurn* turn = nullptr;
    std::stop_token stop;
    FileDigester* last = nullptr;
    std::map<std::string, std::unique_ptr<FileDigester>> digesters;  // per algorithm set and disk kind

    FileDigester* digester_for(std::span<const AlgorithmInfo* const> algorithms, bool rotational, std::string& error) {
        std::string key = rotational ? "r:" : "s:";
        for (const auto* a : algorithms) key.append(a->id).push_back(',');
        auto& slot = digesters[key];
        if (!slot) {
            DigestOptions digest_options;
            digest_options.registry = options->registry;
            digest_options.impl = options->impl;
            digest_options.threads = options->threads;
            digest_options.rotational = rotational;
            DigestHooks digest_hooks = hooks;
            if (rotational) {
                digest_hooks.wait_for_disk = [this] { return turn->wait(stop); };
            }
            auto made = DigesterInternals::make(algorithms, digest_options, std::move(digest_hooks));
            if (!made) {
                error = made.error().message;
                digesters.erase(key);
                return nullptr;
            }
            slot = std::move(made.value());
        }
        return slot.get();
    }

    template <class Read>
    FileHashResult with_digester(std::span<const AlgorithmInfo* const> algorithms, const DiskTurn* file_turn,
                                 std::stop_token file_stop, Read&& read) {
        last = nullptr;
        if (file_stop.stop_requested()) return unread(FileStatus::cancelled, "cancelled");
        std::string error;
        last = digester_for(algorithms, file_turn != nullptr && !file_turn->empty(), error);
        if (last == nullptr) return unread(FileStatus::unreadable, std::move(error));
        turn = file_turn;
        stop = std::move(file_stop);
        const ReadingCount reading(*hooks.files_reading);
        auto result = std::forward<Read>(read)(*last, stop);
        turn = nullptr;
        return result;
    }
};

WorkerDigesters::WorkerDigesters(std::unique_ptr<State> state) : state_(std::move(state)) {}
WorkerDigesters::~WorkerDigesters() = default;

std::unique_ptr<WorkerDigesters> HashSession::digesters() {
    auto state = std::make_unique<WorkerDigesters::State>();
    state->options = &state_->options;
    state->hooks = state_->hooks;
    state->hooks.files_reading = &state_->files_reading;
    return std::unique_ptr<WorkerDigesters>(new WorkerDigesters(std::move(state)));
}

FileHashResult WorkerDigesters::digest(const fs::path& path, std::span<const AlgorithmInfo* const> algorithms,
                                       const DiskTurn& turn, const ProgressFn& progress, std::stop_token stop) {
    return state_->with_digester(algorithms, &turn, std::move(stop), [&](FileDigester& d, std::stop_token token) {
        return d.digest(path, progress, std::move(token));
    });
}

FileHashResult WorkerDigesters::digest_descriptor(int fd, std::span<const AlgorithmInfo* const> algorithms,
                                                  const ProgressFn& progress, std::stop_token stop) {
    return state_->with_digester(algorithms, nullptr, std::move(stop), [&](FileDigester& d, std::stop_token token) {
        return d.digest_descriptor(fd, progress, std::move(token));
    });
}

const std::vector<const Implementation*>& WorkerDigesters::implementations() const {
    static const std::vector<const Implementation*> none;
    return state_->last != nullptr ? state_->last->implementations() : none;
}

ReadStrategy WorkerDigesters::last_strategy() const {
    return state_->last != nullptr ? state_->last->last_strategy() : ReadStrategy::inline_serial;
}

namespace {

// A file named without a folder is in the working directory.
StorageInfo storage_of_folder(const fs::path& folder) { return storage_of(folder.empty() ? fs::path(".") : folder); }

}  // namespace

bool on_spinning_disk(const fs::path& folder) { return storage_of_folder(folder).kind == StorageKind::rotational; }

std::string HashPlan::describe() const {
    std::string text = std::to_string(parallel_files) + (parallel_files == 1 ? " file at a time" : " files at a time");
    if (disk_takes_turns)
        text += "; a spinning disk: reads from it take turns in list order, cached files go in parallel";
    return text + " (" + storage.how + ")";
}

namespace {

// The storage of the files of one list: the folder of the first one named decides.
StorageInfo storage_for(std::span<const fs::path> files, DiskKind disk) {
    switch (disk) {
        case DiskKind::solid_state:
            return {StorageKind::solid_state, {}, "solid state, as asked"};
        case DiskKind::rotational:
            return {StorageKind::rotational, {}, "rotational, as asked"};
        case DiskKind::detect:
            break;
    }
    const auto first = std::find_if(files.begin(), files.end(), [](const fs::path& p) { return !p.empty(); });
    if (first == files.end()) return {};
    return storage_of_folder(first->parent_path());
}

struct Job {
    std::span<const fs::path> files;
    HashSession& session;
    bool rotational = false;
    const FileWork& work;
    const FilesProgress& progress;
    std::stop_token stop;
    std::mutex take_mutex;      // a file's index and its place in the disk's line are taken together
    std::size_t next = 0;       // under take_mutex
    std::mutex progress_mutex;  // one progress call at a time
    OrderedResults<bool> finished;

    Job(std::span<const fs::path> files_, HashSession& session_, bool rotational_, const FileWork& work_,
        const FilesProgress& progress_, std::stop_token stop_)
        : files(files_),
          session(session_),
          rotational(rotational_),
          work(work_),
          progress(progress_),
          stop(std::move(stop_)),
          finished(files_.size()) {}

    // The next file and, on a spinning disk, its place in the line; false when none is left.
    bool take(std::size_t& index, DiskTurn& turn) {
        const std::lock_guard lock(take_mutex);
        if (next >= files.size()) return false;
        index = next++;
        if (rotational) turn = session.take_turn();
        return true;
    }
};

class Worker final : public FileReader {
public:
    explicit Worker(Job& job) : job_(job), digesters_(job.session.digesters()) {
        if (job_.progress) {
            report_ = [this](std::uint64_t done, std::uint64_t total) {
                const std::lock_guard lock(job_.progress_mutex);
                job_.progress(index_, done, total);
            };
        }
    }

    // Takes files until none is left; with `done` (the caller's thread), hands out what is ready
    // between files, and at the end waits for the other workers' last files.
    void run(const FileDone* done) {
        auto hand_out = [&](std::size_t index, bool&&) {
            if (*done) (*done)(index);
        };
        while (job_.take(index_, turn_)) {
            job_.work(index_, *this);
            turn_ = DiskTurn();  // the disk is the next file's
            job_.finished.publish(index_, true);
            if (done != nullptr) job_.finished.drain(hand_out, false);
        }
        if (done != nullptr) job_.finished.drain(hand_out, true);
    }

    FileHashResult read(std::span<const AlgorithmInfo* const> algorithms) override {
        return digesters_->digest(job_.files[index_], algorithms, turn_, report_, job_.stop);
    }

    FileHashResult read(std::span<const AlgorithmInfo* const> algorithms, std::stop_token file_stop) override {
        if (!file_stop.stop_possible()) return read(algorithms);
        // One token for the digester, stopped by whichever of the two comes first.
        std::stop_source either;
        const std::stop_callback on_list(job_.stop, [&either] { either.request_stop(); });
        const std::stop_callback on_file(std::move(file_stop), [&either] { either.request_stop(); });
        return digesters_->digest(job_.files[index_], algorithms, turn_, report_, either.get_token());
    }

    FileHashResult read_descriptor(int fd, std::span<const AlgorithmInfo* const> algorithms) override {
        return digesters_->digest_descriptor(fd, algorithms, report_, job_.stop);
    }

    [[nodiscard]] const std::vector<const Implementation*>& implementations() const override {
        return digesters_->implementations();
    }

    [[nodiscard]] ReadStrategy last_strategy() const override { return digesters_->last_strategy(); }

private:
    Job& job_;
    std::unique_ptr<WorkerDigesters> digesters_;
    ProgressFn report_;
    std::size_t index_ = 0;
    DiskTurn turn_;
};

}  // namespace

HashPlan hash_files_with(const DigestHooks& hooks, std::span<const fs::path> files, const MultiHashOptions& options,
                         const FileWork& work, const FileDone& done, const FilesProgress& progress,
                         std::stop_token stop) {
    HashPlan plan;
    plan.storage = storage_for(files, options.disk);
    const unsigned cores = std::max(1U, std::thread::hardware_concurrency());
    const unsigned wanted =
        options.parallel_files != 0 ? options.parallel_files : (options.threads != 0 ? options.threads : cores);
    plan.parallel_files = static_cast<unsigned>(std::max<std::size_t>(1, std::min<std::size_t>(wanted, files.size())));
    const bool rotational = plan.storage.kind == StorageKind::rotational;
    plan.disk_takes_turns = rotational && plan.parallel_files > 1;

    HashSession session(options);
    DigesterInternals::set_hooks(session, hooks);
    Job job(files, session, rotational, work, progress, std::move(stop));
    std::vector<std::unique_ptr<Worker>> workers;
    workers.reserve(plan.parallel_files);
    for (unsigned i = 0; i < plan.parallel_files; ++i) workers.push_back(std::make_unique<Worker>(job));
    {
        std::vector<std::jthread> helpers;
        for (std::size_t i = 1; i < workers.size(); ++i) helpers.emplace_back([&, i] { workers[i]->run(nullptr); });
        workers.front()->run(&done);  // the caller works too, and hands out in order
    }
    return plan;
}

HashPlan hash_files(std::span<const fs::path> files, const MultiHashOptions& options, const FileWork& work,
                    const FileDone& done, const FilesProgress& progress, std::stop_token stop) {
    return hash_files_with({}, files, options, work, done, progress, std::move(stop));
}

}  // namespace hashscope::verify
