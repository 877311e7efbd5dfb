// Signatures of checksum files: the minisign and signify text formats on hostile input, the
// clear-signed armor, Ed25519 on RFC 8032's vector, and the rule of which verdicts pass. GnuPG,
// minisign and signify themselves are exercised by tests/cli/signature_test.sh.
#include "hashscope/verify/signature.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "hashscope/digest.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> bytes_of(std::string_view alg, std::uint8_t id_byte, std::size_t rest, std::uint8_t fill) {
    std::vector<std::uint8_t> out{static_cast<std::uint8_t>(alg[0]), static_cast<std::uint8_t>(alg[1])};
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::uint8_t>(id_byte + i));
    out.insert(out.end(), rest, fill);
    return out;
}

std::string key_line(std::uint8_t id_byte = 1) { return to_base64(bytes_of("Ed", id_byte, 32, 0x42)); }
std::string sig_line(std::string_view alg = "ED", std::uint8_t id_byte = 1) {
    return to_base64(bytes_of(alg, id_byte, 64, 0x17));
}
std::string global_line() { return to_base64(std::vector<std::uint8_t>(64, 0x33)); }

std::string minisign_text(std::string_view alg = "ED", std::uint8_t id_byte = 1) {
    return "untrusted comment: signature from minisign secret key\n" + sig_line(alg, id_byte) +
           "\ntrusted comment: timestamp:1700000000\tfile:SHA256SUMS\n" + global_line() + "\n";
}

std::vector<std::uint8_t> from_hex(std::string_view hex) {
    std::vector<std::uint8_t> out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
        out.push_back(static_cast<std::uint8_t>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
    }
    return out;
}

TEST(Ed25519PublicKey, ReadsAKeyFileAndTheBareLine) {
    for (const std::string& text : {"untrusted comment: minisign public key 0807060504030201\n" + key_line() + "\n",
                                    key_line(), "  " + key_line() + "  \r\n"}) {
        auto key = parse_ed25519_public_key(text);
        ASSERT_TRUE(key) << key.error().message;
        EXPECT_EQ(key_id_text(key->key_id), "0807060504030201");
        EXPECT_EQ(key->key[0], 0x42);
    }
}

TEST(Ed25519PublicKey, RefusesHostileInput) {
    EXPECT_FALSE(parse_ed25519_public_key(""));
    EXPECT_FALSE(parse_ed25519_public_key("untrusted comment: no key follows\n"));
    EXPECT_FALSE(parse_ed25519_public_key("not base64 at all!\n"));
    EXPECT_FALSE(parse_ed25519_public_key(key_line().substr(0, 20)));                // truncated
    EXPECT_FALSE(parse_ed25519_public_key(to_base64(bytes_of("Ed", 1, 31, 0x42))));  // one byte short
    EXPECT_FALSE(parse_ed25519_public_key(to_base64(bytes_of("Ed", 1, 33, 0x42))));  // one byte long
    EXPECT_FALSE(parse_ed25519_public_key(to_base64(bytes_of("RS", 1, 32, 0x42))));  // not Ed25519
    EXPECT_FALSE(parse_ed25519_public_key(std::string(100000, 'A') + "\n" + std::string(3, '\0')));
}

TEST(MinisignSignature, ReadsBothForms) {
    auto prehashed = parse_minisign_signature(minisign_text("ED"));
    ASSERT_TRUE(prehashed) << prehashed.error().message;
    EXPECT_TRUE(prehashed->prehashed);
    EXPECT_EQ(prehashed->trusted_comment, "timestamp:1700000000\tfile:SHA256SUMS");
    EXPECT_EQ(prehashed->signature[0], 0x17);
    EXPECT_EQ(prehashed->global_signature[0], 0x33);
    auto legacy = parse_minisign_signature(minisign_text("Ed"));
    ASSERT_TRUE(legacy);
    EXPECT_FALSE(legacy->prehashed);
}

TEST(MinisignSignature, RefusesHostileInput) {
    const std::string good = minisign_text();
    EXPECT_FALSE(parse_minisign_signature(""));
    EXPECT_FALSE(parse_minisign_signature(good.substr(0, good.find("trusted comment: t"))));  // truncated
    EXPECT_FALSE(parse_minisign_signature(good.substr(1)));                                   // no untrusted comment
    EXPECT_FALSE(parse_minisign_signature(minisign_text("XX")));
    std::string no_trusted = good;
    no_trusted.replace(no_trusted.find("trusted comment: t"), 16, "comment: trusted");
    EXPECT_FALSE(parse_minisign_signature(no_trusted));
    std::string bad_base64 = good;
    bad_base64[bad_base64.find('\n') + 5] = '*';
    EXPECT_FALSE(parse_minisign_signature(bad_base64));
    std::string short_global = good;
    short_global.replace(short_global.rfind(global_line()), global_line().size(), global_line().substr(0, 40));
    EXPECT_FALSE(parse_minisign_signature(short_global));
}

