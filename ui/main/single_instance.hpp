// One window per user: a second `hashscope FILE...` hands its files to the window already open
// and exits, as a file manager's "Open with" expects. The first instance listens on a local
// socket in the user's runtime folder; a later one connects, sends one message and waits for the
// answer. Paths travel as the file system spells them (local 8-bit bytes, never re-encoded), and
// every wait has a deadline: a first instance that hangs makes the second open its own window,
// never hang with it. The listening side reads on the GUI thread's event loop, never blocking it.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

class QLocalServer;
class QLocalSocket;

namespace hashscope::ui {

// What one launch asks of the window: files and folders to open, as absolute paths.
struct OpenRequest {
    QList<QByteArray> paths;  // local 8-bit bytes (QFile::encodeName), resolved by the sender
    bool hash = false;        // --hash: hash everything, checksum files too, rather than check them
    friend bool operator==(const OpenRequest&, const OpenRequest&) = default;
};

// The message on the socket: a 32-bit big-endian length, then the payload ("HSO1", flags,
// the number of paths, and each path as a 32-bit length and its bytes).
QByteArray encodeRequest(const OpenRequest& request);

// Reads one message as it arrives, in pieces of any size.
class RequestReader {
public:
    enum class State { incomplete, complete, invalid };
    // The largest message accepted: far more than any command line can hold.
    static constexpr qint64 kMaxMessageBytes = qint64{256} << 20;

    State feed(const QByteArray& bytes);
    [[nodiscard]] State state() const { return state_; }
    // The request, once complete.
    [[nodiscard]] const OpenRequest& request() const { return request_; }

private:
    State parse();

    QByteArray buffer_;
    OpenRequest request_;
    State state_ = State::incomplete;
};

// The request's paths as the window takes them (QFile::decodeName).
QStringList filePaths(const OpenRequest& request);

// A path the way a launch in `workingFolder` means it: relative ones under the folder, and "." and
// ".." resolved by name as QFileInfo::absoluteFilePath() does. Resolved by the sender, since the
// window runs in another folder.
QByteArray absolutePath(const QByteArray& path, const QByteArray& workingFolder);

// The socket's name: a path in the user's runtime folder ($XDG_RUNTIME_DIR), which only the user
// can enter.
QString instanceSocketName();

class SingleInstance : public QObject {
    Q_OBJECT

public:
    enum class Role {
        server,     // no window was open: this process opens it and listens for later launches
        delivered,  // the window already open took the request: exit
        alone,      // no answer in time (or the socket could not be made): open a window anyway
    };

    explicit SingleInstance(QString socketName, QObject* parent = nullptr);
    ~SingleInstance() override;

    // Before any window: hands `request` to the running instance, or, when none answers the
    // connection (none running, or a socket left by one that crashed), becomes it. Two launches at
    // once decide one after the other (a lock file beside the socket), so only one listens.
    // Blocks at most about `timeoutMs` (twice that if another launch holds the lock).
    Role start(const OpenRequest& request, int timeoutMs);

    [[nodiscard]] bool listening() const;

signals:
    // A later launch's request, once read whole; it has been answered by then.
    void requested(const hashscope::ui::OpenRequest& request);

private:
    bool listen();
    void accept();
    void read(QLocalSocket* socket);

    QString name_;
    QLocalServer* server_ = nullptr;
    QHash<QLocalSocket*, RequestReader> readers_;  // the connections being read
};

enum class HandOff {
    delivered,  // taken and answered
    noServer,   // nothing listens on the socket (none there, or one left by a crash)
    noAnswer,   // it connected, but did not take the whole message and answer in time
};

// Sends `request` to the instance listening on `socketName` and waits for its answer, at most
// `timeoutMs` in all.
HandOff handOff(const QString& socketName, const OpenRequest& request, int timeoutMs);

}  // namespace hashscope::ui
