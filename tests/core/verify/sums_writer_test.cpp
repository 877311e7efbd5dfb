// Writing checksum lines, and interoperation both ways: whatever we write for odd names reads back
// the same, coreutils checks it; what the installed tools (coreutils, b3sum, xxhsum, rhash, openssl)
// write for the same names, we read with the digests our registry computes.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "hashscope/digest.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/sums_format.hpp"
#include "hashscope/verify/sums_file.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

const AlgorithmInfo& algo(std::string_view id) { return *find_algorithm(id); }

// Names that need care in some format: blanks, escapes, comment marks, bytes that are no UTF-8.
const std::vector<std::string> kOddNames = {
    "plain.txt",         "with space.txt", "new\nline", "back\\slash", "-dash", "caf\xe9", "cr\rx",
    "par) = x",          " lead",          "trail ",    ";semi",       "#hash", "\\lead",  "*star",
    "deadbeef 12345678", "tab\there",      "x(1).jpg"};

TEST(SumsWriter, LinesOfEachFormat) {
    EXPECT_EQ(format_sums_line(SumsFormat::gnu, algo("sha256"), "a b", "abcd"), gnu_line("abcd", "a b"));
    EXPECT_EQ(format_sums_line(SumsFormat::gnu, algo("md5"), "a\nb", "abcd"), "\\abcd  a\\nb\n");
    EXPECT_EQ(format_sums_line(SumsFormat::bsd, algo("blake2b"), "x", "ab"), "BLAKE2b (x) = ab\n");
    EXPECT_EQ(format_sums_line(SumsFormat::bsd, algo("xxh3"), "a\\b", "ab"), "\\XXH3 (a\\\\b) = ab\n");
    EXPECT_EQ(format_sums_line(SumsFormat::sfv, algo("crc32"), "a b.txt", "cbf43926"), "a b.txt cbf43926\n");
    // SFV holds only CRC-32, and no escapes: a GNU line instead, always marked escaped.
    EXPECT_EQ(format_sums_line(SumsFormat::sfv, algo("sha1"), "x", "ab"), "ab  x\n");
    EXPECT_EQ(format_sums_line(SumsFormat::sfv, algo("crc32"), "a\nb", "cbf43926"), "\\cbf43926  a\\nb\n");
    EXPECT_EQ(format_sums_line(SumsFormat::sfv, algo("crc32"), ";x", "cbf43926"), "\\cbf43926  ;x\n");
    EXPECT_EQ(format_sums_line(SumsFormat::sfv, algo("crc32"), "x ", "cbf43926"), "\\cbf43926  x \n");
    EXPECT_TRUE(format_supports(SumsFormat::sfv, algo("crc32")));
    EXPECT_FALSE(format_supports(SumsFormat::sfv, algo("crc32c")));
    EXPECT_TRUE(format_supports(SumsFormat::gnu, algo("xxh128")));
    EXPECT_TRUE(format_supports(SumsFormat::bsd, algo("crc64nvme")));
}

// Found by fuzz_sums_reader: on a file's first line, a reader strips a UTF-8 byte-order mark, so
// an SFV name that starts with those bytes must be written as an escaped GNU line.
TEST(SumsWriter, ANameStartingWithAByteOrderMarkSurvivesTheFirstLine) {
    const std::string name = "\xEF\xBB\xBFnamed";
    for (const SumsFormat format : {SumsFormat::gnu, SumsFormat::bsd, SumsFormat::sfv}) {
        SumsReadOptions options;
        options.file_name = format == SumsFormat::sfv ? "out.sfv" : "out";
        options.algorithm = format == SumsFormat::bsd ? nullptr : &algo("crc32");
        const auto f = parse_sums(format_sums_line(format, algo("crc32"), name, "cbf43926"), options);
        ASSERT_EQ(f.entries.size(), 1U) << static_cast<int>(format);
        EXPECT_EQ(f.entries[0].name, name) << static_cast<int>(format);
    }
}

TEST(SumsWriter, EveryNameRoundTripsInEveryFormat) {
    for (const SumsFormat format : {SumsFormat::gnu, SumsFormat::bsd, SumsFormat::sfv}) {
        for (std::string_view id :
             {"crc32", "crc64nvme", "md5", "sha1", "sha256", "sha512-256", "blake2b", "blake3", "xxh3", "xxh128"}) {
            const auto& a = algo(id);
            std::string text;
            std::vector<std::string> hexes;
            for (std::size_t i = 0; i < kOddNames.size(); ++i) {
                std::vector<std::uint8_t> bytes(a.digest_size);
                for (std::size_t b = 0; b < bytes.size(); ++b) bytes[b] = static_cast<std::uint8_t>(i * 37 + b * 11);
                hexes.push_back(to_hex(bytes));
                text += format_sums_line(format, a, kOddNames[i], hexes.back());
            }
            SumsReadOptions options;
            options.file_name = format == SumsFormat::sfv ? "out.sfv" : "out";
            if (format != SumsFormat::bsd) options.algorithm = &a;  // BSD lines say it themselves
            const auto f = parse_sums(text, options);
            const std::string where = "format " + std::to_string(static_cast<int>(format)) + ", " + std::string(id);
            ASSERT_EQ(f.entries.size(), kOddNames.size()) << where << "\n" << text;
            EXPECT_TRUE(f.diagnostics.empty())
                << where << ": line " << f.diagnostics[0].line << " " << f.diagnostics[0].reason;
            for (std::size_t i = 0; i < kOddNames.size(); ++i) {
                EXPECT_EQ(f.entries[i].name, kOddNames[i]) << where;
                EXPECT_EQ(to_hex(f.entries[i].expected), hexes[i]) << where;
                ASSERT_EQ(f.entries[i].candidates.size(), 1U) << where;
                EXPECT_EQ(f.entries[i].candidates[0], &a) << where;
            }
        }
    }
}

