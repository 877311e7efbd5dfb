// NoticeBar: short messages above the table, each with the one-click action it offers: a folder
// being walked (the count growing), a checksum file read (with "hash it instead"), checksum files
// found beside dropped files ("verify against it"), a sums file saved. A notice is replaced by
// key, so a growing count is one line, not a thousand.
#pragma once

#include <QString>
#include <QVector>
#include <QWidget>
#include <functional>

class QVBoxLayout;

namespace hashscope::ui {

struct NoticeAction {
    QString text;
    QString objectName;  // for tests and accessibility
    std::function<void()> run;
    bool dismisses = true;  // the notice goes once the action ran
};

class NoticeBar : public QWidget {
    Q_OBJECT

public:
    static constexpr int kMaxNotices = 4;

    explicit NoticeBar(QWidget* parent = nullptr);

    // Shows or replaces the notice `key` (its widget is named "notice-<key>").
    void post(const QString& key, const QString& text, const QVector<NoticeAction>& actions = {},
              const QString& tooltip = {});
    void dismiss(const QString& key);
    void dismissAll();
    // The text of notice `key`, empty when not shown.
    [[nodiscard]] QString text(const QString& key) const;

private:
    struct Notice {
        QString key;
        QWidget* widget;
    };
    QVBoxLayout* layout_;
    QVector<Notice> notices_;
};

}  // namespace hashscope::ui
