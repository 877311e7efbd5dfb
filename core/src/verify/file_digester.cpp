#include "hashscope/verify/file_digester.hpp"

#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <optional>
#include <thread>

#include "hashscope/split_digest.hpp"
#include "verify/aligned_buffer.hpp"
#include "verify/block_pipeline.hpp"
#include "verify/digest_hooks.hpp"
#include "verify/map_ahead_thread.hpp"
#include "verify/mapped_file.hpp"
#include "verify/open_file.hpp"
#include "verify/page_cache.hpp"
#include "verify/piece_reader.hpp"

namespace hashscope::verify {
namespace {

// Pieces per thread: enough that a thread finishing early finds more work, few enough that each
// piece is long compared with its start-up (a CRC combine, a BLAKE3 subtree). With 4, the thread
// that took the last 32 MiB piece of a 256 MiB file often hashed alone for its last 4-5 ms (of 22)
// on the Intel Xeon guest; with 16, the threads end within a millisecond (docs/performance.md).
constexpr std::uint64_t kPiecesPerThread = 16;
constexpr std::uint64_t kMinPiece = std::uint64_t{1} << 20;
constexpr std::uint64_t kMaxPiece = std::uint64_t{64} << 20;

FileHashResult failure(FileStatus status, std::string message, std::uint64_t bytes = 0) {
    FileHashResult r;
    r.status = status;
    r.message = std::move(message);
    r.bytes = bytes;
    return r;
}

FileHashResult from_outcome(const ReadOutcome& outcome) {
    switch (outcome.end) {
        case ReadOutcome::End::cancelled:
            return failure(FileStatus::cancelled, "cancelled", outcome.bytes);
        case ReadOutcome::End::failed:
            return failure(FileStatus::unreadable, outcome.error, outcome.bytes);
        case ReadOutcome::End::short_read:
            return failure(FileStatus::changed, "the file changed while it was read (it got shorter)", outcome.bytes);
        case ReadOutcome::End::complete:
            break;
    }
    FileHashResult r;
    r.bytes = outcome.bytes;
    return r;
}

}  // namespace

const char* to_string(ReadStrategy strategy) {
    switch (strategy) {
        case ReadStrategy::inline_serial:
            return "one thread";
        case ReadStrategy::pipelined:
            return "read ahead on a reader thread, algorithms side by side";
        case ReadStrategy::split_pieces:
            return "pieces read and hashed in parallel, then combined";
        case ReadStrategy::mapped_ahead:
            return "one thread hashing a mapping, another mapping it ahead";
    }
    return "?";
}

struct FileDigester::State {
    const Registry* registry = nullptr;
    DigestOptions options;
    DigestHooks hooks;
    std::vector<const AlgorithmInfo*> algorithms;
    std::vector<const Implementation*> implementations;
    std::vector<HasherPtr> hashers;
    std::vector<Hasher*> hasher_pointers;
    AlignedBuffer buffer;  // for the inline path, kept between files
    ReadStrategy last = ReadStrategy::inline_serial;
    bool last_mapped = false;

    // Whether a calibration's list of algorithms (DispatchPlan) names `a`, or the one it varies.
    static bool listed(const std::vector<std::string>& list, const AlgorithmInfo* a) {
        const auto id = a->variant_of != nullptr ? a->variant_of->id : a->id;
        return std::find(list.begin(), list.end(), id) != list.end();
    }
    // Whether to hash cached files from a mapping: as asked, else as calibration measured.
    [[nodiscard]] bool may_map() const {
        using Mapping = DigestOptions::Mapping;
        if (options.map_files != Mapping::as_measured) return options.map_files == Mapping::always;
        const auto* plan = registry->plan();
        if (plan == nullptr) return true;
        return std::none_of(algorithms.begin(), algorithms.end(),
                            [&](const AlgorithmInfo* a) { return listed(plan->copy_cached_files, a); });
    }
    // Whether one algorithm that is not split hashes a cached file alone on one thread from a
    // mapping, as calibration measured faster than with a second thread mapping ahead.
    [[nodiscard]] bool alone_on_one_thread() const {
        if (options.map_files != DigestOptions::Mapping::as_measured || algorithms.size() != 1) return false;
        const auto* plan = registry->plan();
        return plan != nullptr && listed(plan->one_thread_cached_files, algorithms.front());
    }
    bool all_splittable = false;
    bool any_compute_bound = false;  // then files split from compute_bound_split_min_size
    unsigned cores = 1;              // asked once: glibc reads sysfs on every hardware_concurrency() call

