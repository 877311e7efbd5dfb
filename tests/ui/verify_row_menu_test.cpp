// The Verify page's row context menu (Copy digest, Copy name + digest, Copy path; disabled while
// there is no digest), the Delete key, the drop highlight that says what a drop will do, the
// View > Theme menu (palette and status colours per theme, remembered), the accessible names
// and tooltips of the page's controls, and one verification driven by the keyboard alone.
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>
#include <memory>

#include "main/theme.hpp"
#include "verify/drop_overlay.hpp"
#include "verify/row_actions.hpp"
#include "verify/row_filter_model.hpp"
#include "verify/row_status.hpp"
#include "verify_test_support.hpp"

using namespace verifytest;

class VerifyRowMenuTest : public QObject, private WindowFixture {
    Q_OBJECT

private slots:
    void initTestCase();
    void init() { openWindow(); }
    void cleanup();

    void contextMenuCopiesDigestLineAndPath();
    void contextMenuDisablesWhatMakesNoSense();
    void deleteKeyRemovesTheSelectedRow();
    void dropHighlightSaysWhatWillHappen();
    void themeSwitchChangesThePalette();
    void controlsHaveAccessibleNamesAndShortcutTips();
    void keyboardAloneOpensChecksCopiesAndClears();

private:
    // The context menu over `name`'s cell in `column`, that row selected as a right-click does.
    std::unique_ptr<QMenu> menuOver(const QString& name, int column) {
        const QModelIndex at = page_->proxy()->mapFromSource(page_->model()->index(probe_->rowOf(name), column));
        page_->table()->setCurrentIndex(at);
        page_->table()->selectRow(at.row());
        return std::unique_ptr<QMenu>(page_->rowActions()->makeContextMenu(page_->table()->visualRect(at).center()));
    }
    static QAction* actionIn(QMenu* menu, const QString& name) {
        for (QAction* action : menu->actions()) {
            if (action->objectName() == name) return action;
        }
        return nullptr;
    }

    QTemporaryDir settingsDir_;
};

void VerifyRowMenuTest::initTestCase() {
    // The theme is remembered: in a scratch folder, never the user's settings.
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir_.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
}

void VerifyRowMenuTest::cleanup() {
    closeWindow();
    hashscope::ui::applyTheme(hashscope::ui::Theme::system);
    QSettings().clear();
}

void VerifyRowMenuTest::contextMenuCopiesDigestLineAndPath() {
    const QString path = writeFile(*dir_, QStringLiteral("report.txt"), "report\n");
    QVERIFY(dropOn(window_.get(), {path}));
    QTRY_COMPARE_WITH_TIMEOUT(probe_->status(QStringLiteral("report.txt")), RowStatus::hashed, kTimeoutMs);
    const auto menu = menuOver(QStringLiteral("report.txt"), FileTableModel::Name);
    QCOMPARE(menu->objectName(), QStringLiteral("rowContextMenu"));
    for (const char* name : {"copyAction", "copyLineAction", "copyPathAction", "copyRowsAction", "showInFolderAction",
                             "reverifyAction", "skipAction", "removeAction"}) {
        QVERIFY2(actionIn(menu.get(), QLatin1String(name)), name);
    }
    QAction* copy = actionIn(menu.get(), QStringLiteral("copyAction"));
    QVERIFY(copy->isEnabled());
    copy->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), sha256Hex("report\n"));
    // The line a GNU checksum file has: what sha256sum prints.
    actionIn(menu.get(), QStringLiteral("copyLineAction"))->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), sha256Hex("report\n") + QStringLiteral("  report.txt"));
    actionIn(menu.get(), QStringLiteral("copyPathAction"))->trigger();
    QCOMPARE(QGuiApplication::clipboard()->text(), QDir::toNativeSeparators(path));
    QVERIFY(actionIn(menu.get(), QStringLiteral("showInFolderAction"))->isEnabled());
    QVERIFY(actionIn(menu.get(), QStringLiteral("reverifyAction"))->isEnabled());
    QVERIFY(!actionIn(menu.get(), QStringLiteral("skipAction"))->isEnabled());  // nothing left to skip
}

