// Reading checksum files: every format and odd case, and a diagnostic with its line number for every
// line that is not used. (Real tools' output: sums_writer_test.cpp.)
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "hashscope/digest.hpp"
#include "hashscope/verify/sums_file.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

const std::string kSha256Abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
const std::string kMd5Abc = "900150983cd24fb0d6963f7d28e17f72";

SumsFile parse(std::string_view text, std::string file_name = "", const char* algorithm = nullptr) {
    SumsReadOptions options;
    options.file_name = std::move(file_name);
    if (algorithm != nullptr) options.algorithm = find_algorithm(algorithm);
    return parse_sums(text, options);
}

std::string ids(const std::vector<const AlgorithmInfo*>& algos) {
    std::string out;
    for (const auto* a : algos) out += (out.empty() ? "" : ",") + std::string(a->id);
    return out;
}
std::string ids(const SumsEntry& e) { return ids(e.candidates); }
std::string hex(const SumsEntry& e) { return to_hex(e.expected); }

// "line: reason" for each diagnostic, to see them all at once in a failure.
std::string diagnostics(const SumsFile& f) {
    std::string out;
    for (const auto& d : f.diagnostics) out += std::to_string(d.line) + ": " + d.reason + "\n";
    return out;
}

TEST(SumsReader, GnuLinesKeepEveryByteOfTheName) {
    const std::string text =
        kSha256Abc + "  with space.txt\n" + kSha256Abc + " *-leading dash\n" + kSha256Abc + "  two  spaces\n" +
        "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD  caf\xe9\n" + kSha256Abc + "  back\\slash\n" +
        kSha256Abc + "   lead and trail  \n" + kSha256Abc + " **star\n";
    const auto f = parse(text, "SHA256SUMS");
    ASSERT_EQ(f.entries.size(), 7U) << diagnostics(f);
    EXPECT_TRUE(f.diagnostics.empty()) << diagnostics(f);
    EXPECT_EQ(f.entries[0].name, "with space.txt");
    EXPECT_FALSE(f.entries[0].binary_mark);
    EXPECT_EQ(f.entries[1].name, "-leading dash");
    EXPECT_TRUE(f.entries[1].binary_mark);
    EXPECT_EQ(f.entries[2].name, "two  spaces");
    EXPECT_EQ(f.entries[3].name, "caf\xe9");
    EXPECT_EQ(hex(f.entries[3]), kSha256Abc);
    EXPECT_EQ(f.entries[4].name, "back\\slash");  // not escaped: the backslash is a backslash
    EXPECT_EQ(f.entries[5].name, " lead and trail  ");
    EXPECT_EQ(f.entries[6].name, "*star");
    for (std::size_t i = 0; i < f.entries.size(); ++i) {
        EXPECT_EQ(f.entries[i].line, i + 1);
        EXPECT_EQ(f.entries[i].format, SumsFormat::gnu);
        EXPECT_EQ(ids(f.entries[i]), "sha256");
    }
}

TEST(SumsReader, EscapedLinesAreUnescapedTheCoreutilsWay) {
    const auto f = parse("\\" + kMd5Abc + "  a\\\\b\\nc\\rd\n\\" + kMd5Abc + "  bad\\t\n\\" + kMd5Abc + "  end\\\n");
    ASSERT_EQ(f.entries.size(), 1U) << diagnostics(f);
    EXPECT_EQ(f.entries[0].name, "a\\b\nc\rd");
    ASSERT_EQ(f.diagnostics.size(), 2U);
    EXPECT_EQ(f.diagnostics[0].line, 2U);
    EXPECT_NE(f.diagnostics[0].reason.find("bad escape '\\t'"), std::string::npos) << f.diagnostics[0].reason;
    EXPECT_EQ(f.diagnostics[1].line, 3U);
    EXPECT_NE(f.diagnostics[1].reason.find("bad escape"), std::string::npos);
}

