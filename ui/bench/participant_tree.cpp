#include "bench/participant_tree.hpp"

#include <algorithm>

#include "common/cpu_text.hpp"
#include "hashscope/algorithm.hpp"

namespace hashscope::ui {
namespace {

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

// "avx512f avx512bw avx512vl vpclmulqdq" → "avx512 vpclmulqdq": short enough for a narrow tree;
// the tooltip keeps the full list.
QString compactFeatures(const QString& features) {
    QStringList out;
    for (const QString& f : features.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString name = f.startsWith(QLatin1String("avx512")) ? QStringLiteral("avx512") : f;
        if (!out.contains(name)) out << name;
    }
    return out.join(QLatin1Char(' '));
}

}  // namespace

ParticipantTree::ParticipantTree(const Registry& registry, QWidget* parent) : QTreeWidget(parent) {
    setObjectName(QStringLiteral("participantTree"));
    // One column: library-backed implementations are named after their library, so a backend
    // column would mostly repeat the name; it is in the tooltip.
    setColumnCount(1);
    setHeaderLabels({tr("Algorithm · implementation")});
    setRootIsDecorated(true);
    setUniformRowHeights(true);
    populate(registry);
    connect(this, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem*, int column) {
        if (!updating_ && column == Name) emit tickedChanged();
    });
}

void ParticipantTree::populate(const Registry& registry) {
    for (const auto& algorithm : algorithms()) {
        auto* top = new QTreeWidgetItem(this);
        top->setText(Name, qs(algorithm.id));
        top->setToolTip(Name, qs(algorithm.display));
        top->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsAutoTristate);
        top->setCheckState(Name, Qt::Unchecked);
        const Implementation* best = registry.best(algorithm.id);
        for (const Implementation* impl : registry.implementations_of(algorithm.id)) {
            auto* child = new QTreeWidgetItem(top);
            const QString id = qs(impl->id);
            child->setData(Name, kImplementationRole, id);
            const QString missing = missingFeatures(registry, *impl);
            if (missing.isEmpty()) {
                child->setText(Name, impl == best ? tr("%1 (best)").arg(id) : id);
                child->setToolTip(Name, tr("%1 (backend: %2)").arg(qs(impl->description), qs(impl->backend)));
                child->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
                child->setCheckState(Name, Qt::Unchecked);
            } else {
                // Greyed and not tickable; the text says why, so nobody hunts for a hidden reason.
                child->setText(Name, tr("%1 — needs %2").arg(id, compactFeatures(missing)));
                child->setToolTip(Name, tr("This CPU cannot run %1: it lacks %2").arg(id, missing));
                // Not enabled (drawn grey) and no check box: ticking the algorithm passes it by.
                child->setFlags(Qt::NoItemFlags);
            }
        }
    }
}

void ParticipantTree::setTicked(const std::vector<bench::Participant>& participants) {
    updating_ = true;
    for (int i = 0; i < topLevelItemCount(); ++i) {
        QTreeWidgetItem* top = topLevelItem(i);
        bool any = false;
        for (int j = 0; j < top->childCount(); ++j) {
            QTreeWidgetItem* child = top->child(j);
            const bench::Participant p{top->text(Name).toStdString(),
                                       child->data(Name, kImplementationRole).toString().toStdString()};
            const bool on = (child->flags() & Qt::ItemIsEnabled) &&
                            std::find(participants.begin(), participants.end(), p) != participants.end();
            if (child->flags() & Qt::ItemIsEnabled) child->setCheckState(Name, on ? Qt::Checked : Qt::Unchecked);
            any = any || on;
        }
        top->setExpanded(any);
    }
    updating_ = false;
    emit tickedChanged();
}

std::vector<bench::Participant> ParticipantTree::selection() const {
    std::vector<bench::Participant> out;
    for (int i = 0; i < topLevelItemCount(); ++i) {
        const QTreeWidgetItem* top = topLevelItem(i);
        for (int j = 0; j < top->childCount(); ++j) {
            const QTreeWidgetItem* child = top->child(j);
            if ((child->flags() & Qt::ItemIsEnabled) && child->checkState(Name) == Qt::Checked) {
                out.push_back(
                    {top->text(Name).toStdString(), child->data(Name, kImplementationRole).toString().toStdString()});
            }
        }
    }
    return out;
}

QTreeWidgetItem* ParticipantTree::implementationItem(const QString& algorithm, const QString& implementation) const {
    for (int i = 0; i < topLevelItemCount(); ++i) {
        QTreeWidgetItem* top = topLevelItem(i);
        if (top->text(Name) != algorithm) continue;
        for (int j = 0; j < top->childCount(); ++j) {
            if (top->child(j)->data(Name, kImplementationRole).toString() == implementation) return top->child(j);
        }
    }
    return nullptr;
}

}  // namespace hashscope::ui
