// The BLAKE3 answers' loader: the oracle's answers have the official shape, a missing oracle is
// a failure that says what to install, and a vector file that disagrees with the oracle is caught.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "blake3_vectors.hpp"

namespace {

using namespace hashscope::test::blake3_vectors;
namespace fs = std::filesystem;

std::string to_hex(const Bytes& bytes) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (auto b : bytes) {
        out += digits[b >> 4];
        out += digits[b & 15];
    }
    return out;
}

// A folder holding a blake3_test_vectors.json written from `v`, removed afterwards.
struct VectorFolder {
    fs::path path = fs::temp_directory_path() / ("hashscope-b3-vectors-" + std::to_string(::getpid()));
    explicit VectorFolder(const Vectors& v) {
        fs::create_directories(path);
        nlohmann::json json;
        json["key"] = v.key;
        json["context_string"] = v.context;
        for (const auto& c : v.cases) {
            json["cases"].push_back({{"input_len", c.input_len},
                                     {"hash", to_hex(c.hash)},
                                     {"keyed_hash", to_hex(c.keyed_hash)},
                                     {"derive_key", to_hex(c.derive_key)}});
        }
        std::ofstream(path / "blake3_test_vectors.json") << json.dump(1);
    }
    ~VectorFolder() { fs::remove_all(path); }
};

TEST(Blake3Vectors, EveryOfficialLengthInEveryMode) {
    const Vectors& v = vectors();
    ASSERT_EQ(v.cases.size(), std::size(official_input_lens)) << v.source;
    EXPECT_EQ(v.key, official_key);
    EXPECT_EQ(v.context, official_context);
    for (const auto& c : v.cases) {
        for (Mode mode : all_modes) EXPECT_EQ(c.expected(mode).size(), official_output_len) << c.input_len;
        EXPECT_NE(c.hash, c.keyed_hash);
        EXPECT_NE(c.hash, c.derive_key);
    }
    // The start of the official answer for the empty input (BLAKE3's README): a sanity anchor
    // that does not depend on which source answered.
    EXPECT_EQ(to_hex(v.find(0).hash).substr(0, 64), "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262");
}

TEST(Blake3Vectors, NoOracleIsAFailureThatSaysWhatToInstall) {
    Sources none;
    none.b3sum = "hashscope-no-such-b3sum";
    try {
        (void)load(none);
        FAIL() << "loaded vectors from nowhere";
    } catch (const std::runtime_error& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("install b3sum"), std::string::npos) << message;
        EXPECT_NE(message.find("HASHSCOPE_TESTDATA_DIR"), std::string::npos) << message;
    }
}

TEST(Blake3Vectors, AVectorFileIsUsedWithoutTheOracle) {
    const VectorFolder folder(vectors());
    Sources file_only;
    file_only.testdata_dir = folder.path.string();
    file_only.b3sum = "hashscope-no-such-b3sum";
    const Vectors loaded = load(file_only);
    EXPECT_EQ(loaded.cases, vectors().cases);
    EXPECT_NE(loaded.source.find("blake3_test_vectors.json"), std::string::npos);
}

TEST(Blake3Vectors, AVectorFileThatDisagreesWithTheOracleIsCaught) {
    Vectors damaged = vectors();
    damaged.cases[5].keyed_hash[17] ^= 1;
    const VectorFolder folder(damaged);
    Sources both;
    both.testdata_dir = folder.path.string();
    EXPECT_THROW((void)load(both), std::runtime_error);
}

}  // namespace