TEST(SumsReader, XxhsumPrefixNamesTheAlgorithm) {
    const auto f = parse("XXH3_72dcb18b67a17dff  a\nXXH64_44bc2cf5ad770999  b\nXXH3_937bad67  c\n", "", "xxh3");
    ASSERT_EQ(f.entries.size(), 1U) << diagnostics(f);
    EXPECT_EQ(ids(f.entries[0]), "xxh3");
    EXPECT_EQ(hex(f.entries[0]), "72dcb18b67a17dff");
    ASSERT_EQ(f.diagnostics.size(), 2U);
    EXPECT_NE(f.diagnostics[0].reason.find("-a xxh3"), std::string::npos) << f.diagnostics[0].reason;
    EXPECT_NE(f.diagnostics[1].reason.find("XXH3-64's prefix"), std::string::npos) << f.diagnostics[1].reason;
}

TEST(SumsReader, BsdLinesOfEveryTagStyle) {
    const std::string text = "SHA256 (a) = " + kSha256Abc + "\n" +  // coreutils --tag
                             "MD5   (b) = " + kMd5Abc + "  \t\n" +  // rhash pads the tag; trailing blanks
                             "SHA2-256(c)= " + kSha256Abc + "\n" +  // openssl dgst
                             "BLAKE2b (d) = " + std::string(128, 'a') + "\n" +
                             "CRC32C (e) = e3069283\nCRC64NVME (f) = ae8b14860a799888\n"
                             "XXH128 (g) = 33119477ede5dcd5e9716427681d5860\nBLAKE3 (h) = " +
                             kSha256Abc + "\n" + "SHA256 (par) = x) = " + kSha256Abc + "\n" +  // ") = " inside the name
                             "\\SHA256 (new\\nline) = " + kSha256Abc + "\n" + "SHA2-512/256(i)= " + kSha256Abc + "\n";
    const auto f = parse(text, "MD5SUMS");  // BSD lines name their algorithm; the file name does not matter
    ASSERT_EQ(f.entries.size(), 11U) << diagnostics(f);
    const char* expected[][2] = {{"a", "sha256"},         {"b", "md5"},       {"c", "sha256"},
                                 {"d", "blake2b"},        {"e", "crc32c"},    {"f", "crc64nvme"},
                                 {"g", "xxh128"},         {"h", "blake3"},    {"par) = x", "sha256"},
                                 {"new\nline", "sha256"}, {"i", "sha512-256"}};
    for (std::size_t i = 0; i < f.entries.size(); ++i) {
        EXPECT_EQ(f.entries[i].name, expected[i][0]);
        EXPECT_EQ(ids(f.entries[i]), expected[i][1]);
        EXPECT_EQ(f.entries[i].format, SumsFormat::bsd);
    }
    EXPECT_EQ(hex(f.entries[1]), kMd5Abc);
}

// BSD `md5 -r` writes "HEX NAME". As coreutils' split_3 does, the first GNU line decides the form;
// in the one-space form a name's leading ' ' or '*' is its own, and lines of the other form are refused.
TEST(SumsReader, OneSpaceFormIsDecidedByTheFirstLine) {
    const std::string one_space = kMd5Abc + " f\n" + kMd5Abc + "  b\n" + kMd5Abc + " *c\n" + kMd5Abc + "  \n";
    const auto f = parse(one_space, "", "md5");
    ASSERT_EQ(f.entries.size(), 4U) << diagnostics(f);
    EXPECT_EQ(f.entries[0].name, "f");
    EXPECT_EQ(f.entries[1].name, " b");
    EXPECT_EQ(f.entries[2].name, "*c");
    EXPECT_FALSE(f.entries[2].binary_mark);
    EXPECT_EQ(f.entries[3].name, " ");

    // A lone name of one character after a single space: the one-space form, whatever it is.
    const auto blank = parse(kMd5Abc + "  \n", "", "md5");
    ASSERT_EQ(blank.entries.size(), 1U) << diagnostics(blank);
    EXPECT_EQ(blank.entries[0].name, " ");

    const auto mixed = parse(kMd5Abc + "  f\n" + kMd5Abc + " g\n" + kMd5Abc + " *h\n", "", "md5");
    ASSERT_EQ(mixed.entries.size(), 2U) << diagnostics(mixed);
    EXPECT_EQ(mixed.entries[1].name, "h");
    EXPECT_TRUE(mixed.entries[1].binary_mark);
    ASSERT_EQ(mixed.diagnostics.size(), 1U);
    EXPECT_EQ(mixed.diagnostics[0].line, 2U);
    EXPECT_NE(mixed.diagnostics[0].reason.find("md5 -r"), std::string::npos) << mixed.diagnostics[0].reason;

    // Unused lines decide nothing: the first line that is used does.
    const auto later = parse("garbage\n" + kSha256Abc + "  wrong length\n" + kMd5Abc + " f\n", "", "md5");
    ASSERT_EQ(later.entries.size(), 1U) << diagnostics(later);
    EXPECT_EQ(later.entries[0].name, "f");
}

