#include "verify/signature_strip.hpp"

#include <QLabel>
#include <QVBoxLayout>

#include "common/status_colours.hpp"

namespace hashscope::ui {

SignatureStrip::SignatureStrip(QWidget* parent) : QWidget(parent), layout_(new QVBoxLayout(this)) {
    setObjectName(QStringLiteral("signatureStrip"));
    layout_->setContentsMargins(0, 0, 0, 0);
    layout_->setSpacing(2);
    hide();
}

void SignatureStrip::setLine(const QString& path, SignatureTone tone, const QString& text) {
    QLabel* label = nullptr;
    for (Line& line : lines_) {
        if (line.path != path) continue;
        line.tone = tone;
        label = static_cast<QLabel*>(line.widget);
    }
    if (label == nullptr) {
        label = new QLabel(this);
        label->setObjectName(QStringLiteral("signature-") + path);
        label->setTextFormat(Qt::PlainText);  // a user ID holds "<mail>"
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setFrameShape(QFrame::StyledPanel);
        label->setMargin(4);
        layout_->addWidget(label);
        lines_.push_back({path, tone, label});
    }
    const QColor colour = tone == SignatureTone::good  ? status_colour::kGood
                          : tone == SignatureTone::bad ? status_colour::kBad
                                                       : status_colour::kCaution;
    label->setStyleSheet(status_colour::labelStyle(colour, tone != SignatureTone::good));
    label->setText(text);
    setVisible(true);
}

void SignatureStrip::clear() {
    for (const Line& line : lines_) line.widget->deleteLater();
    lines_.clear();
    hide();
}

QString SignatureStrip::text(const QString& path) const {
    for (const Line& line : lines_) {
        if (line.path == path) return static_cast<QLabel*>(line.widget)->text();
    }
    return {};
}

SignatureTone SignatureStrip::tone(const QString& path) const {
    for (const Line& line : lines_) {
        if (line.path == path) return line.tone;
    }
    return SignatureTone::caution;
}

}  // namespace hashscope::ui
