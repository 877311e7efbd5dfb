# Writes the build-info source (version, git revision, build type) at BUILD time, so that a commit
# changes the revision the programs report without a re-configure. Run with `cmake -P` by the
# hashscope_build_info target (core/CMakeLists.txt), on every build; configure_file rewrites OUTPUT
# only when its text changes, so an unchanged revision recompiles nothing and a new one recompiles
# one tiny file and relinks.
#
# Input variables (-D): SOURCE_DIR, INPUT (the .cpp.in), OUTPUT, VERSION, DESCRIPTION, BUILD_TYPE,
# FALLBACK_REVISION (the HASHSCOPE_GIT_REVISION cache variable: for source tarballs, may be empty).
foreach(required SOURCE_DIR INPUT OUTPUT VERSION)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "GitRevision.cmake: ${required} is not set")
  endif()
endforeach()

# The revision as `git describe --always --dirty --abbrev=12` prints it when there are no tags
# ("2abae3a1c0de", "2abae3a1c0de-dirty"), computed without describe because `describe --dirty`
# refreshes and rewrites the index: on every build, that would race with the git commands of
# whoever works in the tree. --no-optional-locks keeps `status` read-only.
set(revision "")
find_package(Git QUIET)
if(GIT_FOUND)
  # Only the source tree's own repository counts: a tarball unpacked inside some other work tree
  # (a distribution's packaging repository) must not report that repository's commit.
  execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" rev-parse --show-toplevel
                  OUTPUT_VARIABLE toplevel OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
  if(NOT failed)
    file(REAL_PATH "${toplevel}" toplevel)
    file(REAL_PATH "${SOURCE_DIR}" source_real)
  endif()
  if(NOT failed AND toplevel STREQUAL source_real)
    execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
                    OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
    if(NOT failed AND commit MATCHES "^[0-9a-f]+$")
      set(revision "${commit}")
      # Tracked files only, as `describe --dirty` does: new untracked files do not make a build dirty.
      execute_process(COMMAND "${GIT_EXECUTABLE}" --no-optional-locks -C "${SOURCE_DIR}" status --porcelain
                              --untracked-files=no
                      OUTPUT_VARIABLE changes ERROR_QUIET RESULT_VARIABLE failed)
      if(NOT failed AND NOT changes STREQUAL "")
        string(APPEND revision "-dirty")
      endif()
    endif()
  endif()
endif()
if(revision STREQUAL "" AND NOT "${FALLBACK_REVISION}" STREQUAL "")
  set(revision "${FALLBACK_REVISION}")
endif()
if(revision STREQUAL "")
  set(revision "unknown")
endif()
if("${BUILD_TYPE}" STREQUAL "")
  set(BUILD_TYPE "unknown")
endif()

# The values become C++ string literals: a hand-written override may hold quotes or backslashes.
function(as_cpp_literal out value)
  string(REPLACE "\\" "\\\\" value "${value}")
  string(REPLACE "\"" "\\\"" value "${value}")
  set(${out} "${value}" PARENT_SCOPE)
endfunction()
as_cpp_literal(HASHSCOPE_BUILD_VERSION "${VERSION}")
as_cpp_literal(HASHSCOPE_BUILD_DESCRIPTION "${DESCRIPTION}")
as_cpp_literal(HASHSCOPE_BUILD_REVISION "${revision}")
as_cpp_literal(HASHSCOPE_BUILD_TYPE "${BUILD_TYPE}")
configure_file("${INPUT}" "${OUTPUT}" @ONLY)
