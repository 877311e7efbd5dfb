// Conversions between core's values (std::filesystem paths, SumsEntry, FileHashResult) and the
// Verify page's (QString, Expectation, RowStatus). File names travel as the bytes the file
// system knows them by (common/file_names.hpp, without loss), so names that are not UTF-8 still open.
#pragma once

#include <QString>
#include <filesystem>

#include "hashscope/file_hash.hpp"
#include "hashscope/verify/audit.hpp"
#include "hashscope/verify/check_job.hpp"
#include "hashscope/verify/sums_file.hpp"
#include "verify/verify_types.hpp"

namespace hashscope::ui {

std::filesystem::path toFsPath(const QString& path);
QString fromFsPath(const std::filesystem::path& path);
// A sums file's name bytes as text (bytes that are not UTF-8 kept, as nameFromBytes() keeps them).
QString fromNameBytes(const std::string& name);

// The line of a checksum file as what a row should hash to; `sumsName` says where it came from.
Expectation expectationOf(const verify::SumsEntry& entry, const QString& sumsName);

// A hash's status as a row's. Distinguishes missing from unreadable by looking at the path, so
// call it on the worker, never on the GUI thread.
RowStatus rowStatusOf(FileStatus status, const std::filesystem::path& path);
RowStatus rowStatusOf(verify::Verdict verdict);
RowStatus rowStatusOf(verify::AuditStatus status);

}  // namespace hashscope::ui