// Base64 digests, as `cksum --base64` writes them (coreutils 9.2): in BSD lines, and in GNU lines
// when the algorithm is known. The padding must be exact.
TEST(SumsReader, Base64Digests) {
    const std::string md5_b64 = "kAFQmDzST7DWlj99KOF/cg==";  // base64 of MD5("abc")
    const auto bsd = parse("MD5 (f) = " + md5_b64 + "\n");
    ASSERT_EQ(bsd.entries.size(), 1U) << diagnostics(bsd);
    EXPECT_EQ(hex(bsd.entries[0]), kMd5Abc);
    EXPECT_EQ(ids(bsd.entries[0]), "md5");

    const auto gnu = parse(md5_b64 + "  f\n", "", "md5");
    ASSERT_EQ(gnu.entries.size(), 1U) << diagnostics(gnu);
    EXPECT_EQ(hex(gnu.entries[0]), kMd5Abc);
    EXPECT_EQ(ids(parse(md5_b64 + "  f\n", "x.md5").entries.at(0)), "md5");
    EXPECT_TRUE(parse(md5_b64 + "  f\n").entries.empty());  // no algorithm: no length to read it by

    for (const std::string& bad :
         {md5_b64.substr(0, 23), md5_b64.substr(0, 22), std::string("kAFQmDzST7DWlj99KOF_cg==")}) {
        EXPECT_TRUE(parse("MD5 (f) = " + bad + "\n").entries.empty()) << bad;
        EXPECT_TRUE(parse(bad + "  f\n", "", "md5").entries.empty()) << bad;
    }
    // A name holding ") = " still ends at the last ") =" before the digest.
    const auto odd = parse("MD5 (a) = b) = " + md5_b64 + "\n");
    ASSERT_EQ(odd.entries.size(), 1U) << diagnostics(odd);
    EXPECT_EQ(odd.entries[0].name, "a) = b");
}

TEST(SumsReader, BsdLinesThatCannotBeUsedSayWhy) {
    const std::string text = "BLAKE2s-128 (x) = " + kMd5Abc + "\nGOST12-256 (x) = " + kSha256Abc +
                             "\nSHA256 (x) = " + kMd5Abc + "\nSHA256 (x) = zz\nSHA1 (x) " + kSha256Abc +
                             "\nSHA256 () = " + kSha256Abc + "\nMD5 (x) = " + kMd5Abc + "\n";
    const auto f = parse(text, "", "sha256");
    EXPECT_TRUE(f.entries.empty());
    ASSERT_EQ(f.diagnostics.size(), 7U) << diagnostics(f);
    const char* reasons[] = {"'BLAKE2s-128' is BLAKE2s with a 128-bit digest",
                             "unknown BSD tag 'GOST12-256'",
                             "32 hex digits after the tag 'SHA256', but SHA-256 has 64",
                             "neither hex nor base64 of SHA-256's 32 bytes: 'zz'",
                             "without ' = '",
                             "empty file name",
                             "the line says MD5, but -a sha256"};
    for (std::size_t i = 0; i < 7; ++i) {
        EXPECT_EQ(f.diagnostics[i].line, i + 1);
        EXPECT_NE(f.diagnostics[i].reason.find(reasons[i]), std::string::npos) << f.diagnostics[i].reason;
    }
}

