// The thread that maps a file's pages ahead of its one hashing thread and unmaps them behind it.
#include "verify/map_ahead_thread.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <thread>

#include "mapping_test_support.hpp"
#include "verify/mapped_file.hpp"

namespace hashscope::verify {
namespace {

using namespace std::chrono_literals;
using testing_pages::mapped_pages;

// Whether `condition` becomes true within a few seconds (it is up to another thread).
bool eventually(const std::function<bool()>& condition) {
    const auto limit = std::chrono::steady_clock::now() + 5s;
    while (!condition()) {
        if (std::chrono::steady_clock::now() > limit) return false;
        std::this_thread::yield();
    }
    return true;
}

// Whether this kernel maps and unmaps pages of `file` as asked (a user-mode emulator takes the
// requests and does nothing), tried on its first page; and whether /proc/self/pagemap can tell.
bool kernel_maps_as_asked(const MappedFile& file) {
    auto* first = const_cast<std::byte*>(file.bytes().data());
    const std::size_t page = testing_pages::page_size();
    if (::madvise(first, page, MADV_POPULATE_READ) != 0) return false;
    const bool mapped = mapped_pages(file.bytes().first(page)) == std::optional<std::size_t>(1);
    ::madvise(first, page, MADV_DONTNEED);
    return mapped && mapped_pages(file.bytes().first(page)) == std::optional<std::size_t>(0);
}

class MapAheadThreadTest : public testing::Test {
protected:
    void SetUp() override { ASSERT_GE(data_.fd(), 0); }

    // Pages of windows [first, first + count) mapped now.
    static std::size_t mapped(const MappedFile& file, std::size_t first, std::size_t count) {
        return mapped_pages(file.bytes().subspan(first * kStep, count * kStep)).value_or(0);
    }

    // As long as the largest folio the page cache makes here (2 MiB on x86-64): a fault in a
    // large folio maps all of it, so shorter windows in one folio would be mapped together.
    static constexpr std::size_t kStep = std::size_t{2} << 20;
    static constexpr std::size_t kWindows = 8;
    static constexpr std::size_t kSize = kStep * kWindows;
    static inline const std::size_t kPagesPerWindow = kStep / testing_pages::page_size();
    testing_pages::PatternedFile data_{"hashscope-map-ahead", kSize};
};

TEST_F(MapAheadThreadTest, MapsTheNextTwoWindowsAndUnmapsThoseTheHashHasPassed) {
    const MappedFile file(data_.fd(), kSize);
    ASSERT_TRUE(file.ok());
    if (!kernel_maps_as_asked(file)) GTEST_SKIP() << "pages are not mapped as asked, or /proc/self/pagemap cannot tell";
    ASSERT_EQ(mapped(file, 0, kWindows), 0U);  // a fresh mapping: every page would fault

    MapAheadThread ahead(file.bytes(), kStep);
    EXPECT_TRUE(eventually([&] { return mapped(file, 0, 2) == 2 * kPagesPerWindow; }))
        << mapped(file, 0, 2) << " of " << 2 * kPagesPerWindow << " pages";
    EXPECT_EQ(mapped(file, 4, 4), 0U) << "mapped further ahead than two windows";

    ahead.passed(3 * kStep);  // the hash is in the fourth window
    EXPECT_TRUE(eventually([&] { return mapped(file, 3, 2) == 2 * kPagesPerWindow; }));
    EXPECT_TRUE(eventually([&] { return mapped(file, 0, 3) == 0; })) << "the windows passed are still mapped";
    EXPECT_EQ(mapped(file, 6, 2), 0U);

    ahead.passed(kSize);  // the end: every whole window passed is unmapped
    EXPECT_TRUE(eventually([&] { return mapped(file, 0, kWindows) == 0; }));
}

TEST_F(MapAheadThreadTest, AFileCutShortStopsTheMappingWithoutASignal) {
    const MappedFile file(data_.fd(), kSize);
    ASSERT_TRUE(file.ok());
    if (!kernel_maps_as_asked(file)) GTEST_SKIP() << "pages are not mapped as asked, or /proc/self/pagemap cannot tell";
    ASSERT_EQ(::truncate(data_.path().c_str(), static_cast<off_t>(kStep / 2)), 0);
    {
        // Reading the mapping past the new end would raise SIGBUS and end this test program.
        MapAheadThread ahead(file.bytes(), kStep);
        EXPECT_TRUE(eventually([&] { return mapped(file, 0, 1) > 0; })) << "the half window left was not mapped";
        ahead.passed(kStep);
    }  // joined
    EXPECT_EQ(mapped(file, 1, kWindows - 1), 0U);
}

}  // namespace
}  // namespace hashscope::verify
