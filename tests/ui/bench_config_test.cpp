// The Benchmark page's settings without the page: modes and thread counts parsed as the CLI
// parses them, sizes, modes and threads written back as text that parses to the same values, the
// fields a preset fills, and the spec the fields make, failing on the first unusable field by
// name. No widgets: a QCoreApplication is enough.
#include <QtTest>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "bench/bench_config.hpp"
#include "hashscope/bench/presets.hpp"
#include "hashscope/bench/sizes.hpp"
#include "hashscope/cpu.hpp"
#include "hashscope/registry.hpp"

using namespace hashscope;
using namespace hashscope::ui;

namespace {

constexpr std::size_t KiB = 1024;
constexpr std::size_t MiB = 1024 * KiB;

QString errorOf(const auto& result) { return result ? QString() : QString::fromStdString(result.error().message); }

bench::Participant crc32c() { return {"crc32c", "generic", false}; }

// A spec as a preset makes one, with values the panel does not show set away from the defaults.
bench::BenchSpec baseSpec() {
    bench::BenchSpec spec;
    spec.preset = "base";
    spec.participants = {crc32c()};
    spec.sizes = {64, 4 * KiB};
    spec.min_samples = 7;
    spec.measure_harness = false;
    spec.preferred_unit = "GB/s";
    spec.warmup_s = 0.05;
    return spec;
}

BenchSettings validSettings() {
    BenchSettings s;
    s.participants = {crc32c(), {"sha256", "openssl", true}};
    s.sizes = QStringLiteral("64,4KiB");
    return s;
}

}  // namespace

class BenchConfigTest : public QObject {
    Q_OBJECT

private slots:
    void parsesModes();
    void parsesThreadCounts();
    void sizesAsText_data();
    void sizesAsText();
    void modesAndThreadsAsText();
    void everyPresetSurvivesTheRoundTrip();
    void specKeepsWhatThePanelDoesNotShow();
    void firstUnusableFieldIsNamed();
};

void BenchConfigTest::parsesModes() {
    const auto modes = parseModes(QStringLiteral(" oneshot , stream:4KiB,bytewise,file,oneshot"));
    QVERIFY2(modes, qPrintable(errorOf(modes)));
    // In the order given, blanks ignored, the repeated oneshot dropped.
    QCOMPARE(modes->size(), std::size_t{4});
    QCOMPARE((*modes)[0], (bench::ModeSpec{bench::Mode::oneshot, 0}));
    QCOMPARE((*modes)[1], (bench::ModeSpec{bench::Mode::stream, 4 * KiB}));
    QCOMPARE((*modes)[2], (bench::ModeSpec{bench::Mode::bytewise, 0}));
    QCOMPARE((*modes)[3], (bench::ModeSpec{bench::Mode::file, 0}));
    for (const char* bad : {"", " , ", "stream:", "stream:0", "sideways", "oneshot;bytewise"}) {
        QVERIFY2(!parseModes(QString::fromLatin1(bad)), bad);
    }
}

void BenchConfigTest::parsesThreadCounts() {
    const auto threads = parseThreadCounts(QStringLiteral("1, 2,4,2,1024"));
    QVERIFY2(threads, qPrintable(errorOf(threads)));
    QCOMPARE(*threads, (std::vector<unsigned>{1, 2, 4, 1024}));
    for (const char* bad : {"", "0", "1025", "-1", "two", "1.5", "1,,x"}) {
        QVERIFY2(!parseThreadCounts(QString::fromLatin1(bad)), bad);
    }
}

