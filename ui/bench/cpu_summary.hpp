// CpuSummary: the column beside the benchmark chart: this CPU's model, its checksum-relevant
// features ✓/✗, and the implementation dispatch chose for each algorithm — what a reader needs
// to make sense of the curves. The System page shows the same in full.
#pragma once

#include <QFrame>

#include "hashscope/cpu.hpp"
#include "hashscope/registry.hpp"

namespace hashscope::ui {

class CpuSummary : public QFrame {
    Q_OBJECT

public:
    CpuSummary(const CpuInfo& cpu, const Registry& registry, QWidget* parent = nullptr);
};

}  // namespace hashscope::ui
