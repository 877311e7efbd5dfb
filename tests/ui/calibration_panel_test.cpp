// The System page's Dispatch box (ui/system/calibration_panel): a calibration runs on the panel's
// own pool with progress, is saved and followed at once; Cancel changes nothing; a cache folder
// that cannot be written costs only the saving; another measuring job blocks it.
#include <QDir>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>

#include "hashscope/calibration.hpp"
#include "hashscope/cpu.hpp"
#include "hashscope/registry.hpp"
#include "system/calibration_panel.hpp"

using namespace hashscope;
using namespace hashscope::ui;

namespace {

constexpr int kCalibrationTimeoutMs = 120000;

CalibrationOptions quick() {
    CalibrationOptions options;
    options.rounds = 3;
    options.round_s = 0.00002;
    options.sustained_round_s = 0;
    options.band_budget_s = 0.01;
    options.self_test_messages = 2;
    options.largest_probe = 64 * 1024;
    return options;
}

QPushButton* button(const QWidget& panel, const char* name) {
    auto* found = panel.findChild<QPushButton*>(QString::fromLatin1(name));
    if (found == nullptr) qFatal("no button %s", name);
    return found;
}

}  // namespace

class CalibrationPanelTest : public QObject {
    Q_OBJECT

private slots:
    void aCalibrationIsSavedAndFollowed() {
        QTemporaryDir dir;
        const std::filesystem::path file = dir.filePath(QStringLiteral("cache/dispatch.json")).toStdString();
        const Registry registry(host_cpu().features);
        CalibrationPanel panel(registry, host_cpu(), file);
        panel.setOptions(quick());
        QVERIFY(panel.statusText().contains(QStringLiteral("built-in table")));
        QSignalSpy calibrated(&panel, &CalibrationPanel::calibrated);

        QTest::mouseClick(button(panel, "calibrateButton"), Qt::LeftButton);
        QVERIFY(panel.running());
        QVERIFY(!button(panel, "calibrateButton")->isEnabled());
        QVERIFY(button(panel, "calibrationCancel")->isEnabled());
        QVERIFY(panel.statusText().contains(QStringLiteral("Calibrating")));
        QTRY_VERIFY_WITH_TIMEOUT(!panel.running(), kCalibrationTimeoutMs);

        QCOMPARE(calibrated.count(), 1);
        QVERIFY2(panel.statusText().contains(QStringLiteral("Chosen by measurement on")),
                 qPrintable(panel.statusText()));
        QVERIFY(registry.plan() != nullptr);
        QVERIFY(std::filesystem::exists(file));
        const auto loaded = load_calibration(file, cpu_fingerprint(host_cpu()), build_fingerprint(), registry);
        QVERIFY2(loaded.calibration.has_value(), loaded.note.c_str());
        QVERIFY(button(panel, "calibrateButton")->isEnabled());
    }

    void cancelKeepsThePreviousChoices() {
        QTemporaryDir dir;
        const std::filesystem::path file = dir.filePath(QStringLiteral("dispatch.json")).toStdString();
        const Registry registry(host_cpu().features);
        CalibrationPanel panel(registry, host_cpu(), file);
        CalibrationOptions slow = quick();
        slow.rounds = 50;
        slow.band_budget_s = 10;
        slow.round_s = 0.01;
        panel.setOptions(slow);
        panel.run();
        QTest::mouseClick(button(panel, "calibrationCancel"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!panel.running(), kCalibrationTimeoutMs);
        QVERIFY2(panel.statusText().contains(QStringLiteral("cancelled")), qPrintable(panel.statusText()));
        QVERIFY(registry.plan() == nullptr);
        QVERIFY(!std::filesystem::exists(file));
    }

    void aFolderThatCannotBeWrittenCostsOnlyTheSaving() {
        QTemporaryDir dir;
        std::ofstream(dir.filePath(QStringLiteral("plain-file")).toStdString()) << "x";
        const std::filesystem::path file = dir.filePath(QStringLiteral("plain-file/dispatch.json")).toStdString();
        const Registry registry(host_cpu().features);
        CalibrationPanel panel(registry, host_cpu(), file);
        panel.setOptions(quick());
        panel.run();
        QTRY_VERIFY_WITH_TIMEOUT(!panel.running(), kCalibrationTimeoutMs);
        QVERIFY2(panel.statusText().contains(QStringLiteral("could not be saved")), qPrintable(panel.statusText()));
        QVERIFY(registry.plan() != nullptr);  // still followed in this session
    }

    void anotherJobBlocksItAndSaysWhy() {
        QTemporaryDir dir;
        const Registry registry(host_cpu().features);
        CalibrationPanel panel(registry, host_cpu(), dir.filePath(QStringLiteral("d.json")).toStdString());
        panel.setBlockedBy(QStringLiteral("A benchmark is running."));
        QVERIFY(!button(panel, "calibrateButton")->isEnabled());
        QVERIFY(panel.statusText().contains(QStringLiteral("A benchmark is running.")));
        panel.run();
        QVERIFY(!panel.running());
        panel.setBlockedBy({});
        QVERIFY(button(panel, "calibrateButton")->isEnabled());
        QVERIFY(!panel.statusText().contains(QStringLiteral("benchmark")));
    }

    void whatWasAppliedAtStartIsShown() {
        QTemporaryDir dir;
        const Registry registry(host_cpu().features);
        CalibrationPanel panel(registry, host_cpu(), dir.filePath(QStringLiteral("d.json")).toStdString());
        Calibration applied;
        applied.measured_on = "2026-12-01T12:00:00Z";
        applied.choices.push_back({"crc32c", 1, 64, "vpclmul", "sse42", 3, 2.5});
        panel.showApplied({applied, {}});
        QVERIFY2(panel.statusText().contains(QStringLiteral("Chosen by measurement on 2026-12-01T12:00:00Z: 1 of 1")),
                 qPrintable(panel.statusText()));
    }

    void aStartNoteIsShown() {
        QTemporaryDir dir;
        const Registry registry(host_cpu().features);
        CalibrationPanel panel(registry, host_cpu(), dir.filePath(QStringLiteral("d.json")).toStdString());
        panel.setStartNote(QStringLiteral("the saved calibration is ignored: it is damaged"));
        auto* note = panel.findChild<QLabel*>(QStringLiteral("calibrationNote"));
        QVERIFY(note != nullptr);
        QVERIFY(note->text().contains(QStringLiteral("damaged")));
    }
};

QTEST_MAIN(CalibrationPanelTest)
#include "calibration_panel_test.moc"
