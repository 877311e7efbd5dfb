// RowFilterModel: the rows as the table shows them: in the order added until a header is clicked
// (a third click returns to that order), and optionally only the failures.
#pragma once

#include <QSortFilterProxyModel>

namespace hashscope::ui {

class RowFilterModel : public QSortFilterProxyModel {
    Q_OBJECT

public:
    explicit RowFilterModel(QObject* parent = nullptr);

    void setFailuresOnly(bool on);
    [[nodiscard]] bool failuresOnly() const { return failuresOnly_; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    bool failuresOnly_ = false;
};

}  // namespace hashscope::ui
