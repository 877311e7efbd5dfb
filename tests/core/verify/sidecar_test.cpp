// Sidecars: the checksum files beside a file (X.sha256, ...) and in its folder (SHA256SUMS, ...)
// that vouch for it, nearest first.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "hashscope/digest.hpp"
#include "hashscope/verify/sidecar.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

const std::string kSha256Abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
const std::string kMd5Abc = "900150983cd24fb0d6963f7d28e17f72";
const std::string kSha512Abc =
    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a"
    "9ac"
    "94fa54ca49f";

class SidecarFinding : public testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("hashscope-sidecar-" + std::to_string(::getpid()));
        fs::create_directories(dir_);
        write("x.iso", "abc");
    }
    void TearDown() override { fs::remove_all(dir_); }
    void write(const std::string& name, const std::string& content) {
        std::ofstream(dir_ / name, std::ios::binary) << content;
    }
    // "file-name:line" of each sidecar, in order.
    std::vector<std::string> found(const std::string& name = "x.iso") {
        std::vector<std::string> out;
        for (const auto& s : find_sidecars(dir_ / name)) {
            out.push_back(s.sums_file.filename().string() + ":" + std::to_string(s.entry.line));
        }
        return out;
    }
    fs::path dir_;
};

TEST_F(SidecarFinding, NearestFirstThenFolderWideLists) {
    write("x.iso.md5", kMd5Abc + "  x.iso\n");
    write("x.iso.sha256", kSha256Abc + "  x.iso\n");
    write("CHECKSUMS", "SHA256 (other) = " + kSha256Abc + "\nSHA256 (x.iso) = " + kSha256Abc + "\n");
    write("MD5SUMS", kMd5Abc + "  x.iso\n");
    write("SHA256SUMS", kSha256Abc + "  other\n" + kSha256Abc + " *./x.iso\n");
    write("SHA512SUMS", kSha512Abc + "  x.iso\n");
    write("release.sha256", kSha256Abc + "  x.iso\n" + kSha256Abc + "  y.iso\n");
    write("notes.txt", kSha256Abc + "  x.iso\n");  // not named like a checksum file
    const std::vector<std::string> expected = {"x.iso.sha256:1", "x.iso.md5:1", "SHA256SUMS:2",    "SHA512SUMS:1",
                                               "MD5SUMS:1",      "CHECKSUMS:2", "release.sha256:1"};
    EXPECT_EQ(found(), expected);

    const auto sidecars = find_sidecars(dir_ / "x.iso");
    ASSERT_EQ(sidecars.size(), expected.size());
    EXPECT_EQ(sidecars[0].sums_file, dir_ / "x.iso.sha256");
    EXPECT_EQ(to_hex(sidecars[0].entry.expected), kSha256Abc);
    ASSERT_EQ(sidecars[0].entry.candidates.size(), 1U);
    EXPECT_EQ(sidecars[0].entry.candidates[0]->id, "sha256");
    EXPECT_EQ(sidecars[2].entry.name, "./x.iso");  // as written in the sums file
    EXPECT_EQ(sidecars[3].entry.candidates[0]->id, "sha512");
    EXPECT_EQ(sidecars[5].entry.candidates[0]->id, "sha256");
}

