// hashscope-cli: thin dispatch to the subcommands.
#include <cstring>
#include <iostream>
#include <string_view>

#include "commands.hpp"
#include "hashscope/build_info.hpp"
#include "hashscope/calibration.hpp"
#include "hashscope/cpu.hpp"

namespace {

constexpr std::string_view kUsage = R"(usage: hashscope-cli COMMAND [OPTIONS]

commands:
  sum [-a ALGO[,ALGO...]] [-l BITS] [--impl IMPL] [--tag] [-r] [--threads N] [-b|-t] [-z]
      [--base64] [--shard K/N] [--json] PATH... | -
                        print digests, one line per file (GNU format; BSD tags with --tag
                        or several algorithms). Default algorithm: sha256. As in coreutils:
                        -b marks names with '*', -t is text mode (the default), -z ends lines
                        with NUL (names unescaped), --base64 prints base64 digests (cksum),
                        -l BITS a BLAKE2b digest of BITS bits (8..512, b2sum -l; or -a blake2b-BITS).
      sum --s3 [--part-size SIZE] [--s3-type full-object|composite] -a ALGO FILE...
                        what S3 shows for FILE as an object: base64 of the checksum (crc32,
                        crc32c, crc64nvme, sha1, sha256), "-N" for a composite of N parts of SIZE;
                        -a md5: the ETag ("HEX-N" in parts). No --part-size: one PUT.
  check [-a ALGO] [-l BITS] [--strict] [--quiet] [--status] [--ignore-missing] [-w] [-v] [--threads N]
        [--shard K/N] [--json] [--signature FILE] [--keyring FILE] [--pubkey FILE | -P KEY]
        [--no-signature] SUMSFILE...
                        verify the files a checksum file lists (GNU, md5 -r, BSD tag, SFV, xxhsum,
                        b3sum; hex or base64 digests). Names are relative to the checksum file's
                        folder. Prints "NAME: OK" / "NAME: FAILED" like sha256sum -c; exit 0 when
                        all match. -w names each improperly formatted line, -v says why it was
                        not used; --status prints nothing.
                        A signature is checked, offline, when there is one: OpenPGP clear-signed,
                        or detached beside it (NAME.gpg, .asc, .sig, .sign) or --signature FILE,
                        with your GnuPG keyring or only the keys of --keyring FILE (repeatable);
                        minisign (NAME.minisig) or signify (NAME.sig; SHA256.sig signed with -e)
                        with --pubkey FILE or -P KEY (--public-key). "NAME: signature: good, by
                        ..." comes first; exit 1 unless it is good. --no-signature checks the
                        digests only.
                        sum and check, --shard K/N: only the files whose path hashes to share K
                        of N (XXH64 of the path as given or listed, mod N), so that N processes
                        split the work; --json: one JSON object per file per line (path, size,
                        algorithm, digest, status, implementation, seconds), not the text lines.
  audit [-a ALGO] [--threads N] [--quiet] MANIFEST [DIR]
                        compare folder DIR (default: the manifest's folder) with a checksum file,
                        like hashdeep -a -x: one line per path, "STATUS  PATH", STATUS one of OK,
                        CHANGED, MISSING, NEW, MOVED ("MOVED  NEW <- OLD"), UNREADABLE, SKIPPED;
                        counts on stderr. Exit 0 when every path is OK, 1 otherwise.
  merge [FILE... | -]   the --json output of shards as one report, sorted by path; the same
                        file twice is an error. Summary on stderr; exit 0 when every file is ok.
  verify FILE [--expect DIGEST] [-a ALGO] [--part-size SIZE]
                        does FILE have this digest (hex, or base64 as S3 gives it)? Without -a,
                        every algorithm of that digest length is tried and the match named.
                        S3's "BASE64-N" and ETag "HEX-N": the part size is found (or given).
                        Without --expect: what FILE.sha256, SHA256SUMS, ... beside it list.
  verify FILE --remote METADATA.json [-a ALGO]
                        is FILE the object whose metadata this is? The JSON of aws s3api
                        head-object / get-object-attributes, gcloud storage objects describe,
                        az storage blob show or Azure's headers: its size and every checksum; with the parts listed, the first that
                        differs is named.
  list [--json]         algorithms x implementations, what each needs and what is available here
  cpu [--json]          this CPU, its checksum-relevant features, and the implementation
                        chosen for each algorithm (by measurement, or by the built-in table)
  calibrate [--json] [--quiet] [--up-to SIZE]
                        time every implementation per size band on this CPU (about half a minute)
                        and let dispatch follow the winners; kept per CPU and build in
                        ~/.cache/hashscope. Ctrl-C keeps the previous calibration.
  bench [--preset NAME] [--algo LIST] [--impl LIST] [--sizes LIST] [--mode LIST]
        [--threads LIST] [--placement hot|cold] [--precision PCT] [--max-time SECONDS]
        [--json FILE] [--csv FILE] [--markdown FILE] [--chart FILE.png|.svg|.pdf]
        [--baseline FILE.json] [--read-floor] [--no-save] [--library DIR] [--quiet]
                        measure ns/op (± 99.9% error), GB/s and ops/ms. Presets: quick (default),
                        aws-sdk, bookkeeper-crc32c, ozone-threads, md5-vs-md5sum, full.
                        Sizes: 64,4KiB,1MiB or ranges 64..4MiB:x4. Modes: oneshot,
                        stream:CHUNK, bytewise. --impl takes ids, best or all.
                        --read-floor adds memory · read: reading the bytes, no checksum.
                        Every run (a stopped one too) is kept in the results library unless
                        --no-save; --library DIR keeps it elsewhere.
  results list [--json] | show ID | compare ID ID... [--fail-above PCT] [--markdown]
          | export ID... --html FILE | import FILE... | rm ID | rename ID NAME
          | note ID TEXT   [--library DIR]
                        the kept runs, in $HASHSCOPE_RESULTS_DIR, else
                        $XDG_DATA_HOME/HashScope/results (~/.local/share/HashScope/results),
                        and the reference runs shipped with HashScope (ids reference/NAME:
                        shown and compared, never changed).
                        list: id, date, CPU, preset, revision, build type, cells, partial,
                        reference, name.
                        show: the run's table. compare: each cell the runs share, ns/op as a
                        ratio to the first run's, * where the 99.9% intervals do not overlap;
                        --fail-above PCT exits 1 when a cell is significantly slower than the
                        first run by more than PCT%. export: one self-contained HTML page
                        (environment, table, SVG chart per run; the comparison for two or
                        more). import: copy benchmark JSON files in (one bad file imports
                        none). rm: delete a run. rename, note: give a run a name or a note, as
                        the Results page does ("" clears it); the run's file is not changed.
  advise [--purpose corruption|interop|tamper|dedup] [--size SIZE] [--library DIR] [--json]
         [--no-measure]
                        which checksum for a purpose (default corruption) at a message size
                        (default 1MiB), each with why it fits and the implementation HashScope
                        uses for it here; ranked by GB/s where this CPU's kept runs measured it
                        (corruption, dedup), else in the rules' order. What no kept run
                        measured is measured first (seconds; Ctrl-C stops) and kept in the
                        library; --no-measure reads the library only. --json: the same as
                        hashscope-advice/1 JSON.
  selftest [--json] [--seed N]
                        check every implementation this CPU can run: known-answer vectors,
                        then random messages in random splits against the reference
                        implementation. Exit 0 when all pass, 1 otherwise.

  --version             print the version
  --help                print this help
)";

}  // namespace

