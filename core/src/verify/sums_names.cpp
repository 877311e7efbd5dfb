// Names that say which algorithm: a sums file's own name (SHA256SUMS, x.md5, release.sfv), a BSD
// tag ("SHA256", "SHA2-256", "BLAKE2b"), and the likely algorithms of a bare digest length. The
// names themselves are facts of each algorithm's row (AlgorithmInfo: file_words, tag_aliases,
// size_rank); this file only reads them.
//
// A file word counts (case-insensitively; a trailing ".txt" is ignored) as an extension (x.WORD,
// x.WORDsum, x.WORDsums) or as WORDSUMS / WORDSUM in the name: "SHA256SUMS", "sha256sums.txt",
// "ubuntu-SHA256SUMS", "x.sha256", "x.sha256sum", "x.sha256.txt", "B3SUMS", "x.b3", "x.xxh3" all
// say something; "CHECKSUMS" says nothing.
#include <algorithm>
#include <cctype>
#include <string>
#include <utility>

#include "common/ascii.hpp"
#include "hashscope/verify/sums_file.hpp"

namespace hashscope::verify {
namespace {

bool is_alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// A word of sums file names and the algorithms it names, most likely first ("xxh": xxh64, xxh3,
// xxh32, xxh128), gathered once from the rows' file_words.
struct NameWord {
    std::string_view word;
    std::vector<const AlgorithmInfo*> algorithms;
};

const std::vector<NameWord>& name_words() {
    static const std::vector<NameWord> words = [] {
        struct Entry {
            std::string_view word;
            int rank;
            const AlgorithmInfo* algorithm;
        };
        std::vector<Entry> entries;
        for (const auto& a : algorithms()) {
            for (const auto& w : a.file_words) entries.push_back({w.word, w.rank, &a});
        }
        std::stable_sort(entries.begin(), entries.end(), [](const Entry& x, const Entry& y) {
            return std::pair(x.word, x.rank) < std::pair(y.word, y.rank);
        });
        std::vector<NameWord> out;
        for (const auto& e : entries) {
            if (out.empty() || out.back().word != e.word) out.push_back({e.word, {}});
            out.back().algorithms.push_back(e.algorithm);
        }
        return out;
    }();
    return words;
}

const NameWord* find_word(std::string_view word) {
    for (const auto& w : name_words()) {
        if (w.word == word) return &w;
    }
    return nullptr;
}

std::string_view strip_sum_suffix(std::string_view s) {
    if (s.ends_with("sums")) return s.substr(0, s.size() - 4);
    if (s.ends_with("sum")) return s.substr(0, s.size() - 3);
    return s;
}

// "WORDSUMS" or "WORDSUM" somewhere in the name, as a word of its own ("ubuntu-22.04-SHA256SUMS",
// "sha256sums-signed"); the longest word wins ("sha3-256sums" is sha3-256, not sha3).
const NameWord* find_sums_word(std::string_view s) {
    const NameWord* best = nullptr;
    for (const auto& w : name_words()) {
        for (std::string_view suffix : {"sums", "sum"}) {
            std::string word(w.word);
            word += suffix;
            for (std::size_t at = s.find(word); at != std::string_view::npos; at = s.find(word, at + 1)) {
                const std::size_t end = at + word.size();
                if ((at == 0 || !is_alnum(s[at - 1])) && (end == s.size() || !is_alnum(s[end]))) {
                    if (best == nullptr || w.word.size() > best->word.size()) best = &w;
                }
            }
        }
    }
    return best;
}

std::string normalized_tag(std::string_view tag) {
    std::string out;
    for (char c : tag) {
        if (c == '-' || c == '_' || c == '/' || c == ' ') continue;
        out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return out;
}

}  // namespace

std::vector<const AlgorithmInfo*> algorithms_for_sums_name(std::string_view file_name) {
    // Only the last path component counts.
    if (const auto slash = file_name.find_last_of('/'); slash != std::string_view::npos) {
        file_name.remove_prefix(slash + 1);
    }
    std::string s = ascii::lower(file_name);
    if (s.ends_with(".txt")) s.resize(s.size() - 4);

    const NameWord* word = nullptr;
    if (const auto dot = s.find_last_of('.'); dot != std::string::npos) {
        word = find_word(strip_sum_suffix(std::string_view(s).substr(dot + 1)));
    }
    if (word == nullptr) word = find_sums_word(s);
    return word == nullptr ? std::vector<const AlgorithmInfo*>{} : word->algorithms;
}

const AlgorithmInfo* algorithm_for_tag(std::string_view tag) {
    // Built once (thread-safe, never changed): a sums file may hold millions of BSD lines.
    static const std::vector<std::pair<std::string, const AlgorithmInfo*>> spellings = [] {
        std::vector<std::pair<std::string, const AlgorithmInfo*>> out;
        for (const auto& a : algorithms()) {
            for (std::string_view name : {a.id, a.display, a.bsd_tag}) out.emplace_back(normalized_tag(name), &a);
            for (std::string_view alias : a.tag_aliases) out.emplace_back(normalized_tag(alias), &a);
        }
        return out;
    }();
    const std::string t = normalized_tag(tag);
    if (t.empty()) return nullptr;
    for (const auto& [spelling, algorithm] : spellings) {
        if (spelling == t) return algorithm;
    }
    // A length variant, tagged as b2sum tags it: "BLAKE2b-256".
    const auto* variant = find_algorithm(tag);
    return variant != nullptr && variant->variant_of != nullptr ? variant : nullptr;
}

std::vector<const AlgorithmInfo*> algorithms_for_digest_size(std::size_t bytes) {
    // Most likely first within each digest size (the table's order among equal ranks).
    static const std::vector<const AlgorithmInfo*> likely_order = [] {
        std::vector<const AlgorithmInfo*> out;
        for (const auto& a : algorithms()) out.push_back(&a);
        std::stable_sort(out.begin(), out.end(),
                         [](const AlgorithmInfo* x, const AlgorithmInfo* y) { return x->size_rank < y->size_rank; });
        return out;
    }();
    std::vector<const AlgorithmInfo*> out;
    for (const auto* a : likely_order) {
        if (a->digest_size == bytes) out.push_back(a);
    }
    return out;
}

bool is_outside_name(std::string_view name) {
    if (name.starts_with('/')) return true;
    while (!name.empty()) {
        const auto slash = name.find('/');
        const std::string_view component = name.substr(0, slash);
        if (component == "..") return true;
        if (slash == std::string_view::npos) break;
        name.remove_prefix(slash + 1);
    }
    return false;
}

}  // namespace hashscope::verify