void VerifyRowMenuTest::contextMenuDisablesWhatMakesNoSense() {
    QVERIFY(dropOn(window_.get(), {sparseFile(*dir_, QStringLiteral("big.bin"), qint64{8} << 30)}));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 1 && page_->model()->at(0).reading, kTimeoutMs);
    const auto menu = menuOver(QStringLiteral("big.bin"), FileTableModel::Name);
    QVERIFY(!actionIn(menu.get(), QStringLiteral("copyAction"))->isEnabled());  // no digest yet
    QVERIFY(!actionIn(menu.get(), QStringLiteral("copyLineAction"))->isEnabled());
    QVERIFY(!actionIn(menu.get(), QStringLiteral("reverifyAction"))->isEnabled());  // still running
    QVERIFY(actionIn(menu.get(), QStringLiteral("copyPathAction"))->isEnabled());
    QVERIFY(actionIn(menu.get(), QStringLiteral("skipAction"))->isEnabled());
    QVERIFY(actionIn(menu.get(), QStringLiteral("removeAction"))->isEnabled());
    page_->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(probe_->idle(), 5000);
}

void VerifyRowMenuTest::deleteKeyRemovesTheSelectedRow() {
    QVERIFY(dropOn(window_.get(), {writeFile(*dir_, QStringLiteral("a.txt"), "a\n"),
                                   writeFile(*dir_, QStringLiteral("b.txt"), "b\n")}));
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 2 && probe_->idle(), kTimeoutMs);
    focusTable();
    page_->table()->selectRow(page_->proxy()->mapFromSource(page_->model()->index(probe_->rowOf("a.txt"), 0)).row());
    QTest::keyClick(page_->table(), Qt::Key_Delete);
    QCOMPARE(probe_->rows(), 1);
    QCOMPARE(page_->model()->at(0).name, QStringLiteral("b.txt"));
}

void VerifyRowMenuTest::dropHighlightSaysWhatWillHappen() {
    using hashscope::ui::dropSummary;
    const QString sums = writeFile(*dir_, QStringLiteral("SHA256SUMS"), "");
    const QString md5 = writeFile(*dir_, QStringLiteral("files.md5"), "");
    QStringList three;
    for (int i = 0; i < 3; ++i) three << writeFile(*dir_, QStringLiteral("f%1.iso").arg(i), "x");
    QVERIFY(QDir(dir_->path()).mkpath(QStringLiteral("tree")));
    QCOMPARE(dropSummary({sums}), QStringLiteral("Verify against SHA256SUMS"));
    QCOMPARE(dropSummary(three), QStringLiteral("Hash 3 files"));
    QCOMPARE(dropSummary({sums, md5}), QStringLiteral("Check 2 checksum files"));
    QCOMPARE(dropSummary({dir_->filePath(QStringLiteral("tree"))}), QStringLiteral("Hash everything in 1 folder"));
    QCOMPARE(dropSummary({sums, dir_->filePath(QStringLiteral("tree"))}),
             QStringLiteral("Audit the folder against SHA256SUMS"));

    // As the window system delivers a drag: the veil comes on enter and goes on leave and on drop.
    auto* overlay = window_->findChild<QWidget*>(QStringLiteral("dropOverlay"));
    QVERIFY(overlay);
    QVERIFY(!overlay->isVisible());
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString& path : three) urls << QUrl::fromLocalFile(path);
    mime.setUrls(urls);
    QDragEnterEvent enter(window_->rect().center(), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(window_.get(), &enter);
    QVERIFY(enter.isAccepted());
    QVERIFY(overlay->isVisible());
    QCOMPARE(page_->dropOverlay()->text(), QStringLiteral("Hash 3 files"));
    QCOMPARE(overlay->geometry(), page_->rect());
    QDragLeaveEvent leave;
    QCoreApplication::sendEvent(window_.get(), &leave);
    QVERIFY(!overlay->isVisible());

    QVERIFY(dropOn(window_.get(), three));  // enter, then drop
    QVERIFY(!overlay->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 3 && probe_->idle(), kTimeoutMs);
}

