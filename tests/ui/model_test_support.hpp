// The fixture the item-model tests share: a fresh model for every test function, watched by
// QAbstractItemModelTester from the start, so that every signal and index rule is checked as the
// test drives the model, and a broken one fails the test function that broke it.
#pragma once

#include <QAbstractItemModelTester>
#include <memory>

namespace modeltest {

// A tester that reports through QtTest (QFAIL), not qWarning or an abort.
inline std::unique_ptr<QAbstractItemModelTester> watch(QAbstractItemModel* model) {
    return std::make_unique<QAbstractItemModelTester>(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
}

template <class Model>
class ModelFixture {
protected:
    void makeModel() {
        model_ = std::make_unique<Model>();
        tester_ = watch(model_.get());
    }
    void dropModel() {
        tester_.reset();  // before the model it watches
        model_.reset();
    }

    std::unique_ptr<Model> model_;

private:
    std::unique_ptr<QAbstractItemModelTester> tester_;
};

}  // namespace modeltest
