#include "main/about_dialog.hpp"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

#include "common/library_versions_read.hpp"
#include "hashscope/build_info.hpp"
#include "main/version_report.hpp"

namespace hashscope::ui {
namespace {

constexpr int kCopiedNoticeMs = 2000;

QString qs(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

QLabel* value(const QString& text, const QString& name, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    label->setObjectName(name);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);  // versions get pasted into issues
    return label;
}

}  // namespace

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About HashScope"));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setDefault(true);  // Enter closes, as in any About box
    copy_ = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    copy_->setAutoDefault(false);
    copy_->setObjectName(QStringLiteral("aboutCopyButton"));
    copy_->setToolTip(tr("Copy the version, revision, build type and library versions, for a bug report"));
    copy_->setEnabled(false);  // until the versions are in
    connect(copy_, &QPushButton::clicked, this, &AboutDialog::copyReport);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(header());
    layout->addWidget(buildBox());
    layout->addWidget(libraryBox());
    layout->addWidget(warranty());
    layout->addWidget(buttons);
    layout->setSizeConstraint(QLayout::SetFixedSize);  // nothing in it gains from more room
}

QWidget* AboutDialog::header() {
    auto* box = new QWidget(this);
    auto* row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    // The application's icon when the program set one (not in tests, nor before it is installed).
    const QIcon icon = QApplication::windowIcon();
    if (!icon.isNull()) {
        auto* picture = new QLabel(box);
        picture->setPixmap(icon.pixmap(64, 64));
        row->addWidget(picture, 0, Qt::AlignTop);
    }
    auto* name = new QLabel(QStringLiteral("HashScope"), box);
    name->setObjectName(QStringLiteral("aboutName"));
    QFont big = name->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    name->setFont(big);
    auto* description = new QLabel(qs(build_info().description), box);
    description->setObjectName(QStringLiteral("aboutDescription"));
    auto* text = new QVBoxLayout;
    text->addWidget(name);
    text->addWidget(description);
    row->addLayout(text, 1);
    return box;
}

QWidget* AboutDialog::buildBox() {
    const BuildInfo& info = build_info();
    auto* box = new QGroupBox(tr("This build"), this);
    auto* form = new QFormLayout(box);
    form->addRow(tr("Version"), value(qs(info.version), QStringLiteral("aboutVersion"), box));
    form->addRow(tr("Git revision"), value(qs(info.git_revision), QStringLiteral("aboutRevision"), box));
    form->addRow(tr("Build type"), value(qs(info.build_type), QStringLiteral("aboutBuildType"), box));
    form->addRow(tr("Licence"), value(QStringLiteral("GPL-3.0-or-later"), QStringLiteral("aboutLicence"), box));
    return box;
}

QWidget* AboutDialog::libraryBox() {
    auto* box = new QGroupBox(tr("Libraries"), this);
    box->setObjectName(QStringLiteral("aboutLibraries"));
    auto* form = new QFormLayout(box);
    readLibraryVersions(
        pool_, form, QStringLiteral("aboutLibrariesPending"), [this, box, form](const LibraryVersionMap& versions) {
            for (const LibraryVersion& library : guiLibraryVersions(versions)) {
                form->addRow(library.name, value(library.version, QStringLiteral("lib_%1").arg(library.id), box));
            }
            report_ = versionReport(versions);
            copy_->setEnabled(true);
        });
    return box;
}

QWidget* AboutDialog::warranty() {
    auto* label = new QLabel(tr("HashScope is free software: you may redistribute and modify it under the terms of "
                                "the GNU General Public License, version 3 or any later version. It comes with "
                                "ABSOLUTELY NO WARRANTY."),
                             this);
    label->setObjectName(QStringLiteral("aboutWarranty"));
    label->setWordWrap(true);
    // A wrapped label in a fixed-size dialog asks for its narrowest width: give it a readable line.
    label->setMinimumWidth(label->fontMetrics().averageCharWidth() * 64);
    return label;
}

void AboutDialog::copyReport() {
    QApplication::clipboard()->setText(report_);
    // The clipboard shows nothing by itself: say it worked, then offer Copy again.
    copy_->setText(tr("Copied"));
    QTimer::singleShot(kCopiedNoticeMs, copy_, [this] { copy_->setText(tr("&Copy")); });
}

}  // namespace hashscope::ui