namespace hashscope::cli {
void complain(const std::string& message) { std::cerr << "hashscope-cli: " << message << '\n'; }
void complain_usage(const std::string& message) {
    complain(message);
    std::cerr << "Try 'hashscope-cli --help' for more information.\n";
}
}  // namespace hashscope::cli

int main(int argc, char** argv) {
    using namespace hashscope::cli;
    std::ios::sync_with_stdio(false);
    if (argc < 2) {
        std::cerr << kUsage;
        return exit_usage;
    }
    const std::string_view command = argv[1];
    if (command == "--help" || command == "-h" || command == "help") {
        std::cout << kUsage;
        return exit_ok;
    }
    if (command == "--version") {
        // First line for scripts; the libraries after it, since they decide what the figures mean.
        std::cout << hashscope::version_line("hashscope-cli") << '\n';
        for (const auto& line : hashscope::library_version_lines()) std::cout << line << '\n';
        return exit_ok;
    }
    if (command == "calibrate") return run_calibrate(argc, argv, 2);
    if (command == "selftest") return run_selftest(argc, argv, 2);  // every row, whatever dispatch says
    if (command == "merge") return run_merge(argc, argv, 2);        // reads records, hashes nothing
    if (command == "results") return run_results(argc, argv, 2);    // reads kept runs, measures nothing
    // Dispatch follows this machine's calibration, when one was saved for this CPU and build.
    const auto calibration = hashscope::apply_saved_calibration(hashscope::Registry::host(), hashscope::host_cpu());
    if (command == "cpu") return run_cpu(argc, argv, 2, calibration);
    if (command == "advise") return run_advise(argc, argv, 2);  // reads kept runs; names dispatch's choice
    if (command == "sum") return run_sum(argc, argv, 2);
    if (command == "list") return run_list(argc, argv, 2);
    if (command == "bench") return run_bench(argc, argv, 2);
    if (command == "check") return run_check(argc, argv, 2);
    if (command == "audit") return run_audit(argc, argv, 2);
    if (command == "verify") return run_verify(argc, argv, 2);
    complain("unknown command '" + std::string(command) + "' (try --help)");
    return exit_usage;
}
