// ProgressDelegate: the cell's text, and a thin bar along its foot from the model's ProgressRole
// (per mille) while a file is read; plain text where the model gives no progress. ElideRightDelegate: for the
// status column of a table that elides in the middle (digests keep both ends; a status reads
// from its start).
#pragma once

#include <QStyledItemDelegate>

namespace hashscope::ui {

class ProgressDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    // `progressRole` holds 0..1000, or is invalid for "no bar here".
    explicit ProgressDelegate(int progressRole, QObject* parent = nullptr);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    int progressRole_;
};

class ElideRightDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;
};

}  // namespace hashscope::ui
