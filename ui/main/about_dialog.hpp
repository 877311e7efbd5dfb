// AboutDialog: the program's name and purpose, this build (version, git revision, build type), the
// versions of Qt, QCustomPlot and the checksum libraries, and the licence; "Copy" puts the same
// facts on the clipboard as `hashscope --version` prints them, ready for a bug report. The
// libraries' rows, and Copy, follow as soon as a worker has read the versions (reading them opens
// the libraries loaded on first use, which the GUI thread never waits for).
// Labels are named for tests: aboutVersion, aboutRevision, aboutBuildType, aboutLicence, lib_<id>.
#pragma once

#include <QDialog>
#include <QThreadPool>

class QPushButton;

namespace hashscope::ui {

class AboutDialog : public QDialog {
    Q_OBJECT

public:
    explicit AboutDialog(QWidget* parent = nullptr);

    // What Copy puts on the clipboard; empty until the libraries' versions have been read.
    [[nodiscard]] QString reportText() const { return report_; }

private:
    QWidget* header();
    QWidget* buildBox();
    QWidget* libraryBox();
    QWidget* warranty();
    void copyReport();

    QString report_;
    QPushButton* copy_ = nullptr;
    QThreadPool pool_;  // reads the versions; waited for when the dialog goes
};

}  // namespace hashscope::ui
