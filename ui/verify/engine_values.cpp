#include "verify/engine_values.hpp"

#include <sys/stat.h>

#include <cerrno>

#include "common/file_names.hpp"
#include "verify/algorithm_names.hpp"

namespace hashscope::ui {

std::filesystem::path toFsPath(const QString& path) { return {nameToBytes(path).toStdString()}; }

QString fromFsPath(const std::filesystem::path& path) {
    return nameFromBytes(QByteArray::fromStdString(path.native()));
}

QString fromNameBytes(const std::string& name) {
    return nameFromBytes(QByteArray(name.data(), static_cast<qsizetype>(name.size())));
}

Expectation expectationOf(const verify::SumsEntry& entry, const QString& sumsName) {
    Expectation e;
    e.bytes =
        QByteArray(reinterpret_cast<const char*>(entry.expected.data()), static_cast<qsizetype>(entry.expected.size()));
    for (const auto* algorithm : entry.candidates) e.candidates << algorithmId(*algorithm);
    e.source = QStringLiteral("%1, line %2").arg(sumsName).arg(entry.line);
    return e;
}

RowStatus rowStatusOf(FileStatus status, const std::filesystem::path& path) {
    switch (status) {
        case FileStatus::ok:
            return RowStatus::hashed;
        case FileStatus::cancelled:
            return RowStatus::cancelled;
        case FileStatus::not_regular:
            return RowStatus::skipped;
        case FileStatus::changed:
            return RowStatus::changed;
        case FileStatus::unreadable:
            break;
    }
    struct stat st {};
    return ::lstat(path.c_str(), &st) != 0 && errno == ENOENT ? RowStatus::missing : RowStatus::unreadable;
}

RowStatus rowStatusOf(verify::Verdict verdict) {
    using verify::Verdict;
    switch (verdict) {
        case Verdict::ok:
            return RowStatus::ok;
        case Verdict::failed:
            return RowStatus::failed;
        case Verdict::missing:
            return RowStatus::missing;
        case Verdict::unreadable:
            return RowStatus::unreadable;
        case Verdict::not_regular:
        case Verdict::skipped:
            return RowStatus::skipped;
        case Verdict::changed:
            return RowStatus::changed;
        case Verdict::refused:
            return RowStatus::refused;
        case Verdict::cancelled:
            return RowStatus::cancelled;
    }
    return RowStatus::cancelled;
}

RowStatus rowStatusOf(verify::AuditStatus status) {
    using verify::AuditStatus;
    switch (status) {
        case AuditStatus::ok:
            return RowStatus::ok;
        case AuditStatus::changed:
            return RowStatus::changed;
        case AuditStatus::missing:
            return RowStatus::missing;
        case AuditStatus::added:
            return RowStatus::added;
        case AuditStatus::moved:
            return RowStatus::moved;
        case AuditStatus::unreadable:
            return RowStatus::unreadable;
        case AuditStatus::skipped:
        case AuditStatus::skipped_by_user:  // as a checked row skipped by the user: SKIPPED, "skipped"
            return RowStatus::skipped;
        case AuditStatus::cancelled:
            return RowStatus::cancelled;
    }
    return RowStatus::cancelled;
}

}  // namespace hashscope::ui