    // The cores a file of `size` bytes may use: as the options say, else every one; but while
    // other files are read at once (the multi-file hasher's workers), a file shorter than a split
    // takes only its share. Files of a few MiB each on one core ran faster than each with helpers
    // that then wait for a core: 40 cached files of 2-6 MiB on the Zen 4 guest, `sum -a blake3`
    // 44.9 against 33.0 ms, md5,sha256 180 against 156 (docs/performance.md). A longer file keeps
    // every core: its helpers' start is small against its hash, and it may be the last one read.
    [[nodiscard]] unsigned threads_for(std::uint64_t size) const {
        if (options.threads != 0) return options.threads;
        if (hooks.files_reading == nullptr || size >= options.split_min_size) return cores;
        return std::max(1U, cores / std::max(1U, hooks.files_reading->load(std::memory_order_relaxed)));
    }

    // One block at `offset` (-1: a pipe, read where it stands). When the disk is shared, the read
    // first asks for cached data only (RWF_NOWAIT); when the disk is needed, it waits for this
    // file's turn, which it keeps. Fails with ECANCELED when stopped while waiting.
    ssize_t read_block(int fd, off_t offset, bool& has_turn) {
        if (offset < 0) return ::read(fd, buffer.data(), buffer.size());
        if (hooks.wait_for_disk && !has_turn) {
            if (hooks.ask_cache_first) {
                iovec iov{buffer.data(), buffer.size()};
                const ssize_t n = ::preadv2(fd, &iov, 1, offset, RWF_NOWAIT);
                if (n >= 0 || (errno != EAGAIN && errno != EOPNOTSUPP)) return n;
            }
            has_turn = hooks.wait_for_disk();
            if (!has_turn) {
                errno = ECANCELED;
                return -1;
            }
        }
        return hooks.pread(fd, buffer.data(), buffer.size(), offset);
    }

    // Reads fd serially to its end, feeding every hasher; a pipe (`seekable` false) as it comes.
    ReadOutcome read_inline(int fd, bool seekable, std::uint64_t expected, const ProgressFn& progress,
                            const std::stop_token& stop) {
        ReadOutcome outcome;
        bool has_turn = false;
        for (;;) {
            if (stop.stop_requested()) return {ReadOutcome::End::cancelled, {}, outcome.bytes};
            const ssize_t n = read_block(fd, seekable ? static_cast<off_t>(outcome.bytes) : -1, has_turn);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0 && errno == ECANCELED && stop.stop_requested())
                return {ReadOutcome::End::cancelled, {}, outcome.bytes};
            if (n < 0)
                return {ReadOutcome::End::failed, std::string("read error: ") + std::strerror(errno), outcome.bytes};
            if (n == 0) return outcome;
            const std::span<const std::byte> block(buffer.data(), static_cast<std::size_t>(n));
            for (auto* h : hasher_pointers) h->update(block);
            outcome.bytes += static_cast<std::uint64_t>(n);
            if (progress) progress(outcome.bytes, expected);
        }
    }

    // Hashes a mapped file serially, kMappedStep at a time (for progress and cancel); with a
    // second thread that maps the windows ahead and unmaps them behind, or on this one alone.
    ReadOutcome read_mapped_inline(int fd, const MappedFile& file, bool map_ahead_thread, const ProgressFn& progress,
                                   const std::stop_token& stop) {
        ReadOutcome outcome;
        const auto bytes = file.bytes();
        std::optional<MapAheadThread> ahead;
        if (map_ahead_thread) ahead.emplace(bytes, kMappedStep);
        while (outcome.bytes < bytes.size()) {
            if (stop.stop_requested()) return {ReadOutcome::End::cancelled, {}, outcome.bytes};
            const auto window = bytes.subspan(outcome.bytes, std::min(kMappedStep, bytes.size() - outcome.bytes));
            if (!read_mapped(window, [&] {
                    for (auto* h : hasher_pointers) h->update(window);
                })) {
                return mapped_read_failure(fd, outcome.bytes + window.size(), outcome.bytes);
            }
            outcome.bytes += window.size();
            if (ahead) {
                ahead->passed(outcome.bytes);
                ahead->settle();
            } else {
                release_mapped(window);
            }
            if (progress) progress(outcome.bytes, bytes.size());
        }
        return outcome;
    }

    static std::uint64_t piece_size_for(std::uint64_t size, unsigned threads) {
        const std::uint64_t target = size / (std::uint64_t{threads} * kPiecesPerThread);
        return std::clamp(std::bit_floor(std::max<std::uint64_t>(target, 1)), kMinPiece, kMaxPiece);
    }

