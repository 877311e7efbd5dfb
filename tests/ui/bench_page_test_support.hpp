// Helpers shared by the Benchmark page's tests: a tiny run's settings and its names, file and
// column readers, settings kept in a scratch location, and the fixture most tests start from (a
// shown page and a scratch folder, made afresh for every test function).
#pragma once

#include <QAbstractItemModel>
#include <QFile>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

#include "bench/bench_config.hpp"
#include "bench/benchmark_page.hpp"
#include "bench/config_panel.hpp"
#include "bench/settings_store.hpp"
#include "hashscope/registry.hpp"

namespace benchtest {

using hashscope::ui::BenchmarkPage;
using hashscope::ui::BenchSettings;

constexpr int kRunTimeoutMs = 60000;

inline QString bestCrc32c() { return QString::fromUtf8(hashscope::Registry::host().best("crc32c")->id.data()); }
inline QString crcLabel() { return QStringLiteral("crc32c · ") + bestCrc32c(); }

// One algorithm at dispatch's choice, two small sizes, a tiny budget: done in well under a second.
inline BenchSettings tinySettings() {
    BenchSettings s;
    s.participants = {{"crc32c", bestCrc32c().toStdString()}};
    s.sizes = QStringLiteral("64,4KiB");
    s.modes = QStringLiteral("oneshot");
    s.threads = QStringLiteral("1");
    s.budgetSeconds = 0.02;
    s.precisionPercent = 5;
    return s;
}

inline QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline QStringList columnTexts(const QAbstractItemModel& model, int column) {
    QStringList out;
    for (int row = 0; row < model.rowCount(); ++row) out << model.index(row, column).data().toString();
    return out;
}

// Settings kept in a scratch folder for the whole executable: a test class derives from this and
// calls useScratchSettings() from initTestCase(), before any QSettings exists. Pages remember
// nothing without an organisation name; only the test of remembering sets one.
class ScratchSettings {
protected:
    void useScratchSettings() {
        QVERIFY(settingsDir_.isValid());
        QStandardPaths::setTestModeEnabled(true);
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir_.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
        QVERIFY(!hashscope::ui::rememberingSettings());
        // Finished runs are kept in the results library: this test's, never the user's.
        qputenv("HASHSCOPE_RESULTS_DIR", settingsDir_.filePath(QStringLiteral("results")).toLocal8Bit());
    }

    QTemporaryDir settingsDir_;  // QSettings of this test, whatever it remembers
};

// A test class derives from this and calls openPage() from init() and closePage() from cleanup(),
// so each test function meets a fresh page and an empty folder under the names page_ and dir_
// (and useScratchSettings() from initTestCase(), as above).
class PageFixture : public ScratchSettings {
protected:
    void openPage() {
        dir_ = std::make_unique<QTemporaryDir>();
        QVERIFY(dir_->isValid());
        page_ = std::make_unique<BenchmarkPage>();
        page_->resize(1280, 800);
        page_->show();
        QVERIFY(QTest::qWaitForWindowExposed(page_.get()));
    }

    void closePage() {
        page_.reset();  // cancels and waits for a run still going
        dir_.reset();
    }

    [[nodiscard]] QPushButton* button(const char* name) const {
        return page_->findChild<QPushButton*>(QString::fromLatin1(name));
    }

    // Starts tinySettings() with the Run button and waits for it to finish uncancelled.
    void runTiny() {
        page_->config()->setSettings(tinySettings());
        QVERIFY(button("runButton")->isEnabled());
        QTest::mouseClick(button("runButton"), Qt::LeftButton);
        QVERIFY(page_->running());
        QTRY_VERIFY_WITH_TIMEOUT(!page_->running(), kRunTimeoutMs);
        QVERIFY(!page_->report().cancelled);
    }

    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<BenchmarkPage> page_;
};

}  // namespace benchtest
