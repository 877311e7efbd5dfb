// How the Verify page names algorithms and the implementations that computed a digest.
#pragma once

#include <QString>
#include <QStringList>
#include <vector>

#include "hashscope/algorithm.hpp"
#include "hashscope/registry.hpp"

namespace hashscope::ui {

// "SHA-256" for "sha256"; the id itself when unknown.
QString algorithmDisplay(const QString& id);
QString algorithmId(const AlgorithmInfo& info);
// "SHA-256, CRC-32C".
QString algorithmList(const QStringList& ids);
// The registry's entries for these ids, unknown ones left out, order kept.
std::vector<const AlgorithmInfo*> algorithmInfos(const QStringList& ids);

// "crc32c · vpclmul (AVX-512)", "sha256 · openssl": what computed a digest, for its tooltip.
QString implementationLabel(const Implementation& impl);

}  // namespace hashscope::ui