void VerifyRowMenuTest::themeSwitchChangesThePalette() {
    using hashscope::ui::statusColour;
    const QPalette system = QApplication::palette();
    const QColor okSystem = statusColour(RowStatus::ok, system);
    auto* dark = window_->findChild<QAction*>(QStringLiteral("theme_dark"));
    auto* contrast = window_->findChild<QAction*>(QStringLiteral("theme_high-contrast"));
    auto* plain = window_->findChild<QAction*>(QStringLiteral("theme_system"));
    QVERIFY(dark && contrast && plain);
    QVERIFY(plain->isChecked());

    dark->trigger();
    QVERIFY(QApplication::palette().color(QPalette::Base).lightness() < 64);
    QTRY_VERIFY(page_->table()->palette().color(QPalette::Base).lightness() < 64);
    QVERIFY(statusColour(RowStatus::ok, QApplication::palette()).lightness() > 128);  // light on dark
    QCOMPARE(QSettings().value(QStringLiteral("view/theme")).toString(), QStringLiteral("dark"));

    contrast->trigger();
    QCOMPARE(QApplication::palette().color(QPalette::Base), QColor(Qt::black));
    QCOMPARE(QApplication::palette().color(QPalette::Text), QColor(Qt::white));
    const QColor okContrast = statusColour(RowStatus::ok, QApplication::palette());
    const QColor failedContrast = statusColour(RowStatus::failed, QApplication::palette());
    QVERIFY(okContrast.lightness() > 100 && failedContrast.lightness() > 100);
    QVERIFY(okContrast != failedContrast);
    QCOMPARE(QSettings().value(QStringLiteral("view/theme")).toString(), QStringLiteral("high-contrast"));

    // Remembered: a new window starts in it.
    closeWindow();
    openWindow();
    QVERIFY(window_->findChild<QAction*>(QStringLiteral("theme_high-contrast"))->isChecked());
    QCOMPARE(QApplication::palette().color(QPalette::Base), QColor(Qt::black));

    window_->findChild<QAction*>(QStringLiteral("theme_system"))->trigger();
    QCOMPARE(QApplication::palette().color(QPalette::Base), system.color(QPalette::Base));
    QCOMPARE(statusColour(RowStatus::ok, QApplication::palette()), okSystem);
}

void VerifyRowMenuTest::controlsHaveAccessibleNamesAndShortcutTips() {
    for (const char* name : {"expectedEdit", "algorithmPicker", "openActionButton", "openFolderActionButton",
                             "saveActionButton", "copyAllButton", "reverifyActionButton", "failuresOnly", "pauseButton",
                             "cancelButton", "clearButton", "fileTable", "summaryProgress"}) {
        auto* w = page_->findChild<QWidget*>(QLatin1String(name));
        QVERIFY2(w, name);
        QVERIFY2(!w->accessibleName().isEmpty(), name);
    }
    // Shortcuts are named in the tooltips.
    QVERIFY(
        page_->findChild<QWidget*>(QStringLiteral("openActionButton"))->toolTip().contains(QStringLiteral("Ctrl+O")));
    QVERIFY(
        page_->findChild<QWidget*>(QStringLiteral("pauseButton"))->toolTip().contains(QStringLiteral("Ctrl+Shift+P")));
    QVERIFY(page_->rowActions()->remove()->toolTip().contains(QStringLiteral("Del")));
    QVERIFY(page_->rowActions()->copy()->toolTip().contains(QStringLiteral("Ctrl+C")));
    // Tab walks from the box through the toolbar to the table.
    QWidget* w = page_->findChild<QWidget*>(QStringLiteral("expectedEdit"));
    QStringList order;
    for (int i = 0; i < 40 && w; ++i) {
        order << w->objectName();
        if (w->objectName() == QStringLiteral("fileTable")) break;
        w = w->nextInFocusChain();
    }
    QVERIFY2(order.indexOf(QStringLiteral("pauseButton")) < order.indexOf(QStringLiteral("cancelButton")),
             qPrintable(order.join(QLatin1Char(','))));
    QVERIFY2(order.contains(QStringLiteral("fileTable")), qPrintable(order.join(QLatin1Char(','))));
}

