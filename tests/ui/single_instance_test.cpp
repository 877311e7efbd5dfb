// One window per user (ui/main/single_instance.hpp): the message survives any path bytes and any
// split, broken messages are refused, and a second "instance" (another SingleInstance, on another
// thread as a second process would be) hands its files to the first: odd names byte for byte,
// 50,000 paths at once, over a socket a crashed instance left behind, with two launches racing,
// and not hanging on a first instance that never answers. Last, the window opens what it is handed.
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <QFile>
#include <QLocalServer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>
#include <QtConcurrent>
#include <QtTest>
#include <algorithm>
#include <cstring>

#include "common/file_names.hpp"
#include "main/single_instance.hpp"
#include "verify_test_support.hpp"

using hashscope::ui::encodeRequest;
using hashscope::ui::OpenRequest;
using hashscope::ui::RequestReader;
using hashscope::ui::SingleInstance;
using Role = SingleInstance::Role;

namespace {

constexpr int kWaitMs = 20000;

// Names a file system allows and text does not like: a newline, spaces, bytes that are not UTF-8.
OpenRequest oddRequest() {
    OpenRequest request;
    request.paths = {QByteArrayLiteral("/tmp/two\nlines.iso"), QByteArrayLiteral("/tmp/ spaces  around .txt"),
                     QByteArrayLiteral("/tmp/latin1-caf\xe9.txt"), QByteArrayLiteral("/tmp/\xff\xfe-not-utf8"),
                     QByteArrayLiteral("/tmp/\xc3\xa9t\xc3\xa9.txt")};
    request.hash = true;
    return request;
}

// Starts a SingleInstance on a thread of its own, as a second process would: it blocks while it
// waits, and the first instance (on this thread) must go on reading meanwhile.
QFuture<Role> launch(const QString& name, const OpenRequest& request, int timeoutMs) {
    return QtConcurrent::run([name, request, timeoutMs] {
        SingleInstance other(name);
        return other.start(request, timeoutMs);
    });
}

}  // namespace

class SingleInstanceTest : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void messageRoundTripsInAnyPieces();
    void brokenMessagesAreRefused();
    void relativePathsAreResolvedBySender();
    void secondInstanceDeliversOddNames();
    void staleSocketIsReplaced();
    void largeListArrivesWhole();
    void racingLaunchesMakeOneServer();
    void hungFirstInstanceIsNotWaitedForForever();
    void windowOpensWhatItIsHanded();

private:
    std::unique_ptr<QTemporaryDir> dir_;
    QString name_;
};

void SingleInstanceTest::init() {
    dir_ = std::make_unique<QTemporaryDir>();
    QVERIFY(dir_->isValid());
    name_ = dir_->filePath(QStringLiteral("instance.socket"));
}

void SingleInstanceTest::cleanup() { dir_.reset(); }

void SingleInstanceTest::messageRoundTripsInAnyPieces() {
    for (const OpenRequest& request : {oddRequest(), OpenRequest{}, OpenRequest{{QByteArray("/")}, false}}) {
        const QByteArray message = encodeRequest(request);
        RequestReader whole;
        QCOMPARE(whole.feed(message), RequestReader::State::complete);
        QVERIFY(whole.request() == request);

        RequestReader bytewise;
        for (qsizetype i = 0; i + 1 < message.size(); ++i) {
            QCOMPARE(bytewise.feed(message.mid(i, 1)), RequestReader::State::incomplete);
        }
        QCOMPARE(bytewise.feed(message.right(1)), RequestReader::State::complete);
        QVERIFY(bytewise.request() == request);
    }
    // The window gets the names the way the rest of the program spells them.
    const QStringList paths = hashscope::ui::filePaths(oddRequest());
    QCOMPARE(paths.size(), 5);
    QCOMPARE(paths[0], QStringLiteral("/tmp/two\nlines.iso"));
    QCOMPARE(paths[4], QFile::decodeName("/tmp/\xc3\xa9t\xc3\xa9.txt"));
    // Bytes that are not UTF-8 survive into the window's text (common/file_names.hpp), so the
    // file still opens.
    for (qsizetype i = 0; i < paths.size(); ++i) QCOMPARE(hashscope::ui::nameToBytes(paths[i]), oddRequest().paths[i]);
}

