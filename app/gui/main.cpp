// hashscope: the desktop program. Parses what needs no display first (--version, --help), then
// hands the files named on the command line to the window already open, or opens one.
#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QIcon>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "hashscope/build_info.hpp"
#include "hashscope/calibration.hpp"
#include "hashscope/cpu.hpp"
#include "hashscope/libraries.hpp"
#include "main/main_window.hpp"
#include "main/single_instance.hpp"
#include "main/version_report.hpp"
#include "render_command.hpp"
#include "system/calibration_panel.hpp"
#include "system/system_page.hpp"

namespace {

constexpr const char* kUsage =
    "Usage: hashscope [--hash] [--new-window] [--page verify|benchmark|results|system] [PATH]...\n"
    "       hashscope render RESULTS.json -o CHART.png|.svg|.pdf [--view nsop|gbps|threads|bars] ...\n"
    "Verify files and benchmark checksums. Files and folders given are hashed (SHA-256 and CRC-32C\n"
    "unless other algorithms were picked), and checksum files (SHA256SUMS, *.sha256, ...) are checked.\n"
    "When a HashScope window is already open, the paths go to it and this command exits at once.\n"
    "render draws a benchmark result file without a window (hashscope render --help).\n"
    "\n"
    "      --hash        hash checksum files like any other file instead of checking them\n"
    "      --new-window  open a window of its own even when one is open\n"
    "      --page PAGE   open the window on this page: verify, benchmark, results or system\n"
    "  -h, --help        show this help and exit\n"
    "      --version     show the version and exit\n";

// How long a launch waits for the open window to take its paths before opening its own.
constexpr int kHandOffTimeoutMs = 5000;

// Answers --version and --help without a QApplication, so they work with no display at all.
// Returns true when the program should exit.
bool answerWithoutDisplay(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--") == 0) break;
        if (std::strcmp(argv[i], "--version") == 0) {
            std::fputs(hashscope::ui::versionReport(hashscope::library_versions()).toUtf8().constData(), stdout);
            return true;
        }
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            std::fputs(kUsage, stdout);
            return true;
        }
    }
    return false;
}

// The paths named on the command line, byte for byte as the file system spells them (Qt's own
// options are gone from argv by now, and QCommandLineParser has rejected unknown ones), made
// absolute here: the window that opens them may run in another folder.
QList<QByteArray> pathArguments(int argc, char** argv, const QStringList& parsed) {
    QList<QByteArray> paths;
    bool options = true;
    for (int i = 1; i < argc; ++i) {
        const QByteArray argument(argv[i]);
        if (options && argument == "--") {
            options = false;
        } else if (options && argument == "--page") {
            ++i;  // its value is not a path
        } else if (!options || !argument.startsWith('-') || argument == "-") {
            paths << argument;
        }
    }
    if (paths.size() != parsed.size()) {  // should not happen; the parser's reading is then the one to trust
        paths.clear();
        for (const QString& path : parsed) paths << QFile::encodeName(path);
    }
    std::error_code error;
    const std::filesystem::path folder = std::filesystem::current_path(error);
    const QByteArray workingFolder = error ? QByteArray() : QByteArray::fromStdString(folder.native());
    for (QByteArray& path : paths) path = hashscope::ui::absolutePath(path, workingFolder);
    return paths;
}

}  // namespace

int main(int argc, char** argv) {
    // A subcommand, not a file named "render": it needs no window and takes its own options.
    if (argc > 1 && std::strcmp(argv[1], "render") == 0) return hashscope::ui::runRenderCommand(argc, argv);
    if (answerWithoutDisplay(argc, argv)) return 0;

    QApplication app(argc, argv);  // takes Qt's own options (-platform, -style) out of argv
    QApplication::setApplicationName(QStringLiteral("HashScope"));
    // Where QSettings keeps what the pages remember (~/.config/HashScope/HashScope.conf); without
    // an organisation name the pages remember nothing (see ui/bench/settings_store.hpp).
    QApplication::setOrganizationName(QStringLiteral("HashScope"));
    const std::string_view version = hashscope::build_info().version;
    QApplication::setApplicationVersion(QString::fromUtf8(version.data(), static_cast<qsizetype>(version.size())));
    // The installed desktop entry (packaging/) names the windows' icon and groups them on Wayland;
    // run from the build tree, the icon compiled in stands in for the theme's (it lives in the
    // static hashscope_ui library, so it is registered by name).
    Q_INIT_RESOURCE(app_icon);
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.hashscope.HashScope"));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("io.github.hashscope.HashScope"),
                                                 QIcon(QStringLiteral(":/icons/hashscope.svg"))));

    QCommandLineParser parser;
    const QCommandLineOption hash(QStringLiteral("hash"),
                                  QStringLiteral("Hash checksum files instead of checking them."));
    const QCommandLineOption newWindow(QStringLiteral("new-window"), QStringLiteral("Open a window of its own."));
    const QCommandLineOption page(QStringLiteral("page"),
                                  QStringLiteral("The page to open on: verify, benchmark, results or system."),
                                  QStringLiteral("PAGE"));
    parser.addOptions({hash, newWindow, page});
    parser.addPositionalArgument(QStringLiteral("paths"),
                                 QStringLiteral("Files and folders to hash, checksum files to check."),
                                 QStringLiteral("[PATH]..."));
    parser.process(app);  // rejects unknown options with a message and exit code 1
    const QString startPage = parser.value(page);
    if (parser.isSet(page) && !QStringList{QStringLiteral("verify"), QStringLiteral("benchmark"),
                                           QStringLiteral("results"), QStringLiteral("system")}
                                   .contains(startPage)) {
        std::fprintf(stderr, "hashscope: --page wants verify, benchmark, results or system, not '%s'\n",
                     startPage.toLocal8Bit().constData());
        return 2;
    }

    // Absolute paths, so each row's tooltip says exactly which file it is.
    const hashscope::ui::OpenRequest request{pathArguments(argc, argv, parser.positionalArguments()),
                                             parser.isSet(hash)};
    // One window per user: a window already open takes the paths, and this launch is done.
    hashscope::ui::SingleInstance instance(hashscope::ui::instanceSocketName());
    if (!parser.isSet(newWindow) &&
        instance.start(request, kHandOffTimeoutMs) == hashscope::ui::SingleInstance::Role::delivered) {
        return 0;
    }

    // Dispatch follows this machine's saved calibration; without one (a first start, a new build
    // or CPU), the built-in table serves while a calibration runs in the background.
    const auto calibration = hashscope::apply_saved_calibration(hashscope::Registry::host(), hashscope::host_cpu());
    hashscope::ui::MainWindow window;
    window.systemPage()->calibration()->showApplied(calibration);
    if (!startPage.isEmpty()) window.showPage(startPage + QStringLiteral("Page"));
    window.openFiles(hashscope::ui::filePaths(request), request.hash);  // files bring the Verify page forward
    QObject::connect(&instance, &hashscope::ui::SingleInstance::requested, &window,
                     [&window](const hashscope::ui::OpenRequest& later) {
                         window.openRequested(hashscope::ui::filePaths(later), later.hash);
                     });
    window.show();
    if (!calibration.calibration) window.systemPage()->calibration()->run();
    return QApplication::exec();
}
