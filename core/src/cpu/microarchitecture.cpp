#include "cpu/microarchitecture.hpp"

#include <array>
#include <optional>

#include "cpu/cpuid.hpp"

namespace hashscope::cpu_detail {

namespace {

#if defined(__x86_64__) || defined(__i386__)

bool in_range(unsigned value, unsigned low, unsigned high) { return value >= low && value <= high; }

// The Debian 12 libcpuinfo predates Zen 4 and reports it as unknown, so recent AMD families are
// decoded here. Returns "" for anything this table does not cover.
std::string amd_microarchitecture() {
    if (cpuid_vendor_string() != "AuthenticAMD") return {};
    const auto [family, model] = family_model();
    if (family == 0x1A) return "Zen 5";
    if (family != 0x19) return {};
    if (in_range(model, 0x10, 0x1F) || in_range(model, 0x60, 0x7F) || in_range(model, 0xA0, 0xAF)) return "Zen 4";
    if (in_range(model, 0x00, 0x0F) || in_range(model, 0x20, 0x5F)) return "Zen 3";
    return "unknown";
}

// Fallback for when libcpuinfo does not name the core: it is unavailable, or the part is newer
// than the 2022 snapshot (Ice Lake-SP, Sapphire Rapids, Alder Lake, ... come back unknown).
// Intel family 6 model numbers from Intel's SDM and the Linux kernel's intel-family.h.
std::string intel_microarchitecture() {
    if (cpuid_vendor_string() != "GenuineIntel") return {};
    const auto [family, model] = family_model();
    if (family != 6) return {};
    struct Entry {
        unsigned model;
        std::string_view name;
    };
    static constexpr std::array<Entry, 56> kModels{{
        {0x1A, "Nehalem"},        {0x1E, "Nehalem"},        {0x1F, "Nehalem"},         {0x2E, "Nehalem"},
        {0x25, "Westmere"},       {0x2C, "Westmere"},       {0x2F, "Westmere"},        {0x2A, "Sandy Bridge"},
        {0x2D, "Sandy Bridge"},   {0x3A, "Ivy Bridge"},     {0x3E, "Ivy Bridge"},      {0x3C, "Haswell"},
        {0x3F, "Haswell"},        {0x45, "Haswell"},        {0x46, "Haswell"},         {0x3D, "Broadwell"},
        {0x47, "Broadwell"},      {0x4F, "Broadwell"},      {0x56, "Broadwell"},       {0x4E, "Skylake"},
        {0x5E, "Skylake"},        {0x55, "Skylake"},        {0x8E, "Kaby Lake"},       {0x9E, "Coffee Lake"},
        {0xA5, "Comet Lake"},     {0xA6, "Comet Lake"},     {0x66, "Cannon Lake"},     {0x6A, "Ice Lake"},
        {0x6C, "Ice Lake"},       {0x7D, "Ice Lake"},       {0x7E, "Ice Lake"},        {0x8C, "Tiger Lake"},
        {0x8D, "Tiger Lake"},     {0xA7, "Rocket Lake"},    {0x8F, "Sapphire Rapids"}, {0xCF, "Emerald Rapids"},
        {0xAD, "Granite Rapids"}, {0xAE, "Granite Rapids"}, {0x97, "Alder Lake"},      {0x9A, "Alder Lake"},
        {0xBE, "Alder Lake"},     {0xB7, "Raptor Lake"},    {0xBA, "Raptor Lake"},     {0xBF, "Raptor Lake"},
        {0xAA, "Meteor Lake"},    {0xAC, "Meteor Lake"},    {0xC5, "Arrow Lake"},      {0xC6, "Arrow Lake"},
        {0xBD, "Lunar Lake"},     {0x5C, "Goldmont"},       {0x5F, "Goldmont"},        {0x7A, "Goldmont Plus"},
        {0x86, "Tremont"},        {0x96, "Tremont"},        {0x9C, "Tremont"},         {0xAF, "Sierra Forest"},
    }};
    for (const auto& entry : kModels) {
        if (entry.model == model) return std::string(entry.name);
    }
    return {};
}

// Zen and Zen 2 for when libcpuinfo is unavailable; it knows them otherwise.
std::string older_amd_microarchitecture() {
    if (cpuid_vendor_string() != "AuthenticAMD") return {};
    const auto [family, model] = family_model();
    if (family != 0x17) return {};
    return model < 0x30 ? "Zen" : "Zen 2";
}

#endif  // x86

}  // namespace

// libcpuinfo names x86 cores by the first product line of each core design: sky_lake also covers
// Kaby/Coffee/Comet/Cascade Lake, sunny_cove is Ice Lake. Names here are what users know.
std::string_view uarch_name(cpuinfo_uarch uarch) {
    switch (uarch) {
        // Intel big cores
        case cpuinfo_uarch_p6:
            return "P6";
        case cpuinfo_uarch_dothan:
            return "Dothan";
        case cpuinfo_uarch_yonah:
            return "Yonah";
        case cpuinfo_uarch_conroe:
            return "Conroe";
        case cpuinfo_uarch_penryn:
            return "Penryn";
        case cpuinfo_uarch_nehalem:
            return "Nehalem";
        case cpuinfo_uarch_sandy_bridge:
            return "Sandy Bridge";
        case cpuinfo_uarch_ivy_bridge:
            return "Ivy Bridge";
        case cpuinfo_uarch_haswell:
            return "Haswell";
        case cpuinfo_uarch_broadwell:
            return "Broadwell";
        case cpuinfo_uarch_sky_lake:
            return "Skylake";  // == cpuinfo_uarch_kaby_lake
        case cpuinfo_uarch_palm_cove:
            return "Cannon Lake";
        case cpuinfo_uarch_sunny_cove:
            return "Ice Lake";
        case cpuinfo_uarch_willamette:
            return "Willamette";
        case cpuinfo_uarch_prescott:
            return "Prescott";
        // Intel Atom and Xeon Phi
        case cpuinfo_uarch_bonnell:
            return "Bonnell";
        case cpuinfo_uarch_saltwell:
            return "Saltwell";
        case cpuinfo_uarch_silvermont:
            return "Silvermont";
        case cpuinfo_uarch_airmont:
            return "Airmont";
        case cpuinfo_uarch_goldmont:
            return "Goldmont";
        case cpuinfo_uarch_goldmont_plus:
            return "Goldmont Plus";
        case cpuinfo_uarch_knights_landing:
            return "Knights Landing";
        case cpuinfo_uarch_knights_mill:
            return "Knights Mill";
        // AMD
        case cpuinfo_uarch_k8:
            return "K8";
        case cpuinfo_uarch_k10:
            return "K10";
        case cpuinfo_uarch_bulldozer:
            return "Bulldozer";
        case cpuinfo_uarch_piledriver:
            return "Piledriver";
        case cpuinfo_uarch_steamroller:
            return "Steamroller";
        case cpuinfo_uarch_excavator:
            return "Excavator";
        case cpuinfo_uarch_zen:
            return "Zen";
        case cpuinfo_uarch_zen2:
            return "Zen 2";
        case cpuinfo_uarch_zen3:
            return "Zen 3";
        case cpuinfo_uarch_bobcat:
            return "Bobcat";
        case cpuinfo_uarch_jaguar:
            return "Jaguar";
        case cpuinfo_uarch_puma:
            return "Puma";
        case cpuinfo_uarch_dhyana:
            return "Dhyana";
        // Arm designs
        case cpuinfo_uarch_cortex_a53:
            return "Cortex-A53";
        case cpuinfo_uarch_cortex_a55r0:
        case cpuinfo_uarch_cortex_a55:
            return "Cortex-A55";
        case cpuinfo_uarch_cortex_a57:
            return "Cortex-A57";
        case cpuinfo_uarch_cortex_a72:
            return "Cortex-A72";
        case cpuinfo_uarch_cortex_a73:
            return "Cortex-A73";
        case cpuinfo_uarch_cortex_a75:
            return "Cortex-A75";
        case cpuinfo_uarch_cortex_a76:
            return "Cortex-A76";
        case cpuinfo_uarch_cortex_a77:
            return "Cortex-A77";
        case cpuinfo_uarch_cortex_a78:
            return "Cortex-A78";
        case cpuinfo_uarch_cortex_x1:
            return "Cortex-X1";
        case cpuinfo_uarch_neoverse_n1:
            return "Neoverse N1";
        case cpuinfo_uarch_neoverse_e1:
            return "Neoverse E1";
        case cpuinfo_uarch_neoverse_v1:
            return "Neoverse V1";
        case cpuinfo_uarch_neoverse_n2:
            return "Neoverse N2";
        // Other aarch64 server and SoC cores
        case cpuinfo_uarch_kryo:
            return "Kryo";
        case cpuinfo_uarch_falkor:
            return "Falkor";
        case cpuinfo_uarch_denver2:
            return "Denver 2";
        case cpuinfo_uarch_carmel:
            return "Carmel";
        case cpuinfo_uarch_thunderx:
            return "ThunderX";
        case cpuinfo_uarch_thunderx2:
            return "ThunderX2";
        case cpuinfo_uarch_xgene:
            return "X-Gene";
        case cpuinfo_uarch_taishan_v110:
            return "TaiShan v110";
        case cpuinfo_uarch_lightning:
            return "Lightning";
        case cpuinfo_uarch_thunder:
            return "Thunder";
        case cpuinfo_uarch_firestorm:
            return "Firestorm";
        case cpuinfo_uarch_icestorm:
            return "Icestorm";
        default:
            return {};
    }
}

namespace {

// Intel generations in the order their markers arrived; each name's ceiling is the newest
// generation whose markers that design can show.
enum class IntelGeneration { before_avx512, skylake_sp, cooper_lake, ice_lake, sapphire_rapids, granite_rapids };

IntelGeneration proven_intel_generation(const GenerationMarkers& m) {
    if (m.amx_fp16) return IntelGeneration::granite_rapids;
    if (m.amx_tile || m.avx512_fp16 || (m.avx512_bf16 && m.vpclmulqdq)) return IntelGeneration::sapphire_rapids;
    if (m.vpclmulqdq && m.avx512f) return IntelGeneration::ice_lake;
    if (m.avx512_bf16) return IntelGeneration::cooper_lake;
    if (m.avx512f) return IntelGeneration::skylake_sp;
    return IntelGeneration::before_avx512;
}

std::string_view intel_generation_name(IntelGeneration g) {
    switch (g) {
        case IntelGeneration::before_avx512:
            return "";
        case IntelGeneration::skylake_sp:
            return "Skylake-SP";
        case IntelGeneration::cooper_lake:
            return "Cooper Lake";
        case IntelGeneration::ice_lake:
            return "Ice Lake";
        case IntelGeneration::sapphire_rapids:
            return "Sapphire Rapids";
        case IntelGeneration::granite_rapids:
            return "Granite Rapids";
    }
    return "";
}

// The newest generation markers a named design can show; nullopt for names without facts here.
std::optional<IntelGeneration> intel_ceiling(std::string_view name) {
    using G = IntelGeneration;
    struct Entry {
        std::string_view name;
        G ceiling;
    };
    // Skylake's model 0x55 also covers Cascade Lake and Cooper Lake; early Alder Lake parts could
    // run AVX-512 (with FP16) when the firmware allowed it.
    static constexpr Entry kCeilings[] = {
        {"Nehalem", G::before_avx512},
        {"Westmere", G::before_avx512},
        {"Sandy Bridge", G::before_avx512},
        {"Ivy Bridge", G::before_avx512},
        {"Haswell", G::before_avx512},
        {"Broadwell", G::before_avx512},
        {"Skylake", G::cooper_lake},
        {"Kaby Lake", G::before_avx512},
        {"Coffee Lake", G::before_avx512},
        {"Comet Lake", G::before_avx512},
        {"Cannon Lake", G::skylake_sp},
        {"Ice Lake", G::ice_lake},
        {"Tiger Lake", G::ice_lake},
        {"Rocket Lake", G::ice_lake},
        {"Alder Lake", G::sapphire_rapids},
        {"Raptor Lake", G::before_avx512},
        {"Meteor Lake", G::before_avx512},
        {"Arrow Lake", G::before_avx512},
        {"Lunar Lake", G::before_avx512},
        {"Sapphire Rapids", G::sapphire_rapids},
        {"Emerald Rapids", G::sapphire_rapids},
        {"Granite Rapids", G::granite_rapids},
        {"Goldmont", G::before_avx512},
        {"Goldmont Plus", G::before_avx512},
        {"Tremont", G::before_avx512},
        {"Sierra Forest", G::before_avx512},
    };
    for (const auto& entry : kCeilings) {
        if (entry.name == name) return entry.ceiling;
    }
    return std::nullopt;
}

bool amd_name_predates_avx512(std::string_view name) { return name == "Zen" || name == "Zen 2" || name == "Zen 3"; }

}  // namespace

std::string reconcile_with_features(std::string_view vendor, std::string name, unsigned family, unsigned model,
                                    const GenerationMarkers& markers) {
    if (vendor == "GenuineIntel") {
        const auto ceiling = intel_ceiling(name);
        const auto proven = proven_intel_generation(markers);
        if (!ceiling || proven <= *ceiling) return name;
        return std::string(intel_generation_name(proven)) + " or later (reported as model " + std::to_string(model) +
               ")";
    }
    if (vendor == "AuthenticAMD" && markers.avx512f && amd_name_predates_avx512(name)) {
        return "Zen 4 or later (reported as family " + std::to_string(family) + " model " + std::to_string(model) + ")";
    }
    return name;
}

// Our CPUID table for recent AMD families is more precise than the 2022 libcpuinfo, so it wins;
// otherwise libcpuinfo's name; otherwise our own tables for what libcpuinfo does not know.
std::string microarchitecture(std::string_view from_cpuinfo) {
#if defined(__x86_64__) || defined(__i386__)
    std::string name = amd_microarchitecture();
    if (name.empty()) name = std::string(from_cpuinfo);
    if (name.empty()) name = intel_microarchitecture();
    if (name.empty()) name = older_amd_microarchitecture();
    if (name.empty() || name == "unknown") return name;

    const auto leaf7 = cpuid(7, 0);
    const auto leaf7_1 = leaf7.eax >= 1 ? cpuid(7, 1) : CpuidRegs{};  // EAX: the last subleaf
    GenerationMarkers markers;
    markers.avx512f = bit(leaf7.ebx, 16);
    markers.vpclmulqdq = bit(leaf7.ecx, 10);
    markers.avx512_fp16 = bit(leaf7.edx, 23);
    markers.amx_tile = bit(leaf7.edx, 24);
    markers.avx512_bf16 = bit(leaf7_1.eax, 5);
    markers.amx_fp16 = bit(leaf7_1.eax, 21);
    const auto [family, model] = family_model();
    return reconcile_with_features(cpuid_vendor_string(), std::move(name), family, model, markers);
#else
    return std::string(from_cpuinfo);
#endif
}

}  // namespace hashscope::cpu_detail
