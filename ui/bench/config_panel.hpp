// ConfigPanel: the left column of the Benchmark page, where a run is set up: preset, the
// algorithm × implementation tree, sizes, mode, threads, cache placement, precision target and
// time budget, with an inline error under any field that does not parse and the estimated run
// time of what is set up.
#pragma once

#include <QWidget>

#include "bench/bench_config.hpp"
#include "hashscope/bench/spec.hpp"
#include "hashscope/cpu.hpp"
#include "hashscope/registry.hpp"
#include "hashscope/result.hpp"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace hashscope::ui {

class ParticipantTree;

class ConfigPanel : public QWidget {
    Q_OBJECT

public:
    ConfigPanel(const Registry& registry, const CpuInfo& cpu, QWidget* parent = nullptr);

    // The spec to run, or why there is none (the first unusable field).
    [[nodiscard]] Result<bench::BenchSpec> spec() const;
    // Picks a preset ("quick", ..., "custom") and fills the fields from it; "custom" keeps them.
    void setPreset(const QString& name);
    [[nodiscard]] QString presetName() const;
    // The preset last picked, which custom settings grew from (what the fields do not show).
    [[nodiscard]] QString basePreset() const { return QString::fromStdString(base_.preset); }
    // Fills the fields; the preset shown becomes "custom".
    void setSettings(const BenchSettings& settings);
    [[nodiscard]] BenchSettings settings() const;
    // Off while a run is going: what runs is what was set up.
    void setEditable(bool editable);

    [[nodiscard]] ParticipantTree* tree() const { return tree_; }

signals:
    void specChanged();

private:
    void applyPreset(const QString& name);
    void fill(const BenchSettings& settings);
    void onEdited();
    void validate();

    Registry registry_;
    CpuInfo cpu_;
    bench::BenchSpec base_;  // the preset last picked: what the fields do not show comes from it
    bool filling_ = false;

    QComboBox* preset_;
    QLabel* presetNote_;
    ParticipantTree* tree_;
    QLineEdit* sizes_;
    QLabel* sizesError_;
    QComboBox* modes_;
    QLabel* modesError_;
    QLineEdit* threads_;
    QLabel* threadsError_;
    QComboBox* placement_;
    QDoubleSpinBox* precision_;
    QDoubleSpinBox* budget_;
    QLabel* estimate_;
};

}  // namespace hashscope::ui
