#include "algorithm_option.hpp"

#include <charconv>
#include <string>

#include "commands.hpp"

namespace hashscope::cli {

std::optional<const AlgorithmInfo*> parse_algorithm_option(const Arguments& args) {
    const auto id = args.value("algo");
    if (!id) {
        if (args.has("length")) {
            complain_usage("--length is only supported with --algorithm=blake2b");
            return std::nullopt;
        }
        return nullptr;
    }
    const auto* algorithm = find_algorithm(*id);
    if (algorithm == nullptr) {
        complain("unknown algorithm '" + *id + "' (see: hashscope-cli list)");
        return std::nullopt;
    }
    return apply_length_option(args, *algorithm);
}

std::optional<const AlgorithmInfo*> apply_length_option(const Arguments& args, const AlgorithmInfo& algorithm) {
    const auto text = args.value("length");
    if (!text) return &algorithm;
    const AlgorithmInfo& family = family_of(algorithm);
    if (family.length_step == 0) {
        complain_usage("--length is only supported with --algorithm=blake2b");
        return std::nullopt;
    }
    std::size_t bits = 0;
    const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), bits);
    const bool number = !text->empty() && error == std::errc{} && end == text->data() + text->size();
    const std::size_t max_bits = family.digest_size * 8;
    if (!number || bits % 8 != 0 || bits > max_bits) {
        complain("invalid length: '" + *text + "'");
        if (number && bits > max_bits) {
            complain_usage("maximum digest length for '" + std::string(family.bsd_tag) + "' is " +
                           std::to_string(max_bits) + " bits");
        } else if (number) {
            complain_usage("length is not a multiple of 8");
        }
        return std::nullopt;
    }
    if (bits == 0) return &family;  // coreutils: 0 is the algorithm's own length
    const auto* variant = with_digest_size(family, bits / 8);
    if (variant == nullptr) {
        complain_usage("invalid length: '" + *text + "'");
        return std::nullopt;
    }
    return variant;
}

}  // namespace hashscope::cli
