// The official BLAKE3 test vectors (../shared/testdata/blake3_test_vectors.json), parsed once, for
// the tests of every BLAKE3 implementation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#ifndef HASHSCOPE_BLAKE3_VECTORS
#define HASHSCOPE_BLAKE3_VECTORS "/work/shared/testdata/blake3_test_vectors.json"
#endif

namespace hashscope::test::blake3_vectors {

using Bytes = std::vector<std::uint8_t>;

enum class Mode { hash, keyed_hash, derive_key };
inline constexpr Mode all_modes[] = {Mode::hash, Mode::keyed_hash, Mode::derive_key};

inline const char* mode_name(Mode mode) {
    switch (mode) {
        case Mode::hash: return "hash";
        case Mode::keyed_hash: return "keyed_hash";
        case Mode::derive_key: return "derive_key";
    }
    return "?";
}

struct Case {
    std::size_t input_len = 0;
    Bytes hash;
    Bytes keyed_hash;
    Bytes derive_key;

    const Bytes& expected(Mode mode) const {
        switch (mode) {
            case Mode::hash: return hash;
            case Mode::keyed_hash: return keyed_hash;
            case Mode::derive_key: return derive_key;
        }
        throw std::logic_error("bad mode");
    }
};

struct Vectors {
    std::string key;
    std::string context;
    std::vector<Case> cases;

    const Case& find(std::size_t input_len) const {
        for (const auto& c : cases) {
            if (c.input_len == input_len) return c;
        }
        throw std::out_of_range("no test vector of length " + std::to_string(input_len));
    }
};

inline Bytes from_hex(const std::string& hex) {
    if (hex.size() % 2 != 0) throw std::invalid_argument("odd hex length");
    Bytes out(hex.size() / 2);
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i] = static_cast<std::uint8_t>(std::stoul(hex.substr(2 * i, 2), nullptr, 16));
    }
    return out;
}

// Parsed once: the file is ~70 KB and every test needs it.
inline const Vectors& vectors() {
    static const Vectors parsed = [] {
        std::ifstream in(HASHSCOPE_BLAKE3_VECTORS);
        if (!in) throw std::runtime_error("cannot open " HASHSCOPE_BLAKE3_VECTORS);
        const auto json = nlohmann::json::parse(in);
        Vectors v;
        v.key = json.at("key").get<std::string>();
        v.context = json.at("context_string").get<std::string>();
        for (const auto& c : json.at("cases")) {
            v.cases.push_back(Case{
                c.at("input_len").get<std::size_t>(),
                from_hex(c.at("hash").get<std::string>()),
                from_hex(c.at("keyed_hash").get<std::string>()),
                from_hex(c.at("derive_key").get<std::string>()),
            });
        }
        return v;
    }();
    return parsed;
}

// The official input pattern: byte i is i % 251.
inline Bytes make_input(std::size_t len) {
    Bytes input(len);
    for (std::size_t i = 0; i < len; ++i) {
        input[i] = static_cast<std::uint8_t>(i % 251);
    }
    return input;
}

}  // namespace hashscope::test::blake3_vectors
