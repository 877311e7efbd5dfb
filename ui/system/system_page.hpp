// SystemPage: this machine as the benchmarks see it: CPU model, vendor, microarchitecture, cores,
// caches, hypervisor, the checksum-relevant features ✓/✗, library versions, and the
// implementation dispatch chose for each algorithm with what else is available.
#pragma once

#include <QWidget>

#include "hashscope/cpu.hpp"
#include "hashscope/registry.hpp"

namespace hashscope::ui {

class SystemPage : public QWidget {
    Q_OBJECT

public:
    // This machine.
    explicit SystemPage(QWidget* parent = nullptr);
    // A given CPU and registry (tests force smaller feature sets).
    SystemPage(const CpuInfo& cpu, const Registry& registry, QWidget* parent = nullptr);

private:
    QWidget* machineBox(const CpuInfo& cpu);
    QWidget* featureBox(const CpuInfo& cpu);
    QWidget* libraryBox();
};

}  // namespace hashscope::ui
