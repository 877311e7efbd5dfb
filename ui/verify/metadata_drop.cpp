#include "verify/metadata_drop.hpp"

#include <QFile>

#include "hashscope/verify/object_metadata.hpp"

namespace hashscope::ui {
namespace {

// A 10,000-part listing is about 1.5 MB; a larger "metadata" file is something else.
constexpr qint64 kMaxMetadataBytes = qint64{4} << 20;

// Higher says more: a value with a part count finds the part size and algorithm too.
int weight(const verify::StoredChecksum& c) {
    if (c.value.parts != 0) return c.value.etag ? 3 : 4;
    return c.algorithm->id == "md5" ? 1 : 2;
}

}  // namespace

bool mayBeMetadata(const QString& path) { return path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive); }

std::optional<MetadataValue> metadataValue(std::string_view json) {
    auto parsed = verify::parse_object_metadata(json);
    if (!parsed || parsed.value().checksums.empty()) return std::nullopt;
    const auto& m = parsed.value();
    const verify::StoredChecksum* best = &m.checksums.front();
    for (const auto& c : m.checksums) {
        if (weight(c) > weight(*best)) best = &c;
    }
    return MetadataValue{QString::fromStdString(verify::format_object_value(best->value)),
                         QString::fromStdString(best->field), QString::fromStdString(m.source),
                         static_cast<int>(m.checksums.size()) - 1,
                         std::make_shared<const verify::ObjectMetadata>(std::move(parsed.value()))};
}

std::optional<MetadataValue> readMetadataValue(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly) || file.size() > kMaxMetadataBytes) return std::nullopt;
    const QByteArray bytes = file.read(kMaxMetadataBytes + 1);
    if (bytes.size() > kMaxMetadataBytes) return std::nullopt;
    return metadataValue(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
}

}  // namespace hashscope::ui
