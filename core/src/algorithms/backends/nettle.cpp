// Nettle's digests, through its nettle_hash descriptors (init, update and digest of one context
// type each). Nettle 3.8 picks SHA-NI code for SHA-1 and SHA-256 at load time where the CPU has it;
// it has no BLAKE2. A visible implementation to compare with: at 64 bytes it has the least
// per-call overhead of the libraries Debian ships. Opened on first use (lazy_library.hpp).
#include <nettle/nettle-meta.h>
#include <nettle/version.h>

#include <array>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "algorithms/backends/backends.hpp"
#include "algorithms/backends/lazy_library.hpp"

namespace hashscope::detail {
namespace {

// The descriptors are objects in the library: their entry points are their addresses.
struct Nettle {
    decltype(&::nettle_version_major) nettle_version_major = nullptr;
    decltype(&::nettle_version_minor) nettle_version_minor = nullptr;
    const nettle_hash* md5 = nullptr;
    const nettle_hash* sha1 = nullptr;
    const nettle_hash* sha224 = nullptr;
    const nettle_hash* sha256 = nullptr;
    const nettle_hash* sha384 = nullptr;
    const nettle_hash* sha512 = nullptr;
    const nettle_hash* sha512_256 = nullptr;
    const nettle_hash* sha3_224 = nullptr;
    const nettle_hash* sha3_256 = nullptr;
    const nettle_hash* sha3_384 = nullptr;
    const nettle_hash* sha3_512 = nullptr;
};

void bind_all(LibraryOpener& library, Nettle& f) {
    library.bind("nettle_version_major", f.nettle_version_major);
    library.bind("nettle_version_minor", f.nettle_version_minor);
    library.bind("nettle_md5", f.md5);
    library.bind("nettle_sha1", f.sha1);
    library.bind("nettle_sha224", f.sha224);
    library.bind("nettle_sha256", f.sha256);
    library.bind("nettle_sha384", f.sha384);
    library.bind("nettle_sha512", f.sha512);
    library.bind("nettle_sha512_256", f.sha512_256);
    library.bind("nettle_sha3_224", f.sha3_224);
    library.bind("nettle_sha3_256", f.sha3_256);
    library.bind("nettle_sha3_384", f.sha3_384);
    library.bind("nettle_sha3_512", f.sha3_512);
}

const OpenedLibrary<Nettle>& opened() {
    static const OpenedLibrary<Nettle> library(HASHSCOPE_SONAME_NETTLE, bind_all);
    return library;
}

// The library, or an exception saying why it cannot be used.
const Nettle& nettle() {
    const Nettle* n = opened().entries();
    if (n == nullptr) throw std::runtime_error("Nettle is not available: " + opened().error());
    return *n;
}

class NettleHasher final : public Hasher {
public:
    NettleHasher(std::string_view algorithm, const nettle_hash& hash)
        : algorithm_(algorithm),
          hash_(hash),
          context_(std::make_unique<std::max_align_t[]>(hash.context_size / sizeof(std::max_align_t) + 1)) {
        reset();
    }

    void do_update(std::span<const std::byte> data) override {
        if (data.empty()) return;
        hash_.update(context_.get(), data.size(), reinterpret_cast<const std::uint8_t*>(data.data()));
    }
    Digest do_finish() override {
        std::array<std::uint8_t, Digest::max_size> out{};
        hash_.digest(context_.get(), hash_.digest_size, out.data());  // also starts a new message
        return {algorithm_, std::span<const std::uint8_t>(out.data(), hash_.digest_size)};
    }
    void do_reset() override { hash_.init(context_.get()); }

private:
    std::string_view algorithm_;
    const nettle_hash& hash_;
    std::unique_ptr<std::max_align_t[]> context_;  // the library's context struct, sized by it
};

}  // namespace

std::string nettle_version() {
    const Nettle* n = opened().entries();
    if (n == nullptr) return "not available (" + opened().error() + ")";
    return std::to_string(n->nettle_version_major()) + "." + std::to_string(n->nettle_version_minor());
}

HasherPtr make_nettle_md5() { return std::make_unique<NettleHasher>("md5", *nettle().md5); }
HasherPtr make_nettle_sha1() { return std::make_unique<NettleHasher>("sha1", *nettle().sha1); }
HasherPtr make_nettle_sha224() { return std::make_unique<NettleHasher>("sha224", *nettle().sha224); }
HasherPtr make_nettle_sha256() { return std::make_unique<NettleHasher>("sha256", *nettle().sha256); }
HasherPtr make_nettle_sha384() { return std::make_unique<NettleHasher>("sha384", *nettle().sha384); }
HasherPtr make_nettle_sha512() { return std::make_unique<NettleHasher>("sha512", *nettle().sha512); }
HasherPtr make_nettle_sha512_256() { return std::make_unique<NettleHasher>("sha512-256", *nettle().sha512_256); }
HasherPtr make_nettle_sha3_224() { return std::make_unique<NettleHasher>("sha3-224", *nettle().sha3_224); }
HasherPtr make_nettle_sha3_256() { return std::make_unique<NettleHasher>("sha3-256", *nettle().sha3_256); }
HasherPtr make_nettle_sha3_384() { return std::make_unique<NettleHasher>("sha3-384", *nettle().sha3_384); }
HasherPtr make_nettle_sha3_512() { return std::make_unique<NettleHasher>("sha3-512", *nettle().sha3_512); }

}  // namespace hashscope::detail