// b2sum -l: "BLAKE2b-256" tags name the variant; with -a blake2b a bare digest's length chooses it,
// as `b2sum -c` does; a tag's length must match its digest.
TEST(SumsReader, Blake2bLengthVariantsAreReadFromTagsAndDigestLengths) {
    const std::string b256 =
        "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319";  // b2sum -l 256 of "abc"
    const auto tagged = parse("BLAKE2b-256 (a) = " + b256 + "\nBLAKE2b-128 (b) = " + b256 + "\nBLAKE2b-12 (c) = 00\n");
    ASSERT_EQ(tagged.entries.size(), 1U) << diagnostics(tagged);
    EXPECT_EQ(ids(tagged.entries[0]), "blake2b-256");
    ASSERT_EQ(tagged.diagnostics.size(), 2U) << diagnostics(tagged);
    EXPECT_NE(tagged.diagnostics[0].reason.find("64 hex digits after the tag 'BLAKE2b-128', but BLAKE2b-128 has 32"),
              std::string::npos)
        << tagged.diagnostics[0].reason;
    EXPECT_NE(tagged.diagnostics[1].reason.find("unknown BSD tag 'BLAKE2b-12'"), std::string::npos)
        << tagged.diagnostics[1].reason;

    const auto bare =
        parse(b256 + "  a\n" + b256.substr(0, 32) + "  b\n" + b256.substr(0, 30) + "  c\n", "", "blake2b");
    ASSERT_EQ(bare.entries.size(), 3U) << diagnostics(bare);
    EXPECT_EQ(ids(bare.entries[0]), "blake2b-256");
    EXPECT_EQ(ids(bare.entries[1]), "blake2b-128");
    EXPECT_EQ(ids(bare.entries[2]), "blake2b-120");

    // A file named for BLAKE2b holds any of its lengths.
    const auto named = parse(b256 + "  a\n", "B2SUMS");
    ASSERT_EQ(named.entries.size(), 1U) << diagnostics(named);
    EXPECT_EQ(ids(named.entries[0]), "blake2b-256");
}

TEST(SumsReader, XxhsumLittleEndianTagsAreReversedNotMisread) {
    const auto f = parse(
        "XXH64_LE (a) = 990977adf52cbc44\nXXH128_LE (b) = 60581d68276471e9d5dce5ed77941133\n"
        "SHA256_LE (c) = " +
        kSha256Abc + "\n");
    ASSERT_EQ(f.entries.size(), 2U) << diagnostics(f);
    EXPECT_EQ(hex(f.entries[0]), "44bc2cf5ad770999");
    EXPECT_EQ(ids(f.entries[0]), "xxh64");
    EXPECT_EQ(hex(f.entries[1]), "33119477ede5dcd5e9716427681d5860");
    ASSERT_EQ(f.diagnostics.size(), 1U);
    EXPECT_NE(f.diagnostics[0].reason.find("unknown BSD tag 'SHA256_LE'"), std::string::npos);
    ASSERT_EQ(f.notes.size(), 1U);
    EXPECT_NE(f.notes[0].find("little-endian"), std::string::npos);
}

TEST(SumsReader, SfvFilesWithCommentsAndEscapedFallbacks) {
    const std::string text =
        "; Generated by RHash\n;\n# also a comment\nplain.txt 363A3020\nwith space.txt e8b7be43\n"
        "deadbeef 12345678\n\\dir\\file 0000ABCD\n\\12345678  new\\nline\n12345678  ;semi\nnohex\n"
        "short 1234567\n";
    const auto f = parse(text, "release.SFV");
    ASSERT_EQ(f.entries.size(), 6U) << diagnostics(f);
    const char* names[] = {"plain.txt", "with space.txt", "deadbeef", "\\dir\\file", "new\nline", ";semi"};
    for (std::size_t i = 0; i < 6; ++i) {
        EXPECT_EQ(f.entries[i].name, names[i]);
        EXPECT_EQ(ids(f.entries[i]), "crc32");
    }
    EXPECT_EQ(hex(f.entries[0]), "363a3020");
    EXPECT_EQ(f.entries[0].format, SumsFormat::sfv);
    EXPECT_EQ(f.entries[4].format, SumsFormat::gnu);
    ASSERT_EQ(f.diagnostics.size(), 2U) << diagnostics(f);
    EXPECT_EQ(f.diagnostics[0].line, 10U);
    EXPECT_EQ(f.diagnostics[0].reason, "no digest found");
    EXPECT_NE(f.diagnostics[1].reason.find("this one has 7 hex digits"), std::string::npos);
}

