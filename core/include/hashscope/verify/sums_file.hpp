// Checksum files ("sums files") of every common format: reading them into entries to verify, with
// a diagnostic for every line that is not used, and writing them.
//
// Formats read: GNU ("HEX  NAME", "HEX *NAME", escaped lines starting with '\'), xxhsum's GNU lines
// with an "XXH3_" / "XXH32_" / ... prefix, b3sum output (GNU), BSD tag ("ALGO (NAME) = HEX", any
// algorithm, several in one file), SFV ("NAME HEX", ';' comments). UTF-8 with or without a BOM, LF
// or CRLF, blank lines, and a PGP clear-signed wrapper around any of these (skipped here, with a
// note; signature.hpp checks signatures). Nothing here touches the files the entries name.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "hashscope/algorithm.hpp"
#include "hashscope/result.hpp"

namespace hashscope::verify {

enum class SumsFormat { gnu, bsd, sfv };

// How a file's GNU lines separate digest and name: "HEX  NAME" / "HEX *NAME", or BSD `md5 -r`'s
// "HEX NAME". The first GNU line decides, as in coreutils.
enum class GnuForm { undecided, two_characters, one_space };

// One usable line: a file and the digest it should have.
struct SumsEntry {
    std::size_t line = 0;  // 1-based line number in the sums file
    SumsFormat format = SumsFormat::gnu;
    std::string name;  // unescaped, exactly the bytes of the file name (may be invalid UTF-8)
    // The algorithms that may have produced `expected`, most likely first. One when the line, the
    // -a option or the sums file's name says which; several when only the digest length is known
    // (e.g. 32 bytes: sha256, blake3, sha3-256, ...). Never empty.
    std::vector<const AlgorithmInfo*> candidates;
    std::vector<std::uint8_t> expected;  // the digest, decoded from hex
    bool binary_mark = false;            // the GNU '*' before the name (informational only)
};

// A line that was not used, and why ("line 7: no digest of a known length", ...).
struct SumsDiagnostic {
    std::size_t line = 0;  // 1-based
    std::string reason;
};

struct SumsFile {
    std::vector<SumsEntry> entries;
    std::vector<SumsDiagnostic> diagnostics;  // every non-blank, non-comment line not used
    std::vector<std::string> notes;           // file-level remarks: "PGP signature not checked", "UTF-8 BOM"
    bool pgp_signed = false;
};

struct SumsReadOptions {
    // -a: the algorithm of every GNU / SFV line (BSD lines name their own; a mismatch with -a is
    // a diagnostic). nullptr: from the file name, else from the digest length.
    const AlgorithmInfo* algorithm = nullptr;
    // The sums file's own name (e.g. "SHA256SUMS", "x.md5", "release.sfv"): used to infer the
    // algorithm of GNU lines. Empty when unknown (standard input).
    std::string file_name;
};

// The algorithms a sums file's name implies: SHA256SUMS, *.sha256, *.sha256sum -> sha256; *.md5,
// MD5SUMS -> md5; *.sfv -> crc32; *.b3, B3SUMS -> blake3; *.b2 -> blake2b; *.xxh3 -> xxh3; ...
// Empty when the name says nothing.
std::vector<const AlgorithmInfo*> algorithms_for_sums_name(std::string_view file_name);

// The algorithms whose digest has `bytes` bytes, most likely first (32: sha256, blake3, sha3-256,
// blake2s, sha512-256). Empty when no algorithm has that size.
std::vector<const AlgorithmInfo*> algorithms_for_digest_size(std::size_t bytes);

// True when a name from a sums file points outside the sums file's folder: absolute ("/etc/x") or
// with a ".." component ("../x", "a/../../x"). Only '/' separates components (as on Linux).
bool is_outside_name(std::string_view name);

// The algorithm a BSD tag names, generously: "SHA256", "SHA2-256", "SHA-256", "sha256", "BLAKE2b",
// "BLAKE2b-512", "BLAKE3", "XXH3", "XXH128", "CRC32C", "CRC64NVME", ... nullptr when unknown.
const AlgorithmInfo* algorithm_for_tag(std::string_view tag);

// Line-at-a-time reader, so that a sums file of millions of lines can be streamed.
class SumsParser {
public:
    explicit SumsParser(SumsReadOptions options);

    // Feeds one line (without its '\n'; a trailing '\r' is tolerated). Appends to `out`: an entry,
    // or a diagnostic, or nothing (blank lines, comments, the PGP wrapper).
    void feed(std::string_view line, SumsFile& out);
    // Counts a line the reader did not keep (far too long to be a checksum line): a diagnostic
    // with this reason, unless the line is inside a PGP header or signature, where nothing is used.
    void feed_unusable(std::string_view reason, SumsFile& out);
    // Call once after the last line (e.g. reports a PGP wrapper that never ended).
    void finish(SumsFile& out);

private:
    void parse_line(std::string_view line, SumsFile& out);

    SumsReadOptions options_;
    std::size_t line_number_ = 0;
    enum class Pgp { outside, header, body, signature } pgp_ = Pgp::outside;
    std::vector<const AlgorithmInfo*> name_algorithms_;  // from options_.file_name
    bool sfv_file_ = false;                              // the file's name ends in .sfv
    bool saw_sfv_line_ = false;
    bool noted_little_endian_ = false;
    GnuForm gnu_form_ = GnuForm::undecided;
    // ';' lines outside a .sfv file: SFV comments if the file turns out to hold SFV lines, else
    // diagnostics (decided in finish()).
    std::vector<std::size_t> semicolon_lines_;
};

// Parses a whole text in memory.
SumsFile parse_sums(std::string_view text, const SumsReadOptions& options);
// Reads and parses a sums file ("-" reads standard input). An empty options.file_name is taken
// from the path's file name (not for "-"). Errors: cannot open or read, not a regular file,
// larger than 1 GiB, since all of it is held (a line with a NUL byte or longer than 64 KiB is a
// diagnostic, as any unusable line).
Result<SumsFile> read_sums_file(const std::filesystem::path& path, const SumsReadOptions& options);
// The same, streamed: `on_batch` gets the entries, diagnostics and notes of the lines read so far
// whenever `batch_entries` entries (or diagnostics) have gathered, and once at the end; what it
// leaves in the batch is dropped. Memory stays bounded for a file of millions of lines, and there
// is no size limit. An error may come after some batches were delivered (e.g. a read error far
// into the file).
Result<bool> read_sums_file_in_batches(const std::filesystem::path& path, const SumsReadOptions& options,
                                       std::size_t batch_entries, const std::function<void(SumsFile&)>& on_batch);

// Writing. Names are written as given (relative, with '/' separators: the caller makes them so)
// and escaped the GNU way when they hold '\\', '\n' or '\r'. UTF-8 without BOM, LF line ends.
std::string format_sums_line(SumsFormat format, const AlgorithmInfo& algorithm, std::string_view name,
                             std::string_view hex);
// SFV can only hold CRC-32: format_sums_line() with SumsFormat::sfv and another algorithm
// writes a GNU line instead; this tells the caller beforehand.
bool format_supports(SumsFormat format, const AlgorithmInfo& algorithm);

}  // namespace hashscope::verify
