// Writing a whole file so that a crash, a full disk or a read-only folder never leaves a half
// file behind or destroys the old one: write a temporary beside it, flush, then rename over.
#pragma once

#include <filesystem>
#include <string_view>

#include "hashscope/result.hpp"

namespace hashscope {

Result<bool> write_file_atomically(const std::filesystem::path& path, std::string_view content);

}  // namespace hashscope
