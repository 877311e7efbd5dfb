// SystemPage: this machine as the benchmarks see it: CPU model, vendor, microarchitecture, cores,
// caches, hypervisor, the checksum-relevant features ✓/✗, library versions, and the
// implementation dispatch chose for each algorithm with what else is available; and the
// Self-test, which checks every implementation this CPU can run (SelfTestPanel).
#pragma once

#include <QWidget>

#include "hashscope/cpu.hpp"
#include "hashscope/registry.hpp"

namespace hashscope::ui {

class SelfTestPanel;

class SystemPage : public QWidget {
    Q_OBJECT

public:
    // This machine.
    explicit SystemPage(QWidget* parent = nullptr);
    // A given CPU and registry (tests force smaller feature sets).
    SystemPage(const CpuInfo& cpu, const Registry& registry, QWidget* parent = nullptr);

    [[nodiscard]] SelfTestPanel* selfTest() const { return selfTest_; }

private:
    QWidget* machineBox(const CpuInfo& cpu);
    QWidget* featureBox(const CpuInfo& cpu);
    QWidget* libraryBox();

    SelfTestPanel* selfTest_ = nullptr;
};

}  // namespace hashscope::ui
