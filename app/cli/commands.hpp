// The subcommands of hashscope-cli. Each takes the arguments after its name and returns the exit
// status: 0 success, 1 a file failed or did not match, 2 unusable arguments.
#pragma once

#include <string>

#include "hashscope/calibration.hpp"

namespace hashscope::cli {

inline constexpr int exit_ok = 0;
inline constexpr int exit_failed = 1;
inline constexpr int exit_usage = 2;

int run_sum(int argc, char** argv, int first);
int run_list(int argc, char** argv, int first);
int run_cpu(int argc, char** argv, int first, const AppliedCalibration& calibration);
int run_calibrate(int argc, char** argv, int first);
int run_bench(int argc, char** argv, int first);
int run_results(int argc, char** argv, int first);
int run_advise(int argc, char** argv, int first);
int run_check(int argc, char** argv, int first);
int run_audit(int argc, char** argv, int first);
int run_verify(int argc, char** argv, int first);
int run_selftest(int argc, char** argv, int first);
int run_merge(int argc, char** argv, int first);

// "hashscope-cli: message" on stderr.
void complain(const std::string& message);
// complain(), then "Try 'hashscope-cli --help' for more information." as coreutils follows a usage error.
void complain_usage(const std::string& message);

}  // namespace hashscope::cli
