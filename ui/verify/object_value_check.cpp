#include "verify/object_value_check.hpp"

#include <QFutureWatcher>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include "verify/algorithm_names.hpp"
#include "verify/background_priority.hpp"
#include "verify/engine_values.hpp"
#include "verify/row_status.hpp"

namespace hashscope::ui {
namespace {

std::optional<verify::ObjectValue> valueWithParts(const QString& text) {
    const QByteArray utf8 = text.trimmed().toUtf8();
    if (utf8.isEmpty() || utf8.size() > 200) return std::nullopt;
    auto value = verify::parse_object_value(std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size())));
    if (!value || value.value().parts == 0) return std::nullopt;
    return std::move(value.value());
}

}  // namespace

ObjectValueCheck::ObjectValueCheck(QThreadPool* pool, QObject* parent) : QObject(parent), pool_(pool) {}

ObjectValueCheck::~ObjectValueCheck() { stop_.request_stop(); }

bool ObjectValueCheck::isObjectValue(const QString& text) { return valueWithParts(text).has_value(); }

void ObjectValueCheck::reset() {
    stop_.request_stop();
    stop_ = std::stop_source();
    ++generation_;
    running_.reset();
    results_.clear();
    text_.clear();
    cancelled_ = false;
}

void ObjectValueCheck::setMetadata(const QString& value, std::shared_ptr<const verify::ObjectMetadata> metadata) {
    metadataValue_ = value.trimmed();
    metadata_ = std::move(metadata);
}

void ObjectValueCheck::cancel() {
    if (!running_) return;
    stop_.request_stop();
    stop_ = std::stop_source();
    ++generation_;
    running_.reset();
    cancelled_ = true;
}

std::optional<BoxMatch> ObjectValueCheck::evaluate(const QString& text, const QVector<VerifyRow>& rows) {
    const auto value = valueWithParts(text);
    if (!value) {
        if (!text_.isEmpty()) reset();
        return std::nullopt;
    }
    if (text.trimmed() != text_) {
        reset();
        text_ = text.trimmed();
        value_ = *value;
    }
    BoxMatch m;
    for (const auto* a : verify::object_value_algorithms(value_, nullptr)) m.candidates << algorithmId(*a);
    if (m.candidates.isEmpty()) {
        m.state = BoxMatch::State::invalid;
        m.explanation = tr("%1 bytes in %2 parts is no S3 checksum (composite values are CRC-32, CRC-32C, SHA-1 "
                           "or SHA-256; ETags MD5)")
                            .arg(value_.bytes.size())
                            .arg(value_.parts);
        return m;
    }
    bool anyPending = false;
    QStringList reasons;
    for (const VerifyRow& row : rows) {
        if (!wasRead(row.status)) {
            anyPending = anyPending || !isFinal(row.status);
            continue;
        }
        const auto found = results_.constFind(row.id);
        if (found == results_.constEnd()) {
            anyPending = true;
            continue;
        }
        ++m.rowsCompared;
        const verify::ObjectMatch& r = *found;
        if (r.outcome == verify::ObjectMatch::Outcome::matched) {
            m.matches.push_back({row.id, algorithmId(*r.algorithm)});
            if (m.how.isEmpty()) m.how = QString::fromStdString(r.how);
        } else if (!r.reason.empty()) {
            reasons << QStringLiteral("%1: %2").arg(row.name, QString::fromStdString(r.reason));
            if (m.how.isEmpty()) m.how = QString::fromStdString(r.reason);
        } else {
            for (const auto& tried : r.tried) {
                const QString t = QString::fromStdString(tried);
                if (!m.compared.contains(t)) m.compared << t;
            }
        }
    }
    if (!cancelled_) startNext(rows);
    if (!m.matches.isEmpty()) {
        m.state = BoxMatch::State::matched;
    } else if (cancelled_) {
        m.state = BoxMatch::State::cancelled;
    } else if (running_) {
        m.state = BoxMatch::State::computing;
        m.explanation = tr("Computing S3 values (every part size clients use) for %n file(s)…", nullptr,
                           static_cast<int>(std::count_if(rows.begin(), rows.end(), [&](const VerifyRow& r) {
                               return wasRead(r.status) && !results_.contains(r.id);
                           })));
    } else {
        m.state = unmatchedState(m, anyPending);
        if (m.state == BoxMatch::State::mismatched) m.explanation = (m.compared + reasons).join(QLatin1Char('\n'));
    }
    return m;
}

void ObjectValueCheck::startNext(const QVector<VerifyRow>& rows) {
    if (running_) return;
    for (const VerifyRow& row : rows) {
        if (!wasRead(row.status) || results_.contains(row.id)) continue;
        running_ = row.id;
        const int generation = generation_;
        auto* watcher = new QFutureWatcher<verify::ObjectMatch>(this);
        connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, id = row.id] {
            watcher->deleteLater();
            if (generation != generation_) return;  // the text changed meanwhile
            running_.reset();
            results_.insert(id, watcher->result());
            emit changed();
        });
        auto metadata = metadataValue_ == text_ ? metadata_ : nullptr;
        watcher->setFuture(QtConcurrent::run(pool_, [path = toFsPath(row.path), value = value_, metadata,
                                                     stop = stop_.get_token(), gui = guiPriority()] {
            runBelow(gui);
            auto match = verify::match_object_value(path, value, nullptr, 0, {}, stop);
            if (match.outcome == verify::ObjectMatch::Outcome::mismatched && metadata) {
                if (const auto d = verify::first_differing_part(path, *metadata, {}, stop)) {
                    match.reason = verify::describe_part_difference(*d);
                }
            }
            return match;
        }));
        return;
    }
}

}  // namespace hashscope::ui
