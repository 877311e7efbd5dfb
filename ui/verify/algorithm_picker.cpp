#include "verify/algorithm_picker.hpp"

#include <QCoreApplication>
#include <QMenu>
#include <QMouseEvent>
#include <QSettings>
#include <QSignalBlocker>

#include "hashscope/algorithm.hpp"
#include "verify/algorithm_names.hpp"

namespace hashscope::ui {
namespace {

constexpr auto kSettingsKey = "verify/algorithms";

// Remembered only when the application has an organisation name to keep settings under (the
// GUI's main() sets one): tests and tools that build the page without one leave them alone.
bool remembering() { return !QCoreApplication::organizationName().isEmpty(); }

// A menu that stays open while boxes are ticked: picking three algorithms is three clicks, not
// three trips through the button.
class StayOpenMenu : public QMenu {
public:
    using QMenu::QMenu;

protected:
    void mouseReleaseEvent(QMouseEvent* event) override {
        QAction* action = activeAction();
        if (action && action->isEnabled() && action->isCheckable()) {
            action->trigger();
            return;
        }
        QMenu::mouseReleaseEvent(event);
    }
};

// Which group of the menu an algorithm belongs to: SHA-2/3, BLAKE, CRCs, xxHash, legacy.
int familyOf(std::string_view id) {
    if (id.starts_with("sha") && id != "sha1") return 0;
    if (id.starts_with("blake")) return 1;
    if (id.starts_with("crc") || id.starts_with("adler")) return 2;
    if (id.starts_with("xxh")) return 3;
    return 4;  // md5, sha1: for old checksum files
}

void remember(const QStringList& ids) {
    if (!remembering()) return;
    QSettings settings;
    settings.setValue(QLatin1String(kSettingsKey), ids);
}

}  // namespace

AlgorithmPicker::AlgorithmPicker(QWidget* parent) : QPushButton(parent), menu_(new StayOpenMenu(this)) {
    setObjectName(QStringLiteral("algorithmPicker"));
    setToolTip(tr("The algorithms every file is read for: one read computes them all"));
    menu_->setObjectName(QStringLiteral("algorithmMenu"));
    menu_->setToolTipsVisible(true);

    std::vector<const AlgorithmInfo*> ordered;
    for (const auto& info : algorithms()) ordered.push_back(&info);
    std::stable_sort(ordered.begin(), ordered.end(),
                     [](const auto* a, const auto* b) { return familyOf(a->id) < familyOf(b->id); });
    int family = -1;
    for (const auto* info : ordered) {
        if (family != -1 && familyOf(info->id) != family) menu_->addSeparator();
        family = familyOf(info->id);
        QAction* action = menu_->addAction(algorithmDisplay(algorithmId(*info)));
        action->setCheckable(true);
        action->setData(algorithmId(*info));
        action->setToolTip(tr("%1-bit digest").arg(info->digest_size * 8));
        connect(action, &QAction::toggled, this, [this, action](bool checked) { onToggled(action, checked); });
    }
    setMenu(menu_);
    {
        const QSignalBlocker blocker(this);
        setSelected(remembered());
    }
}

QStringList AlgorithmPicker::defaults() { return {QStringLiteral("sha256"), QStringLiteral("crc32c")}; }

QStringList AlgorithmPicker::remembered() {
    QStringList ids;
    if (!remembering()) return defaults();
    const QSettings settings;
    for (const QString& id : settings.value(QLatin1String(kSettingsKey), defaults()).toStringList()) {
        if (find_algorithm(id.toStdString()) != nullptr && !ids.contains(id)) ids << id;
    }
    return ids.isEmpty() ? defaults() : ids;
}

void AlgorithmPicker::setSelected(const QStringList& ids) {
    const QStringList before = order_;
    order_.clear();
    for (const QString& id : ids) {
        if (find_algorithm(id.toStdString()) != nullptr && !order_.contains(id)) order_ << id;
    }
    if (order_.isEmpty()) order_ = defaults();
    for (QAction* action : menu_->actions()) {
        const QSignalBlocker blocker(action);
        if (action->isCheckable()) action->setChecked(order_.contains(action->data().toString()));
    }
    refreshText();
    remember(order_);
    if (order_ != before) emit selectionChanged(order_);
}

void AlgorithmPicker::onToggled(QAction* action, bool checked) {
    const QString id = action->data().toString();
    if (checked) {
        if (!order_.contains(id)) order_ << id;
    } else if (order_.size() == 1) {
        // At least one algorithm: unticking the last one puts it back.
        const QSignalBlocker blocker(action);
        action->setChecked(true);
        return;
    } else {
        order_.removeAll(id);
    }
    refreshText();
    remember(order_);
    emit selectionChanged(order_);
}

void AlgorithmPicker::refreshText() { setText(algorithmList(order_)); }

}  // namespace hashscope::ui
