// SystemPage: this machine as the benchmarks see it: CPU model, vendor, microarchitecture, cores,
// caches, hypervisor, the checksum-relevant features ✓/✗, library versions (read by a worker:
// reading them opens the libraries loaded on first use), and the implementation dispatch chose for
// each algorithm with what else is available; how dispatch chose (CalibrationPanel: by measurement
// of this machine, or the built-in table); and the Self-test, which checks every implementation
// this CPU can run (SelfTestPanel).
#pragma once

#include <QThreadPool>
#include <QWidget>

#include "hashscope/cpu.hpp"
#include "hashscope/registry.hpp"

namespace hashscope::ui {

class CalibrationPanel;
class SelfTestPanel;

class SystemPage : public QWidget {
    Q_OBJECT

public:
    // This machine.
    explicit SystemPage(QWidget* parent = nullptr);
    // A given CPU and registry (tests force smaller feature sets).
    SystemPage(const CpuInfo& cpu, const Registry& registry, QWidget* parent = nullptr);

    [[nodiscard]] SelfTestPanel* selfTest() const { return selfTest_; }
    [[nodiscard]] CalibrationPanel* calibration() const { return calibration_; }

private:
    QWidget* machineBox(const CpuInfo& cpu);
    QWidget* featureBox(const CpuInfo& cpu);
    QWidget* libraryBox();

    void showImplementations();

    const Registry& registry_;
    QWidget* implementations_ = nullptr;
    QWidget* table_ = nullptr;
    SelfTestPanel* selfTest_ = nullptr;
    CalibrationPanel* calibration_ = nullptr;
    QThreadPool pool_;  // reads the libraries' versions; waited for when the page goes
};

}  // namespace hashscope::ui