void BenchConfigTest::sizesAsText_data() {
    QTest::addColumn<std::vector<std::size_t>>("sizes");
    QTest::addColumn<QString>("text");
    QTest::newRow("none") << std::vector<std::size_t>{} << QString();
    QTest::newRow("one") << std::vector<std::size_t>{64} << QStringLiteral("64");
    QTest::newRow("two are no run") << std::vector<std::size_t>{64, 256} << QStringLiteral("64,256");
    QTest::newRow("quick") << std::vector<std::size_t>{64, 256, KiB, 4 * KiB, 16 * KiB, 64 * KiB, 256 * KiB, MiB}
                           << QStringLiteral("64..1MiB:x4");
    QTest::newRow("doubling") << std::vector<std::size_t>{4 * KiB, 8 * KiB, 16 * KiB}
                              << QStringLiteral("4KiB..16KiB:x2");
    QTest::newRow("ratio not whole") << std::vector<std::size_t>{100, 150, 225} << QStringLiteral("100,150,225");
    QTest::newRow("run broken at the end")
        << std::vector<std::size_t>{64, 128, 256, 1000} << QStringLiteral("64,128,256,1000");
    QTest::newRow("descending") << std::vector<std::size_t>{4 * KiB, KiB, 64} << QStringLiteral("4KiB,1KiB,64");
    QTest::newRow("bookkeeper") << std::vector<std::size_t>{64, KiB, 4086, 8 * KiB, 16 * KiB, 64 * KiB}
                                << QStringLiteral("64,1KiB,4086,8KiB,16KiB,64KiB");
    QTest::newRow("KiB but not MiB") << std::vector<std::size_t>{1536 * KiB} << QStringLiteral("1536KiB");
    // From 1 MiB, format_size rounds sizes with no exact unit ("2.9 MiB"): written in bytes instead.
    QTest::newRow("no exact unit") << std::vector<std::size_t>{3000000, 64} << QStringLiteral("3000000,64");
    QTest::newRow("largest size") << std::vector<std::size_t>{1024 * 1024 * MiB} << QStringLiteral("1099511627776");
}

void BenchConfigTest::sizesAsText() {
    QFETCH(std::vector<std::size_t>, sizes);
    QFETCH(QString, text);
    QCOMPARE(sizesText(sizes), text);
    if (sizes.empty()) return;
    // The inverse of parse_sizes: what the field shows parses back to the same sizes.
    const auto back = bench::parse_sizes(sizesText(sizes).toStdString());
    QVERIFY2(back, qPrintable(errorOf(back)));
    QCOMPARE(*back, sizes);
}

void BenchConfigTest::modesAndThreadsAsText() {
    const std::vector<bench::ModeSpec> modes{{bench::Mode::oneshot, 0},
                                             {bench::Mode::stream, 4 * KiB},
                                             {bench::Mode::stream, 1000},
                                             {bench::Mode::bytewise, 0},
                                             {bench::Mode::file, 0}};
    const QString text = modesText(modes);
    QCOMPARE(text, QStringLiteral("oneshot,stream:4KiB,stream:1000,bytewise,file"));
    const auto back = parseModes(text);
    QVERIFY2(back, qPrintable(errorOf(back)));
    QCOMPARE(*back, modes);
    QCOMPARE(modesText({}), QString());
    // A chunk with no exact unit is written in bytes, like a size.
    QCOMPARE(modesText({{bench::Mode::stream, 3000000}}), QStringLiteral("stream:3000000"));

    QCOMPARE(threadsText({1, 2, 4, 16}), QStringLiteral("1,2,4,16"));
    QCOMPARE(threadsText({}), QString());
}

void BenchConfigTest::everyPresetSurvivesTheRoundTrip() {
    QVERIFY(!bench::presets().empty());
    for (const auto& preset : bench::presets()) {
        const auto spec = bench::preset_spec(preset.name, Registry::host(), host_cpu());
        QVERIFY2(spec, qPrintable(errorOf(spec)));
        // What the panel shows for the preset, taken unchanged, gives the preset's spec back.
        const BenchSettings settings = settingsFromSpec(*spec);
        QCOMPARE(settings.precisionPercent, spec->precision * 100);
        QCOMPARE(settings.budgetSeconds, spec->max_time_s);
        const auto again = specFromSettings(*spec, settings);
        QVERIFY2(again, qPrintable(QString::fromLatin1(preset.name.data(), qsizetype(preset.name.size())) +
                                   QStringLiteral(": ") + errorOf(again)));
        QCOMPARE(again->preset, spec->preset);
        QCOMPARE(again->participants, spec->participants);
        QCOMPARE(again->sizes, spec->sizes);
        QCOMPARE(again->modes, spec->modes);
        QCOMPARE(again->threads, spec->threads);
        QCOMPARE(again->placements, spec->placements);
        QCOMPARE(again->precision, spec->precision);
        QCOMPARE(again->max_time_s, spec->max_time_s);
        QCOMPARE(again->warmup_s, std::min(spec->warmup_s, spec->max_time_s / 4));
    }
}

