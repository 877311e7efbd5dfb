// A measured cell made up for the results tests: ten samples of `mean` ns/op with a 99.9%
// half-width of `error`, and the GB/s that mean gives.
#pragma once

#include <string>

#include "hashscope/bench/report.hpp"

namespace hashscope::bench::testing {

inline CellResult made_cell(std::string algorithm, std::size_t size, double mean, double error) {
    CellResult c;
    c.algorithm = std::move(algorithm);
    c.implementation = "portable";
    c.size = size;
    c.samples = 10;
    c.ns_per_op = {10, mean, mean, mean, mean, error / 2, error};
    c.gb_per_s = static_cast<double>(size) / mean;
    return c;
}

}  // namespace hashscope::bench::testing