TEST(SumsReader, SfvLinesOutsideSfvFilesOnlyWhenNotGnu) {
    // "deadbeef 12345678" is a valid GNU line (name "12345678"): GNU wins outside .sfv files.
    const auto f = parse("; header\nphoto (1).jpg 1234abcd\nabc 0000abcd\ndeadbeef 12345678\n");
    ASSERT_EQ(f.entries.size(), 3U) << diagnostics(f);
    EXPECT_EQ(f.entries[0].name, "photo (1).jpg");
    EXPECT_EQ(ids(f.entries[0]), "crc32");
    EXPECT_EQ(f.entries[1].name, "abc");
    EXPECT_EQ(f.entries[1].format, SumsFormat::sfv);
    EXPECT_EQ(f.entries[2].name, "12345678");
    EXPECT_EQ(f.entries[2].format, SumsFormat::gnu);
    EXPECT_EQ(ids(f.entries[2]), "crc32,crc32c,adler32,xxh32");
    EXPECT_TRUE(f.diagnostics.empty()) << diagnostics(f);  // the ';' line was an SFV comment after all

    const auto g = parse(kMd5Abc + "  a\n; not SFV\n" + "zz\n");
    ASSERT_EQ(g.diagnostics.size(), 2U) << diagnostics(g);
    EXPECT_EQ(g.diagnostics[0].line, 2U);
    EXPECT_NE(g.diagnostics[0].reason.find("';'"), std::string::npos);
    EXPECT_EQ(g.diagnostics[1].line, 3U);
}

TEST(SumsReader, BomCrlfBlankLinesAndHashComments) {
    const std::string text = "\xEF\xBB\xBF" + kMd5Abc + "  a\r\n\r\n   \r\n# comment\r\n  \t# indented\r\n" + kMd5Abc +
                             "  b\r\n" + kMd5Abc + "  c";  // the last line has no newline
    const auto f = parse(text);
    ASSERT_EQ(f.entries.size(), 3U) << diagnostics(f);
    EXPECT_EQ(f.entries[0].name, "a");
    EXPECT_EQ(f.entries[1].name, "b");
    EXPECT_EQ(f.entries[1].line, 6U);
    EXPECT_EQ(f.entries[2].name, "c");
    EXPECT_EQ(ids(f.entries[0]), "md5,xxh128");
    EXPECT_TRUE(f.diagnostics.empty()) << diagnostics(f);
    ASSERT_EQ(f.notes.size(), 1U);
    EXPECT_NE(f.notes[0].find("byte order mark"), std::string::npos);
}

TEST(SumsReader, PgpClearSignedWrapperIsUnwrapped) {
    const std::string text = "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n" + kSha256Abc + "  a.iso\n- " +
                             kSha256Abc +
                             "  -dashed\n-----BEGIN PGP SIGNATURE-----\n\niQIzBAEBCAAdFiEE\n=abcd\n"
                             "-----END PGP SIGNATURE-----\n";
    const auto f = parse(text, "SHA256SUMS");
    EXPECT_TRUE(f.pgp_signed);
    ASSERT_EQ(f.entries.size(), 2U) << diagnostics(f);
    EXPECT_EQ(f.entries[0].name, "a.iso");
    EXPECT_EQ(f.entries[0].line, 4U);
    EXPECT_EQ(f.entries[1].name, "-dashed");
    EXPECT_TRUE(f.diagnostics.empty()) << diagnostics(f);
    ASSERT_EQ(f.notes.size(), 1U);
    EXPECT_EQ(f.notes[0], "PGP clear-signed; the signature was not checked");

    const auto unfinished = parse("-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n" + kSha256Abc + "  a\n");
    EXPECT_EQ(unfinished.entries.size(), 1U);
    ASSERT_EQ(unfinished.notes.size(), 2U);
    EXPECT_NE(unfinished.notes[1].find("no signature block"), std::string::npos);
}

