#include "records.hpp"

#include "commands.hpp"
#include "hashscope/digest.hpp"

namespace hashscope::cli {

namespace {

std::string status_of(FileStatus status) {
    switch (status) {
        case FileStatus::ok:
            return "ok";
        case FileStatus::cancelled:
            return "cancelled";
        case FileStatus::unreadable:
            return "unreadable";
        case FileStatus::not_regular:
            return "not_regular";
        case FileStatus::changed:
            return "changed";
    }
    return "unreadable";
}

std::string status_of(verify::Verdict verdict) {
    using verify::Verdict;
    switch (verdict) {
        case Verdict::ok:
            return "ok";
        case Verdict::failed:
            return "failed";
        case Verdict::missing:
            return "missing";
        case Verdict::unreadable:
            return "unreadable";
        case Verdict::not_regular:
            return "not_regular";
        case Verdict::changed:
            return "changed";
        case Verdict::refused:
            return "refused";
        case Verdict::skipped:
            return "skipped";
        case Verdict::cancelled:
            return "cancelled";
    }
    return "unreadable";
}

}  // namespace

std::optional<verify::Shard> parse_shard_option(const Arguments& args) {
    const auto text = args.value("shard");
    if (!text) return verify::Shard{};
    auto shard = verify::parse_shard(*text);
    if (!shard) {
        complain(shard.error().message);
        return std::nullopt;
    }
    return *shard;
}

std::vector<verify::FileRecord> sum_records(const std::string& name, std::span<const AlgorithmInfo* const> algorithms,
                                            const FileHashResult& result,
                                            std::span<const Implementation* const> implementations, double seconds) {
    std::vector<verify::FileRecord> records;
    for (std::size_t i = 0; i < algorithms.size(); ++i) {
        verify::FileRecord r;
        r.path = name;
        r.size = result.bytes;
        r.algorithm = algorithms[i]->id;
        r.status = status_of(result.status);
        r.seconds = seconds;
        r.message = result.message;
        if (result.status == FileStatus::ok) {
            r.digest = result.digests[i].hex();
            if (i < implementations.size() && implementations[i] != nullptr) r.implementation = implementations[i]->id;
        }
        records.push_back(std::move(r));
    }
    return records;
}

verify::FileRecord check_record(const verify::SumsEntry& entry, const verify::CheckResult& result) {
    verify::FileRecord r;
    r.path = entry.name;
    r.size = result.bytes;
    r.algorithm = (result.matched != nullptr ? result.matched : entry.candidates.front())->id;
    r.digest = to_hex(entry.expected);
    r.status = status_of(result.verdict);
    if (result.implementation != nullptr) r.implementation = result.implementation->id;
    r.seconds = result.seconds;
    r.message = result.message;
    return r;
}

std::string json_lines(std::span<const verify::FileRecord> records) {
    std::string out;
    for (const auto& r : records) {
        out += verify::to_json_line(r);
        out += '\n';
    }
    return out;
}

}  // namespace hashscope::cli
