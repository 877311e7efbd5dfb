// Mapping a window's cached pages ahead of the hash, and leaving the disk's to the hash.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "mapping_test_support.hpp"
#include "verify/mapped_file.hpp"
#include "verify/page_cache.hpp"

namespace hashscope::verify {
namespace {

using testing_pages::mapped_pages;
using testing_pages::page_present;

const auto kPage = testing_pages::page_size();

class MappedFileTest : public testing::Test {
protected:
    void SetUp() override { ASSERT_GE(data_.fd(), 0); }

    // Drops the file from the page cache: false where the file system keeps it (tmpfs).
    bool evict() const {
        ::fdatasync(data_.fd());
        ::posix_fadvise(data_.fd(), 0, 0, POSIX_FADV_DONTNEED);
        return !looks_cached(data_.fd(), kSize);
    }

    static constexpr std::size_t kSize = std::size_t{1} << 20;
    testing_pages::PatternedFile data_{"hashscope-mapped", kSize};
};

TEST_F(MappedFileTest, ACachedWindowIsMappedBeforeTheHashReadsIt) {
    const MappedFile file(data_.fd(), kSize);
    ASSERT_TRUE(file.ok());
    const auto before = mapped_pages(file.bytes());
    if (!before) GTEST_SKIP() << "/proc/self/pagemap does not describe this process's pages";
    EXPECT_EQ(*before, 0U);  // a fresh mapping: every page would fault
    // What the hash finds when read_mapped() hands it the window (the test's own reads of
    // /proc/self/pagemap touch no mapped byte).
    std::vector<std::uintptr_t> unmapped_blocks;
    std::optional<std::size_t> mapped_when_touched;
    EXPECT_TRUE(read_mapped(file.bytes(), [&] {
        // A read in every 64 KiB block, and the kernel maps the cached pages around it (all of
        // them where they sit in small folios; a large folio a block boundary cuts may be left out).
        constexpr std::size_t kBlock = std::size_t{64} << 10;
        const auto base = reinterpret_cast<std::uintptr_t>(file.bytes().data());
        for (auto at = base; at < base + kSize; at = (at | (kBlock - 1)) + 1) {
            if (page_present(reinterpret_cast<const void*>(at)) != std::optional<bool>(true)) {
                unmapped_blocks.push_back(at - base);
            }
        }
        mapped_when_touched = mapped_pages(file.bytes());
    }));
    EXPECT_EQ(unmapped_blocks, std::vector<std::uintptr_t>{});
    EXPECT_GT(mapped_when_touched, kSize / kPage / 2);
}

TEST_F(MappedFileTest, AWindowNotCachedIsLeftToTheHashAndItsReadahead) {
    if (!evict()) GTEST_SKIP() << "this file system keeps the file in memory (tmpfs?)";
    const MappedFile file(data_.fd(), kSize);
    ASSERT_TRUE(file.ok());
    if (!mapped_pages(file.bytes())) GTEST_SKIP() << "/proc/self/pagemap does not describe this process's pages";
    EXPECT_TRUE(read_mapped(file.bytes(), [] {}));
    EXPECT_EQ(mapped_pages(file.bytes()), 0U);
    EXPECT_FALSE(looks_cached(data_.fd(), kSize)) << "nothing was read from the disk";
}

TEST_F(MappedFileTest, ResidenceIsSampledFromTheFirstPageToTheLast) {
    const MappedFile file(data_.fd(), kSize);
    ASSERT_TRUE(file.ok());
    const auto bytes = file.bytes();
    EXPECT_TRUE(looks_resident(bytes, 3));
    // Only the first half back in the cache (no readahead past it).
    if (!evict()) GTEST_SKIP() << "this file system keeps the file in memory (tmpfs?)";
    ::posix_fadvise(data_.fd(), 0, 0, POSIX_FADV_RANDOM);
    std::vector<char> half(kSize / 2);
    ASSERT_EQ(::pread(data_.fd(), half.data(), half.size(), 0), static_cast<ssize_t>(half.size()));
    EXPECT_TRUE(looks_resident(bytes.first(kSize / 2), 3));
    EXPECT_TRUE(looks_resident(bytes, 1));   // the first page only
    EXPECT_FALSE(looks_resident(bytes, 2));  // the first and the last
    EXPECT_FALSE(looks_resident(bytes, 3));
    EXPECT_TRUE(looks_resident(bytes.first(0), 3));
    // So the whole window is left to the hash.
    if (!mapped_pages(bytes)) GTEST_SKIP() << "/proc/self/pagemap does not describe this process's pages";
    EXPECT_TRUE(read_mapped(bytes, [] {}));
    EXPECT_EQ(mapped_pages(bytes), 0U);
}

}  // namespace
}  // namespace hashscope::verify
