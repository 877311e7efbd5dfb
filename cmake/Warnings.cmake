# One place for the warning flags every target of ours uses.
add_library(hashscope_warnings INTERFACE)
target_compile_options(hashscope_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)
if(HASHSCOPE_WERROR)
  target_compile_options(hashscope_warnings INTERFACE -Werror)
endif()
# GCC 12 at -O3 reports -Wrestrict inside libstdc++'s std::string::_M_replace for ordinary string
# code (GCC bug 105329, fixed in 13): a false positive that would fail the release preset.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(hashscope_warnings INTERFACE -Wno-restrict)
endif()
# The CRC folding constants are computed at compile time (crc/polynomial.hpp); clang's default
# budget of constexpr evaluation steps (1,048,576) is too small for them, GCC's is not.
if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  target_compile_options(hashscope_warnings INTERFACE -fconstexpr-steps=100000000)
endif()
# Through a precompiled header, GCC 12 loses track of some inlined libstdc++ std::string code
# being a system header's and reports -Warray-bounds and -Wstringop-* false positives in it
# (ui/bench/bench_run.cpp compiles clean without the header, not with it). The targets that use
# one (the GUI library and the GUI tests) take this as well; clang-tidy's clang diagnostics still
# check their bounds.
add_library(hashscope_pch_warnings INTERFACE)
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(hashscope_pch_warnings INTERFACE -Wno-array-bounds -Wno-stringop-overflow -Wno-stringop-overread)
endif()
