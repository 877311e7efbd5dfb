// Screenshots of the Verify page in its states, to be looked at: empty, hashing (progress bars),
// a checksum file checked with every status, the expected-digest box matching and not, a folder
// walked with failures only, and the same on a dark palette. Skipped unless
// HASHSCOPE_SCREENSHOTS=DIR is set (scripts/verify-screenshots runs it under Xvfb).
#include <sys/stat.h>

#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QMenu>
#include <QPalette>
#include <QPushButton>
#include <QStyleFactory>
#include <QTableView>
#include <QtTest>
#include <memory>

#include "main/main_window.hpp"
#include "verify/algorithm_picker.hpp"
#include "verify/expected_box.hpp"
#include "verify_test_support.hpp"

using namespace verifytest;
using hashscope::ui::MainWindow;

class VerifyScreenshots : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void states();
    void darkPalette();

private:
    void makeFiles();
    void shoot(QWidget* widget, const QString& name);
    void runStates(MainWindow& window, const QString& prefix);

    QString out_;
    QTemporaryDir dir_;
};

void VerifyScreenshots::initTestCase() {
    out_ = qEnvironmentVariable("HASHSCOPE_SCREENSHOTS");
    if (out_.isEmpty()) QSKIP("set HASHSCOPE_SCREENSHOTS=DIR to write screenshots");
    QVERIFY(QDir().mkpath(out_));
    makeFiles();
}

