// Internal: the two kinds of function a registry row points at, as function types, so that a
// family's header declares all its entry points in one declaration:
//     ExtendKernel extend_crc32_pclmul, extend_crc32c_pclmul;
// Light on purpose (no hasher.hpp): kernel headers are included by files built with ISA flags,
// where an inline function of a shared header could be compiled with instructions other CPUs lack.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace hashscope {

class Hasher;
struct AlgorithmInfo;

// A checksum that is a value you extend (the signature of ExtendFn, registry.hpp).
using ExtendKernel = std::uint64_t(std::uint64_t value, const std::byte* data, std::size_t size);
// A fresh hasher (a HasherPtr, hasher.hpp).
using HasherFactory = std::unique_ptr<Hasher>();
// A fresh hasher of one of an algorithm's length variants (Implementation::make_variant).
using VariantFactory = std::unique_ptr<Hasher>(const AlgorithmInfo& variant);

}  // namespace hashscope
