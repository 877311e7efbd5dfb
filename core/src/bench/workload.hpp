// One thread's share of one cell: a kernel and the buffers it hashes, run in calibrated batches.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "bench/buffers.hpp"
#include "hashscope/bench/spec.hpp"
#include "hashscope/registry.hpp"

namespace hashscope::bench::detail {

class Workload {
public:
    virtual ~Workload() = default;
    // Performs `operations` operations (hashing one buffer each, in the cell's mode).
    virtual void run(std::size_t operations) = 0;
};

// The harness itself: the same loop and call as a value checksum, a kernel that only touches the
// sink. Its ns/op is the overhead every other figure contains.
inline constexpr std::string_view null_algorithm = "null";
inline constexpr std::string_view null_implementation = "harness";
// The read floor: reading every byte and nothing else, the speed no checksum can beat on data
// out of cache (reported as "memory · read").
inline constexpr std::string_view read_algorithm = "memory";
inline constexpr std::string_view read_implementation = "read";

// A workload for a participant hashing `buffers` in `mode`. `buffers` must outlive it, and the
// workloads on one set must run one at a time: they share its ring position.
Result<std::unique_ptr<Workload>> make_workload(const Participant& participant, const Registry& registry,
                                                BufferSet& buffers, ModeSpec mode);

}  // namespace hashscope::bench::detail
