// ResultsModel: the results table under the chart, one row per finished cell, growing while a run
// goes. With a baseline loaded it grows two columns: the baseline's ns/op and the ratio (how many
// times faster this run is), marked when the two 99.9% intervals do not overlap.
#pragma once

#include <QAbstractTableModel>
#include <optional>
#include <vector>

#include "hashscope/bench/report.hpp"

namespace hashscope::ui {

class ResultsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        Algorithm,
        Implementation,
        Size,
        Mode,
        Threads,
        Cache,
        NsPerOp,
        Error,
        GbPerS,
        OpsPerMs,
        Samples,
        BaselineNsPerOp,
        Ratio
    };
    static constexpr int kBaseColumns = BaselineNsPerOp;
    // The number behind a cell (ns/op, GB/s, the ratio), for sorting and tests.
    static constexpr int ValueRole = Qt::UserRole + 1;

    explicit ResultsModel(QObject* parent = nullptr);

    void clear();
    void addCell(const bench::CellResult& cell);
    // Replaces every row: the final report, in its order, the harness's rows last.
    void setCells(const std::vector<bench::CellResult>& cells);
    // Compares every row, now and later, with this report; nullopt removes the columns.
    void setBaseline(std::optional<bench::BenchReport> baseline);
    [[nodiscard]] bool hasBaseline() const { return baseline_.has_value(); }
    [[nodiscard]] const bench::CellResult& cell(int row) const { return cells_[static_cast<std::size_t>(row)]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    void compare(bench::CellResult& cell) const;
    [[nodiscard]] QVariant text(const bench::CellResult& c, int column) const;
    [[nodiscard]] QVariant value(const bench::CellResult& c, int column) const;

    std::vector<bench::CellResult> cells_;
    std::optional<bench::BenchReport> baseline_;
};

}  // namespace hashscope::ui