TEST(SumsReader, AlgorithmComesFromOptionThenFileNameThenLength) {
    const std::string line = kSha256Abc + "  a\n";
    EXPECT_EQ(ids(parse(line).entries.at(0)), "sha256,blake3,sha3-256,blake2s,sha512-256");
    EXPECT_EQ(ids(parse(line, "B3SUMS").entries.at(0)), "blake3");
    EXPECT_EQ(ids(parse(line, "x.sha3-256").entries.at(0)), "sha3-256");
    EXPECT_EQ(ids(parse(line, "B3SUMS", "sha256").entries.at(0)), "sha256");
    EXPECT_EQ(ids(parse("44bc2cf5ad770999  a\n").entries.at(0)), "crc64nvme,xxh64,xxh3,crc64xz");
    EXPECT_EQ(ids(parse("44bc2cf5ad770999  a\n", "files.xxh").entries.at(0)), "xxh64,xxh3");

    const auto md5 = parse(line + kMd5Abc + "  b\n", "x.md5");
    ASSERT_EQ(md5.entries.size(), 1U);
    ASSERT_EQ(md5.diagnostics.size(), 1U);
    EXPECT_EQ(md5.diagnostics[0].line, 1U);
    EXPECT_EQ(md5.diagnostics[0].reason, "64 hex digits, but a file named 'x.md5' holds MD5 digests of 32 hex digits");
    const auto with_a = parse(line, "", "md5");
    ASSERT_EQ(with_a.diagnostics.size(), 1U);
    EXPECT_EQ(with_a.diagnostics[0].reason, "64 hex digits, but -a md5 needs 32 hex digits");
}

TEST(SumsReader, EveryUnusedLineGetsAReasonAndItsNumber) {
    const std::string text = "garbage\n" + kMd5Abc + "\nabcde  x\nabcdef  x\n" + kMd5Abc + " \nSHA256 x\n" + kMd5Abc +
                             "  ok\n" + std::string("abc\0def  x\n", 11);
    const auto f = parse(text);
    ASSERT_EQ(f.entries.size(), 1U);
    EXPECT_EQ(f.entries[0].line, 7U);
    ASSERT_EQ(f.diagnostics.size(), 7U) << diagnostics(f);
    const char* reasons[] = {"no digest found",
                             "a digest without a file name",
                             "5 hex digits: an odd count",
                             "6 hex digits (3 bytes) is no digest length",
                             "empty file name",
                             "no digest found",
                             "a NUL byte"};
    const std::size_t lines[] = {1, 2, 3, 4, 5, 6, 8};
    for (std::size_t i = 0; i < 7; ++i) {
        EXPECT_EQ(f.diagnostics[i].line, lines[i]);
        EXPECT_NE(f.diagnostics[i].reason.find(reasons[i]), std::string::npos) << f.diagnostics[i].reason;
    }
}

