// The official BLAKE3 test vectors, for the tests of every BLAKE3 implementation.
//
// The repository holds none of them: they are another project's data. They come, at test time,
// from an independent implementation (Debian's `b3sum`, which scripts/install-deps installs) fed
// the official inputs, key and context; and, when the environment names a folder of official
// vectors (HASHSCOPE_TESTDATA_DIR holding blake3_test_vectors.json, the format of BLAKE3's own
// test_vectors.json), from that file too, and then both must agree. With neither, loading throws
// a message that says what to install: a test without its oracle fails, it is never skipped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace hashscope::test::blake3_vectors {

using Bytes = std::vector<std::uint8_t>;

enum class Mode { hash, keyed_hash, derive_key };
inline constexpr Mode all_modes[] = {Mode::hash, Mode::keyed_hash, Mode::derive_key};

const char* mode_name(Mode mode);

// The official cases' parameters, as BLAKE3's test_vectors.json states them.
inline constexpr const char* official_key = "whats the Elvish word for friend";
inline constexpr const char* official_context = "BLAKE3 2019-12-27 16:29:52 test vectors context";
inline constexpr std::size_t official_output_len = 131;
inline constexpr std::size_t official_input_lens[] = {
    0,    1,    2,    3,    4,    5,    6,    7,    8,    63,   64,   65,   127,  128,  129,   1023,  1024,  1025,
    2048, 2049, 3072, 3073, 4096, 4097, 5120, 5121, 6144, 6145, 7168, 7169, 8192, 8193, 16384, 31744, 102400};

struct Case {
    std::size_t input_len = 0;
    Bytes hash;
    Bytes keyed_hash;
    Bytes derive_key;

    const Bytes& expected(Mode mode) const;
    bool operator==(const Case&) const = default;
};

struct Vectors {
    std::string key;
    std::string context;
    std::vector<Case> cases;
    std::string source;  // where the answers came from, for failure messages

    const Case& find(std::size_t input_len) const;
};

// Where to look. The defaults read the environment (HASHSCOPE_TESTDATA_DIR) and run `b3sum`
// from PATH; tests of the loader itself name other places.
struct Sources {
    std::optional<std::string> testdata_dir;
    std::string b3sum = "b3sum";

    static Sources from_environment();
};

// Loads from every source available; throws std::runtime_error when none is, or when two
// disagree.
Vectors load(const Sources& sources);

// Loaded once per process (from_environment): every test needs them.
const Vectors& vectors();

// The official input pattern: byte i is i % 251.
Bytes make_input(std::size_t len);

}  // namespace hashscope::test::blake3_vectors