TEST(SignifySignature, ReadsAndRefuses) {
    auto sig = parse_signify_signature("untrusted comment: verify with key.pub\n" + sig_line("Ed") + "\n");
    ASSERT_TRUE(sig) << sig.error().message;
    EXPECT_EQ(key_id_text(sig->key_id), "0807060504030201");
    EXPECT_FALSE(parse_signify_signature("untrusted comment: verify with key.pub\n"));
    EXPECT_FALSE(parse_signify_signature("untrusted comment: x\n" + sig_line("ED") + "\n"));
    EXPECT_FALSE(parse_signify_signature("untrusted comment: x\n" + sig_line("Ed").substr(0, 50) + "\n"));
    EXPECT_FALSE(parse_signify_signature(sig_line("Ed") + "\n"));
}

// RFC 8032, section 7.1, test 2: a one-byte message.
TEST(Ed25519, VerifiesRfc8032Vector) {
    std::array<std::uint8_t, 32> key{};
    std::array<std::uint8_t, 64> sig{};
    const auto k = from_hex("3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c");
    const auto s = from_hex(
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
        "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00");
    std::copy(k.begin(), k.end(), key.begin());
    std::copy(s.begin(), s.end(), sig.begin());
    EXPECT_TRUE(ed25519_verify(key, sig, "\x72"));
    EXPECT_FALSE(ed25519_verify(key, sig, "\x73"));
    EXPECT_FALSE(ed25519_verify(key, sig, ""));
    sig[10] ^= 1;
    EXPECT_FALSE(ed25519_verify(key, sig, "\x72"));
}

TEST(ClearSigned, FindsTheSignedTextAndWhatIsOutside) {
    const std::string text =
        "stray line\n"
        "-----BEGIN PGP SIGNED MESSAGE-----\n"
        "Hash: SHA256\n"
        "\n"
        "aaaa  one\n"
        "- -dashed\n"
        "-----BEGIN PGP SIGNATURE-----\n"
        "\n"
        "iQ==\n"
        "-----END PGP SIGNATURE-----\n"
        "trailing\n";
    const auto parts = find_clear_signed(text);
    EXPECT_TRUE(parts.found);
    EXPECT_TRUE(parts.complete);
    EXPECT_TRUE(parts.text_outside);
    EXPECT_EQ(parts.first_line, 5U);
    EXPECT_EQ(parts.body, "aaaa  one\n-dashed\n");
    EXPECT_TRUE(parts.block.starts_with("-----BEGIN PGP SIGNED MESSAGE-----\n"));
    EXPECT_TRUE(parts.block.ends_with("-----END PGP SIGNATURE-----\n"));

    const auto clean = find_clear_signed(text.substr(text.find("-----BEGIN"), text.find("trailing") - 11));
    EXPECT_FALSE(clean.text_outside);
    EXPECT_TRUE(clean.complete);

    const auto truncated = find_clear_signed(text.substr(0, text.find("iQ==")));
    EXPECT_TRUE(truncated.found);
    EXPECT_FALSE(truncated.complete);
    EXPECT_FALSE(find_clear_signed("aaaa  one\n").found);
    // A byte order mark before the armor is no text outside it.
    const auto bom = find_clear_signed("\xEF\xBB\xBF" + std::string(text.substr(text.find("-----BEGIN"))));
    EXPECT_TRUE(bom.found);
    EXPECT_TRUE(bom.complete);
    // The marker inside a line is no clear-signed message.
    EXPECT_FALSE(find_clear_signed("aaaa  -----BEGIN PGP SIGNED MESSAGE-----\n").found);
}

TEST(SignatureVerdicts, PassOnlyWithAGoodOneAndNoBadOne) {
    auto with = [](std::initializer_list<SignatureKind> kinds) {
        std::vector<SignatureVerdict> out;
        for (auto k : kinds) {
            SignatureVerdict v;
            v.kind = k;
            out.push_back(v);
        }
        return out;
    };
    EXPECT_FALSE(signatures_pass({}));
    EXPECT_TRUE(signatures_pass(with({SignatureKind::good})));
    EXPECT_TRUE(signatures_pass(with({SignatureKind::good_uncertified})));
    EXPECT_TRUE(signatures_pass(with({SignatureKind::good, SignatureKind::unknown_key})));
    EXPECT_FALSE(signatures_pass(with({SignatureKind::unknown_key})));
    EXPECT_FALSE(signatures_pass(with({SignatureKind::good, SignatureKind::bad})));
    EXPECT_FALSE(signatures_pass(with({SignatureKind::good, SignatureKind::expired})));
    EXPECT_FALSE(signatures_pass(with({SignatureKind::good, SignatureKind::revoked})));
    EXPECT_FALSE(signatures_pass(with({SignatureKind::error})));
}