    // The split read, or nothing when an algorithm's SplitDigest cannot be made (then the caller
    // falls back to the pipeline).
    std::optional<FileHashResult> read_split(int fd, std::uint64_t size, unsigned threads, const MappedFile* mapped,
                                             const ProgressFn& progress, const std::stop_token& stop) {
        const auto piece_size = piece_size_for(size, threads);
        std::vector<std::unique_ptr<SplitDigest>> splits;
        std::vector<SplitDigest*> pointers;
        for (std::size_t i = 0; i < algorithms.size(); ++i) {
            auto split = SplitDigest::make(*registry, algorithms[i]->id, implementations[i]->id, size, piece_size);
            if (!split) return std::nullopt;
            splits.push_back(std::move(split.value()));
            pointers.push_back(splits.back().get());
        }
        last = ReadStrategy::split_pieces;
        auto result = from_outcome(run_piece_reader(fd, hooks.pread, mapped ? mapped->bytes().data() : nullptr, size,
                                                    piece_size, pointers, threads, options.block_size, progress, stop));
        if (result.status == FileStatus::ok) {
            for (auto* split : pointers) result.digests.push_back(split->finish());
        }
        return result;
    }

    FileHashResult finish_hashers(const ReadOutcome& outcome) {
        auto result = from_outcome(outcome);
        if (result.status == FileStatus::ok) {
            for (auto* h : hasher_pointers) result.digests.push_back(h->finish());
        }
        return result;
    }
};

FileDigester::FileDigester(std::unique_ptr<State> state) : state_(std::move(state)) {}
FileDigester::~FileDigester() = default;

Result<std::unique_ptr<FileDigester>> FileDigester::make(std::span<const AlgorithmInfo* const> algorithms,
                                                         DigestOptions options) {
    return DigesterInternals::make(algorithms, std::move(options), {});
}

Result<std::unique_ptr<FileDigester>> DigesterInternals::make(std::span<const AlgorithmInfo* const> algorithms,
                                                              DigestOptions options, DigestHooks hooks) {
    auto state = std::make_unique<FileDigester::State>();
    state->registry = options.registry != nullptr ? options.registry : &Registry::host();
    state->options = std::move(options);
    state->hooks = std::move(hooks);
    state->all_splittable = !algorithms.empty();
    state->cores = std::max(1U, std::thread::hardware_concurrency());
    for (const auto* algorithm : algorithms) {
        auto hasher = state->registry->make_hasher(algorithm->id, state->options.impl);
        if (!hasher) return hasher.error();
        state->algorithms.push_back(algorithm);
        state->implementations.push_back(state->registry->find(algorithm->id, state->options.impl));
        state->hashers.push_back(std::move(hasher.value()));
        state->hasher_pointers.push_back(state->hashers.back().get());
        state->all_splittable = state->all_splittable && splittable(algorithm->id);
        state->any_compute_bound = state->any_compute_bound || algorithm->compute_bound;
    }
    state->buffer = AlignedBuffer(state->options.block_size);
    if (!state->buffer.ok()) return Error{"out of memory"};
    return std::unique_ptr<FileDigester>(new FileDigester(std::move(state)));
}

std::unique_ptr<FileDigester> DigesterInternals::serial(std::span<Hasher* const> hashers) {
    auto state = std::make_unique<FileDigester::State>();
    state->registry = &Registry::host();
    state->options.threads = 1;
    state->hasher_pointers.assign(hashers.begin(), hashers.end());
    state->buffer = AlignedBuffer(state->options.block_size);
    if (!state->buffer.ok()) return nullptr;
    return std::unique_ptr<FileDigester>(new FileDigester(std::move(state)));
}

const std::vector<const Implementation*>& FileDigester::implementations() const { return state_->implementations; }
ReadStrategy FileDigester::last_strategy() const { return state_->last; }

bool FileDigester::last_mapped() const { return state_->last_mapped; }

