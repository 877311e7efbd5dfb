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
