// Loading the official BLAKE3 answers: from b3sum run on the official inputs, and from a vector
// file where the environment names one (blake3_vectors.hpp says why both).
#include "blake3_vectors.hpp"

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include <nlohmann/json.hpp>

namespace hashscope::test::blake3_vectors {

namespace fs = std::filesystem;

const char* mode_name(Mode mode) {
    switch (mode) {
        case Mode::hash:
            return "hash";
        case Mode::keyed_hash:
            return "keyed_hash";
        case Mode::derive_key:
            return "derive_key";
    }
    return "?";
}

const Bytes& Case::expected(Mode mode) const {
    switch (mode) {
        case Mode::hash:
            return hash;
        case Mode::keyed_hash:
            return keyed_hash;
        case Mode::derive_key:
            return derive_key;
    }
    throw std::logic_error("bad mode");
}

const Case& Vectors::find(std::size_t input_len) const {
    for (const auto& c : cases) {
        if (c.input_len == input_len) return c;
    }
    throw std::out_of_range("no test vector of length " + std::to_string(input_len));
}

Bytes make_input(std::size_t len) {
    Bytes input(len);
    for (std::size_t i = 0; i < len; ++i) input[i] = static_cast<std::uint8_t>(i % 251);
    return input;
}

Sources Sources::from_environment() {
    Sources sources;
    if (const char* dir = std::getenv("HASHSCOPE_TESTDATA_DIR"); dir != nullptr && *dir != '\0') {
        sources.testdata_dir = dir;
    }
    return sources;
}

namespace {

Bytes from_hex(const std::string& hex) {
    if (hex.size() % 2 != 0) throw std::runtime_error("odd hex length: " + hex);
    Bytes out(hex.size() / 2);
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i] = static_cast<std::uint8_t>(std::stoul(hex.substr(2 * i, 2), nullptr, 16));
    }
    return out;
}

Vectors from_file(const fs::path& file) {
    std::ifstream in(file);
    if (!in) throw std::runtime_error("cannot open " + file.string());
    const auto json = nlohmann::json::parse(in);
    Vectors v;
    v.key = json.at("key").get<std::string>();
    v.context = json.at("context_string").get<std::string>();
    v.source = file.string();
    for (const auto& c : json.at("cases")) {
        v.cases.push_back(Case{
            c.at("input_len").get<std::size_t>(),
            from_hex(c.at("hash").get<std::string>()),
            from_hex(c.at("keyed_hash").get<std::string>()),
            from_hex(c.at("derive_key").get<std::string>()),
        });
    }
    return v;
}

std::string shell_quote(const std::string& s) {
    std::string out = "'";
    for (char ch : s) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
    return out + "'";
}

// Runs a shell command; returns its standard output, or nothing when it could not run or failed.
std::optional<std::string> run(const std::string& command) {
    FILE* pipe = ::popen(command.c_str(), "r");
    if (pipe == nullptr) return std::nullopt;
    std::string out;
    char buffer[4096];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
    const int status = ::pclose(pipe);
    if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
    return out;
}

// A private folder for the inputs, removed again whatever happens.
struct ScratchDir {
    fs::path path;
    ScratchDir() {
        std::string pattern = (fs::temp_directory_path() / "hashscope-b3-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot make a folder in " + pattern);
        path = pattern;
    }
    ~ScratchDir() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
};

void write_file(const fs::path& file, const Bytes& bytes) {
    std::ofstream out(file, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw std::runtime_error("cannot write " + file.string());
}

// One b3sum run over every input file: one line of hex per file, in order.
std::vector<Bytes> b3sum_lines(const std::string& command, std::size_t expected_lines) {
    const auto out = run(command);
    if (!out) throw std::runtime_error("b3sum failed: " + command);
    std::vector<Bytes> lines;
    std::istringstream in(*out);
    for (std::string line; std::getline(in, line);) lines.push_back(from_hex(line));
    if (lines.size() != expected_lines) throw std::runtime_error("b3sum printed an unexpected answer: " + command);
    return lines;
}

std::optional<Vectors> from_b3sum(const std::string& b3sum) {
    if (!run("command -v " + shell_quote(b3sum) + " >/dev/null 2>&1")) return std::nullopt;
    ScratchDir scratch;
    std::string files;
    for (std::size_t len : official_input_lens) {
        const fs::path file = scratch.path / ("input-" + std::to_string(len));
        write_file(file, make_input(len));
        files += " " + shell_quote(file.string());
    }
    const fs::path key_file = scratch.path / "key";
    write_file(key_file, Bytes(official_key, official_key + std::char_traits<char>::length(official_key)));

    const std::string common = shell_quote(b3sum) + " --no-names --length " + std::to_string(official_output_len);
    const std::size_t n = std::size(official_input_lens);
    const auto hashes = b3sum_lines(common + files, n);
    const auto keyed = b3sum_lines(common + " --keyed" + files + " < " + shell_quote(key_file.string()), n);
    const auto derived = b3sum_lines(common + " --derive-key " + shell_quote(official_context) + files, n);

    Vectors v;
    v.key = official_key;
    v.context = official_context;
    v.source = "b3sum (" + b3sum + ") on the official inputs";
    for (std::size_t i = 0; i < n; ++i)
        v.cases.push_back(Case{official_input_lens[i], hashes[i], keyed[i], derived[i]});
    return v;
}

}  // namespace

Vectors load(const Sources& sources) {
    std::optional<Vectors> official;
    if (sources.testdata_dir) {
        const fs::path file = fs::path(*sources.testdata_dir) / "blake3_test_vectors.json";
        if (fs::exists(file)) official = from_file(file);
    }
    std::optional<Vectors> oracle = from_b3sum(sources.b3sum);

    if (official && oracle) {
        if (official->key != oracle->key || official->context != oracle->context || official->cases != oracle->cases) {
            throw std::runtime_error("the official BLAKE3 vectors in " + official->source + " and " + oracle->source +
                                     " disagree");
        }
        official->source += " and " + oracle->source;
        return *official;
    }
    if (official) return *official;
    if (oracle) return *oracle;
    throw std::runtime_error("no source of the official BLAKE3 answers: install b3sum (`" + sources.b3sum +
                             "` is not on PATH; scripts/install-deps installs it), or set HASHSCOPE_TESTDATA_DIR to a "
                             "folder holding blake3_test_vectors.json");
}

const Vectors& vectors() {
    static const Vectors loaded = load(Sources::from_environment());
    return loaded;
}

}  // namespace hashscope::test::blake3_vectors
