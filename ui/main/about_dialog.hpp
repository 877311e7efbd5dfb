// AboutDialog: the program's name and purpose, this build (version, git revision, build type), the
// versions of Qt, QCustomPlot and the checksum libraries, and the licence; "Copy" puts the same
// facts on the clipboard as `hashscope --version` prints them, ready for a bug report.
// Labels are named for tests: aboutVersion, aboutRevision, aboutBuildType, aboutLicence, lib_<id>.
#pragma once

#include <QDialog>

class QPushButton;

namespace hashscope::ui {

class AboutDialog : public QDialog {
    Q_OBJECT

public:
    explicit AboutDialog(QWidget* parent = nullptr);

    // What Copy puts on the clipboard.
    [[nodiscard]] QString reportText() const { return report_; }

private:
    QWidget* header();
    QWidget* buildBox();
    QWidget* libraryBox();
    QWidget* warranty();
    void copyReport();

    QString report_;
    QPushButton* copy_ = nullptr;
};

}  // namespace hashscope::ui