bool have(const std::string& tool) { return std::system(("command -v " + tool + " >/dev/null 2>&1").c_str()) == 0; }

class SumsToolInterop : public testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("hashscope-sums-tools-" + std::to_string(::getpid()));
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    // A fresh folder holding `names`, each file with content of its own.
    fs::path tree(const std::string& folder, const std::vector<std::string>& names) {
        const auto path = dir_ / folder;
        fs::create_directories(path);
        for (const auto& name : names) std::ofstream(path / name, std::ios::binary) << "content of " << name;
        return path;
    }

    // Runs `command` in `folder` through the shell; its standard output. `status` gets the exit code.
    static std::string run(const fs::path& folder, const std::string& command, int* status = nullptr) {
        const std::string line = "cd '" + folder.string() + "' && " + command + " 2>/dev/null";
        FILE* pipe = ::popen(line.c_str(), "r");
        std::string out;
        if (pipe == nullptr) return out;
        char buffer[4096];
        for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
        const int rc = ::pclose(pipe);
        if (status != nullptr) *status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
        return out;
    }

    static std::string digest_of(std::string_view id, const fs::path& file) {
        auto hasher = Registry::host().make_hasher(id);
        if (!hasher) return "cannot hash: " + hasher.error().message;
        std::ifstream in(file, std::ios::binary);
        const std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        (*hasher)->update(std::as_bytes(std::span(content.data(), content.size())));
        return (*hasher)->finish().hex();
    }

    // The tool's output names every file of `names` once for `id`, with the digest we compute.
    static void expect_read(const std::string& output, const std::string& file_name, const fs::path& folder,
                            std::vector<std::string> names, std::string_view id, std::size_t lines_per_file = 1) {
        SumsReadOptions options;
        options.file_name = file_name;
        const auto f = parse_sums(output, options);
        ASSERT_EQ(f.entries.size(), names.size() * lines_per_file) << output;
        EXPECT_TRUE(f.diagnostics.empty()) << f.diagnostics[0].line << ": " << f.diagnostics[0].reason << "\n"
                                           << output;
        std::vector<std::string> seen;
        for (const auto& e : f.entries) {
            const auto found = std::find_if(e.candidates.begin(), e.candidates.end(),
                                            [&](const AlgorithmInfo* a) { return a->id == id; });
            if (found == e.candidates.end()) continue;  // another algorithm's line (rhash --bsd)
            EXPECT_EQ(to_hex(e.expected), digest_of(id, folder / e.name)) << id << " of '" << e.name << "'";
            seen.push_back(e.name);
        }
        std::sort(seen.begin(), seen.end());
        std::sort(names.begin(), names.end());
        EXPECT_EQ(seen, names) << id;
    }

    fs::path dir_;
};

std::vector<std::string> without(std::vector<std::string> names, std::initializer_list<std::string_view> drop) {
    std::erase_if(names, [&](const std::string& n) { return std::find(drop.begin(), drop.end(), n) != drop.end(); });
    return names;
}

const std::vector<std::string> kToolNames = {"plain.txt", "with space.txt", "new\nline", "back\\slash",
                                             "-dash",     "caf\xe9",        "cr\rx",     "par) = x"};

TEST_F(SumsToolInterop, CoreutilsOutputReadsBack) {
    if (!have("sha256sum") || !have("md5sum") || !have("b2sum")) GTEST_SKIP() << "coreutils not installed";
    const auto folder = tree("coreutils", kToolNames);
    expect_read(run(folder, "sha256sum -- *"), "SHA256SUMS", folder, kToolNames, "sha256");
    expect_read(run(folder, "sha256sum --tag -- *"), "", folder, kToolNames, "sha256");
    expect_read(run(folder, "md5sum -b -- *"), "MD5SUMS", folder, kToolNames, "md5");
    expect_read(run(folder, "b2sum -- *"), "B2SUMS", folder, kToolNames, "blake2b");
    expect_read(run(folder, "b2sum --tag -- *"), "", folder, kToolNames, "blake2b");
    expect_read(run(folder, "sha1sum -- *"), "", folder, kToolNames, "sha1");  // by length alone
}