TEST(SumsNames, FileNamesTagsAndLengths) {
    const std::pair<const char*, const char*> names[] = {
        {"SHA256SUMS", "sha256"},   {"sha256sums.txt", "sha256"},
        {"x.sha256", "sha256"},     {"x.SHA256SUM", "sha256"},
        {"x.sha256.txt", "sha256"}, {"ubuntu-22.04-SHA256SUMS", "sha256"},
        {"MD5SUMS", "md5"},         {"a/b/x.md5", "md5"},
        {"SHA1SUMS", "sha1"},       {"SHA512SUMS", "sha512"},
        {"SHA224SUMS", "sha224"},   {"SHA384SUMS", "sha384"},
        {"B2SUMS", "blake2b"},      {"x.b2", "blake2b"},
        {"B3SUMS", "blake3"},       {"x.b3", "blake3"},
        {"r.sfv", "crc32"},         {"x.xxh3", "xxh3"},
        {"x.xxh128", "xxh128"},     {"XXHSUMS", "xxh64,xxh3,xxh32,xxh128"},
        {"x.crc32c", "crc32c"},     {"x.sha512-256", "sha512-256"},
        {"CHECKSUMS", ""},          {"readme.md", ""},
        {"xmd5sums", ""},           {"go.sum", ""}};
    for (const auto& [name, expected] : names) EXPECT_EQ(ids(algorithms_for_sums_name(name)), expected) << name;

    const std::pair<const char*, const char*> tags[] = {{"SHA256", "sha256"},
                                                        {"SHA2-256", "sha256"},
                                                        {"SHA-256", "sha256"},
                                                        {"sha256", "sha256"},
                                                        {"BLAKE2b", "blake2b"},
                                                        {"BLAKE2B-512", "blake2b"},
                                                        {"BLAKE2s", "blake2s"},
                                                        {"BLAKE2S-256", "blake2s"},
                                                        {"BLAKE3", "blake3"},
                                                        {"XXH3", "xxh3"},
                                                        {"XXH128", "xxh128"},
                                                        {"CRC32C", "crc32c"},
                                                        {"CRC64NVME", "crc64nvme"},
                                                        {"CRC32", "crc32"},
                                                        {"SHA3-256", "sha3-256"},
                                                        {"SHA512-256", "sha512-256"},
                                                        {"SHA2-512/256", "sha512-256"},
                                                        {"MD5", "md5"},
                                                        {"SHA1", "sha1"},
                                                        {"ADLER32", "adler32"}};
    for (const auto& [tag, expected] : tags) {
        const auto* a = algorithm_for_tag(tag);
        ASSERT_NE(a, nullptr) << tag;
        EXPECT_EQ(a->id, expected) << tag;
    }
    EXPECT_EQ(algorithm_for_tag("BLAKE2b-256"), find_algorithm("blake2b-256"));  // b2sum -l 256 --tag
    for (const char* unknown : {"BLAKE2b-12", "BLAKE2s-128", "XXH64_LE", "GOST12-256", "", "SHA", "CRC"}) {
        EXPECT_EQ(algorithm_for_tag(unknown), nullptr) << unknown;
    }

    EXPECT_EQ(ids(algorithms_for_digest_size(4)), "crc32,crc32c,adler32,xxh32");
    EXPECT_EQ(ids(algorithms_for_digest_size(16)), "md5,xxh128");
    EXPECT_EQ(ids(algorithms_for_digest_size(64)), "sha512,blake2b,sha3-512");
    EXPECT_EQ(ids(algorithms_for_digest_size(20)), "sha1");
    EXPECT_TRUE(algorithms_for_digest_size(3).empty());

    for (const char* outside : {"/etc/passwd", "../x", "a/../../x", "a/..", ".."})
        EXPECT_TRUE(is_outside_name(outside));
    for (const char* inside : {"a/b", "..a", "a..b/c", "./x", "a//b", "...", "\\..\\x"})
        EXPECT_FALSE(is_outside_name(inside));
}

class SumsFileReading : public testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("hashscope-sums-reader-" + std::to_string(::getpid()));
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    fs::path write(const std::string& name, const std::string& content) {
        std::ofstream(dir_ / name, std::ios::binary) << content;
        return dir_ / name;
    }
    fs::path dir_;
};

TEST_F(SumsFileReading, StreamsLongFilesAcrossBlockBoundaries) {
    std::string text;
    for (int i = 0; i < 5000; ++i) text += kSha256Abc + "  file number " + std::to_string(i) + " with a long name\n";
    const auto read = read_sums_file(write("SHA256SUMS", text), {});
    ASSERT_TRUE(read.ok()) << read.error().message;
    ASSERT_EQ(read->entries.size(), 5000U);
    EXPECT_TRUE(read->diagnostics.empty());
    for (int i = 0; i < 5000; ++i) {
        ASSERT_EQ(read->entries[static_cast<std::size_t>(i)].name,
                  "file number " + std::to_string(i) + " with a long name");
    }
    EXPECT_EQ(ids(read->entries[0]), "sha256");  // the file name came from the path
}

TEST_F(SumsFileReading, RefusesWhatIsNoChecksumFile) {
    // Binary data is no error of the file, as in coreutils: its lines are improperly formatted.
    const auto binary = read_sums_file(write("bin.md5", kMd5Abc + "  a\n" + std::string(3, '\0')), {});
    ASSERT_TRUE(binary.ok());
    EXPECT_EQ(binary->entries.size(), 1U);
    ASSERT_EQ(binary->diagnostics.size(), 1U);
    EXPECT_NE(binary->diagnostics[0].reason.find("NUL"), std::string::npos);

    const auto folder = read_sums_file(dir_, {});
    ASSERT_FALSE(folder.ok());
    EXPECT_NE(folder.error().message.find("folder"), std::string::npos);

    EXPECT_FALSE(read_sums_file(dir_ / "missing", {}).ok());

    const auto fifo = dir_ / "fifo.sha256";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const auto pipe = read_sums_file(fifo, {});  // must return at once: no writer will ever come
    ASSERT_FALSE(pipe.ok());
    EXPECT_NE(pipe.error().message.find("FIFO"), std::string::npos);

    const auto huge = dir_ / "huge.sha256";
    { std::ofstream(huge) << ""; }
    fs::resize_file(huge, (std::uintmax_t{1} << 30) + 1);  // sparse: no disk used
    const auto big = read_sums_file(huge, {});
    ASSERT_FALSE(big.ok());
    EXPECT_NE(big.error().message.find("1 GiB"), std::string::npos);
}