void SingleInstanceTest::brokenMessagesAreRefused() {
    const QByteArray good = encodeRequest(oddRequest());
    auto stateOf = [](const QByteArray& message) {
        RequestReader reader;
        return reader.feed(message);
    };
    QByteArray badMagic = good;
    badMagic[5] = 'X';
    QCOMPARE(stateOf(badMagic), RequestReader::State::invalid);
    QCOMPARE(stateOf(good + 'x'), RequestReader::State::invalid);  // a second message, or junk after
    QCOMPARE(stateOf(QByteArray("\xff\xff\xff\xff", 4)), RequestReader::State::invalid);  // 4 GiB claimed
    QByteArray manyPaths = good;
    manyPaths[15] = '\x7f';  // the path count's low byte: more paths than the message holds
    QCOMPARE(stateOf(manyPaths), RequestReader::State::invalid);
    QByteArray longPath = good;
    longPath[16] = '\x7f';  // the first path's length: past the end
    QCOMPARE(stateOf(longPath), RequestReader::State::invalid);
    QCOMPARE(stateOf(good.left(good.size() - 1)), RequestReader::State::incomplete);
}

void SingleInstanceTest::relativePathsAreResolvedBySender() {
    QCOMPARE(hashscope::ui::absolutePath("/abs/file", "/srv/me"), QByteArray("/abs/file"));
    QCOMPARE(hashscope::ui::absolutePath("rel/file", "/srv/me"), QByteArray("/srv/me/rel/file"));
    QCOMPARE(hashscope::ui::absolutePath("file", "/"), QByteArray("/file"));
    QCOMPARE(hashscope::ui::absolutePath("caf\xe9", "/d\xff"), QByteArray("/d\xff/caf\xe9"));
    QCOMPARE(hashscope::ui::absolutePath(".", "/srv/me"), QByteArray("/srv/me"));
    QCOMPARE(hashscope::ui::absolutePath("./a/../b", "/srv/me/"), QByteArray("/srv/me/b"));
    QCOMPARE(hashscope::ui::absolutePath("..", "/srv/me"), QByteArray("/srv"));
    QCOMPARE(hashscope::ui::absolutePath("dir/", "/srv/me"), QByteArray("/srv/me/dir"));
    QCOMPARE(hashscope::ui::absolutePath("/", "/srv/me"), QByteArray("/"));
}

void SingleInstanceTest::secondInstanceDeliversOddNames() {
    SingleInstance first(name_);
    QCOMPARE(first.start({}, kWaitMs), Role::server);
    QVERIFY(first.listening());
    QSignalSpy received(&first, &SingleInstance::requested);

    const QFuture<Role> second = launch(name_, oddRequest(), kWaitMs);
    QTRY_VERIFY_WITH_TIMEOUT(second.isFinished(), kWaitMs);
    QCOMPARE(second.result(), Role::delivered);
    QCOMPARE(received.size(), 1);
    QVERIFY(received[0][0].value<OpenRequest>() == oddRequest());
}

void SingleInstanceTest::staleSocketIsReplaced() {
    // What a crashed instance leaves: a socket file nobody listens on.
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    QVERIFY(fd >= 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const QByteArray path = QFile::encodeName(name_);
    QVERIFY(static_cast<std::size_t>(path.size()) < sizeof(address.sun_path));
    std::memcpy(address.sun_path, path.constData(), static_cast<std::size_t>(path.size()));
    QCOMPARE(::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof(address)), 0);
    ::close(fd);
    QVERIFY(QFile::exists(name_));
    QCOMPARE(hashscope::ui::handOff(name_, oddRequest(), kWaitMs), hashscope::ui::HandOff::noServer);

    SingleInstance first(name_);
    QCOMPARE(first.start({}, kWaitMs), Role::server);
    QSignalSpy received(&first, &SingleInstance::requested);
    const QFuture<Role> second = launch(name_, oddRequest(), kWaitMs);
    QTRY_VERIFY_WITH_TIMEOUT(second.isFinished(), kWaitMs);
    QCOMPARE(second.result(), Role::delivered);
    QCOMPARE(received.size(), 1);
}

void SingleInstanceTest::largeListArrivesWhole() {
    SingleInstance first(name_);
    QCOMPARE(first.start({}, kWaitMs), Role::server);
    QSignalSpy received(&first, &SingleInstance::requested);

    OpenRequest many;
    for (int i = 0; i < 50000; ++i) {
        many.paths << QByteArrayLiteral("/srv/archive/some/deeper/folder/file number ") + QByteArray::number(i);
    }
    const QFuture<Role> second = launch(name_, many, kWaitMs);
    QTRY_VERIFY_WITH_TIMEOUT(second.isFinished(), kWaitMs);
    QCOMPARE(second.result(), Role::delivered);
    QCOMPARE(received.size(), 1);
    QVERIFY(received[0][0].value<OpenRequest>() == many);
}

