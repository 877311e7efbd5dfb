// Helpers shared by the Verify page's tests: files to hash, drops as a window receives them,
// reference digests computed without the code under test (QCryptographicHash, a bitwise CRC),
// a probe that reads rows the way the table shows them, and the fixture most tests start from
// (a shown main window on its Verify page and a scratch folder, made afresh for every test).
#pragma once

#include <QAbstractItemModel>
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDropEvent>
#include <QFile>
#include <QMimeData>
#include <QTableView>
#include <QTemporaryDir>
#include <QUrl>
#include <QWidget>
#include <QtTest>
#include <memory>

#include "main/main_window.hpp"
#include "verify/file_table_model.hpp"
#include "verify/notice_bar.hpp"
#include "verify/verify_page.hpp"

namespace verifytest {

using hashscope::ui::FileTableModel;
using hashscope::ui::MainWindow;
using hashscope::ui::RowStatus;
using hashscope::ui::VerifyPage;

constexpr int kTimeoutMs = 20000;

// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), one bit at a time: slow, obviously right.
inline QString crc32cHex(const QByteArray& data) {
    quint32 crc = 0xFFFFFFFFu;
    for (const char c : data) {
        crc ^= static_cast<quint8>(c);
        for (int bit = 0; bit < 8; ++bit) crc = (crc & 1u) ? (crc >> 1) ^ 0x82F63B78u : crc >> 1;
    }
    return QStringLiteral("%1").arg(~crc, 8, 16, QLatin1Char('0'));
}

inline QString hexOf(const QByteArray& data, QCryptographicHash::Algorithm algorithm) {
    return QString::fromLatin1(QCryptographicHash::hash(data, algorithm).toHex());
}
inline QString sha256Hex(const QByteArray& data) { return hexOf(data, QCryptographicHash::Sha256); }

inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& data) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size()) return {};
    return path;
}

// Sparse: no disk space, but reading and hashing it takes far longer than a click.
inline QString sparseFile(const QTemporaryDir& dir, const QString& name, qint64 size) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !file.resize(size)) return {};
    return path;
}

// A drop as the window system delivers one: drag enter, then drop, with these URLs.
inline bool dropUrlsOn(QWidget* window, const QList<QUrl>& urls) {
    QMimeData mime;
    mime.setUrls(urls);
    const QPoint where = window->rect().center();
    QDragEnterEvent enter(where, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    enter.setAccepted(false);
    QCoreApplication::sendEvent(window, &enter);
    if (!enter.isAccepted()) return false;
    QDropEvent drop(QPointF(where), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    drop.setAccepted(false);
    QCoreApplication::sendEvent(window, &drop);
    return drop.isAccepted();
}

// The same with file URLs.
inline bool dropOn(QWidget* window, const QStringList& paths) {
    QList<QUrl> urls;
    for (const QString& path : paths) urls << QUrl::fromLocalFile(path);
    return dropUrlsOn(window, urls);
}

// Reads the page's rows by name, as the table shows them.
class Probe {
public:
    explicit Probe(VerifyPage* page) : page_(page) {}

    [[nodiscard]] FileTableModel* model() const { return page_->model(); }
    [[nodiscard]] int rows() const { return model()->rowCount(); }
    [[nodiscard]] int rowOf(const QString& name) const {
        for (int r = 0; r < rows(); ++r) {
            if (model()->at(r).name == name) return r;
        }
        return -1;
    }
    [[nodiscard]] RowStatus status(const QString& name) const {
        const int r = rowOf(name);
        return r < 0 ? RowStatus::queued : model()->at(r).status;
    }
    [[nodiscard]] QString statusText(const QString& name) const { return cell(name, model()->statusColumn()); }
    [[nodiscard]] QString digest(const QString& name, const QString& algorithm) const {
        const int column = model()->algorithmColumn(algorithm);
        return column < 0 ? QString() : cell(name, column);
    }
    [[nodiscard]] QString cell(const QString& name, int column, int role = Qt::DisplayRole) const {
        const int r = rowOf(name);
        return r < 0 ? QString() : model()->index(r, column).data(role).toString();
    }
    [[nodiscard]] bool idle() const { return !page_->busy(); }

private:
    VerifyPage* page_;
};

// A test class derives from this and calls openWindow() from init() and closeWindow() from
// cleanup(), so each test function meets a fresh window and an empty folder under the names
// window_, page_, probe_ and dir_.
class WindowFixture {
protected:
    void openWindow() {
        dir_ = std::make_unique<QTemporaryDir>();
        QVERIFY(dir_->isValid());
        window_ = std::make_unique<MainWindow>();
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
        page_ = window_->verifyPage();
        QVERIFY(page_);
        probe_ = std::make_unique<Probe>(page_);
    }

    void closeWindow() {
        probe_.reset();
        window_.reset();  // cancels and waits for any worker still reading
        page_ = nullptr;
        dir_.reset();
    }

    // Key presses then reach the table as a user's do: the window active, the table focused.
    void focusTable() {
        window_->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window_.get()));
        page_->table()->setFocus();
    }

    // The text of the page's notice `key` ("save", "sidecar", "walk:PATH"), empty when not shown.
    [[nodiscard]] QString noticeText(const QString& key) const { return page_->notices()->text(key); }

    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<MainWindow> window_;
    VerifyPage* page_ = nullptr;
    std::unique_ptr<Probe> probe_;
};

}  // namespace verifytest
