#include "verify/signature_strip.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "common/status_colours.hpp"

namespace hashscope::ui {

SignatureStrip::SignatureStrip(QWidget* parent) : QWidget(parent), layout_(new QVBoxLayout(this)) {
    setObjectName(QStringLiteral("signatureStrip"));
    layout_->setContentsMargins(0, 0, 0, 0);
    layout_->setSpacing(2);
    hide();
}

void SignatureStrip::setLine(const QString& path, SignatureTone tone, const QString& text, bool offerImport) {
    Line* found = nullptr;
    for (Line& line : lines_) {
        if (line.path == path) found = &line;
    }
    if (found == nullptr) {
        auto* row = new QWidget(this);
        auto* rowLayout = new QHBoxLayout(row);
        rowLayout->setContentsMargins(0, 0, 0, 0);
        auto* label = new QLabel(row);
        label->setObjectName(QStringLiteral("signature-") + path);
        label->setTextFormat(Qt::PlainText);  // a user ID holds "<mail>"
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setFrameShape(QFrame::StyledPanel);
        label->setMargin(4);
        auto* import = new QPushButton(tr("Import key from file…"), row);
        import->setObjectName(QStringLiteral("importKey-") + path);
        import->setToolTip(
            tr("Add the signer's public key to your GnuPG keyring (as gpg --import does), then "
               "check the signature again"));
        connect(import, &QPushButton::clicked, this, [this, path] { emit importKeyRequested(path); });
        rowLayout->addWidget(label, 1);
        rowLayout->addWidget(import, 0, Qt::AlignTop);
        layout_->addWidget(row);
        lines_.push_back({path, tone, row, label, import});
        found = &lines_.back();
    }
    found->tone = tone;
    const status_colour::Colours colours = status_colour::colours(palette());
    const QColor colour = tone == SignatureTone::good  ? colours.good
                          : tone == SignatureTone::bad ? colours.bad
                                                       : colours.caution;
    found->label->setStyleSheet(status_colour::labelStyle(colour, tone != SignatureTone::good));
    found->label->setText(text);
    found->import->setVisible(offerImport);
    setVisible(true);
}

void SignatureStrip::clear() {
    for (const Line& line : lines_) line.widget->deleteLater();
    lines_.clear();
    hide();
}

QString SignatureStrip::text(const QString& path) const {
    for (const Line& line : lines_) {
        if (line.path == path) return line.label->text();
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