TEST_F(SumsToolInterop, B3sumOutputReadsBack) {
    if (!have("b3sum")) GTEST_SKIP() << "b3sum not installed";
    // b3sum escapes '\' and newlines (not CR), and writes invalid UTF-8 lossily: that name is left out.
    const auto names = without(kToolNames, {"caf\xe9"});
    const auto folder = tree("b3sum", names);
    expect_read(run(folder, "b3sum -- *"), "B3SUMS", folder, names, "blake3");
    expect_read(run(folder, "b3sum -- *"), "", folder, names, "blake3");
}

TEST_F(SumsToolInterop, XxhsumOutputReadsBackInEveryVariant) {
    if (!have("xxhsum")) GTEST_SKIP() << "xxhsum not installed";
    // xxhsum 0.8.1 does not escape names: a newline in one would split its line.
    const auto names = without(kToolNames, {"new\nline"});
    const auto folder = tree("xxhsum", names);
    const std::pair<const char*, const char*> variants[] = {
        {"-H0", "xxh32"}, {"-H1", "xxh64"}, {"-H2", "xxh128"}, {"-H3", "xxh3"}};
    for (const auto& [option, id] : variants) {
        const std::string base = std::string("xxhsum ") + option;
        expect_read(run(folder, base + " -- *"), "", folder, names, id);
        expect_read(run(folder, base + " --tag -- *"), "", folder, names, id);
        // --little-endian reverses the digest; the BSD tag says so (XXH64_LE) and we turn it back.
        expect_read(run(folder, base + " --tag --little-endian -- *"), "", folder, names, id);
    }
}

TEST_F(SumsToolInterop, RhashOutputReadsBack) {
    if (!have("rhash")) GTEST_SKIP() << "rhash not installed";
    // rhash takes '\' for a path separator and writes newlines raw.
    const auto names = without(kToolNames, {"new\nline", "back\\slash"});
    const auto folder = tree("rhash", names);
    const auto bsd = run(folder, "rhash --bsd --sha256 --crc32 --md5 -- *");
    for (std::string_view id : {"sha256", "crc32", "md5"}) expect_read(bsd, "", folder, names, id, 3);
    expect_read(run(folder, "rhash --sfv -- *"), "check.sfv", folder, names, "crc32");
    expect_read(run(folder, "rhash --sfv -- *"), "", folder, names, "crc32");  // SFV without the name
    expect_read(run(folder, "rhash --simple --crc32c -- *"), "x.crc32c", folder, names, "crc32c");
    expect_read(run(folder, "rhash --bsd --sha3-256 --blake2s -- *"), "", folder, names, "sha3-256", 2);
}

TEST_F(SumsToolInterop, OpensslDgstOutputReadsBack) {
    if (!have("openssl")) GTEST_SKIP() << "openssl not installed";
    const auto names = without(kToolNames, {"new\nline"});  // not escaped either
    const auto folder = tree("openssl", names);
    const std::pair<const char*, const char*> digests[] = {{"-sha256", "sha256"},         {"-md5", "md5"},
                                                           {"-sha512-256", "sha512-256"}, {"-sha3-256", "sha3-256"},
                                                           {"-blake2b512", "blake2b"},    {"-blake2s256", "blake2s"}};
    for (const auto& [option, id] : digests) {
        expect_read(run(folder, std::string("openssl dgst ") + option + " -- *"), "", folder, names, id);
    }
    expect_read(run(folder, "openssl dgst -sha3-512 -r -- *"), "x.sha3-512", folder, names, "sha3-512");
}

TEST_F(SumsToolInterop, CoreutilsChecksWhatWeWrite) {
    if (!have("sha256sum") || !have("cksum")) GTEST_SKIP() << "coreutils not installed";
    const auto names = without(kOddNames, {"deadbeef 12345678"});
    const auto folder = tree("ours", names);
    std::string gnu;
    std::string bsd;
    for (const auto& name : names) {
        gnu += format_sums_line(SumsFormat::gnu, algo("sha256"), name, digest_of("sha256", folder / name));
        for (std::string_view id : {"md5", "sha1", "sha512", "blake2b"}) {
            bsd += format_sums_line(SumsFormat::bsd, algo(id), name, digest_of(id, folder / name));
        }
    }
    std::ofstream(folder / "SHA256SUMS", std::ios::binary) << gnu;
    std::ofstream(folder / "TAGGED", std::ios::binary) << bsd;
    int status = -1;
    const auto checked = run(folder, "sha256sum --check --strict SHA256SUMS", &status);
    EXPECT_EQ(status, 0) << checked;
    EXPECT_EQ(std::count(checked.begin(), checked.end(), '\n'), static_cast<long>(names.size())) << checked;
    run(folder, "cksum --check --strict TAGGED", &status);
    EXPECT_EQ(status, 0);
}

}  // namespace
}  // namespace hashscope::verify
