#include "bench/workload.hpp"

#include <algorithm>

#include "bench/read_floor.hpp"

namespace hashscope::bench::detail {
namespace {

// Makes `value` look used to the compiler without costing anything, so no result can be optimised
// away (the same trick as Google Benchmark's DoNotOptimize).
inline void keep(std::uint64_t value) { asm volatile("" : : "r"(value) : "memory"); }

// Walks the buffers of a set in a ring, from where the set's last workload stopped. The inner loop
// runs to the ring's end with nothing in it but the pointer's step, so that a ring of 64 short
// messages costs per operation what one buffer reused does (a wrap tested in the loop took the
// harness from one cycle an operation to three, and 16-byte CRCs 0.5 ns slower).
class Cursor {
public:
    explicit Cursor(BufferSet& buffers)
        : set_(buffers), first_(buffers.buffer(0)), count_(buffers.count()), stride_(stride_of(buffers)) {}

    template <class Op>
    void for_each(std::size_t operations, Op op) {
        if (count_ == 1) {
            for (std::size_t i = 0; i < operations; ++i) op(first_);
            return;
        }
        std::size_t at = set_.next();
        while (operations > 0) {
            const std::size_t run = std::min(operations, count_ - at);
            const std::byte* p = first_ + at * stride_;
            const std::byte* const stop = p + run * stride_;
            for (; p != stop; p += stride_) op(p);
            operations -= run;
            at += run;
            if (at == count_) at = 0;
        }
        set_.set_next(at);
    }

private:
    static std::size_t stride_of(const BufferSet& b) {
        return b.count() > 1 ? static_cast<std::size_t>(b.buffer(1) - b.buffer(0)) : 0;
    }
    BufferSet& set_;
    const std::byte* first_;
    std::size_t count_;
    std::size_t stride_;
};

// The harness alone: the same batch loop, buffer rotation and sink as every participant, with a
// kernel that only touches the sink. Its ns/op is the overhead the measurement itself adds.
class NullWorkload final : public Workload {
public:
    explicit NullWorkload(BufferSet& buffers) : size_(buffers.size()), cursor_(buffers) {}
    void run(std::size_t operations) override {
        std::uint64_t acc = 0;
        const std::size_t size = size_;
        cursor_.for_each(operations, [&](const std::byte* p) {
            acc ^= reinterpret_cast<std::uintptr_t>(p) + size;
            asm volatile("" : "+r"(acc));  // one result per operation, as a kernel would give
        });
        keep(acc);
    }

private:
    std::size_t size_;
    Cursor cursor_;
};

// One-shot value checksums call their kernel directly: the figure is the kernel's. Streaming and
// bytewise go through the Hasher users and the verifier call, which collects small updates.
class ValueWorkload final : public Workload {
public:
    ValueWorkload(ExtendFn extend, std::uint64_t initial, BufferSet& buffers)
        : extend_(extend), initial_(initial), size_(buffers.size()), cursor_(buffers) {}

    void run(std::size_t operations) override {
        std::uint64_t acc = 0;
        // Locals, so the loop keeps them in registers across the opaque call.
        const ExtendFn extend = extend_;
        const std::uint64_t initial = initial_;
        const std::size_t size = size_;
        cursor_.for_each(operations, [&](const std::byte* p) { acc ^= extend(initial, p, size); });
        keep(acc);
    }

private:
    ExtendFn extend_;
    std::uint64_t initial_;
    std::size_t size_;
    Cursor cursor_;
};

class ReadWorkload final : public Workload {
public:
    ReadWorkload(BufferSet& buffers, CpuFeatureSet features)
        : read_(read_wide(features)), size_(buffers.size()), cursor_(buffers) {}
    void run(std::size_t operations) override {
        std::uint64_t acc = 0;
        const std::size_t size = size_;
        // asm: the same buffer again must be read again, not reused
        if (size < read_wide_from) {
            cursor_.for_each(operations, [&](const std::byte* p) {
                asm volatile("" : "+r"(p));
                acc ^= read_narrow(p, size);
            });
        } else {
            cursor_.for_each(operations, [&](const std::byte* p) {
                asm volatile("" : "+r"(p));
                acc ^= read_(p, size);
            });
        }
        keep(acc);
    }

private:
    ReadFn read_;
    std::size_t size_;
    Cursor cursor_;
};

class HasherWorkload final : public Workload {
public:
    HasherWorkload(HasherPtr hasher, BufferSet& buffers, ModeSpec mode)
        : hasher_(std::move(hasher)), size_(buffers.size()), cursor_(buffers), mode_(mode) {}

    void run(std::size_t operations) override {
        std::uint64_t acc = 0;
        const std::size_t size = size_;
        const std::size_t step = mode_.mode == Mode::stream ? mode_.chunk : mode_.mode == Mode::bytewise ? 1 : size;
        Hasher* const hasher = hasher_.get();
        cursor_.for_each(operations, [&](const std::byte* p) {
            // Copied into the body's own locals, as a caller's loop would have them: every byte
            // update() stores may alias anything reached through memory (std::byte aliases all),
            // so captured ones were reloaded from the lambda after each byte (3x slower bytewise).
            Hasher* const h = hasher;
            const std::size_t n = size;
            const std::size_t s = step;
            h->reset();
            if (s == 1) {  // bytewise: a length the compiler knows, as in a caller's byte loop
                for (std::size_t at = 0; at < n; ++at) h->update({p + at, 1});
            } else {
                for (std::size_t at = 0; at < n; at += s) h->update({p + at, std::min(s, n - at)});
            }
            acc ^= h->finish().bytes()[0];
        });
        keep(acc);
    }

private:
    HasherPtr hasher_;
    std::size_t size_;
    Cursor cursor_;
    ModeSpec mode_;
};

}  // namespace

Result<std::unique_ptr<Workload>> make_workload(const Participant& participant, const Registry& registry,
                                                BufferSet& buffers, ModeSpec mode) {
    if (participant.algorithm == read_algorithm)
        return std::unique_ptr<Workload>(std::make_unique<ReadWorkload>(buffers, registry.features()));
    if (participant.algorithm == null_algorithm) {
        return std::unique_ptr<Workload>(std::make_unique<NullWorkload>(buffers));
    }
    const auto* row = registry.find(participant.algorithm, participant.implementation);
    if (row == nullptr) return Error{"no implementation " + participant.algorithm + " · " + participant.implementation};
    if (row->extend != nullptr && registry.available(*row) && mode.mode == Mode::oneshot) {
        return std::unique_ptr<Workload>(std::make_unique<ValueWorkload>(row->extend, row->initial, buffers));
    }
    auto hasher = registry.make_hasher(participant.algorithm, participant.implementation);
    if (!hasher) return hasher.error();
    return std::unique_ptr<Workload>(std::make_unique<HasherWorkload>(std::move(hasher.value()), buffers, mode));
}

}  // namespace hashscope::bench::detail
