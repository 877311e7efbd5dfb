// The System page's table of algorithms: which implementation dispatch chose on this CPU, what
// else this CPU can run, and what it cannot (with the features it lacks).
#pragma once

#include "hashscope/registry.hpp"

class QTableWidget;
class QWidget;

namespace hashscope::ui {

enum ImplementationColumn { kAlgorithmColumn, kChosenColumn, kBackendColumn, kAlternativesColumn, kUnavailableColumn };

QTableWidget* makeImplementationTable(const Registry& registry, QWidget* parent);

}  // namespace hashscope::ui
