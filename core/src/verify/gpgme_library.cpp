#include "verify/gpgme_library.hpp"

#include "algorithms/backends/lazy_library.hpp"

namespace hashscope::verify::detail {
namespace {

void bind_all(hashscope::detail::LibraryOpener& library, Gpgme& f) {
    library.bind("gpgme_strerror", f.gpgme_strerror);
    library.bind("gpgme_check_version_internal", f.gpgme_check_version_internal);
    library.bind("gpgme_engine_check_version", f.gpgme_engine_check_version);
    library.bind("gpgme_release", f.gpgme_release);
    library.bind("gpgme_new", f.gpgme_new);
    library.bind("gpgme_set_protocol", f.gpgme_set_protocol);
    library.bind("gpgme_ctx_set_engine_info", f.gpgme_ctx_set_engine_info);
    library.bind("gpgme_set_offline", f.gpgme_set_offline);
    library.bind("gpgme_data_release", f.gpgme_data_release);
    library.bind("gpgme_data_release_and_get_mem", f.gpgme_data_release_and_get_mem);
    library.bind("gpgme_free", f.gpgme_free);
    library.bind("gpgme_data_new_from_file", f.gpgme_data_new_from_file);
    library.bind("gpgme_op_import", f.gpgme_op_import);
    library.bind("gpgme_op_import_result", f.gpgme_op_import_result);
    library.bind("gpgme_get_key", f.gpgme_get_key);
    library.bind("gpgme_key_unref", f.gpgme_key_unref);
    library.bind("gpgme_op_verify_result", f.gpgme_op_verify_result);
    library.bind("gpgme_data_new_from_mem", f.gpgme_data_new_from_mem);
    library.bind("gpgme_data_new", f.gpgme_data_new);
    library.bind("gpgme_op_verify", f.gpgme_op_verify);
    library.bind("gpgme_error_from_errno", f.gpgme_error_from_errno);
    library.bind("gpgme_data_new_from_fd", f.gpgme_data_new_from_fd);
}

const hashscope::detail::OpenedLibrary<Gpgme>& opened() {
    static const hashscope::detail::OpenedLibrary<Gpgme> library(HASHSCOPE_SONAME_GPGME, bind_all);
    return library;
}

}  // namespace

const Gpgme* gpgme_library() { return opened().entries(); }
const std::string& gpgme_library_error() { return opened().error(); }

}  // namespace hashscope::verify::detail