void VerifyRowMenuTest::keyboardAloneOpensChecksCopiesAndClears() {
    const QByteArray hello = "hello\n";
    QVERIFY(!writeFile(*dir_, QStringLiteral("hello.txt"), hello).isNull());
    const QString sums =
        writeFile(*dir_, QStringLiteral("SHA256SUMS"), (sha256Hex(hello) + QStringLiteral("  hello.txt\n")).toUtf8());
    focusTable();
    // Ctrl+O, the checksum file's path typed into the dialog, Enter.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_O, Qt::ControlModifier);
    QFileDialog* dialog = nullptr;
    QTRY_VERIFY((dialog = page_->findChild<QFileDialog*>()) != nullptr && dialog->isVisible());
    auto* fileName = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
    QVERIFY(fileName);
    // The completer's list is filled from a thread: its popup would take the first Enter or not,
    // by timing. Typing and Enter are what is tested here, not the completer.
    fileName->setCompleter(nullptr);
    QTRY_VERIFY(fileName->hasFocus());
    QTest::keyClicks(fileName, sums);
    QTest::keyClick(fileName, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(probe_->rows() == 1 && probe_->idle(), kTimeoutMs);
    QCOMPARE(probe_->status(QStringLiteral("hello.txt")), RowStatus::ok);

    // Back in the window: Tab walks the page's controls to the table (if the focus is not there
    // already); then the first row, copied whole (Ctrl+Shift+C), verified again (Ctrl+R).
    // A window manager gives the window back its focus when the dialog closes; offscreen, the test does.
    window_->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window_.get()));
    for (int i = 0; i < 20 && !page_->table()->hasFocus(); ++i) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    }
    QVERIFY2(page_->table()->hasFocus(),
             QApplication::focusWidget() ? qPrintable(QApplication::focusWidget()->objectName()) : "no focus");
    QTest::keyClick(page_->table(), Qt::Key_Home);
    QTest::keyClick(page_->table(), Qt::Key_Space);  // selects the current row
    QVERIFY(page_->table()->selectionModel()->isRowSelected(0, {}));
    QGuiApplication::clipboard()->clear();
    QTest::keyClick(page_->table(), Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(QGuiApplication::clipboard()->text().contains(QStringLiteral("hello.txt")));
    QTest::keyClick(page_->table(), Qt::Key_R, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(probe_->idle() && probe_->status(QStringLiteral("hello.txt")) == RowStatus::ok,
                             kTimeoutMs);

    // Ctrl+V pastes a digest into the expected box and goes there; Tab walks on to the algorithms.
    QGuiApplication::clipboard()->setText(sha256Hex(hello));
    QTest::keyClick(page_->table(), Qt::Key_V, Qt::ControlModifier);
    auto* box = page_->findChild<QWidget*>(QStringLiteral("expectedEdit"));
    QTRY_VERIFY(box->hasFocus());
    QTest::keyClick(box, Qt::Key_Tab);
    auto* picker = page_->findChild<QWidget*>(QStringLiteral("algorithmPicker"));
    QTRY_VERIFY(picker == QApplication::focusWidget() || picker->isAncestorOf(QApplication::focusWidget()));
    // Ctrl+Shift+Del stops and clears, wherever on the page the focus is.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Delete, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_COMPARE(probe_->rows(), 0);
}

QTEST_MAIN(VerifyRowMenuTest)
#include "verify_row_menu_test.moc"
