# Every external library, found once, exposed as an imported target.
# scripts/install-deps installs the Debian packages named beside each one.
find_package(PkgConfig REQUIRED)
find_package(Threads REQUIRED)
find_package(OpenSSL 3.0 REQUIRED)                                  # libssl-dev
find_package(ZLIB REQUIRED)                                         # zlib1g-dev
pkg_check_modules(ISAL REQUIRED IMPORTED_TARGET libisal)            # libisal-dev
pkg_check_modules(LIBDEFLATE REQUIRED IMPORTED_TARGET libdeflate)   # libdeflate-dev
pkg_check_modules(XXHASH REQUIRED IMPORTED_TARGET libxxhash)        # libxxhash-dev
pkg_check_modules(GCRYPT REQUIRED IMPORTED_TARGET libgcrypt)        # libgcrypt20-dev
pkg_check_modules(NETTLE REQUIRED IMPORTED_TARGET nettle)           # nettle-dev
pkg_check_modules(LIBB2 REQUIRED IMPORTED_TARGET libb2)             # libb2-dev
pkg_check_modules(SODIUM REQUIRED IMPORTED_TARGET libsodium)        # libsodium-dev
pkg_check_modules(GPGME REQUIRED IMPORTED_TARGET gpgme)             # libgpgme-dev (and gnupg to run)
find_package(nlohmann_json 3.10 REQUIRED)                           # nlohmann-json3-dev

# The libraries HashScope opens on first use instead of linking (libcrypto, libgcrypt, Nettle,
# libb2, libsodium, GPGME: core/src/algorithms/backends/lazy_library.hpp) are opened by the soname
# of the one found here, read from its dynamic section: HASHSCOPE_SONAME_<NAME>.
function(hashscope_soname name library_file)
  execute_process(COMMAND "${CMAKE_OBJDUMP}" -p "${library_file}"
                  OUTPUT_VARIABLE dump ERROR_VARIABLE dump_error RESULT_VARIABLE dump_result)
  if(NOT dump_result EQUAL 0 OR NOT dump MATCHES "SONAME +([^ \n]+)")
    message(FATAL_ERROR "cannot read the soname of ${library_file} with ${CMAKE_OBJDUMP}: ${dump_error}")
  endif()
  set(HASHSCOPE_SONAME_${name} "${CMAKE_MATCH_1}" PARENT_SCOPE)
endfunction()
# The library file itself among a pkg-config module's link libraries (full paths).
function(hashscope_pkg_soname name module library)
  foreach(file IN LISTS ${module}_LINK_LIBRARIES)
    if(file MATCHES "/lib${library}\\.so$")
      hashscope_soname(${name} "${file}")
      set(HASHSCOPE_SONAME_${name} "${HASHSCOPE_SONAME_${name}}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  message(FATAL_ERROR "pkg-config's ${module} names no lib${library}.so: ${${module}_LINK_LIBRARIES}")
endfunction()
get_target_property(hashscope_libcrypto_file OpenSSL::Crypto IMPORTED_LOCATION)
hashscope_soname(LIBCRYPTO "${hashscope_libcrypto_file}")
hashscope_pkg_soname(GCRYPT GCRYPT gcrypt)
hashscope_pkg_soname(NETTLE NETTLE nettle)
hashscope_pkg_soname(LIBB2 LIBB2 b2)
hashscope_pkg_soname(LIBSODIUM SODIUM sodium)
hashscope_pkg_soname(GPGME GPGME gpgme)

# libcpuinfo ships no CMake or usable pkg-config file on Debian 12.
find_path(CPUINFO_INCLUDE_DIR cpuinfo.h REQUIRED)                   # libcpuinfo-dev
find_library(CPUINFO_LIBRARY cpuinfo REQUIRED)
add_library(cpuinfo::cpuinfo UNKNOWN IMPORTED)
set_target_properties(cpuinfo::cpuinfo PROPERTIES
  IMPORTED_LOCATION "${CPUINFO_LIBRARY}"
  INTERFACE_INCLUDE_DIRECTORIES "${CPUINFO_INCLUDE_DIR}")

if(HASHSCOPE_BUILD_GUI)
  # A cross build's sysroot made before it carried Qt (scripts/install-deps --arm64 makes it anew).
  if(CMAKE_CROSSCOMPILING AND NOT EXISTS "${CMAKE_SYSROOT}/usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/cmake/Qt6Widgets")
    message(FATAL_ERROR "No Qt 6 in the sysroot ${CMAKE_SYSROOT}: run scripts/install-deps --arm64, which "
                        "makes it anew with Qt, or configure with -DHASHSCOPE_BUILD_GUI=OFF")
  endif()
  find_package(Qt6 6.4 REQUIRED COMPONENTS Widgets Concurrent Network PrintSupport Svg Test)  # qt6-base-dev, qt6-svg-dev
  find_package(QCustomPlotQt6 REQUIRED)                                              # libqcustomplot-dev
endif()
if(HASHSCOPE_BUILD_TESTS)
  find_package(GTest REQUIRED)                                      # libgtest-dev, libgmock-dev
endif()
