// The rules behind `hashscope-cli advise`. Each purpose lists its candidates in the order that
// holds when nothing was measured, each with the one reason that makes it a candidate.
#include "hashscope/bench/advice.hpp"

#include <algorithm>
#include <cmath>

#include "hashscope/bench/results_library.hpp"

namespace hashscope::bench {
namespace {

struct PurposeRow {
    Purpose purpose;
    std::string_view name, description;
};
constexpr PurposeRow purposes[] = {
    {Purpose::corruption, "corruption", "detect accidental damage (disks, networks, memory)"},
    {Purpose::interop, "interop", "match a digest someone else computes or publishes"},
    {Purpose::tamper, "tamper", "detect deliberate changes"},
    {Purpose::dedup, "dedup", "find identical content by its digest"},
};

const PurposeRow& purpose_row(Purpose purpose) {
    for (const auto& p : purposes) {
        if (p.purpose == purpose) return p;
    }
    return purposes[0];
}

struct Candidate {
    const char* algorithm;
    const char* why;
};

std::vector<Candidate> candidates(Purpose purpose, std::size_t size) {
    switch (purpose) {
        case Purpose::corruption: {
            std::vector<Candidate> list{
                {"crc32c",
                 "detects every burst error up to 32 bits; the CRC of iSCSI, ext4, Btrfs and S3, with CPU "
                 "instructions on x86-64 and ARMv8"},
                {"xxh3", "64-bit, non-cryptographic, among the fastest on any CPU"},
                {"crc64nvme",
                 "64-bit CRC (S3's default object checksum): far fewer undetected errors over many "
                 "large objects than a 32-bit value"},
                {"xxh128", "128-bit xxHash: as fast as xxh3, for stores of billions of blocks"},
                {"blake3",
                 "256-bit and cryptographic: catches deliberate changes too, for a few times the cost of a "
                 "CRC on one thread (it spreads over several on long files)"},
            };
            // Past a few MiB a 32-bit value misses one damaged object in four billion: 64 bits first.
            if (size >= (std::size_t{4} << 20)) std::rotate(list.begin(), list.begin() + 1, list.end());
            return list;
        }
        case Purpose::interop:
            return {
                {"sha256", "what SHA256SUMS, package managers, container registries and signed releases publish"},
                {"md5", "what older mirrors, md5sum and S3 ETags of single-part uploads show; not for security"},
                {"crc32c", "what S3 and Google Cloud Storage keep as object checksums"},
                {"crc64nvme", "the default checksum of S3's current SDKs for new uploads"},
                {"sha512", "what some distributions' SHA512SUMS publish"},
            };
        case Purpose::tamper:
            return {
                {"sha256", "the standard cryptographic hash, with CPU instructions on recent x86-64 and ARMv8"},
                {"blake3", "cryptographic and parallel: the fastest of the strong hashes on long messages"},
                {"sha512", "often faster than sha256 on 64-bit CPUs without SHA instructions"},
                {"sha3-256", "a different design from SHA-2, for defence in depth"},
            };
        case Purpose::dedup:
            return {
                {"blake3", "256-bit, collision-resistant, and fast on long messages"},
                {"sha256",
                 "256-bit, collision-resistant, what content-addressed stores (OCI images, git's SHA-256 "
                 "repositories) use"},
                {"xxh128", "fastest, but only where nobody can craft colliding inputs"},
            };
    }
    return {};
}

// The fastest measurement of `algorithm` in the newest run of this CPU that has one, at the size
// nearest `size` (on a log scale).
void fill_measurement(Suggestion& s, std::size_t size, const std::string& cpu,
                      const std::vector<const BenchReport*>& newest_first) {
    for (const auto* run : newest_first) {
        if (cpu_class(run->environment.cpu_model, run->environment.microarchitecture) != cpu) continue;
        const CellResult* pick = nullptr;
        double distance = 0;
        for (const auto& c : run->results) {
            if (c.algorithm != s.algorithm || c.size == 0 || c.threads != 1 || c.mode.mode != Mode::oneshot ||
                c.placement != Placement::hot || !(c.gb_per_s > 0))
                continue;
            const double d = std::abs(std::log2(static_cast<double>(c.size)) - std::log2(static_cast<double>(size)));
            if (pick == nullptr || d < distance - 1e-9 ||
                (std::abs(d - distance) <= 1e-9 && c.gb_per_s > pick->gb_per_s)) {
                pick = &c;
                distance = d;
            }
        }
        if (pick != nullptr) {
            s.gb_per_s = pick->gb_per_s;
            s.implementation = pick->implementation;
            s.measured_size = pick->size;
            s.measured_in = run->environment.date;
            return;
        }
    }
}

}  // namespace

Result<Purpose> parse_purpose(std::string_view text) {
    for (const auto& p : purposes) {
        if (text == p.name) return p.purpose;
    }
    return Error{"unknown purpose '" + std::string(text) + "' (corruption, interop, tamper or dedup)"};
}

std::string_view purpose_name(Purpose purpose) { return purpose_row(purpose).name; }
std::string_view purpose_description(Purpose purpose) { return purpose_row(purpose).description; }

std::string cpu_class(const std::string& model, const std::string& microarchitecture) {
    if (microarchitecture.empty() || microarchitecture == "unknown") return model;
    return model + " · " + microarchitecture;
}

Advice advise(Purpose purpose, std::size_t size, const std::string& cpu, const std::vector<BenchReport>& runs) {
    Advice advice;
    advice.purpose = purpose;
    advice.size = size;
    std::vector<const BenchReport*> newest_first;
    newest_first.reserve(runs.size());
    for (const auto& r : runs) newest_first.push_back(&r);
    std::stable_sort(newest_first.begin(), newest_first.end(), [](const BenchReport* a, const BenchReport* b) {
        return a->environment.date > b->environment.date;
    });
    for (const auto& c : candidates(purpose, size)) {
        Suggestion s{c.algorithm, c.why, std::nullopt, {}, 0, {}, {}};
        fill_measurement(s, size, cpu, newest_first);
        advice.suggestions.push_back(std::move(s));
    }
    if (purpose == Purpose::corruption || purpose == Purpose::dedup) {
        // Measured ones first, fastest first; the rest keep the rules' order.
        std::stable_sort(advice.suggestions.begin(), advice.suggestions.end(),
                         [](const Suggestion& a, const Suggestion& b) {
                             if (a.gb_per_s.has_value() != b.gb_per_s.has_value()) return a.gb_per_s.has_value();
                             return a.gb_per_s && *a.gb_per_s > *b.gb_per_s;
                         });
    }
    switch (purpose) {
        case Purpose::corruption:
            advice.notes.push_back("none of these stops someone who changes the data on purpose: see --purpose tamper");
            break;
        case Purpose::interop:
            advice.notes.push_back("use what the other side publishes; the first that matches it is the answer");
            break;
        case Purpose::tamper:
            advice.notes.push_back(
                "a digest only proves integrity when it cannot be replaced too: sign it "
                "(minisign, signify, OpenPGP) or keep it where an attacker cannot write");
            advice.notes.push_back("never md5, sha1, a CRC or xxHash for this: collisions or forgeries are cheap");
            break;
        case Purpose::dedup:
            advice.notes.push_back(
                "with inputs from others, keep a cryptographic hash (blake3, sha256): a fast "
                "non-cryptographic one lets them craft collisions that merge different content");
            break;
    }
    if (std::none_of(advice.suggestions.begin(), advice.suggestions.end(),
                     [](const Suggestion& s) { return s.gb_per_s.has_value(); })) {
        advice.notes.push_back(
            "no kept run of this CPU measured these: 'hashscope-cli bench --algo <list> --sizes "
            "<size>' keeps one in the results library, and advise ranks by it");
    }
    return advice;
}

std::vector<BenchReport> newest_runs_of(const std::filesystem::path& dir, const std::string& cpu, std::size_t limit) {
    auto summaries = list_runs(dir);  // oldest first: ids sort by time
    std::vector<BenchReport> runs;
    for (auto s = summaries.rbegin(); s != summaries.rend() && runs.size() < limit; ++s) {
        if (!s->readable || cpu_class(s->cpu_model, s->microarchitecture) != cpu) continue;
        if (auto report = load_run(dir, s->id)) runs.push_back(std::move(*report));
    }
    return runs;
}

void name_dispatch(Advice& advice, const Registry& registry) {
    for (auto& s : advice.suggestions) {
        const auto* impl = registry.best(s.algorithm, advice.size);
        s.dispatch = impl != nullptr ? std::string(impl->id) : std::string();
    }
}

std::vector<std::string> unmeasured(const Advice& advice) {
    std::vector<std::string> out;
    for (const auto& s : advice.suggestions) {
        if (!s.gb_per_s) out.push_back(s.algorithm);
    }
    return out;
}

Result<BenchSpec> measuring_spec(const std::vector<std::string>& algorithms, std::size_t size,
                                 const Registry& registry) {
    if (algorithms.empty()) return Error{"nothing to measure"};
    if (size == 0) return Error{"a message size of 0 bytes measures nothing"};
    auto participants = select_participants(algorithms, {"all"}, registry);
    if (!participants) return participants.error();
    BenchSpec spec;
    spec.preset = "advise";
    spec.participants = std::move(*participants);
    spec.sizes = {size};
    // A ranking needs the order, not the third digit: a short budget keeps a click to seconds.
    spec.max_time_s = 0.3;
    spec.precision = 0.02;
    spec.measure_harness = false;
    spec.preferred_unit = "GB/s";
    return spec;
}

}  // namespace hashscope::bench
