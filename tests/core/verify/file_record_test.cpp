#include "hashscope/verify/file_record.hpp"

#include <gtest/gtest.h>

#include <compare>
#include <nlohmann/json.hpp>
#include <string>

namespace hashscope::verify {
namespace {

FileRecord sample(std::string path) {
    FileRecord r;
    r.path = std::move(path);
    r.size = 1234;
    r.algorithm = "sha256";
    r.digest = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    r.implementation = "shani";
    r.seconds = 0.000125;
    return r;
}

TEST(FileRecord, WritesOneFlatObjectOnOneLine) {
    const auto line = to_json_line(sample("dir/a.txt"));
    EXPECT_EQ(line.find('\n'), std::string::npos);
    const auto j = nlohmann::json::parse(line);
    EXPECT_EQ(j["path"], "dir/a.txt");
    EXPECT_EQ(j["size"], 1234);
    EXPECT_EQ(j["algorithm"], "sha256");
    EXPECT_EQ(j["status"], "ok");
    EXPECT_EQ(j["implementation"], "shani");
    EXPECT_DOUBLE_EQ(j["seconds"].get<double>(), 0.000125);
    EXPECT_FALSE(j.contains("path_hex"));
    EXPECT_FALSE(j.contains("message"));
}

TEST(FileRecord, OddNamesSurviveARoundTrip) {
    for (const std::string& name :
         {std::string("new\nline"), std::string("back\\slash"), std::string("tab\there"), std::string("quote\"d"),
          std::string("nul\0byte", 8), std::string("\x01\x1f\x7f"), std::string("\xc3\xa9t\xc3\xa9"),
          std::string("\xff\xfe"), std::string("latin1 caf\xe9"), std::string("\xed\xa0\x80 surrogate")}) {
        const auto line = to_json_line(sample(name));
        EXPECT_EQ(line.find('\n'), std::string::npos) << line;
        const auto back = parse_json_line(line);
        ASSERT_TRUE(back) << back.error().message << " in " << line;
        EXPECT_EQ(back->path, name) << line;
        EXPECT_EQ(back->size, 1234U);
        EXPECT_EQ(back->digest, sample("").digest);
    }
    EXPECT_NE(to_json_line(sample("\xff")).find("\"path_hex\":\"ff\""), std::string::npos);
    EXPECT_NE(to_json_line(sample("\xc3\xa9")).find("\"path\":\"\xc3\xa9\""), std::string::npos);
}

TEST(FileRecord, FailuresCarryNoDigestAndSayWhy) {
    FileRecord r = sample("gone");
    r.digest.clear();
    r.implementation.clear();
    r.status = "missing";
    r.message = "No such file or directory";
    const auto line = to_json_line(r);
    const auto j = nlohmann::json::parse(line);
    EXPECT_TRUE(j["digest"].is_null());
    EXPECT_TRUE(j["implementation"].is_null());
    EXPECT_EQ(j["message"], "No such file or directory");
    const auto back = parse_json_line(line);
    ASSERT_TRUE(back);
    EXPECT_FALSE(back->ok());
    EXPECT_EQ(back->status, "missing");
    EXPECT_EQ(back->message, r.message);
}

TEST(FileRecord, HostileLinesAreErrorsNotCrashes) {
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    const std::string deep_object = "{\"path\":" + std::string(50000, '{');
    for (const std::string& line :
         {std::string(),
          std::string("{"),
          std::string("{\"path\":\"a\",\"size\":1"),
          std::string("[]"),
          std::string("42"),
          std::string("\"text\""),
          std::string("null"),
          deep,
          deep_object,
          std::string(R"({"path":"a","size":-1,"algorithm":"sha256","status":"ok"})"),
          std::string(R"({"path":"a","size":1.5,"algorithm":"sha256","status":"ok"})"),
          std::string(R"({"path":"a","size":184467440737095516160,"algorithm":"sha256","status":"ok"})"),
          std::string(R"({"path":"a","size":"12","algorithm":"sha256","status":"ok"})"),
          std::string(R"({"path":7,"size":1,"algorithm":"sha256","status":"ok"})"),
          std::string(R"({"path":"a","path_hex":"61","size":1,"algorithm":"sha256","status":"ok"})"),
          std::string(R"({"path_hex":"6","size":1,"algorithm":"sha256","status":"ok"})"),
          std::string(R"({"path_hex":"zz","size":1,"algorithm":"sha256","status":"ok"})"),
          std::string(R"({"path":"","size":1,"algorithm":"sha256","status":"ok"})"),
          std::string(R"({"path":"a","size":1,"algorithm":"sha256","status":"fine"})"),
          std::string(R"({"path":"a","size":1,"algorithm":"sha256","status":"ok","digest":"xyz"})"),
          std::string(R"({"path":"a","size":1,"algorithm":"sha256","status":"ok","seconds":1e999})"),
          std::string(R"({"path":"a","size":1,"algorithm":"sha256","status":"ok","seconds":-1})"),
          std::string(R"({"path":"a","size":1,"algorithm":["sha256"],"status":"ok"})"),
          std::string(R"({"path":"a","size":1,"status":"ok"})"),
          std::string("{\"path\":\"\xff\"}")}) {
        const auto record = parse_json_line(line);
        EXPECT_FALSE(record) << line.substr(0, 80);
        if (!record) {
            EXPECT_FALSE(record.error().message.empty());
        }
    }
}

TEST(FileRecord, UnknownFieldsAreIgnored) {
    const auto record =
        parse_json_line(R"({"path":"a","size":1,"algorithm":"md5","status":"failed","extra":true,"seconds":2})");
    ASSERT_TRUE(record) << record.error().message;
    EXPECT_EQ(record->status, "failed");
    EXPECT_DOUBLE_EQ(record->seconds, 2.0);
}

TEST(FileRecord, AnyTimeReadIsWrittenBackAsANumber) {
    // A time near the largest double overflows when scaled to microseconds; it must not be
    // written as null, which the reader refuses.
    for (const char* seconds : {"1e303", "1.7976931348623157e308", "0", "123456.1234567"}) {
        const auto record = parse_json_line(
            std::string(R"({"path":"a","size":1,"algorithm":"md5","status":"ok","seconds":)") + seconds + "}");
        ASSERT_TRUE(record) << record.error().message;
        const auto again = parse_json_line(to_json_line(*record));
        ASSERT_TRUE(again) << again.error().message << " for " << seconds;
        EXPECT_NEAR(again->seconds, record->seconds, record->seconds * 1e-9 + 1e-6) << seconds;
    }
}

TEST(FileRecord, SortsByPathBytesThenAlgorithm) {
    auto a = sample("a-b");
    auto b = sample("a/b");
    auto c = sample("\xc3\xa9");
    EXPECT_TRUE(std::is_lt(record_order(a, b)));  // '-' (0x2d) before '/' (0x2f)
    EXPECT_TRUE(std::is_lt(record_order(b, c)));  // bytes above 0x7f sort last
    auto md5 = sample("a/b");
    md5.algorithm = "md5";
    EXPECT_TRUE(std::is_lt(record_order(md5, b)));
    EXPECT_TRUE(std::is_eq(record_order(b, b)));
}

}  // namespace
}  // namespace hashscope::verify
