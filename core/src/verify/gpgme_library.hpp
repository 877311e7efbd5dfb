// GPGME, opened the first time an OpenPGP signature is checked (lazy_library.hpp): with the
// libassuan and libgpg-error it links it was the largest of the libraries every start of
// hashscope-cli loaded, for a check few runs make.
#pragma once

#include <gpgme.h>

#include <string>

namespace hashscope::verify::detail {

struct Gpgme {
    decltype(&::gpgme_strerror) gpgme_strerror = nullptr;
    decltype(&::gpgme_check_version_internal) gpgme_check_version_internal = nullptr;
    decltype(&::gpgme_engine_check_version) gpgme_engine_check_version = nullptr;
    decltype(&::gpgme_release) gpgme_release = nullptr;
    decltype(&::gpgme_new) gpgme_new = nullptr;
    decltype(&::gpgme_set_protocol) gpgme_set_protocol = nullptr;
    decltype(&::gpgme_ctx_set_engine_info) gpgme_ctx_set_engine_info = nullptr;
    decltype(&::gpgme_set_offline) gpgme_set_offline = nullptr;
    decltype(&::gpgme_data_release) gpgme_data_release = nullptr;
    decltype(&::gpgme_data_release_and_get_mem) gpgme_data_release_and_get_mem = nullptr;
    decltype(&::gpgme_free) gpgme_free = nullptr;
    decltype(&::gpgme_data_new_from_file) gpgme_data_new_from_file = nullptr;
    decltype(&::gpgme_op_import) gpgme_op_import = nullptr;
    decltype(&::gpgme_op_import_result) gpgme_op_import_result = nullptr;
    decltype(&::gpgme_get_key) gpgme_get_key = nullptr;
    decltype(&::gpgme_key_unref) gpgme_key_unref = nullptr;
    decltype(&::gpgme_op_verify_result) gpgme_op_verify_result = nullptr;
    decltype(&::gpgme_data_new_from_mem) gpgme_data_new_from_mem = nullptr;
    decltype(&::gpgme_data_new) gpgme_data_new = nullptr;
    decltype(&::gpgme_op_verify) gpgme_op_verify = nullptr;
    decltype(&::gpgme_error_from_errno) gpgme_error_from_errno = nullptr;
    decltype(&::gpgme_data_new_from_fd) gpgme_data_new_from_fd = nullptr;
};

// Opened on the first call; null when the library or one of its entry points cannot be found, and
// then gpgme_library_error() says which and why.
const Gpgme* gpgme_library();
const std::string& gpgme_library_error();

}  // namespace hashscope::verify::detail