void SingleInstanceTest::racingLaunchesMakeOneServer() {
    // Two launches at once with no window open: one listens, the other hands its files to it. The
    // winner's server is moved to this thread, whose event loop then reads like a window's.
    QThread* here = QThread::currentThread();
    std::unique_ptr<SingleInstance> winner;
    QMutex mutex;
    auto race = [&](const OpenRequest& request) {
        auto instance = std::make_unique<SingleInstance>(name_);
        const Role role = instance->start(request, kWaitMs);
        if (role == Role::server) {
            instance->moveToThread(here);
            const QMutexLocker lock(&mutex);
            winner = std::move(instance);
        }
        return role;
    };
    const OpenRequest a{{QByteArray("/a")}, false};
    const OpenRequest b{{QByteArray("/b")}, false};
    QFuture<Role> first = QtConcurrent::run(race, a);
    QFuture<Role> second = QtConcurrent::run(race, b);
    QTRY_VERIFY_WITH_TIMEOUT(first.isFinished() && second.isFinished(), kWaitMs);
    QList<Role> roles{first.result(), second.result()};
    std::sort(roles.begin(), roles.end());
    QCOMPARE(roles, (QList<Role>{Role::server, Role::delivered}));
    QVERIFY(winner && winner->listening());
}

void SingleInstanceTest::hungFirstInstanceIsNotWaitedForForever() {
    // A first instance that accepts and never reads or answers (hung, or stopped in a debugger).
    QLocalServer hung;
    QVERIFY(hung.listen(name_));
    OpenRequest many;
    for (int i = 0; i < 50000; ++i)
        many.paths << QByteArrayLiteral("/far/too/many/to/fit/a/socket/buffer/") + QByteArray::number(i);
    QElapsedTimer clock;
    clock.start();
    const QFuture<Role> second = launch(name_, many, 500);
    QTRY_VERIFY_WITH_TIMEOUT(second.isFinished(), kWaitMs);
    QCOMPARE(second.result(), Role::alone);  // it opens its own window
    QVERIFY(QFile::exists(name_));           // and leaves the live one's socket alone
    QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
}

void SingleInstanceTest::windowOpensWhatItIsHanded() {
    const QByteArray data("intact\n");
    const QString file = verifytest::writeFile(*dir_, QStringLiteral("file one.txt"), data);
    const QString sums = verifytest::writeFile(*dir_, QStringLiteral("SHA256SUMS"),
                                               verifytest::sha256Hex(data).toLatin1() + "  file one.txt\n");
    const QString vanished = verifytest::writeFile(*dir_, QStringLiteral("gone soon.txt"), data);
    QVERIFY(!file.isEmpty() && !sums.isEmpty() && !vanished.isEmpty());

    hashscope::ui::MainWindow window;
    window.showMinimized();
    SingleInstance first(name_);
    QCOMPARE(first.start({}, kWaitMs), Role::server);
    connect(&first, &SingleInstance::requested, &window, [&window](const OpenRequest& request) {
        window.openRequested(hashscope::ui::filePaths(request), request.hash);
    });

    // --hash: the checksum file is hashed like any file, not checked. The last path is gone by the
    // time the window looks (deleted after the launch named it).
    const OpenRequest request{{QFile::encodeName(file), QFile::encodeName(sums), QFile::encodeName(vanished)}, true};
    QVERIFY(QFile::remove(vanished));
    const QFuture<hashscope::ui::HandOff> second =
        QtConcurrent::run([this, request] { return hashscope::ui::handOff(name_, request, kWaitMs); });
    QTRY_VERIFY_WITH_TIMEOUT(second.isFinished(), kWaitMs);
    QCOMPARE(second.result(), hashscope::ui::HandOff::delivered);

    verifytest::Probe probe(window.verifyPage());
    QTRY_VERIFY_WITH_TIMEOUT(probe.rows() == 3 && probe.idle(), kWaitMs);
    QCOMPARE(probe.status(QStringLiteral("file one.txt")), verifytest::RowStatus::hashed);
    QCOMPARE(probe.status(QStringLiteral("SHA256SUMS")), verifytest::RowStatus::hashed);
    QFile sumsFile(sums);
    QVERIFY(sumsFile.open(QIODevice::ReadOnly));
    QCOMPARE(probe.digest(QStringLiteral("SHA256SUMS"), QStringLiteral("sha256")),
             verifytest::sha256Hex(sumsFile.readAll()));
    QCOMPARE(probe.status(QStringLiteral("gone soon.txt")), verifytest::RowStatus::missing);
    QTRY_VERIFY_WITH_TIMEOUT(!window.isMinimized(), kWaitMs);
}

QTEST_MAIN(SingleInstanceTest)
#include "single_instance_test.moc"