FileHashResult FileDigester::digest(const std::filesystem::path& path, const ProgressFn& progress,
                                    std::stop_token stop) {
    auto& s = *state_;
    s.last_mapped = false;
    OpenedFile file;
    OpenError error;
    if (!open_for_hashing(path, file, error)) {
        return failure(error.kind == OpenFailure::not_regular ? FileStatus::not_regular : FileStatus::unreadable,
                       error.message);
    }
    const auto size = static_cast<std::uint64_t>(file.before.st_size);
    for (auto* h : s.hasher_pointers) h->reset();

    std::optional<FileHashResult> result;
    const unsigned threads = s.threads_for(size);
    // On a spinning disk, only a file already in memory is worth reading in parallel pieces, and
    // only a file that is not needs the disk's turn.
    const bool shared_disk = static_cast<bool>(s.hooks.wait_for_disk);
    const bool spinning = s.options.rotational || shared_disk;
    const bool one = s.hasher_pointers.size() == 1;
    // One algorithm, a second core and a file of one window that the pipeline would read.
    const bool one_window = one && threads > 1 && size > s.options.inline_max_size && size <= kMappedStep;
    const bool cached = (spinning || one_window) && s.hooks.ask_cache_first && size > s.options.inline_max_size &&
                        looks_cached(file.fd.get(), size);
    // Straight from the page cache for split pieces, and for one algorithm: alone on one thread,
    // or, with a second core and more than one window to read, with a thread of its own that maps
    // the pages ahead of the hash and unmaps them behind it (MapAheadThread). A cached file of
    // one window is hashed alone too: the thread would map its pages as the hash reads them, and
    // the pipeline's start (its buffers, a thread, a hand-over per block) costs more than its
    // page faults: `sum -a xxh3` of a cached 8 MiB file took 8.5 ms through the pipeline and 5.2
    // mapped alone, SHA-256 13.4 and 10.0 (docs/performance.md). One not cached keeps the
    // pipeline, whose large reads beat the faults' readahead. Several algorithms use the
    // pipeline's copy. On a spinning disk only when the file is cached (the disk's turns are
    // about read calls), and never with a test's pread.
    const std::uint64_t split_from =
        s.any_compute_bound ? s.options.compute_bound_split_min_size : s.options.split_min_size;
    const bool split = s.all_splittable && threads > 1 && size >= split_from && (!spinning || cached);
    const bool alone = one && (threads == 1 || s.alone_on_one_thread() || (one_window && cached));
    const bool map_ahead = one && !alone && size > kMappedStep;
    std::optional<MappedFile> mapped;
    if (s.may_map() && s.hooks.pread == &::pread && (!spinning || cached) && size >= s.options.map_min_size &&
        (split || alone || map_ahead)) {
        mapped.emplace(file.fd.get(), size);
        if (!mapped->ok()) mapped.reset();
    }
    s.last_mapped = mapped.has_value();
    if (split) {
        result = s.read_split(file.fd.get(), size, threads, mapped ? &*mapped : nullptr, progress, stop);
        // The pieces covered [0, size): one more byte means the file grew while it was read.
        if (result && result->status == FileStatus::ok) {
            std::byte probe{};
            if (::pread(file.fd.get(), &probe, 1, static_cast<off_t>(size)) > 0) {
                return failure(FileStatus::changed, "the file changed while it was read (it grew)", result->bytes);
            }
        }
    }
    if (!result && mapped && !split) {  // (a split that could not be made falls to the pipeline)
        s.last = map_ahead ? ReadStrategy::mapped_ahead : ReadStrategy::inline_serial;
        result = s.finish_hashers(s.read_mapped_inline(file.fd.get(), *mapped, map_ahead, progress, stop));
    }
    if (!result) {
        const bool pipelined = threads > 1 && size > s.options.inline_max_size;
        s.last = pipelined ? ReadStrategy::pipelined : ReadStrategy::inline_serial;
        if (pipelined && shared_disk && !cached && !s.hooks.wait_for_disk())
            return failure(FileStatus::cancelled, "cancelled");
        const auto outcome = pipelined ? run_block_pipeline(file.fd.get(), s.hooks.pread, s.hasher_pointers, threads,
                                                            s.options.block_size, size, progress, stop)
                                       : s.read_inline(file.fd.get(), true, size, progress, stop);
        result = s.finish_hashers(outcome);
    }
    if (result->status != FileStatus::ok) return *result;

    struct stat after {};
    if (::fstat(file.fd.get(), &after) != 0 || !same_version(file.before, after) || result->bytes != size) {
        return failure(FileStatus::changed, "the file changed while it was read", result->bytes);
    }
    // The bytes read were the file's, but it no longer exists under its name: do not vouch for it.
    if (after.st_nlink == 0)
        return failure(FileStatus::changed, "the file was deleted while it was read", result->bytes);
    return *result;
}

FileHashResult FileDigester::digest_descriptor(int fd, const ProgressFn& progress, std::stop_token stop) {
    auto& s = *state_;
    for (auto* h : s.hasher_pointers) h->reset();
    s.last = ReadStrategy::inline_serial;
    s.last_mapped = false;
    return s.finish_hashers(s.read_inline(fd, false, 0, progress, stop));
}

}  // namespace hashscope::verify
