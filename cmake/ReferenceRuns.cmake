# The reference runs (docs/results/*.json, every file there: no list to keep by hand) go beside the
# programs, in share/hashscope/reference of the build tree, where the programs look for them
# relative to their own bin/ folder, as they do once installed (packaging/CMakeLists.txt installs
# HASHSCOPE_REFERENCE_FILES to the same place under the prefix). CONFIGURE_DEPENDS: a file added
# to docs/results is picked up by the next build, without running cmake by hand.
file(GLOB HASHSCOPE_REFERENCE_FILES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/results/*.json)
set(HASHSCOPE_REFERENCE_BUILD_DIR ${CMAKE_BINARY_DIR}/share/hashscope/reference)

# A file removed from docs/results leaves the build tree too.
file(GLOB copied_reference_files ${HASHSCOPE_REFERENCE_BUILD_DIR}/*.json)
foreach(copied IN LISTS copied_reference_files)
  get_filename_component(name ${copied} NAME)
  if(NOT EXISTS ${PROJECT_SOURCE_DIR}/docs/results/${name})
    file(REMOVE ${copied})
  endif()
endforeach()
# configure_file copies when the source changed, and makes cmake run again when it does.
foreach(source IN LISTS HASHSCOPE_REFERENCE_FILES)
  get_filename_component(name ${source} NAME)
  configure_file(${source} ${HASHSCOPE_REFERENCE_BUILD_DIR}/${name} COPYONLY)
endforeach()
