// ParticipantTree: the algorithm × implementation picker. One row per algorithm (ticking it ticks
// its implementations), one child per implementation (its backend in the tooltip); dispatch's choice is
// marked "best", and an implementation this CPU cannot run is greyed out with the features it
// lacks named in its text and tooltip.
#pragma once

#include <QTreeWidget>
#include <vector>

#include "hashscope/bench/spec.hpp"
#include "hashscope/registry.hpp"

namespace hashscope::ui {

class ParticipantTree : public QTreeWidget {
    Q_OBJECT

public:
    enum Column { Name };
    static constexpr int kImplementationRole = Qt::UserRole + 1;  // the implementation id of a child row

    ParticipantTree(const Registry& registry, QWidget* parent = nullptr);

    // Ticks exactly these (unknown or unavailable ones are ignored) and shows the algorithms they
    // belong to expanded.
    void setTicked(const std::vector<bench::Participant>& participants);
    // The ticked implementations, in table order: algorithm by algorithm, best first.
    [[nodiscard]] std::vector<bench::Participant> selection() const;

    // The child row of one implementation, for tests and tooltips; nullptr if unknown.
    [[nodiscard]] QTreeWidgetItem* implementationItem(const QString& algorithm, const QString& implementation) const;

signals:
    void tickedChanged();

private:
    void populate(const Registry& registry);
    bool updating_ = false;
};

}  // namespace hashscope::ui
