// Nettle's digests, through its nettle_hash descriptors (init, update and digest of one context
// type each). Nettle 3.8 picks SHA-NI code for SHA-1 and SHA-256 at load time where the CPU has it;
// it has no BLAKE2. A visible implementation to compare with: at 64 bytes it has the least
// per-call overhead of the libraries Debian ships.
#include <nettle/nettle-meta.h>

#include <array>
#include <cstddef>
#include <memory>
#include <string_view>

#include "algorithms/backends/backends.hpp"

namespace hashscope::detail {
namespace {

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

HasherPtr make_nettle_md5() { return std::make_unique<NettleHasher>("md5", nettle_md5); }
HasherPtr make_nettle_sha1() { return std::make_unique<NettleHasher>("sha1", nettle_sha1); }
HasherPtr make_nettle_sha224() { return std::make_unique<NettleHasher>("sha224", nettle_sha224); }
HasherPtr make_nettle_sha256() { return std::make_unique<NettleHasher>("sha256", nettle_sha256); }
HasherPtr make_nettle_sha384() { return std::make_unique<NettleHasher>("sha384", nettle_sha384); }
HasherPtr make_nettle_sha512() { return std::make_unique<NettleHasher>("sha512", nettle_sha512); }
HasherPtr make_nettle_sha512_256() { return std::make_unique<NettleHasher>("sha512-256", nettle_sha512_256); }
HasherPtr make_nettle_sha3_224() { return std::make_unique<NettleHasher>("sha3-224", nettle_sha3_224); }
HasherPtr make_nettle_sha3_256() { return std::make_unique<NettleHasher>("sha3-256", nettle_sha3_256); }
HasherPtr make_nettle_sha3_384() { return std::make_unique<NettleHasher>("sha3-384", nettle_sha3_384); }
HasherPtr make_nettle_sha3_512() { return std::make_unique<NettleHasher>("sha3-512", nettle_sha3_512); }

}  // namespace hashscope::detail
