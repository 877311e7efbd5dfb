// Known answers, one array per algorithm, each named by its row in algorithm_table.cpp (the only
// file that includes this one). Sources, so that a wrong one can be traced:
//   CRCs, Adler-32 "123456789": the catalogue check values (docs/architecture.md §2); CRC-32C 32 x 00 / ff:
//     RFC 3720 B.4; Adler-32 "Wikipedia": the worked example of the algorithm's description;
//     the 2049- and 102400-byte patterns: a bit-at-a-time CRC written from the polynomials alone
//     (and zlib.adler32), independent of every implementation here.
//   MD5: RFC 1321 A.5. SHA-1/SHA-2: the FIPS 180-4 examples (NIST CSRC): "abc" and the two-block
//     448- and 896-bit messages; "a" x 1000000 from FIPS 180-2 (RFC 3874 for SHA-224).
//   SHA-3: FIPS 202 examples ("", "abc", the 1600-bit message of 0xa3) and the NIST CSRC
//     448-bit example; SHA3-224 and SHA3-384 on the same messages from Python's hashlib, which
//     tests/cli/sha3_test.sh recomputes from this file. BLAKE2: RFC 7693 ("abc").
//   BLAKE3: the official test_vectors.json (input byte i = i % 251), first 32 bytes of "hash";
//     "abc" from the reference implementation's b3sum.
//   xxHash: the canonical output of `xxhsum` 0.8.1 (-H0, -H1, -H3, -H2).
//   The rest ("" where a standard gives none, BLAKE2's 2049-byte pattern) and every value above
//   were checked with Python's hashlib/zlib, an implementation independent of HashScope's.
#pragma once

#include <string_view>

#include "hashscope/algorithm.hpp"

