// VerifyPage: the page that hashes files. It owns the rows (FileTableModel), a queue of rows
// waiting, and at most one HashJob at a time; files are hashed one after another.
#pragma once

#include <QStringList>
#include <QThreadPool>
#include <QWidget>
#include <deque>

#include "verify/hash_outcome.hpp"

class QLabel;
class QPushButton;
class QStackedWidget;
class QTableView;

namespace hashscope::ui {

class FileTableModel;
class HashJob;

class VerifyPage : public QWidget {
    Q_OBJECT

public:
    explicit VerifyPage(QWidget* parent = nullptr);
    ~VerifyPage() override;

    // One row per path (files, but also folders and missing paths, which get a row saying so).
    void addFiles(const QStringList& paths);
    // Stops the file being read (within one block) and marks it and every queued one cancelled.
    void cancel();
    // cancel(), then waits for the worker to return: for closing the window. Blocks at most as
    // long as one block takes to read.
    void shutdown();

    [[nodiscard]] bool busy() const { return job_ != nullptr; }
    [[nodiscard]] FileTableModel* model() const { return model_; }

private:
    void startNext();
    void onJobFinished(const HashOutcome& outcome);
    void refresh();  // buttons, empty state and status line follow the rows
    [[nodiscard]] QString summary() const;

    // Our own pool (DESIGN.md §7): a long hash must never starve QtConcurrent users elsewhere,
    // and shutdown() can wait for exactly our work.
    QThreadPool pool_;
    FileTableModel* model_;
    QStackedWidget* stack_;
    QLabel* emptyState_;
    QTableView* table_;
    QPushButton* cancelButton_;
    QLabel* statusLine_;

    std::deque<int> queue_;  // rows waiting, in order
    HashJob* job_ = nullptr;
    int jobRow_ = -1;
    quint64 bytesHashed_ = 0;  // finished files, for the average rate
    qint64 nsHashed_ = 0;
};

}  // namespace hashscope::ui
