#include "verify/expected_box.hpp"

#include "verify/object_value_check.hpp"

#include <QClipboard>
#include <QEvent>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include "verify/algorithm_names.hpp"
#include "verify/file_table_model.hpp"
#include "verify/status_icons.hpp"

namespace hashscope::ui {
namespace {

// Longer clipboard texts are documents, not digests: not worth parsing on every focus change.
constexpr qsizetype kMaxClipboardDigest = 200;

QString shortDigest(const QString& text) { return text.size() <= 20 ? text : text.left(16) + QStringLiteral("…"); }

QString namesOf(const BoxMatch& match, const FileTableModel& model) {
    QStringList names;
    for (const auto& [row, algorithm] : match.matches) {
        const VerifyRow* r = model.find(row);
        const QString name = r ? r->name : QString();
        if (!names.contains(name)) names << name;
    }
    if (names.size() <= 2) return names.join(QStringLiteral(", "));
    return ExpectedBox::tr("%1 and %2 more").arg(names.front()).arg(names.size() - 1);
}

}  // namespace

ExpectedBox::ExpectedBox(QWidget* parent)
    : QWidget(parent),
      edit_(new QLineEdit(this)),
      offer_(new QPushButton(this)),
      icon_(new QLabel(this)),
      verdict_(new QLabel(this)) {
    setObjectName(QStringLiteral("expectedBox"));
    auto* label = new QLabel(tr("&Expected:"), this);
    label->setBuddy(edit_);
    edit_->setObjectName(QStringLiteral("expectedEdit"));
    edit_->setPlaceholderText(tr("paste a digest to compare: hex (any case, spaces, colons, 0x) or base64"));
    edit_->setClearButtonEnabled(true);
    edit_->setAcceptDrops(false);  // a file dropped here goes to the window, to be opened, not typed in
    edit_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    edit_->setMinimumWidth(320);
    offer_->setObjectName(QStringLiteral("clipboardOffer"));
    offer_->setVisible(false);
    icon_->setObjectName(QStringLiteral("expectedIcon"));
    verdict_->setObjectName(QStringLiteral("expectedVerdict"));
    verdict_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    verdict_->setMinimumWidth(200);
    verdict_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    verdict_->setWordWrap(true);  // a store's value says more ("S3 composite CRC-32C, 8 MiB parts")

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(label);
    layout->addWidget(edit_, 3);
    layout->addWidget(offer_);
    layout->addSpacing(6);
    layout->addWidget(icon_);
    layout->addWidget(verdict_, 2);

    connect(edit_, &QLineEdit::textChanged, this, [this](const QString& text) {
        if (text.trimmed() == offered_) offer_->hide();
        emit textChanged(text);
    });
    connect(offer_, &QPushButton::clicked, this, [this] {
        setText(offered_);
        offer_->hide();
    });
    setVerdict({}, {}, {}, false);
}

QString ExpectedBox::text() const { return edit_->text(); }

void ExpectedBox::setText(const QString& text) { edit_->setText(text); }

void ExpectedBox::setVerdict(const QString& state, const QString& icon, const QString& text, bool large) {
    state_ = state;
    verdict_->setProperty("state", state);
    verdict_->setText(text);
    verdict_->setToolTip(text);
    verdict_->setAccessibleName(text);
    QFont font = this->font();
    if (large) {
        font.setBold(true);
        font.setPointSizeF(font.pointSizeF() * 1.35);
    }
    verdict_->setFont(font);
    const int side = large ? 28 : 16;
    icon_->setPixmap(icon.isEmpty() ? QPixmap() : svgIcon(icon).pixmap(side, side));
    icon_->setVisible(!icon.isEmpty());
    QPalette palette = verdict_->palette();
    const RowStatus tone = state == QLatin1String("matched")      ? RowStatus::ok
                           : state == QLatin1String("mismatched") ? RowStatus::failed
                                                                  : RowStatus::hashed;
    const QColor colour = statusColour(tone, this->palette());
    palette.setColor(QPalette::WindowText, colour.isValid() ? colour : this->palette().color(QPalette::WindowText));
    verdict_->setPalette(palette);
}

void ExpectedBox::showMatch(const BoxMatch& m, const FileTableModel& model) {
    using State = BoxMatch::State;
    const QString algorithms = algorithmList(m.candidates);
    switch (m.state) {
        case State::empty:
            return setVerdict({}, {}, {}, false);
        case State::invalid:
            return setVerdict(QStringLiteral("invalid"), {}, tr("Not a digest: %1").arg(m.explanation), false);
        case State::noFiles:
            return setVerdict(QStringLiteral("noFiles"), {}, tr("%1 — drop the file to compare").arg(algorithms),
                              false);
        case State::waiting:
            return setVerdict(QStringLiteral("waiting"), QStringLiteral("hashing"),
                              tr("Waiting for the files being read…"), false);
        case State::computing: {
            if (!m.explanation.isEmpty()) {
                return setVerdict(QStringLiteral("computing"), QStringLiteral("hashing"), m.explanation, false);
            }
            QStringList missing;
            for (const QStringList& list : m.toCompute) {
                for (const QString& a : list) {
                    if (!missing.contains(a)) missing << a;
                }
            }
            return setVerdict(
                QStringLiteral("computing"), QStringLiteral("hashing"),
                tr("Computing %1 for %2…").arg(algorithmList(missing), plural(m.toCompute.size(), "file", "files")),
                false);
        }
        case State::cancelled:
            return setVerdict(QStringLiteral("cancelled"), {}, tr("Cancelled — paste the value again to match it"),
                              false);
        case State::matched: {
            const QString algorithm = m.how.isEmpty() ? algorithmDisplay(m.matches.front().second) : m.how;
            return setVerdict(QStringLiteral("matched"), QStringLiteral("ok"),
                              tr("Match: %1 · %2").arg(namesOf(m, model), algorithm), true);
        }
        case State::mismatched: {
            // Short enough to read at a glance; the tooltip lists what was compared.
            const QString compared = !m.how.isEmpty()         ? m.how
                                     : m.compared.size() == 1 ? algorithmDisplay(m.compared.front())
                                                              : tr("%1 algorithms").arg(m.compared.size());
            QString subject = tr("%1 files").arg(m.rowsCompared);
            if (m.rowsCompared == 1) {
                for (const VerifyRow& r : model.rows()) {
                    if (wasRead(r.status)) subject = r.name;
                }
            }
            setVerdict(QStringLiteral("mismatched"), QStringLiteral("failed"),
                       tr("No match: %1 · %2").arg(subject, compared), true);
            verdict_->setToolTip(!m.explanation.isEmpty()
                                     ? tr("Tried:\n%1").arg(m.explanation)
                                     : tr("Compared with the %1 of %2")
                                           .arg(algorithmList(m.compared), plural(m.rowsCompared, "file", "files")));
            return;
        }
    }
}

void ExpectedBox::pasteFromClipboard() {
    const QString text = QGuiApplication::clipboard()->text().trimmed();
    if (text.isEmpty()) return;
    setText(text);
    edit_->setFocus(Qt::ShortcutFocusReason);
}

void ExpectedBox::checkClipboard() {
    const QString text = QGuiApplication::clipboard()->text().trimmed();
    const QByteArray utf8 = text.toUtf8();
    const bool digest =
        !text.isEmpty() && text.size() <= kMaxClipboardDigest &&
        (!readingsOf(std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size()))).empty() ||
         ObjectValueCheck::isObjectValue(text));
    if (!digest || text == edit_->text().trimmed()) {
        if (text != offered_) offer_->hide();
        return;
    }
    offered_ = text;
    offer_->setText(tr("Use %1 from the clipboard").arg(shortDigest(text)));
    offer_->setToolTip(text);
    offer_->show();
}

void ExpectedBox::changeEvent(QEvent* event) {
    // The window came to the front: the user may have copied a digest from a web page.
    if (event->type() == QEvent::ActivationChange && isActiveWindow()) checkClipboard();
    QWidget::changeEvent(event);
}

}  // namespace hashscope::ui
