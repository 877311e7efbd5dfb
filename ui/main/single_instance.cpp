#include "main/single_instance.hpp"

#include "common/file_names.hpp"

#include <QDeadlineTimer>
#include <QLocalServer>
#include <QLocalSocket>
#include <QLockFile>
#include <QStandardPaths>
#include <QTimer>
#include <QtEndian>
#include <algorithm>
#include <filesystem>
#include <limits>
#include <utility>

namespace hashscope::ui {
namespace {

constexpr char kMagic[] = "HSO1";
constexpr qsizetype kMagicSize = 4;
constexpr qsizetype kWordSize = 4;
constexpr quint32 kHashFlag = 1U;
constexpr char kAnswer = 'K';
// A sender that connects and then says nothing is dropped after this long, so that a broken one
// cannot hold memory for ever.
constexpr int kReadTimeoutMs = 30000;

void appendWord(QByteArray& out, quint32 value) {
    const quint32 big = qToBigEndian(value);
    out.append(reinterpret_cast<const char*>(&big), kWordSize);
}

quint32 wordAt(const QByteArray& in, qsizetype at) {
    return qFromBigEndian<quint32>(reinterpret_cast<const uchar*>(in.constData() + at));
}

int remainingMs(const QDeadlineTimer& deadline) {
    return static_cast<int>(std::clamp<qint64>(deadline.remainingTime(), 0, std::numeric_limits<int>::max()));
}

HandOff sendOn(QLocalSocket& socket, const OpenRequest& request, const QDeadlineTimer& deadline) {
    const QByteArray message = encodeRequest(request);
    if (socket.write(message) != message.size()) return HandOff::noAnswer;
    while (socket.bytesToWrite() > 0) {
        if (!socket.waitForBytesWritten(remainingMs(deadline))) return HandOff::noAnswer;
    }
    while (socket.bytesAvailable() < 1) {
        if (!socket.waitForReadyRead(remainingMs(deadline))) return HandOff::noAnswer;
    }
    char answer = 0;
    return socket.getChar(&answer) && answer == kAnswer ? HandOff::delivered : HandOff::noAnswer;
}

// Connects, and says whether anything listens: a socket file nobody listens on (left by a crash)
// refuses at once, while a live instance too busy to accept only makes the wait time out.
HandOff connectTo(QLocalSocket& socket, const QString& name, int timeoutMs) {
    socket.connectToServer(name);
    if (socket.waitForConnected(timeoutMs)) return HandOff::delivered;
    const auto error = socket.error();
    return error == QLocalSocket::ServerNotFoundError || error == QLocalSocket::ConnectionRefusedError
               ? HandOff::noServer
               : HandOff::noAnswer;
}

}  // namespace

QByteArray encodeRequest(const OpenRequest& request) {
    QByteArray payload(kMagic, kMagicSize);
    appendWord(payload, request.hash ? kHashFlag : 0U);
    appendWord(payload, static_cast<quint32>(request.paths.size()));
    for (const QByteArray& path : request.paths) {
        appendWord(payload, static_cast<quint32>(path.size()));
        payload.append(path);
    }
    QByteArray message;
    message.reserve(kWordSize + payload.size());
    appendWord(message, static_cast<quint32>(payload.size()));
    return message.append(payload);
}

RequestReader::State RequestReader::feed(const QByteArray& bytes) {
    if (state_ != State::incomplete) return state_;
    buffer_.append(bytes);
    if (buffer_.size() < kWordSize) return state_;
    const qint64 length = wordAt(buffer_, 0);
    if (length > kMaxMessageBytes) return state_ = State::invalid;
    // More than one message on a connection is not how a launch talks.
    if (buffer_.size() > kWordSize + length) return state_ = State::invalid;
    if (buffer_.size() < kWordSize + length) return state_;
    state_ = parse();
    buffer_.clear();
    return state_;
}

RequestReader::State RequestReader::parse() {
    qsizetype at = kWordSize;
    const qsizetype end = buffer_.size();
    if (end - at < kMagicSize + 2 * kWordSize || buffer_.mid(at, kMagicSize) != QByteArray(kMagic, kMagicSize)) {
        return State::invalid;
    }
    at += kMagicSize;
    const quint32 flags = wordAt(buffer_, at);
    const quint32 count = wordAt(buffer_, at + kWordSize);
    at += 2 * kWordSize;
    if ((flags & ~kHashFlag) != 0 || count > static_cast<quint64>(end - at) / kWordSize) return State::invalid;
    OpenRequest request;
    request.hash = (flags & kHashFlag) != 0;
    request.paths.reserve(count);
    for (quint32 i = 0; i < count; ++i) {
        if (end - at < kWordSize) return State::invalid;
        const quint32 size = wordAt(buffer_, at);
        at += kWordSize;
        if (size > static_cast<quint64>(end - at)) return State::invalid;
        request.paths << buffer_.mid(at, size);
        at += size;
    }
    if (at != end) return State::invalid;
    request_ = std::move(request);
    return State::complete;
}

QStringList filePaths(const OpenRequest& request) {
    QStringList paths;
    paths.reserve(request.paths.size());
    for (const QByteArray& path : request.paths) paths << nameFromBytes(path);
    return paths;
}

QByteArray absolutePath(const QByteArray& path, const QByteArray& workingFolder) {
    if (!path.startsWith('/') && workingFolder.isEmpty()) return path;
    const QByteArray joined = path.startsWith('/') ? path : workingFolder + '/' + path;
    std::string normal = std::filesystem::path(joined.toStdString()).lexically_normal().native();
    while (normal.size() > 1 && normal.back() == '/') normal.pop_back();  // "dir/" and "." name the folder
    return QByteArray::fromStdString(normal);
}

QString instanceSocketName() {
    return QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation) +
           QStringLiteral("/io.github.hashscope.HashScope.socket");
}

