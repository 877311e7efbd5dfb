// The Verify page's icons, drawn for HashScope as SVG under resources/icons/ and rendered here at
// every size a high-DPI screen may ask for (no SVG icon-engine plugin needed).
#pragma once

#include <QIcon>
#include <array>

#include "verify/row_status.hpp"

namespace hashscope::ui {

// :/icons/<name>.svg as an icon, sharp from 16 to 128 device pixels.
QIcon svgIcon(const QString& name);

// The icons the page shows over and over, rendered once per page rather than once per paint.
class StatusIcons {
public:
    StatusIcons();
    [[nodiscard]] const QIcon& icon(RowStatus status) const { return icons_[static_cast<std::size_t>(status)]; }
    [[nodiscard]] const QIcon& drop() const { return drop_; }

private:
    std::array<QIcon, kRowStatusCount> icons_;
    QIcon drop_;
};

}  // namespace hashscope::ui
