#include "verify/summary_bar.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>

#include "common/format.hpp"
#include "verify/file_table_model.hpp"
#include "verify/status_icons.hpp"

namespace hashscope::ui {
namespace {

// The statuses counted, in the order they are shown; in-between states are in the main line.
constexpr std::array kCounted{RowStatus::ok,      RowStatus::failed,     RowStatus::missing,  RowStatus::added,
                              RowStatus::moved,   RowStatus::unreadable, RowStatus::changed,  RowStatus::refused,
                              RowStatus::skipped, RowStatus::hashed,     RowStatus::cancelled};

}  // namespace

QString formatElapsed(qint64 nanoseconds) {
    const qint64 s = nanoseconds / 1'000'000'000;
    if (s >= 3600) {
        return QStringLiteral("%1:%2:%3")
            .arg(s / 3600)
            .arg(s / 60 % 60, 2, 10, QLatin1Char('0'))
            .arg(s % 60, 2, 10, QLatin1Char('0'));
    }
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

qint64 etaNs(quint64 bytesLeft, quint64 bytesRead, qint64 elapsedNs) {
    // Below a second of reading the speed is too young to extrapolate from.
    if (bytesRead == 0 || elapsedNs < 1'000'000'000) return -1;
    const double nsPerByte = static_cast<double>(elapsedNs) / static_cast<double>(bytesRead);
    return static_cast<qint64>(static_cast<double>(bytesLeft) * nsPerByte);
}

SummaryBar::SummaryBar(QWidget* parent) : QWidget(parent), main_(new QLabel(this)), progress_(new QProgressBar(this)) {
    setObjectName(QStringLiteral("summaryBar"));
    main_->setObjectName(QStringLiteral("summaryText"));
    main_->setAccessibleName(tr("Summary"));
    progress_->setObjectName(QStringLiteral("summaryProgress"));
    progress_->setAccessibleName(tr("Bytes read"));
    progress_->setAccessibleDescription(tr("How much of the bytes to read has been read, over every file"));
    progress_->setRange(0, 1000);
    progress_->setTextVisible(false);
    progress_->setMaximumWidth(160);
    progress_->setMaximumHeight(main_->fontMetrics().height());
    progress_->hide();
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(2, 0, 2, 0);
    layout->addWidget(progress_);
    layout->addWidget(main_);
    layout->addStretch();
    const StatusIcons icons;
    for (const RowStatus status : kCounted) {
        const auto i = static_cast<std::size_t>(status);
        chips_[i] = new QWidget(this);
        auto* chip = new QHBoxLayout(chips_[i]);
        chip->setContentsMargins(10, 0, 0, 0);
        chip->setSpacing(4);
        auto* icon = new QLabel(chips_[i]);
        icon->setPixmap(icons.icon(status).pixmap(16, 16));
        counts_[i] = new QLabel(chips_[i]);
        counts_[i]->setObjectName(QStringLiteral("count_%1").arg(statusIconName(status)));
        chip->addWidget(icon);
        chip->addWidget(counts_[i]);
        layout->addWidget(chips_[i]);
        chips_[i]->hide();
    }
}

SummaryBar::~SummaryBar() = default;

void SummaryBar::update(const FileTableModel& model, quint64 bytesRead, qint64 elapsedNs, bool busy, bool paused) {
    const int total = model.rowCount();
    // By bytes: of what is known to be read this time, how much is. Finished rows count whole.
    const quint64 left = model.bytesLeft();
    const quint64 known = model.bytesKnown() > left ? model.bytesKnown() : left;
    const bool showBar = busy && total > 0 && known > 0;
    progress_->setVisible(showBar);
    if (showBar) progress_->setValue(static_cast<int>((known - left) * 1000 / known));
    if (total == 0) {
        main_->setText(tr("No files yet"));
    } else {
        QStringList parts{tr("%1 of %2 files").arg(model.finishedCount()).arg(total)};
        if (model.bytesKnown() > 0) {
            parts << (busy ? tr("%1 of %2").arg(formatBytes(known - left), formatBytes(known))
                           : formatBytes(model.bytesKnown()));
        }
        if (busy && paused) {
            parts << tr("Paused");
        } else {
            if (const QString rate = formatRate(bytesRead, elapsedNs); !rate.isEmpty()) parts << rate;
            if (const qint64 eta = busy && left > 0 ? etaNs(left, bytesRead, elapsedNs) : -1; eta >= 0) {
                parts << tr("about %1 left").arg(formatElapsed(eta));
            }
        }
        if (elapsedNs > 0) parts << formatElapsed(elapsedNs);
        main_->setText(parts.join(QStringLiteral(" · ")));
    }
    for (const RowStatus status : kCounted) {
        const auto i = static_cast<std::size_t>(status);
        const int n = model.count(status);
        counts_[i]->setText(n > 0 ? statusCountText(status, n) : QString());
        chips_[i]->setVisible(n > 0);
    }
}

QString SummaryBar::text() const { return main_->text(); }

QString SummaryBar::countText(RowStatus status) const {
    return counts_[static_cast<std::size_t>(status)] ? counts_[static_cast<std::size_t>(status)]->text() : QString();
}

}  // namespace hashscope::ui
