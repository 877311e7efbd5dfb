# One place for the warning flags every target of ours uses.
add_library(hashscope_warnings INTERFACE)
target_compile_options(hashscope_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)
if(HASHSCOPE_WERROR)
  target_compile_options(hashscope_warnings INTERFACE -Werror)
endif()
