// BLAKE2b and BLAKE2s through libb2, the BLAKE2 authors' library (it picks its SSE2/SSSE3/SSE4.1/
// AVX code at run time). It takes any digest length up to the algorithm's own, which makes it the
// implementation of BLAKE2b's length variants (`b2sum -l 256`) besides libsodium's. Opened on first
// use (lazy_library.hpp), with the libgomp it links.
#include <blake2.h>

#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "algorithms/backends/backends.hpp"
#include "algorithms/backends/lazy_library.hpp"
#include "hashscope/algorithm.hpp"

namespace hashscope::detail {
namespace {

struct Libb2 {
    decltype(&::blake2b_init) blake2b_init = nullptr;
    decltype(&::blake2b_update) blake2b_update = nullptr;
    decltype(&::blake2b_final) blake2b_final = nullptr;
    decltype(&::blake2s_init) blake2s_init = nullptr;
    decltype(&::blake2s_update) blake2s_update = nullptr;
    decltype(&::blake2s_final) blake2s_final = nullptr;
};

void bind_all(LibraryOpener& library, Libb2& f) {
    library.bind("blake2b_init", f.blake2b_init);
    library.bind("blake2b_update", f.blake2b_update);
    library.bind("blake2b_final", f.blake2b_final);
    library.bind("blake2s_init", f.blake2s_init);
    library.bind("blake2s_update", f.blake2s_update);
    library.bind("blake2s_final", f.blake2s_final);
}

// The library, or an exception saying why it cannot be used.
const Libb2& libb2() {
    static const OpenedLibrary<Libb2> opened(HASHSCOPE_SONAME_LIBB2, bind_all);
    const Libb2* library = opened.entries();
    if (library == nullptr) throw std::runtime_error("libb2 is not available: " + opened.error());
    return *library;
}

// The library's entry points for one algorithm, so that one hasher serves both.
template <class State>
struct Entries {
    int (*init)(State*, std::size_t);
    int (*update)(State*, const std::uint8_t*, std::size_t);
    int (*final)(State*, std::uint8_t*, std::size_t);
};

template <class State>
class Libb2Hasher final : public Hasher {
public:
    Libb2Hasher(std::string_view algorithm, std::size_t length, Entries<State> entries)
        : algorithm_(algorithm), length_(length), entries_(entries) {
        do_reset();
    }

    void do_update(std::span<const std::byte> data) override {
        entries_.update(&state_, reinterpret_cast<const std::uint8_t*>(data.data()), data.size());
    }
    Digest do_finish() override {
        std::array<std::uint8_t, Digest::max_size> out{};
        entries_.final(&state_, out.data(), length_);
        return {algorithm_, std::span<const std::uint8_t>(out.data(), length_)};
    }
    void do_reset() override {
        if (entries_.init(&state_, length_) != 0) {
            throw std::runtime_error("libb2 refuses a digest of " + std::to_string(length_) + " bytes");
        }
    }

private:
    std::string_view algorithm_;
    std::size_t length_;
    Entries<State> entries_;
    State state_{};
};

HasherPtr make_blake2b(std::string_view algorithm, std::size_t length) {
    const Libb2& l = libb2();
    return std::make_unique<Libb2Hasher<blake2b_state>>(
        algorithm, length, Entries<blake2b_state>{l.blake2b_init, l.blake2b_update, l.blake2b_final});
}

}  // namespace

HasherPtr make_libb2_blake2b() { return make_blake2b("blake2b", BLAKE2B_OUTBYTES); }
HasherPtr make_libb2_blake2s() {
    const Libb2& l = libb2();
    return std::make_unique<Libb2Hasher<blake2s_state>>(
        "blake2s", BLAKE2S_OUTBYTES, Entries<blake2s_state>{l.blake2s_init, l.blake2s_update, l.blake2s_final});
}
HasherPtr make_libb2_blake2b_variant(const AlgorithmInfo& variant) {
    return make_blake2b(variant.id, variant.digest_size);
}

}  // namespace hashscope::detail
