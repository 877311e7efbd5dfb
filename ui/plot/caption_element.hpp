// CaptionElement: lines of text for a QCustomPlot layout that wrap to the plot's width. Each line
// is a list of segments joined by " · "; wrapping breaks between segments, never inside one, so
// "AMD EPYC (Zen 4)" or "error bars: 99.9% CI" stay whole. QCPTextElement cannot do this: its
// minimum width is its unwrapped text, which would squeeze the axis rect in a narrow window.
#pragma once

#include <qcustomplot.h>
#include <QColor>
#include <QFont>
#include <QList>
#include <QStringList>

namespace hashscope::ui {

class CaptionElement : public QCPLayoutElement {
public:
    CaptionElement(QCustomPlot* plot, const QFont& font, const QColor& color);

    void setLines(const QList<QStringList>& lines);
    // The lines as last wrapped, one per row: what was drawn (for tests and tooltips).
    [[nodiscard]] QStringList wrappedLines() const;
    // All segments, lines joined by newlines, segments by " · ", unwrapped.
    [[nodiscard]] QString text() const;

    QSize minimumOuterSizeHint() const override;
    QSize maximumOuterSizeHint() const override;

protected:
    void draw(QCPPainter* painter) override;

private:
    [[nodiscard]] QStringList wrap(int width) const;
    [[nodiscard]] int availableWidth() const;

    QFont font_;
    QColor color_;
    QList<QStringList> lines_;
};

}  // namespace hashscope::ui
