// Screenshots of the Verify page in its states, to be looked at: empty, hashing (progress bars),
// a checksum file checked with every status, the expected-digest box matching and not, a folder
// walked with failures only, and the same on a dark palette; a long run with row bars, time left
// and Pause, the row context menu, the drop highlight, and the Dark and High-contrast themes
// (View > Theme). Skipped unless
// HASHSCOPE_SCREENSHOTS=DIR is set (scripts/verify-screenshots runs it under Xvfb).
#include <sys/stat.h>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QMenu>
#include <QPalette>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QStyleFactory>
#include <QTableView>
#include <QtTest>
#include <memory>

#include "main/main_window.hpp"
#include "main/theme.hpp"
#include "verify/algorithm_picker.hpp"
#include "verify/expected_box.hpp"
#include "verify/row_actions.hpp"
#include "verify/row_filter_model.hpp"
#include "verify/summary_bar.hpp"
#include "verify_test_support.hpp"

using namespace verifytest;
using hashscope::ui::MainWindow;

class VerifyScreenshots : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void states();
    void darkPalette();
    void runControlAndThemes();

private:
    void makeFiles();
    void shoot(QWidget* widget, const QString& name);
    // The whole screen around `window`: popups (a context menu) are windows of their own.
    void shootScreen(QWidget* window, const QString& name);
    void runStates(MainWindow& window, const QString& prefix);

    QString out_;
    QTemporaryDir dir_;
    QTemporaryDir settingsDir_;
};

void VerifyScreenshots::initTestCase() {
    out_ = qEnvironmentVariable("HASHSCOPE_SCREENSHOTS");
    if (out_.isEmpty()) QSKIP("set HASHSCOPE_SCREENSHOTS=DIR to write screenshots");
    QVERIFY(QDir().mkpath(out_));
    // View > Theme is remembered: in a scratch folder, never the user's settings.
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir_.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
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
    QVERIFY(!sparseFile(dir_, QStringLiteral("release/debian-12.5.0-amd64-DVD-1.iso"), qint64{3} << 30).isNull());
    QVERIFY(!sparseFile(dir_, QStringLiteral("release/Fedora-Workstation-Live-40.iso"), qint64{3} << 30).isNull());
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

void VerifyScreenshots::shootScreen(QWidget* window, const QString& name) {
    QTest::qWait(150);
    QScreen* screen = window->screen();
    const QPixmap shot = screen->grabWindow(0, window->x(), window->y(), window->frameGeometry().width(),
                                            window->frameGeometry().height());
    // Platforms that cannot grab the screen (offscreen) give an empty picture: the window alone then.
    QVERIFY((shot.isNull() ? window->grab() : shot).save(out_ + QLatin1Char('/') + name + QStringLiteral(".png")));
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
    // View > Theme > Dark, as saved: a new window starts in the saved theme.
    hashscope::ui::applyTheme(hashscope::ui::Theme::dark);
    hashscope::ui::saveTheme(hashscope::ui::Theme::dark);
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        runStates(window, QStringLiteral("verify-dark-"));
    }
    hashscope::ui::applyTheme(hashscope::ui::Theme::system);
    hashscope::ui::saveTheme(hashscope::ui::Theme::system);
    QApplication::setPalette(before);
    QApplication::setStyle(styleBefore);
}

void VerifyScreenshots::runControlAndThemes() {
    MainWindow window;
    window.resize(1280, 800);
    window.move(0, 0);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    VerifyPage* page = window.verifyPage();
    Probe probe(page);
    const auto release = [this](const char* name) { return dir_.filePath(QStringLiteral("release/") + name); };

    // A long run: small files first, a checksum file, then three 3 GiB images, one bar per image
    // being read and the time left by bytes.
    page->addPaths({release("report.pdf"), release("notes.txt"), release("SHA256SUMS")});
    QTRY_VERIFY_WITH_TIMEOUT(probe.rows() == 8 && probe.idle(), kTimeoutMs);
    page->addPaths({release("ubuntu-24.04-desktop-amd64.iso"), release("debian-12.5.0-amd64-DVD-1.iso"),
                    release("Fedora-Workstation-Live-40.iso")});
    QTRY_VERIFY_WITH_TIMEOUT(page->summary()->text().contains(QStringLiteral("left")), 30000);
    shoot(&window, QStringLiteral("verify-8-progress-eta"));
    page->setPaused(true);
    QTRY_VERIFY(page->summary()->text().contains(QStringLiteral("Paused")));
    shoot(&window, QStringLiteral("verify-9-paused"));

    // The context menu of a finished row.
    QTableView* table = page->table();
    const QModelIndex notes =
        page->proxy()->mapFromSource(page->model()->index(probe.rowOf(QStringLiteral("notes.txt")), 0));
    table->selectRow(notes.row());
    table->setCurrentIndex(notes);
    const QPoint at = table->visualRect(notes).center();
    QMenu* menu = page->rowActions()->makeContextMenu(at);
    menu->popup(table->viewport()->mapToGlobal(at));
    QTRY_VERIFY(menu->isVisible());
    shootScreen(&window, QStringLiteral("verify-10-context-menu"));
    menu->hide();
    delete menu;

    // What a drop would do, while it is dragged over the window.
    page->showDropHint({release("SHA256SUMS")});
    shoot(&window, QStringLiteral("verify-11-drop-sums"));
    page->showDropHint({release("report.pdf"), release("notes.txt"), release("README.md")});
    shoot(&window, QStringLiteral("verify-11-drop-files"));
    page->hideDropHint();

    // The themes, still paused mid-run.
    window.findChild<QAction*>(QStringLiteral("theme_dark"))->trigger();
    shoot(&window, QStringLiteral("verify-12-theme-dark"));
    window.findChild<QAction*>(QStringLiteral("theme_high-contrast"))->trigger();
    shoot(&window, QStringLiteral("verify-13-theme-high-contrast"));
    window.findChild<QAction*>(QStringLiteral("theme_system"))->trigger();
    page->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(probe.idle(), kTimeoutMs);
}

QTEST_MAIN(VerifyScreenshots)
#include "verify_screenshots_test.moc"
