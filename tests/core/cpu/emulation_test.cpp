// Emulation detection: an aarch64 program under qemu-aarch64 on an x86-64 Linux (the arm64
// preset's tests) must know it, a native one must not think it.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "cpu/emulation.hpp"
#include "hashscope/cpu.hpp"

namespace hashscope::cpu_detail {
namespace {

ProcCpuinfo x86_proc() {
    ProcCpuinfo proc;
    proc.vendor_id = "AuthenticAMD";
    proc.model_name = "AMD EPYC";
    return proc;
}

ProcCpuinfo arm_proc() {
    ProcCpuinfo proc;
    proc.cpu_implementer = "0x41";
    return proc;
}

TEST(Emulation, AKernelOfAnotherArchitectureIsProof) {
    EXPECT_EQ(emulation_from("aarch64", "x86_64", x86_proc()), "aarch64 code on an x86_64 kernel");
    EXPECT_EQ(emulation_from("x86_64", "aarch64", arm_proc()), "x86_64 code on an aarch64 kernel");
    // A newer QEMU that writes an Arm /proc/cpuinfo for its guest does not hide the kernel.
    EXPECT_EQ(emulation_from("aarch64", "x86_64", arm_proc()), "aarch64 code on an x86_64 kernel");
}

TEST(Emulation, NativeWhenTheKernelIsOfTheSameArchitecture) {
    EXPECT_EQ(emulation_from("aarch64", "aarch64", arm_proc()), "");
    EXPECT_EQ(emulation_from("aarch64", "arm64", arm_proc()), "");
    EXPECT_EQ(emulation_from("x86_64", "x86_64", x86_proc()), "");
    EXPECT_EQ(emulation_from("x86_64", "x86_64", ProcCpuinfo{}), "");
}

TEST(Emulation, WithoutTheKernelsWordProcCpuinfoDecides) {
    EXPECT_EQ(emulation_from("aarch64", "", x86_proc()), "aarch64 code on an x86_64 kernel");
    EXPECT_EQ(emulation_from("aarch64", "", arm_proc()), "");
    EXPECT_EQ(emulation_from("x86_64", "", x86_proc()), "");
    // Nothing to go by: never claim emulation.
    EXPECT_EQ(emulation_from("aarch64", "", ProcCpuinfo{}), "");
    EXPECT_EQ(emulation_from("unknown", "x86_64", x86_proc()), "");
}

TEST(Emulation, TheWarningNamesWhatRunsOnWhatAndSaysFiguresAreMeaningless) {
    const std::string warning = emulation_warning("aarch64 code on an x86_64 kernel");
    EXPECT_NE(warning.find("aarch64 code on an x86_64 kernel"), std::string::npos) << warning;
    EXPECT_NE(warning.find("meaningless"), std::string::npos) << warning;
}

// This process, against the kernel's own word: the arm64 preset runs core_tests under
// qemu-aarch64 on an x86-64 Linux, the other presets natively (or under qemu-x86_64: same kernel).
TEST(Emulation, ThisProcessIsEmulatedExactlyWhenTheKernelIsOfAnotherArchitecture) {
    std::ifstream in("/proc/sys/kernel/arch");
    std::string kernel;
    std::getline(in, kernel);
    if (kernel.empty()) GTEST_SKIP() << "no /proc/sys/kernel/arch on this kernel";
    const CpuInfo& cpu = host_cpu();
    EXPECT_EQ(cpu.emulation.empty(), kernel == cpu.architecture) << kernel << ": " << cpu.emulation;
}

}  // namespace
}  // namespace hashscope::cpu_detail
