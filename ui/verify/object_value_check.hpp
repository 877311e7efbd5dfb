// ObjectValueCheck: the expected-digest box given an object store's value with a part count
// (S3's composite "BASE64-N", the multipart ETag "HEX-N"). Such a value names neither its
// algorithm nor its part size, so it is no digest a row has: each row that was read is matched
// against it by core's match_object_value() (the algorithms of its length, the part sizes clients
// use) on the controller's pool, one file at a time, and the box shows what matched ("S3 composite
// CRC-32C, 8 MiB parts") or why nothing did. Results are kept per row until the text changes.
#pragma once

#include <QHash>
#include <QObject>
#include <QString>
#include <QVector>
#include <memory>
#include <optional>
#include <stop_token>

#include "hashscope/verify/object_match.hpp"
#include "verify/digest_match.hpp"

class QThreadPool;

namespace hashscope::ui {

class ObjectValueCheck : public QObject {
    Q_OBJECT

public:
    ObjectValueCheck(QThreadPool* pool, QObject* parent = nullptr);
    ~ObjectValueCheck() override;

    // True for text the box should leave to this class: a store's value with a part count.
    [[nodiscard]] static bool isObjectValue(const QString& text);

    // The box's state for `text` against `rows`, starting the matches still missing; nullopt when
    // `text` is no value with a part count (then it is an ordinary digest).
    std::optional<BoxMatch> evaluate(const QString& text, const QVector<VerifyRow>& rows);

    // The metadata `value` came from (a dropped JSON): while the box holds `value`, a file that does
    // not match has its listed parts checked, and the first that differs is named.
    void setMetadata(const QString& value, std::shared_ptr<const verify::ObjectMetadata> metadata);

    // Stops the match running and starts no other until the text changes (Cancel, closing).
    void cancel();

signals:
    // A row's match finished: evaluate() again.
    void changed();

private:
    void startNext(const QVector<VerifyRow>& rows);
    void reset();  // a new text: results dropped, the match running stopped

    QThreadPool* pool_;
    QString text_;  // the value the results are for
    verify::ObjectValue value_;
    QString metadataValue_;  // the text setMetadata() was given
    std::shared_ptr<const verify::ObjectMetadata> metadata_;
    QHash<RowId, verify::ObjectMatch> results_;
    std::optional<RowId> running_;
    std::stop_source stop_;
    int generation_ = 0;      // a result of an older text is dropped
    bool cancelled_ = false;  // by cancel(), until the text changes
};

}  // namespace hashscope::ui
