// What a calibration stopped before its end answers, from every step that can be stopped: the
// saved file is written only at the end, so the previous choices stay in force.
#pragma once

#include "hashscope/result.hpp"

namespace hashscope {

inline Error calibration_cancelled() { return Error{"calibration cancelled: the previous choices stay in force"}; }

}  // namespace hashscope