TEST_F(SumsFileReading, StreamedReadsKeepNoOverlongLine) {
    // Megabytes of NUL bytes with no newline, then one good line: the endless first line is one
    // diagnostic, never held in memory (the reader drops it once it passes 64 KiB), and reading
    // goes on to the line after it.
    const auto huge = dir_ / "huge.sha256";
    { std::ofstream(huge) << ""; }
    fs::resize_file(huge, std::uintmax_t{10} << 20);  // sparse: no disk used
    { std::ofstream(huge, std::ios::binary | std::ios::app) << "\n" << kSha256Abc << "  after\n"; }
    std::vector<SumsEntry> entries;
    std::vector<SumsDiagnostic> unusable;
    const auto read = read_sums_file_in_batches(huge, {}, 100, [&](SumsFile& batch) {
        entries.insert(entries.end(), batch.entries.begin(), batch.entries.end());
        unusable.insert(unusable.end(), batch.diagnostics.begin(), batch.diagnostics.end());
    });
    ASSERT_TRUE(read.ok()) << read.error().message;
    ASSERT_EQ(entries.size(), 1U);
    EXPECT_EQ(entries[0].name, "after");
    ASSERT_EQ(unusable.size(), 1U);
    EXPECT_EQ(unusable[0].line, 1U);
    EXPECT_NE(unusable[0].reason.find("64 KiB"), std::string::npos) << unusable[0].reason;
}

TEST_F(SumsFileReading, AnOverlongLineIsOneDiagnosticBetweenGoodLines) {
    const std::string text =
        kSha256Abc + "  first\n" + kSha256Abc + "  " + std::string(200'000, 'x') + "\n" + kSha256Abc + "  third\n";
    const auto read = read_sums_file(write("SHA256SUMS", text), {});
    ASSERT_TRUE(read.ok()) << read.error().message;
    ASSERT_EQ(read->entries.size(), 2U);
    EXPECT_EQ(read->entries[0].name, "first");
    EXPECT_EQ(read->entries[1].name, "third");
    ASSERT_EQ(read->diagnostics.size(), 1U) << diagnostics(*read);
    EXPECT_EQ(read->diagnostics[0].line, 2U);
    // A long name that is still a name (4,096 bytes, PATH_MAX) is kept.
    const std::string name(4096, 'n');
    const auto long_name = read_sums_file(write("long.sha256", kSha256Abc + "  " + name + "\n"), {});
    ASSERT_TRUE(long_name.ok());
    ASSERT_EQ(long_name->entries.size(), 1U);
    EXPECT_EQ(long_name->entries[0].name, name);
}

TEST_F(SumsFileReading, DashReadsStandardInput) {
    const auto path = write("in", kMd5Abc + "  from stdin\n");
    const int saved = ::dup(STDIN_FILENO);
    const int fd = ::open(path.c_str(), O_RDONLY);
    ASSERT_GE(fd, 0);
    ::dup2(fd, STDIN_FILENO);
    ::close(fd);
    SumsReadOptions options;
    options.algorithm = find_algorithm("md5");
    const auto read = read_sums_file("-", options);
    ::dup2(saved, STDIN_FILENO);
    ::close(saved);
    ASSERT_TRUE(read.ok()) << read.error().message;
    ASSERT_EQ(read->entries.size(), 1U);
    EXPECT_EQ(read->entries[0].name, "from stdin");
    EXPECT_EQ(ids(read->entries[0]), "md5");
}

}  // namespace
}  // namespace hashscope::verify