class DetachedSignature : public testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("hashscope-signature-" + std::to_string(::getpid()));
        fs::create_directories(dir_);
        write("SHA256SUMS", "0000  x\n");
    }
    void TearDown() override { fs::remove_all(dir_); }
    void write(const std::string& name, const std::string& text) const {
        std::ofstream(dir_ / name, std::ios::binary) << text;
    }
    [[nodiscard]] SignatureCheck check(const SignatureOptions& options = {}) const {
        return check_sums_signature(dir_ / "SHA256SUMS", options);
    }
    fs::path dir_;
};

TEST_F(DetachedSignature, NoneBesideIsNoVerdict) { EXPECT_TRUE(check().verdicts.empty()); }

TEST_F(DetachedSignature, MinisignWithoutAKeyOrWithAnotherKeyIsAnUnknownKey) {
    write("SHA256SUMS.minisig", minisign_text("ED", 1));
    auto no_key = check();
    ASSERT_EQ(no_key.verdicts.size(), 1U);
    EXPECT_EQ(no_key.verdicts[0].kind, SignatureKind::unknown_key);
    EXPECT_EQ(no_key.verdicts[0].fingerprint, "0807060504030201");
    EXPECT_EQ(no_key.verdicts[0].source, "SHA256SUMS.minisig");

    SignatureOptions other;
    other.public_key = key_line(9);
    auto wrong = check(other);
    ASSERT_EQ(wrong.verdicts.size(), 1U);
    EXPECT_EQ(wrong.verdicts[0].kind, SignatureKind::unknown_key);
    EXPECT_NE(wrong.verdicts[0].message.find("100F0E0D0C0B0A09"), std::string::npos);

    SignatureOptions right;
    right.public_key = key_line(1);
    auto forged = check(right);  // the right key ID, but not its signature
    ASSERT_EQ(forged.verdicts.size(), 1U);
    EXPECT_EQ(forged.verdicts[0].kind, SignatureKind::bad);
}

TEST_F(DetachedSignature, GarbageIsNeverGood) {
    SignatureOptions options;
    options.public_key = key_line(1);
    for (const std::string& garbage :
         {std::string("untrusted comment: x\n"), std::string("untrusted comment: x\n@@@\n"),
          std::string("untrusted comment: x\n") + sig_line("Ed").substr(0, 30) + "\n", std::string(5000, '\xff')}) {
        write("SHA256SUMS.minisig", garbage);
        for (const auto& v : check(options).verdicts) {
            EXPECT_NE(v.kind, SignatureKind::good) << garbage;
            EXPECT_NE(v.kind, SignatureKind::good_uncertified) << garbage;
        }
        EXPECT_FALSE(signatures_pass(check(options).verdicts));
    }
}

TEST_F(DetachedSignature, SignifyBesideIsToldFromOpenPgpByItsText) {
    write("SHA256SUMS.sig", "untrusted comment: verify with key.pub\n" + sig_line("Ed", 1) + "\n");
    auto v = check();
    ASSERT_EQ(v.verdicts.size(), 1U);
    EXPECT_EQ(v.verdicts[0].scheme, "signify");
    EXPECT_EQ(v.verdicts[0].kind, SignatureKind::unknown_key);
}

TEST_F(DetachedSignature, TheArmorMarkerInsideALineIsNoSignature) {
    write("SHA256SUMS", "0000  -----BEGIN PGP SIGNED MESSAGE-----\n");
    const auto v = check();
    EXPECT_FALSE(v.clear_signed);
    EXPECT_TRUE(v.verdicts.empty());
}

TEST_F(DetachedSignature, SignifyEmbeddedSuppliesOnlyTheTextAfterTheSignature) {
    write("SHA256SUMS", "untrusted comment: verify with key.pub\n" + sig_line("Ed", 1) + "\n0000  x\n");
    auto v = check();
    EXPECT_TRUE(v.clear_signed);
    EXPECT_EQ(v.signed_text, "0000  x\n");
    EXPECT_EQ(v.first_line, 3U);
    ASSERT_EQ(v.verdicts.size(), 1U);
    EXPECT_EQ(v.verdicts[0].kind, SignatureKind::unknown_key);  // no public key given
    SignatureOptions options;
    options.public_key = key_line(1);
    auto forged = check(options);
    ASSERT_EQ(forged.verdicts.size(), 1U);
    EXPECT_EQ(forged.verdicts[0].kind, SignatureKind::bad);
}

}  // namespace
}  // namespace hashscope::verify
