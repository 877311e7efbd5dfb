# Read by cpack before each generator runs (CPACK_PROJECT_CONFIG_FILE).
if(CPACK_GENERATOR STREQUAL "DEB")
  # Every component but licence_text, the GPL's full text: a Debian package's copyright file
  # points to /usr/share/common-licenses/GPL-3 instead (lintian: extra-license-file).
  # "Unspecified" is CMake's name for install() rules that name no component.
  # The DEB generator honours a component list only in component mode; ALL_COMPONENTS_IN_ONE
  # keeps it one package, hashscope_<version>_<arch>.deb.
  set(CPACK_DEB_COMPONENT_INSTALL ON)
  set(CPACK_COMPONENTS_GROUPING ALL_COMPONENTS_IN_ONE)
  set(CPACK_COMPONENTS_ALL Unspecified)
endif()

# A cross build's package (packaging/CMakeLists.txt): dpkg-shlibdeps for the target's architecture,
# which also makes it read the binaries with that architecture's objdump (aarch64-linux-gnu-objdump),
# and with -L the sysroot packages' shlibs files, which name the package and version that each
# library's Depends entry takes. CPack runs SHLIBDEPS_EXECUTABLE as it finds it, options and all.
if(CPACK_GENERATOR STREQUAL "DEB" AND CPACK_HASHSCOPE_SYSROOT_SHLIBS)
  set(ENV{DEB_HOST_ARCH} "${CPACK_DEBIAN_PACKAGE_ARCHITECTURE}")
  find_program(HASHSCOPE_DPKG_SHLIBDEPS dpkg-shlibdeps REQUIRED)
  set(SHLIBDEPS_EXECUTABLE "${HASHSCOPE_DPKG_SHLIBDEPS}" "-L${CPACK_HASHSCOPE_SYSROOT_SHLIBS}")
endif()
