#include "verify/row_filter_model.hpp"

#include "verify/file_table_model.hpp"

namespace hashscope::ui {

RowFilterModel::RowFilterModel(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(FileTableModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    setSortLocaleAware(true);
}

void RowFilterModel::setFailuresOnly(bool on) {
    if (failuresOnly_ == on) return;
    // Qt 6.4 has no beginFilterChange(); invalidateRowsFilter() re-runs only the row filter.
    failuresOnly_ = on;
    invalidateRowsFilter();
}

bool RowFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    if (!failuresOnly_) return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    return isFailure(static_cast<RowStatus>(index.data(FileTableModel::StatusRole).toInt()));
}

}  // namespace hashscope::ui