TEST_F(SidecarFinding, BesideTheFileAnyWayOfNamingItCounts) {
    write("x.iso.sha256", kSha256Abc + "\n");  // a bare digest
    write("x.iso.md5", kMd5Abc + "  -\n");     // md5sum < x.iso > x.iso.md5
    write("x.iso.b3", kSha256Abc + "  dist/x.iso\n" + kSha256Abc + "  dist/y.iso\n");
    write("x.iso.SHA1", "SHA1 (x.iso) = a9993e364706816aba3e25717850c26c9cd0d89d\n");
    const auto sidecars = find_sidecars(dir_ / "x.iso");
    ASSERT_EQ(sidecars.size(), 4U);
    EXPECT_EQ(sidecars[0].sums_file.filename(), "x.iso.sha256");
    EXPECT_EQ(sidecars[0].entry.name, "x.iso");
    EXPECT_EQ(to_hex(sidecars[0].entry.expected), kSha256Abc);
    ASSERT_EQ(sidecars[0].entry.candidates.size(), 1U);  // the sidecar's name says sha256
    EXPECT_EQ(sidecars[1].sums_file.filename(), "x.iso.SHA1");
    EXPECT_EQ(sidecars[2].sums_file.filename(), "x.iso.md5");
    EXPECT_EQ(sidecars[2].entry.name, "-");
    EXPECT_EQ(sidecars[3].sums_file.filename(), "x.iso.b3");
    EXPECT_EQ(sidecars[3].entry.name, "dist/x.iso");
    EXPECT_EQ(sidecars[3].entry.candidates[0]->id, "blake3");
}

TEST_F(SidecarFinding, FolderListsMustNameTheFileItself) {
    write("SHA256SUMS", kSha256Abc + "  sub/x.iso\n" + kSha256Abc + "  x.iso.bak\n" + kSha256Abc + "  X.ISO\n");
    write("x.isox.sha256", kSha256Abc + "  x.isox\n");
    write("MD5SUMS", kMd5Abc + "  -\n");  // "-" only counts beside the file
    EXPECT_TRUE(found().empty());
}

TEST_F(SidecarFinding, SkipsWhatItMustNotRead) {
    const auto fifo = dir_ / "x.iso.sha256";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);  // never opened: it would block
    fs::create_directories(dir_ / "x.iso.md5");  // a folder
    const auto big = dir_ / "SHA256SUMS";
    { std::ofstream(big) << kSha256Abc << "  x.iso\n"; }
    fs::resize_file(big, (std::uintmax_t{16} << 20) + 1);   // over 16 MiB: not read
    write("x.iso.asc", kSha256Abc + "  x.iso\n");           // a signature, not a checksum file
    write("MD5SUMS", "garbage\n" + kMd5Abc + "  x.iso\n");  // unusable lines are no reason to skip the rest
    EXPECT_EQ(found(), std::vector<std::string>{"MD5SUMS:2"});
}

TEST_F(SidecarFinding, WorksForASumsFileAndForAFileWithoutFolder) {
    write("SHA256SUMS", kSha256Abc + "  x.iso\n");
    write("MD5SUMS", kMd5Abc + "  SHA256SUMS\n");
    EXPECT_EQ(found("SHA256SUMS"), std::vector<std::string>{"MD5SUMS:1"});  // never itself

    const auto saved = fs::current_path();
    fs::current_path(dir_);
    const auto here = find_sidecars("x.iso");
    fs::current_path(saved);
    ASSERT_EQ(here.size(), 1U);
    EXPECT_EQ(here[0].sums_file.filename(), "SHA256SUMS");
}

TEST(LooksLikeSumsFile, NamesOfChecksumFiles) {
    for (const char* yes : {"SHA256SUMS", "sha256sums.txt", "x.sha256", "x.sha256sum", "x.MD5", "MD5SUMS", "B3SUMS",
                            "x.b2", "release.sfv", "CHECKSUMS", "checksums.txt", "x.xxh3", "dir/SHA512SUMS",
                            "ubuntu-22.04-SHA256SUMS", "SHA256SUMS.txt", "x.digests", "DIGESTS"}) {
        EXPECT_TRUE(looks_like_sums_file(yes)) << yes;
    }
    for (const char* no : {"x.iso", "README.md", "SHA256SUMS.gpg", "SHA256SUMS.sig", "x.sha256.asc", "go.sum", "",
                           "notes.txt", "checksums.go"}) {
        EXPECT_FALSE(looks_like_sums_file(no)) << no;
    }
}

}  // namespace
}  // namespace hashscope::verify
