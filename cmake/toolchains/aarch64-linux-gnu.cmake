# Cross-building for 64-bit Arm Linux from an x86-64 Debian: Debian's aarch64 GCC against a sysroot
# of Debian's arm64 packages, with the test programs run by QEMU's user-mode emulator.
# `scripts/install-deps --arm64` installs the compiler and QEMU and makes the sysroot; the `arm64`
# preset (CMakePresets.json) uses this file.
#
# HASHSCOPE_ARM64_SYSROOT (environment or -D) names the sysroot; by default the one install-deps
# makes, ~/.cache/hashscope/arm64-sysroot.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

if(NOT HASHSCOPE_ARM64_SYSROOT)
  if(DEFINED ENV{HASHSCOPE_ARM64_SYSROOT})
    set(HASHSCOPE_ARM64_SYSROOT "$ENV{HASHSCOPE_ARM64_SYSROOT}")
  else()
    set(HASHSCOPE_ARM64_SYSROOT "$ENV{HOME}/.cache/hashscope/arm64-sysroot")
  endif()
endif()
if(NOT EXISTS "${HASHSCOPE_ARM64_SYSROOT}/usr/include")
  message(FATAL_ERROR "No arm64 sysroot in ${HASHSCOPE_ARM64_SYSROOT}: run scripts/install-deps --arm64")
endif()
# try_compile projects read this file again: hand them the same sysroot.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES HASHSCOPE_ARM64_SYSROOT)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_SYSROOT "${HASHSCOPE_ARM64_SYSROOT}")
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

# Headers, libraries and CMake packages from the sysroot only; programs (pkg-config, python3,
# the reference tools the CLI tests run) from the host.
set(CMAKE_FIND_ROOT_PATH "${HASHSCOPE_ARM64_SYSROOT}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Qt 6: the arm64 libraries and CMake packages from the sysroot, but moc, uic and rcc from the host
# (qt6-base-dev-tools): the sysroot's own are arm64 programs. Setting QT_HOST_PATH is what makes
# Qt's CMake packages look for every Qt6*Tools package (Qt6CoreTools, Qt6WidgetsTools) in
# QT_HOST_PATH_CMAKE_DIR first, with QT_HOST_PATH added to the find roots for that search only (so
# the folder is not prefixed with the sysroot); the host's package then names the host's
# /usr/lib/qt6/libexec/moc. Nothing else is looked for on the host.
if(NOT DEFINED QT_HOST_PATH)
  set(QT_HOST_PATH /usr CACHE PATH "Where the host's Qt 6 tools are installed (the prefix of lib/qt6/libexec)")
endif()
if(NOT DEFINED QT_HOST_PATH_CMAKE_DIR)
  execute_process(COMMAND dpkg-architecture -qDEB_BUILD_MULTIARCH OUTPUT_VARIABLE host_multiarch
                  OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
  set(QT_HOST_PATH_CMAKE_DIR "${QT_HOST_PATH}/lib/${host_multiarch}/cmake" CACHE PATH
      "The host's Qt 6 CMake packages (Qt6CoreTools and the other tools packages)")
endif()

# The host's pkg-config, reading only the sysroot's .pc files and prefixing the paths it prints.
set(ENV{PKG_CONFIG_SYSROOT_DIR} "${HASHSCOPE_ARM64_SYSROOT}")
set(ENV{PKG_CONFIG_LIBDIR}
    "${HASHSCOPE_ARM64_SYSROOT}/usr/lib/aarch64-linux-gnu/pkgconfig:${HASHSCOPE_ARM64_SYSROOT}/usr/share/pkgconfig")
unset(ENV{PKG_CONFIG_PATH})

# ctest (and gtest_discover_tests) run the test programs through QEMU, with the sysroot's dynamic
# loader and libraries. The CPU model comes from QEMU_CPU in the environment (default: max).
find_program(HASHSCOPE_QEMU_AARCH64 NAMES qemu-aarch64 qemu-aarch64-static REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR "${HASHSCOPE_QEMU_AARCH64};-L;${HASHSCOPE_ARM64_SYSROOT}")
