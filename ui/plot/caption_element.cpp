#include "plot/caption_element.hpp"

#include <QFontMetricsF>
#include <cmath>

namespace hashscope::ui {
namespace {

QString separator() { return QStringLiteral(" · "); }

}  // namespace

CaptionElement::CaptionElement(QCustomPlot* plot, const QFont& font, const QColor& color)
    : QCPLayoutElement(plot), font_(font), color_(color) {
    setMargins(QMargins(8, 3, 8, 3));
}

void CaptionElement::setLines(const QList<QStringList>& lines) {
    lines_.clear();
    for (const auto& line : lines) {
        if (!line.isEmpty()) lines_ << line;
    }
}

QString CaptionElement::text() const {
    QStringList joined;
    for (const auto& line : lines_) joined << line.join(separator());
    return joined.join(QLatin1Char('\n'));
}

QStringList CaptionElement::wrappedLines() const { return wrap(availableWidth()); }

// The width this element will get: its parent layout's width (it sits in a one-column grid), which
// is set before the layout asks for size hints; before the first layout, no limit.
int CaptionElement::availableWidth() const {
    const QCPLayout* parent = layout();
    const int outer = parent && parent->rect().width() > 0 ? parent->rect().width() : QWIDGETSIZE_MAX;
    return outer - margins().left() - margins().right();
}

QStringList CaptionElement::wrap(int width) const {
    const QFontMetricsF metrics(font_);
    QStringList rows;
    for (const auto& line : lines_) {
        QString row;
        for (const auto& segment : line) {
            const QString candidate = row.isEmpty() ? segment : row + separator() + segment;
            if (!row.isEmpty() && metrics.horizontalAdvance(candidate) > width) {
                rows << row;
                row = segment;
            } else {
                row = candidate;
            }
        }
        rows << row;
    }
    return rows;
}

QSize CaptionElement::minimumOuterSizeHint() const {
    const QFontMetricsF metrics(font_);
    const auto rows = static_cast<double>(wrap(availableWidth()).size());
    const int height = static_cast<int>(std::ceil(rows * metrics.lineSpacing()));
    // No minimum width: the caption wraps instead of pushing the plot narrower.
    return {margins().left() + margins().right(), height + margins().top() + margins().bottom()};
}

QSize CaptionElement::maximumOuterSizeHint() const { return {QWIDGETSIZE_MAX, minimumOuterSizeHint().height()}; }

void CaptionElement::draw(QCPPainter* painter) {
    painter->setFont(font_);
    painter->setPen(color_);
    const QFontMetricsF metrics(font_);
    QRectF row(rect().left(), rect().top(), rect().width(), metrics.lineSpacing());
    for (const auto& text : wrap(rect().width())) {
        painter->drawText(row, Qt::AlignHCenter | Qt::AlignTop, text);
        row.translate(0, metrics.lineSpacing());
    }
}

}  // namespace hashscope::ui
