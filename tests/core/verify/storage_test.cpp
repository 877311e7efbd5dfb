// Telling spinning disks from solid state through sysfs, on fake sysfs trees shaped like the real one.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "hashscope/verify/storage.hpp"

namespace hashscope::verify {
namespace {

namespace fs = std::filesystem;

class StorageTest : public testing::Test {
protected:
    void SetUp() override {
        static int counter = 0;
        sys_ = fs::temp_directory_path() /
               ("hashscope-sysfs-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
        fs::create_directories(sys_ / "dev" / "block");
    }
    void TearDown() override { fs::remove_all(sys_); }

    void write(const fs::path& relative, const std::string& content) {
        fs::create_directories((sys_ / relative).parent_path());
        std::ofstream(sys_ / relative) << content << '\n';
    }
    // A disk at devices/<bus>/block/<name> with its queue/rotational.
    std::string disk(const std::string& bus, const std::string& name, const char* rotational) {
        const std::string dir = "devices/" + bus + "/block/" + name;
        fs::create_directories(sys_ / dir);
        if (rotational != nullptr) write(dir + "/queue/rotational", rotational);
        return dir;
    }
    std::string partition(const std::string& disk_dir, const std::string& name, int number) {
        const std::string dir = disk_dir + "/" + name;
        write(dir + "/partition", std::to_string(number));
        return dir;
    }
    // dev/block/MAJ:MIN -> ../../<dir>, as the kernel lays it out.
    void number(const std::string& id, const std::string& dir) {
        fs::remove(sys_ / "dev" / "block" / id);
        fs::create_symlink("../../" + dir, sys_ / "dev" / "block" / id);
    }
    // <device>/slaves/<name> -> relative link to the slave's folder.
    void slave(const std::string& device_dir, const std::string& slave_dir) {
        fs::create_directories(sys_ / device_dir / "slaves");
        const auto name = fs::path(slave_dir).filename();
        fs::create_symlink(fs::relative(sys_ / slave_dir, sys_ / device_dir / "slaves"),
                           sys_ / device_dir / "slaves" / name);
    }

    fs::path sys_;
};

const std::string kPci = "pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0";
const std::string kNvme = "pci0000:00/0000:00:01.1/0000:01:00.0/nvme/nvme0";

TEST_F(StorageTest, WholeRotationalDisk) {
    number("8:0", disk(kPci, "sda", "1"));
    const auto info = storage_of_device(8, 0, sys_);
    EXPECT_EQ(info.kind, StorageKind::rotational);
    EXPECT_EQ(info.device, "sda");
    EXPECT_EQ(info.how, (sys_ / "block/sda/queue/rotational").string() + " = 1");
}

TEST_F(StorageTest, PartitionReportsItsDisk) {
    const auto sda = disk(kPci, "sda", "1");
    number("8:2", partition(sda, "sda2", 2));
    const auto nvme = disk(kNvme, "nvme0n1", "0");
    number("259:1", partition(nvme, "nvme0n1p1", 1));

    const auto hdd = storage_of_device(8, 2, sys_);
    EXPECT_EQ(hdd.kind, StorageKind::rotational);
    EXPECT_EQ(hdd.device, "sda");
    EXPECT_NE(hdd.how.find("sda2 is a partition of sda"), std::string::npos) << hdd.how;

    const auto ssd = storage_of_device(259, 1, sys_);
    EXPECT_EQ(ssd.kind, StorageKind::solid_state);
    EXPECT_EQ(ssd.device, "nvme0n1");
    EXPECT_NE(ssd.how.find("rotational = 0"), std::string::npos) << ssd.how;
}

TEST_F(StorageTest, DeviceMapperIsRotationalIfAnySlaveIs) {
    const auto sda = disk(kPci, "sda", "1");
    const auto sda1 = partition(sda, "sda1", 1);
    const auto nvme = disk(kNvme, "nvme0n1", "0");
    // The dm device's own flag says solid state; its slaves decide.
    const auto dm0 = disk("virtual", "dm-0", "0");
    slave(dm0, sda1);
    slave(dm0, nvme);
    number("254:0", dm0);

    const auto info = storage_of_device(254, 0, sys_);
    EXPECT_EQ(info.kind, StorageKind::rotational);
    EXPECT_EQ(info.device, "dm-0");
    EXPECT_NE(info.how.find("dm-0 stacks on"), std::string::npos) << info.how;
    EXPECT_NE(info.how.find("sda1 of"), std::string::npos) << info.how;
}

TEST_F(StorageTest, NestedStackOnSolidStateIsSolidState) {
    const auto nvme0 = disk(kNvme, "nvme0n1", "0");
    const auto nvme1 = disk("pci0000:00/0000:00:01.2/0000:02:00.0/nvme/nvme1", "nvme1n1", "0");
    const auto md0 = disk("virtual", "md0", "1");  // a misleading default, ignored
    slave(md0, nvme0);
    slave(md0, nvme1);
    const auto dm1 = disk("virtual", "dm-1", nullptr);
    slave(dm1, md0);
    number("254:1", dm1);

    const auto info = storage_of_device(254, 1, sys_);
    EXPECT_EQ(info.kind, StorageKind::solid_state) << info.how;
    EXPECT_EQ(info.device, "dm-1");
}

TEST_F(StorageTest, TwoPartitionsOfOneDiskAreNotALoop) {
    const auto sdb = disk(kPci, "sdb", "0");
    const auto dm2 = disk("virtual", "dm-2", nullptr);
    slave(dm2, partition(sdb, "sdb1", 1));
    slave(dm2, partition(sdb, "sdb2", 2));
    number("254:2", dm2);
    const auto info = storage_of_device(254, 2, sys_);
    EXPECT_EQ(info.kind, StorageKind::solid_state) << info.how;
}

TEST_F(StorageTest, MajorZeroIsUnknown) {
    const auto info = storage_of_device(0, 42, sys_);
    EXPECT_EQ(info.kind, StorageKind::unknown);
    EXPECT_EQ(info.device, "");
    EXPECT_EQ(info.how, "no block device (major 0: tmpfs, overlay or network file system)");
}

TEST_F(StorageTest, MissingEntriesAreUnknownWithAReason) {
    const auto none = storage_of_device(8, 99, sys_);
    EXPECT_EQ(none.kind, StorageKind::unknown);
    EXPECT_EQ(none.device, "");
    EXPECT_NE(none.how.find("8:99"), std::string::npos) << none.how;

    number("8:16", disk(kPci, "sdb", nullptr));
    const auto no_flag = storage_of_device(8, 16, sys_);
    EXPECT_EQ(no_flag.kind, StorageKind::unknown);
    EXPECT_EQ(no_flag.device, "sdb");
    EXPECT_NE(no_flag.how.find("queue/rotational"), std::string::npos) << no_flag.how;

    number("8:32", disk(kPci, "sdc", "maybe"));
    EXPECT_EQ(storage_of_device(8, 32, sys_).kind, StorageKind::unknown);
}

// A loop device's backing file is a real file here; its real device number is given a fake entry.
TEST_F(StorageTest, LoopDeviceReportsItsBackingFile) {
    const fs::path backing = sys_ / "image.bin";
    std::ofstream(backing) << "disk image";
    struct stat st {};
    ASSERT_EQ(::stat(backing.c_str(), &st), 0);
    if (::major(st.st_dev) == 0 || ::major(st.st_dev) == 7)
        GTEST_SKIP() << "the temporary folder is not on a plain disk";
    const std::string real_id = std::to_string(::major(st.st_dev)) + ":" + std::to_string(::minor(st.st_dev));

    const auto loop0 = disk("virtual", "loop0", "0");  // the loop's own flag: not what counts
    write(loop0 + "/loop/backing_file", backing.string());
    number("7:0", loop0);
    number(real_id, disk(kPci, "sda", "1"));

    const auto info = storage_of_device(7, 0, sys_);
    EXPECT_EQ(info.kind, StorageKind::rotational) << info.how;
    EXPECT_EQ(info.device, "loop0");
    EXPECT_NE(info.how.find("backing file " + backing.string()), std::string::npos) << info.how;

    // A loop whose backing file lies on the loop itself must end, unknown.
    number(real_id, loop0);
    const auto cyclic = storage_of_device(7, 0, sys_);
    EXPECT_EQ(cyclic.kind, StorageKind::unknown);
    EXPECT_NE(cyclic.how.find("stacked on itself"), std::string::npos) << cyclic.how;
}

TEST(StorageRealMachine, RootDescribesItself) {
    const auto info = storage_of("/");
    EXPECT_FALSE(info.how.empty());  // any kind is valid on whatever machine runs this
}

TEST(StorageRealMachine, ProcHasNoBlockDevice) {
    const auto info = storage_of("/proc");
    EXPECT_EQ(info.kind, StorageKind::unknown);
    EXPECT_NE(info.how.find("major 0"), std::string::npos) << info.how;
}

TEST(StorageRealMachine, MissingPathIsUnknown) {
    const auto info = storage_of("/nonexistent/hashscope/path");
    EXPECT_EQ(info.kind, StorageKind::unknown);
    EXPECT_NE(info.how.find("No such file or directory"), std::string::npos) << info.how;
}

}  // namespace
}  // namespace hashscope::verify