void VerifyScreenshots::makeFiles() {
    QDir root(dir_.path());
    QVERIFY(root.mkpath(QStringLiteral("release")));
    QVERIFY(root.mkpath(QStringLiteral("photos/2024/summer")));
    QByteArray pdf(2'100'000, '\0');
    for (qsizetype i = 0; i < pdf.size(); ++i) pdf[i] = static_cast<char>((i * 7919) >> 3);
    QVERIFY(!writeFile(dir_, QStringLiteral("release/report.pdf"), pdf).isNull());
    QVERIFY(!writeFile(dir_, QStringLiteral("release/notes.txt"), "Release notes\n").isNull());
    QVERIFY(!writeFile(dir_, QStringLiteral("release/installer.sh"), "#!/bin/sh\necho tampered\n").isNull());
    QVERIFY(!writeFile(dir_, QStringLiteral("release/README.md"), "# Readme\n").isNull());
    QVERIFY(!sparseFile(dir_, QStringLiteral("release/ubuntu-24.04-desktop-amd64.iso"), qint64{3} << 30).isNull());
    QCOMPARE(::mkfifo(QFile::encodeName(dir_.filePath(QStringLiteral("release/events.pipe"))).constData(), 0600), 0);
    const QString sums = QStringLiteral(
                             "%1  report.pdf\n%2  notes.txt\n%3  installer.sh\n%3  changelog.txt\n"
                             "%3  README.md/section\n%3  events.pipe\n")
                             .arg(sha256Hex(pdf), sha256Hex("Release notes\n"), sha256Hex("#!/bin/sh\necho hello\n"));
    QVERIFY(!writeFile(dir_, QStringLiteral("release/SHA256SUMS"), sums.toUtf8()).isNull());
    for (int i = 0; i < 12; ++i) {
        QVERIFY(!writeFile(dir_, QStringLiteral("photos/2024/summer/IMG_%1.jpg").arg(4000 + i),
                           QByteArray(50'000 + i * 977, 'p'))
                     .isNull());
    }
    QVERIFY(
        QFile::link(dir_.filePath(QStringLiteral("release")), dir_.filePath(QStringLiteral("photos/release-link"))));
}

void VerifyScreenshots::shoot(QWidget* widget, const QString& name) {
    QTest::qWait(150);  // the summary and the box follow the rows within 100 ms
    QVERIFY(widget->grab().save(out_ + QLatin1Char('/') + name + QStringLiteral(".png")));
}

void VerifyScreenshots::runStates(MainWindow& window, const QString& prefix) {
    VerifyPage* page = window.verifyPage();
    Probe probe(page);
    shoot(&window, prefix + QStringLiteral("1-empty"));

    // Hashing: a large ISO among small files.
    page->addPaths({dir_.filePath(QStringLiteral("release/ubuntu-24.04-desktop-amd64.iso")),
                    dir_.filePath(QStringLiteral("release/report.pdf")),
                    dir_.filePath(QStringLiteral("release/notes.txt"))});
    QTRY_VERIFY_WITH_TIMEOUT(probe.rows() == 3 && page->model()->at(0).done > (qint64{1} << 30), kTimeoutMs);
    shoot(&window, prefix + QStringLiteral("2-hashing"));
    QTRY_VERIFY_WITH_TIMEOUT(probe.idle(), 60000);

    // A checksum file with every status, and the expected box matching one row.
    page->addPaths({dir_.filePath(QStringLiteral("release/SHA256SUMS"))});
    QTRY_VERIFY_WITH_TIMEOUT(probe.rows() == 9 && probe.idle(), kTimeoutMs);
    page->expectedBox()->setText(QStringLiteral("  %1  ").arg(sha256Hex("Release notes\n").toUpper()));
    QTRY_COMPARE(page->expectedBox()->state(), QStringLiteral("matched"));
    shoot(&window, prefix + QStringLiteral("3-sums-matched"));

    // A digest no row has as SHA-256: the other 32-byte algorithms are computed before the verdict.
    page->expectedBox()->setText(QStringLiteral("0x") + sha256Hex("something else"));
    QTRY_COMPARE(page->expectedBox()->state(), QStringLiteral("computing"));
    shoot(&window, prefix + QStringLiteral("4-computing"));
    QTRY_COMPARE_WITH_TIMEOUT(page->expectedBox()->state(), QStringLiteral("mismatched"), 180000);
    shoot(&window, prefix + QStringLiteral("4-mismatched"));
    // One click on the sidecar offer: the plain rows that SHA256SUMS lists are verified too.
    window.findChild<QWidget*>(QStringLiteral("notice-sidecar"))
        ->findChild<QPushButton*>(QStringLiteral("verifySidecarsButton"))
        ->click();

    // A folder walked, then failures only.
    page->expectedBox()->setText({});
    page->addPaths({dir_.filePath(QStringLiteral("photos"))});
    QTRY_VERIFY_WITH_TIMEOUT(probe.rows() == 22 && probe.idle(), kTimeoutMs);
    shoot(&window, prefix + QStringLiteral("5-folder"));
    window.findChild<QCheckBox*>(QStringLiteral("failuresOnly"))->setChecked(true);
    shoot(&window, prefix + QStringLiteral("6-failures-only"));
    window.findChild<QCheckBox*>(QStringLiteral("failuresOnly"))->setChecked(false);
}

void VerifyScreenshots::states() {
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    runStates(window, QStringLiteral("verify-"));

    // The algorithm menu, open.
    auto* picker = window.findChild<hashscope::ui::AlgorithmPicker*>(QStringLiteral("algorithmPicker"));
    QMenu* menu = picker->menu();
    menu->popup(picker->mapToGlobal(QPoint(0, picker->height())));
    QTRY_VERIFY(menu->isVisible());
    shoot(menu, QStringLiteral("verify-7-algorithm-menu"));
    menu->hide();
}

void VerifyScreenshots::darkPalette() {
    const QPalette before = QApplication::palette();
    const QString styleBefore = QApplication::style()->name();
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    dark.setColor(QPalette::WindowText, QColor(0xe8, 0xe8, 0xe8));
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    dark.setColor(QPalette::AlternateBase, QColor(0x27, 0x27, 0x27));
    dark.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
    dark.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    dark.setColor(QPalette::ButtonText, QColor(0xe8, 0xe8, 0xe8));
    dark.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    dark.setColor(QPalette::HighlightedText, Qt::white);
    dark.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    dark.setColor(QPalette::Mid, QColor(0x60, 0x60, 0x60));
    dark.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    dark.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    QApplication::setPalette(dark);
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        runStates(window, QStringLiteral("verify-dark-"));
    }
    QApplication::setPalette(before);
    QApplication::setStyle(styleBefore);
}

QTEST_MAIN(VerifyScreenshots)
#include "verify_screenshots_test.moc"