namespace hashscope::answers {

constexpr MessageSpec text(std::string_view s) { return {s, s.size()}; }
constexpr MessageSpec times(std::string_view s, std::size_t n) { return {s, s.size() * n}; }
constexpr MessageSpec pattern(std::size_t n) { return {{}, n}; }

inline constexpr std::string_view kCheck = "123456789";
inline constexpr std::string_view k448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
inline constexpr std::string_view k896 =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

inline constexpr KnownAnswer kCrc32[] = {
    {text(kCheck), "cbf43926"},
    {text(""), "00000000"},
    {pattern(2049), "dddf2214"},
    {pattern(102400), "5cc1ce13"},
};

inline constexpr KnownAnswer kCrc32c[] = {
    {text(kCheck), "e3069283"},      {text(""), "00000000"},      {times(std::string_view("\0", 1), 32), "8a9136aa"},
    {times("\xff", 32), "62a8ab43"}, {pattern(2049), "0be89406"}, {pattern(102400), "7957da17"},
};

inline constexpr KnownAnswer kCrc64Nvme[] = {
    {text(kCheck), "ae8b14860a799888"},
    {text(""), "0000000000000000"},
    {pattern(2049), "607e4f93a17ec03c"},
    {pattern(102400), "741e1f9c969a9d67"},
};

inline constexpr KnownAnswer kCrc64Xz[] = {
    {text(kCheck), "995dc9bbdf1939fa"},
    {text(""), "0000000000000000"},
    {pattern(2049), "ac79a8a813e40347"},
    {pattern(102400), "4b11c0d1c0580595"},
};

inline constexpr KnownAnswer kAdler32[] = {
    {text(kCheck), "091e01de"},  {text(""), "00000001"},        {text("Wikipedia"), "11e60398"},
    {pattern(2049), "7279d7da"}, {pattern(102400), "fdfe57a2"},
};

inline constexpr KnownAnswer kMd5[] = {
    {text(""), "d41d8cd98f00b204e9800998ecf8427e"},
    {text("a"), "0cc175b9c0f1b6a831c399e269772661"},
    {text("abc"), "900150983cd24fb0d6963f7d28e17f72"},
    {text("message digest"), "f96b697d7cb7938d525a2f31aaf161d0"},
    {text("abcdefghijklmnopqrstuvwxyz"), "c3fcd3d76192e4007dfb496cca67e13b"},
    {times("1234567890", 8), "57edf4a22be3c955ac49da2e2107b67a"},
};

inline constexpr KnownAnswer kSha1[] = {
    {text(""), "da39a3ee5e6b4b0d3255bfef95601890afd80709"},
    {text("abc"), "a9993e364706816aba3e25717850c26c9cd0d89d"},
    {text(k448), "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
    {times("a", 1000000), "34aa973cd4c4daa4f61eeb2bdbad27316534016f"},
};

inline constexpr KnownAnswer kSha224[] = {
    {text(""), "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f"},
    {text("abc"), "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
    {text(k448), "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525"},
    {times("a", 1000000), "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67"},
};

inline constexpr KnownAnswer kSha256[] = {
    {text(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
    {text("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {text(k448), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    {times("a", 1000000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
};

inline constexpr KnownAnswer kSha384[] = {
    {text(""), "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b"},
    {text("abc"), "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"},
    {text(k896), "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039"},
};

inline constexpr KnownAnswer kSha512[] = {
    {text(""),
     "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a"
     "538327af927da3e"},
    {text("abc"),
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2"
     "a9ac94fa54ca49f"},
    {text(k896),
     "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545"
     "e96e55b874be909"},
};

inline constexpr KnownAnswer kSha512_256[] = {
    {text(""), "c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a"},
    {text("abc"), "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"},
    {text(k896), "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a"},
};

inline constexpr KnownAnswer kSha3_256[] = {
    {text(""), "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"},
    {text("abc"), "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
    {text(k448), "41c0dba2a9d6240849100376a8235e2c82e1b9998a999e21db32dd97496d3376"},
    {times("\xa3", 200), "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787"},
};

inline constexpr KnownAnswer kSha3_224[] = {
    {text(""), "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7"},
    {text("abc"), "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf"},
    {text(k448), "8a24108b154ada21c9fd5574494479ba5c7e7ab76ef264ead0fcce33"},
    {times("\xa3", 200), "9376816aba503f72f96ce7eb65ac095deee3be4bf9bbc2a1cb7e11e0"},
};

inline constexpr KnownAnswer kSha3_384[] = {
    {text(""), "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2ac3713831264adb47fb6bd1e058d5f004"},
    {text("abc"), "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25"},
    {text(k448), "991c665755eb3a4b6bbdfb75c78a492e8c56a22c5c4d7e429bfdbc32b9d4ad5aa04a1f076e62fea19eef51acd0657c22"},
    {times("\xa3", 200),
     "1881de2ca7e41ef95dc4732b8f5f002b189cc1e42b74168ed1732649ce1dbcdd76197a31fd55ee989f2d7050dd473e8f"},
};

inline constexpr KnownAnswer kSha3_512[] = {
    {text(""),
     "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a615b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e30"
     "1758586281dcd26"},
    {text("abc"),
     "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56"
     "592f8274eec53f0"},
    {times("\xa3", 200),
     "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca81b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416"
     "df6545a1ce8ba00"},
};

inline constexpr KnownAnswer kBlake2b[] = {
    {text(""),
     "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb04b903a685b1448b755d"
     "56f701afe9be2ce"},
    {text("abc"),
     "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab"
     "92386edd4009923"},
    {pattern(2049),
     "146560fd774a01704fcce96f5f9b4b042ae43c928ad6546fb070b0ec18d2a4ac592578af038a1f6c5b79144fb16a0c6428999d518384d8349"
     "a3ec3707aa50ac2"},
};

inline constexpr KnownAnswer kBlake2s[] = {
    {text(""), "69217a3079908094e11121d042354a7c1f55b6482ca1a51e1b250dfd1ed0eef9"},
    {text("abc"), "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982"},
    {pattern(2049), "4ec12e09806c18225b107785a2031e61ee1227412b9c18c5611bc6e54cd8c415"},
};

inline constexpr KnownAnswer kBlake3[] = {
    {pattern(0), "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262"},
    {pattern(1), "2d3adedff11b61f14c886e35afa036736dcd87a74d27b5c1510225d0f592e213"},
    {text("abc"), "6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85"},
    {pattern(64), "4eed7141ea4a5cd4b788606bd23f46e212af9cacebacdc7d1f4c6dc7f2511b98"},
    {pattern(1023), "10108970eeda3eb932baac1428c7a2163b0e924c9a9e25b35bba72b28f70bd11"},
    {pattern(1024), "42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af7"},
    {pattern(1025), "d00278ae47eb27b34faecf67b4fe263f82d5412916c1ffd97c8cb7fb814b8444"},
    {pattern(2049), "5f4d72f40d7a5f82b15ca2b2e44b1de3c2ef86c426c95c1af0b6879522563030"},
    {pattern(8193), "bab6c09cb8ce8cf459261398d2e7aef35700bf488116ceb94a36d0f5f1b7bc3b"},
    {pattern(31744), "62b6960e1a44bcc1eb1a611a8d6235b6b4b78f32e7abc4fb4c6cdcce94895c47"},
    {pattern(102400), "bc3e3d41a1146b069abffad3c0d44860cf664390afce4d9661f7902e7943e085"},
};

inline constexpr KnownAnswer kXxh32[] = {
    {text(""), "02cc5d05"},      {text("abc"), "32d153ff"},     {text(kCheck), "937bad67"},
    {pattern(2049), "6524dcf5"}, {pattern(102400), "96c7eb65"},
};

inline constexpr KnownAnswer kXxh64[] = {
    {text(""), "ef46db3751d8e999"},      {text("abc"), "44bc2cf5ad770999"},     {text(kCheck), "8cb841db40e6ae83"},
    {pattern(2049), "27858160679416ba"}, {pattern(102400), "eb1adcdd9e1369a6"},
};

inline constexpr KnownAnswer kXxh3[] = {
    {text(""), "2d06800538d394c2"},      {text("abc"), "78af5f94892f3950"},     {text(kCheck), "72dcb18b67a17dff"},
    {pattern(2049), "6c9600c0e506e2ae"}, {pattern(102400), "1428e17f1cac2837"},
};

inline constexpr KnownAnswer kXxh128[] = {
    {text(""), "99aa06d3014798d86001c324468d497f"},        {text("abc"), "06b05ab6733a618578af5f94892f3950"},
    {text(kCheck), "33119477ede5dcd5e9716427681d5860"},    {pattern(2049), "39a54bc93f74921b6c9600c0e506e2ae"},
    {pattern(102400), "ecd387d36185351b1428e17f1cac2837"},
};

}  // namespace hashscope::answers
