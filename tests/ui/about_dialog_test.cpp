// The About dialog: this build's version, git revision and build type, the libraries' versions as
// they report them, Copy putting the same on the clipboard, and Help > About opening it from the
// main window (Help > About Qt too).
#include <qcustomplot.h>
#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>
#include <QtTest>

#include "hashscope/build_info.hpp"
#include "hashscope/libraries.hpp"
#include "main/about_dialog.hpp"
#include "main/main_window.hpp"
#include "main/version_report.hpp"

using namespace hashscope;
using namespace hashscope::ui;

namespace {

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

QString labelText(const QWidget& dialog, const QString& name) {
    const auto* label = dialog.findChild<QLabel*>(name);
    return label ? label->text() : QStringLiteral("<no %1>").arg(name);
}

}  // namespace

class AboutDialogTest : public QObject {
    Q_OBJECT

private slots:
    void showsTheBuild();
    void showsEveryLibraryAsItReportsItself();
    void copyPutsTheVersionReportOnTheClipboard();
    void helpMenuOpensOneDialog();
    void helpMenuOpensAboutQt();
    void screenshot();
};

void AboutDialogTest::showsTheBuild() {
    AboutDialog dialog;
    QCOMPARE(dialog.objectName(), QStringLiteral("aboutDialog"));
    const BuildInfo& info = build_info();
    QCOMPARE(labelText(dialog, QStringLiteral("aboutVersion")), qs(info.version));
    QCOMPARE(labelText(dialog, QStringLiteral("aboutRevision")), qs(info.git_revision));
    QCOMPARE(labelText(dialog, QStringLiteral("aboutBuildType")), qs(info.build_type));
    QCOMPARE(labelText(dialog, QStringLiteral("aboutDescription")), qs(info.description));
    QVERIFY(labelText(dialog, QStringLiteral("aboutLicence")).contains(QStringLiteral("GPL-3.0-or-later")));
}

void AboutDialogTest::showsEveryLibraryAsItReportsItself() {
    AboutDialog dialog;
    // Built without waiting for a worker to read (and open) the libraries; Copy waits for them.
    QVERIFY(dialog.findChild<QLabel*>(QStringLiteral("aboutLibrariesPending")));
    QVERIFY(!dialog.findChild<QPushButton*>(QStringLiteral("aboutCopyButton"))->isEnabled());
    QTRY_COMPARE(labelText(dialog, QStringLiteral("lib_qt")), QString::fromLatin1(qVersion()));
    QVERIFY(!dialog.findChild<QLabel*>(QStringLiteral("aboutLibrariesPending")));
    QCOMPARE(labelText(dialog, QStringLiteral("lib_qcustomplot")), QStringLiteral(QCUSTOMPLOT_VERSION_STR));
    const auto versions = library_versions();
    QVERIFY(versions.count("openssl"));
    for (const auto& [id, version] : versions) {
        QCOMPARE(labelText(dialog, QStringLiteral("lib_%1").arg(qs(id))), qs(version));
    }
}

void AboutDialogTest::copyPutsTheVersionReportOnTheClipboard() {
    AboutDialog dialog;
    QGuiApplication::clipboard()->clear();
    auto* copy = dialog.findChild<QPushButton*>(QStringLiteral("aboutCopyButton"));
    QVERIFY(copy);
    QTRY_VERIFY(copy->isEnabled());
    QTest::mouseClick(copy, Qt::LeftButton);
    const QString copied = QGuiApplication::clipboard()->text();
    // The same text as `hashscope --version`, first line included, so a pasted report parses alike.
    QCOMPARE(copied, versionReport(library_versions()));
    QVERIFY(copied.startsWith(qs(version_line("hashscope")) + QLatin1Char('\n')));
    QVERIFY(copied.contains(QStringLiteral("\nQt %1\n").arg(QString::fromLatin1(qVersion()))));
    QVERIFY(copied.contains(QStringLiteral("\nOpenSSL %1\n").arg(qs(library_versions().at("openssl")))));
}

void AboutDialogTest::helpMenuOpensOneDialog() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* about = window.findChild<QAction*>(QStringLiteral("aboutAction"));
    QVERIFY(about);
    // Listed in the Help menu, not only reachable by name.
    QMenu* help = nullptr;
    for (QAction* menu : window.menuBar()->actions()) {
        if (menu->menu() && menu->menu()->actions().contains(about)) help = menu->menu();
    }
    QVERIFY(help);
    QCOMPARE(help->title(), QStringLiteral("&Help"));

    about->trigger();
    auto* dialog = window.findChild<AboutDialog*>(QStringLiteral("aboutDialog"));
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    QVERIFY(!dialog->isModal());  // the pages stay usable beside it
    QCOMPARE(labelText(*dialog, QStringLiteral("aboutRevision")), qs(build_info().git_revision));

    // Closed and asked for again: the same dialog comes back, not a second one.
    dialog->close();
    QTRY_VERIFY(!dialog->isVisible());
    about->trigger();
    QTRY_VERIFY(dialog->isVisible());
    QCOMPARE(window.findChildren<AboutDialog*>().size(), 1);
    window.close();
}

void AboutDialogTest::helpMenuOpensAboutQt() {
    MainWindow window;
    auto* aboutQt = window.findChild<QAction*>(QStringLiteral("aboutQtAction"));
    QVERIFY(aboutQt);
    // QApplication::aboutQt runs its own modal loop: close the box from inside that loop as soon
    // as it is up, and trigger() returns.
    QString title;
    QTimer closer;
    closer.setInterval(10);
    connect(&closer, &QTimer::timeout, this, [&] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            title = box->windowTitle();
            box->accept();
            closer.stop();
        }
    });
    closer.start();
    aboutQt->trigger();
    QCOMPARE(title, QStringLiteral("About Qt"));
    window.close();
}

// With HASHSCOPE_SCREENSHOTS=DIR (scripts/screenshots), saves the dialog as DIR/about.png.
void AboutDialogTest::screenshot() {
    const QString out = qEnvironmentVariable("HASHSCOPE_SCREENSHOTS");
    if (out.isEmpty()) QSKIP("set HASHSCOPE_SCREENSHOTS=DIR to write screenshots");
    AboutDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    // The rows arrive from a worker; a row added to a shown dialog is shown by a queued event.
    QTRY_VERIFY(dialog.findChild<QLabel*>(QStringLiteral("lib_qt")) &&
                dialog.findChild<QLabel*>(QStringLiteral("lib_qt"))->isVisible());
    QVERIFY(dialog.grab().save(out + QStringLiteral("/about.png")));
}

QTEST_MAIN(AboutDialogTest)
#include "about_dialog_test.moc"
