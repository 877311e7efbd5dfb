// ExportBar: the row of file actions above the chart: Save chart (PNG at 1× and 2×, SVG, PDF),
// Export results (JSON, CSV, Markdown), Load baseline and Clear baseline. It only asks for file
// names (window-modal dialogs opened with open(), no nested event loop) and says what was asked
// through signals; the page does the work, so tests can call the page directly.
#pragma once

#include <QWidget>
#include <functional>

class QLabel;
class QPushButton;
class QToolButton;

namespace hashscope::ui {

class ExportBar : public QWidget {
    Q_OBJECT

public:
    explicit ExportBar(QWidget* parent = nullptr);

    // File names offered in the dialogs: "hashscope-quick" + ".png".
    void setSuggestedName(const QString& stem) { stem_ = stem; }
    void setHasResults(bool has);
    // Empty `name`: no baseline loaded.
    void setBaselineName(const QString& name);

signals:
    void saveChartRequested(const QString& path, double scale);
    void exportRequested(const QString& path);
    void loadBaselineRequested(const QString& path);
    void clearBaselineRequested();

private:
    void askForFile(const QString& title, const QString& filter, const QString& suffix, bool save,
                    const std::function<void(const QString&)>& then);

    QString stem_ = QStringLiteral("hashscope");
    QToolButton* saveChart_;
    QToolButton* export_;
    QPushButton* loadBaseline_;
    QPushButton* clearBaseline_;
    QLabel* baselineName_;
};

}  // namespace hashscope::ui