void BenchConfigTest::specKeepsWhatThePanelDoesNotShow() {
    BenchSettings settings = validSettings();
    settings.modes = QStringLiteral("oneshot,stream:64KiB");
    settings.threads = QStringLiteral("1,2");
    settings.placements = {bench::Placement::hot, bench::Placement::cold};
    settings.precisionPercent = 2.5;
    settings.budgetSeconds = 1;
    const auto spec = specFromSettings(baseSpec(), settings);
    QVERIFY2(spec, qPrintable(errorOf(spec)));
    QCOMPARE(spec->preset, std::string("base"));
    QCOMPARE(spec->min_samples, std::size_t{7});
    QVERIFY(!spec->measure_harness);
    QCOMPARE(spec->preferred_unit, std::string("GB/s"));
    QCOMPARE(spec->participants, settings.participants);
    QVERIFY(spec->participants[1].follows_dispatch);
    QCOMPARE(spec->sizes, (std::vector<std::size_t>{64, 4 * KiB}));
    QCOMPARE(spec->modes.size(), std::size_t{2});
    QCOMPARE(spec->modes[1], (bench::ModeSpec{bench::Mode::stream, 64 * KiB}));
    QCOMPARE(spec->threads, (std::vector<unsigned>{1, 2}));
    QCOMPARE(spec->placements, settings.placements);
    QCOMPARE(spec->precision, 0.025);
    QCOMPARE(spec->max_time_s, 1.0);
    QCOMPARE(spec->warmup_s, 0.05);  // a quarter of the budget is more than the base's warm-up

    // A small budget cuts the warm-up to a quarter of it, so the budget is what a cell takes.
    settings.budgetSeconds = 0.02;
    const auto quick = specFromSettings(baseSpec(), settings);
    QVERIFY2(quick, qPrintable(errorOf(quick)));
    QCOMPARE(quick->warmup_s, 0.005);
}

void BenchConfigTest::firstUnusableFieldIsNamed() {
    const bench::BenchSpec base = baseSpec();
    auto failsWith = [&base](const BenchSettings& settings, const QString& start) {
        const auto spec = specFromSettings(base, settings);
        return !spec && errorOf(spec).startsWith(start);
    };
    BenchSettings s = validSettings();
    QVERIFY(specFromSettings(base, s));

    s.participants.clear();
    s.sizes = QStringLiteral("oops");  // the participants are checked first
    QVERIFY(failsWith(s, QStringLiteral("no implementation is ticked")));

    s = validSettings();
    for (const char* sizes : {"", "oops", "64..oops", "0", "4KiB..64"}) {
        s.sizes = QString::fromLatin1(sizes);
        QVERIFY2(failsWith(s, QStringLiteral("sizes: ")), sizes);
    }
    s = validSettings();
    s.modes = QStringLiteral("stream:");
    s.threads = QStringLiteral("0");
    QVERIFY(failsWith(s, QStringLiteral("mode: ")));
    s.modes = QStringLiteral("oneshot");
    QVERIFY(failsWith(s, QStringLiteral("threads: ")));

    s = validSettings();
    s.placements.clear();
    QVERIFY(failsWith(s, QStringLiteral("no cache placement chosen")));

    const double nan = std::numeric_limits<double>::quiet_NaN();
    const std::pair<double, double> unusable[] = {{0.0, 1.0}, {-1.0, 1.0}, {nan, 1.0},
                                                  {1.0, 0.0}, {1.0, -0.5}, {1.0, nan}};
    for (const auto& [precision, budget] : unusable) {
        s = validSettings();
        s.precisionPercent = precision;
        s.budgetSeconds = budget;
        QVERIFY2(failsWith(s, QStringLiteral("precision and time budget must be positive")),
                 qPrintable(QStringLiteral("%1 %, %2 s").arg(precision).arg(budget)));
    }
}

QTEST_GUILESS_MAIN(BenchConfigTest)
#include "bench_config_test.moc"