HandOff handOff(const QString& socketName, const OpenRequest& request, int timeoutMs) {
    const QDeadlineTimer deadline(timeoutMs);
    QLocalSocket socket;
    const HandOff connected = connectTo(socket, socketName, timeoutMs);
    if (connected != HandOff::delivered) return connected;
    return sendOn(socket, request, deadline);
}

SingleInstance::SingleInstance(QString socketName, QObject* parent) : QObject(parent), name_(std::move(socketName)) {}

SingleInstance::~SingleInstance() = default;  // the server, a child, closes and removes its socket

bool SingleInstance::listening() const { return server_ && server_->isListening(); }

SingleInstance::Role SingleInstance::start(const OpenRequest& request, int timeoutMs) {
    // Held from looking for a server until listening: of two launches at once, the second finds
    // the first's server rather than removing its socket as stale.
    QLockFile lock(name_ + QStringLiteral(".lock"));
    lock.setStaleLockTime(0);  // a lock is stale only when the process holding it is gone
    if (!lock.tryLock(timeoutMs)) return Role::alone;

    const QDeadlineTimer deadline(timeoutMs);
    QLocalSocket socket;
    const HandOff connected = connectTo(socket, name_, timeoutMs);
    if (connected == HandOff::delivered) {
        lock.unlock();
        return sendOn(socket, request, deadline) == HandOff::delivered ? Role::delivered : Role::alone;
    }
    if (connected == HandOff::noAnswer) return Role::alone;  // alive but stuck: leave its socket be
    QLocalServer::removeServer(name_);                       // left by an instance that crashed
    return listen() ? Role::server : Role::alone;
}

bool SingleInstance::listen() {
    server_ = new QLocalServer(this);
    server_->setSocketOptions(QLocalServer::UserAccessOption);
    connect(server_, &QLocalServer::newConnection, this, &SingleInstance::accept);
    return server_->listen(name_);
}

void SingleInstance::accept() {
    while (QLocalSocket* socket = server_->nextPendingConnection()) {
        readers_.insert(socket, RequestReader());
        connect(socket, &QLocalSocket::readyRead, this, [this, socket] { read(socket); });
        connect(socket, &QLocalSocket::disconnected, this, [this, socket] {
            readers_.remove(socket);
            socket->deleteLater();
        });
        QTimer::singleShot(kReadTimeoutMs, socket, [socket] { socket->abort(); });
        read(socket);  // what came with the connection
    }
}

void SingleInstance::read(QLocalSocket* socket) {
    const auto reader = readers_.find(socket);
    if (reader == readers_.end() || socket->bytesAvailable() == 0) return;
    switch (reader->feed(socket->readAll())) {
        case RequestReader::State::incomplete:
            return;
        case RequestReader::State::invalid:
            socket->abort();
            return;
        case RequestReader::State::complete: {
            const OpenRequest request = reader->request();
            readers_.erase(reader);
            emit requested(request);
            socket->putChar(kAnswer);
            socket->disconnectFromServer();  // after the answer is written
            return;
        }
    }
}

}  // namespace hashscope::ui
