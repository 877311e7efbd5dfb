// Known answers: the catalogue check values (docs/architecture.md §2) and the standard vectors of RFC 1321,
// FIPS 180-4 / NIST CSRC examples, FIPS 202, RFC 7693, and xxHash's reference output.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hashscope::test {

struct KnownAnswer {
    std::string_view algorithm;
    std::string input;
    std::string_view hex;
};

inline std::string repeat(std::string_view s, std::size_t times) {
    std::string out;
    out.reserve(s.size() * times);
    for (std::size_t i = 0; i < times; ++i) out += s;
    return out;
}

inline const std::string kCheck = "123456789";
inline const std::string kAbc = "abc";
inline const std::string k448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
inline const std::string k896 =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

inline const std::vector<KnownAnswer>& known_answers() {
    static const std::vector<KnownAnswer> answers = {
        {"crc32", kCheck, "cbf43926"},
        {"crc32", "", "00000000"},
        {"crc32c", kCheck, "e3069283"},
        {"crc32c", "", "00000000"},
        {"crc32c", std::string(32, '\0'), "8a9136aa"},  // RFC 3720 B.4: 32 bytes of zeros
        {"crc32c", std::string(32, '\xff'), "62a8ab43"},  // RFC 3720 B.4: 32 bytes of ones
        {"crc64nvme", kCheck, "ae8b14860a799888"},
        {"crc64xz", kCheck, "995dc9bbdf1939fa"},
        {"adler32", kCheck, "091e01de"},
        {"adler32", "", "00000001"},
        {"adler32", "Wikipedia", "11e60398"},

        {"md5", "", "d41d8cd98f00b204e9800998ecf8427e"},
        {"md5", "a", "0cc175b9c0f1b6a831c399e269772661"},
        {"md5", kAbc, "900150983cd24fb0d6963f7d28e17f72"},
        {"md5", "message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
        {"md5", "abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
        {"md5", repeat("1234567890", 8), "57edf4a22be3c955ac49da2e2107b67a"},

        {"sha1", "", "da39a3ee5e6b4b0d3255bfef95601890afd80709"},
        {"sha1", kAbc, "a9993e364706816aba3e25717850c26c9cd0d89d"},
        {"sha1", k448, "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
        {"sha1", std::string(1000000, 'a'), "34aa973cd4c4daa4f61eeb2bdbad27316534016f"},

        {"sha224", "", "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f"},
        {"sha224", kAbc, "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
        {"sha224", k448, "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525"},

        {"sha256", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {"sha256", kAbc, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        {"sha256", k448, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
        {"sha256", std::string(1000000, 'a'), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},

        {"sha384", "",
         "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b"},
        {"sha384", kAbc,
         "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"},
        {"sha384", k896,
         "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039"},

        {"sha512", "",
         "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"},
        {"sha512", kAbc,
         "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
        {"sha512", k896,
         "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"},

        {"sha512-256", kAbc, "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"},
        {"sha512-256", k896, "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a"},

        {"sha3-256", "", "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"},
        {"sha3-256", kAbc, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
        {"sha3-256", k448, "41c0dba2a9d6240849100376a8235e2c82e1b9998a999e21db32dd97496d3376"},

        {"sha3-512", "",
         "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a615b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26"},
        {"sha3-512", kAbc,
         "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"},

        {"blake2b", "",
         "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce"},
        {"blake2b", kAbc,
         "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"},
        {"blake2s", "", "69217a3079908094e11121d042354a7c1f55b6482ca1a51e1b250dfd1ed0eef9"},
        {"blake2s", kAbc, "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982"},

        {"blake3", "", "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262"},
        {"blake3", kAbc, "6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85"},

        {"xxh32", "", "02cc5d05"},
        {"xxh32", kAbc, "32d153ff"},
        {"xxh32", kCheck, "937bad67"},
        {"xxh64", "", "ef46db3751d8e999"},
        {"xxh64", kAbc, "44bc2cf5ad770999"},
        {"xxh64", kCheck, "8cb841db40e6ae83"},
        {"xxh3", "", "2d06800538d394c2"},
        {"xxh3", kAbc, "78af5f94892f3950"},
        {"xxh128", "", "99aa06d3014798d86001c324468d497f"},
        {"xxh128", kAbc, "06b05ab6733a618578af5f94892f3950"},
    };
    return answers;
}

}  // namespace hashscope::test
