// `hashscope-cli results`: the library of kept benchmark runs — list, show, compare, export, import,
// rm, rename, note — and the reference runs shipped with HashScope, which can be listed, shown,
// compared and exported but never changed.
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "arguments.hpp"
#include "commands.hpp"
#include "hashscope/atomic_file.hpp"
#include "hashscope/bench/html_report.hpp"
#include "hashscope/bench/reference_runs.hpp"
#include "hashscope/bench/results_compare.hpp"
#include "hashscope/bench/results_library.hpp"

namespace hashscope::cli {
namespace {

using namespace hashscope::bench;
namespace fs = std::filesystem;

fs::path library_dir(const Arguments& args) {
    if (auto dir = args.value("library")) return *dir;
    return default_results_dir();
}

RunSources sources(const Arguments& args) { return {library_dir(args), default_reference_dir()}; }

std::string or_dash(const std::string& s) { return s.empty() ? "-" : s; }

int list(const Arguments& args) {
    const auto listing = list_all_runs(sources(args));
    // A damaged or missing reference folder is worth knowing, never a failure of the listing.
    for (const auto& note : listing.notes) complain("note: " + note);
    const auto& runs = listing.runs;
    if (args.has("json")) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& r : runs) {
            if (!r.readable) {
                out.push_back({{"id", r.id}, {"readable", false}, {"reason", r.reason}, {"reference", r.reference}});
                continue;
            }
            out.push_back({{"id", r.id},
                           {"readable", true},
                           {"reference", r.reference},
                           {"date", r.date},
                           {"cpu_model", r.cpu_model},
                           {"microarchitecture", r.microarchitecture},
                           {"preset", r.preset},
                           {"git_revision", r.revision},
                           {"build_type", r.build_type},
                           {"cells", r.cells},
                           {"partial", r.partial},
                           {"name", r.name},
                           {"note", r.note}});
        }
        std::cout << out.dump(2) << '\n';
        return exit_ok;
    }
    for (const auto& r : runs) {
        if (!r.readable) {
            std::cout << r.id << "  unreadable: " << r.reason << '\n';
            continue;
        }
        std::cout << r.id << "  " << or_dash(r.date) << "  " << or_dash(r.cpu_model) << " ("
                  << or_dash(r.microarchitecture) << ")  " << or_dash(r.preset) << "  "
                  << or_dash(r.revision.substr(0, 12)) << "  " << or_dash(r.build_type) << "  " << r.cells
                  << (r.cells == 1 ? " cell" : " cells") << (r.partial ? "  partial" : "")
                  << (r.reference ? "  reference" : "") << (r.reference || r.name.empty() ? "" : "  \"" + r.name + "\"")
                  << '\n';
    }
    return exit_ok;
}

int show(const Arguments& args) {
    if (args.operands().size() != 2) {
        complain_usage("results show takes one run id");
        return exit_usage;
    }
    auto report = load_run(sources(args), args.operands()[1]);
    if (!report) {
        complain(report.error().message);
        return exit_usage;
    }
    std::cout << to_table(*report);
    std::cout << "\n"
              << report->environment.cpu_model << " (" << report->environment.microarchitecture << "), "
              << report->environment.build_type << " build, " << report->results.size() << " cells, "
              << report->environment.date << (report->cancelled ? ", cancelled half-way" : "") << '\n';
    return exit_ok;
}

std::string fixed(double v, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

// One row per shared cell: the first run's ns/op, then each later run's ratio (ns/op ÷ first's),
// "*" where the 99.9% intervals part.
void print_comparison(const RunsComparison& c, const std::vector<std::string>& ids, bool markdown) {
    std::ostream& out = std::cout;
    for (const auto& w : c.warnings) out << (markdown ? "> **warning:** " : "warning: ") << w << '\n';
    if (!c.warnings.empty()) out << '\n';
    if (markdown) {
        out << "| cell | " << ids[0] << " ns/op |";
        for (std::size_t i = 1; i < ids.size(); ++i) out << ' ' << ids[i] << " |";
        out << "\n|---|---:|";
        for (std::size_t i = 1; i < ids.size(); ++i) out << "---:|";
        out << '\n';
    } else {
        out << "reference: " << ids[0] << "; ratio = ns/op ÷ reference's (above 1 is slower), * significant\n";
    }
    for (const auto& cell : c.shared) {
        const double mean = cell.first.ns_per_op.mean;
        const int digits = mean < 10 ? 3 : mean < 100 ? 2 : 1;
        const auto first = fixed(mean, digits) + " ± " + fixed(cell.first.ns_per_op.error, digits);
        if (markdown) {
            out << "| " << cell_label(cell.first) << " | " << first << " |";
        } else {
            out << cell_label(cell.first) << "  " << first << " ns/op";
        }
        for (std::size_t i = 0; i < cell.against_first.size(); ++i) {
            const auto& cmp = cell.against_first[i];
            const std::string ratio = "×" + fixed(cell.ratio(i), 3) + (cmp.significant ? "*" : "");
            if (markdown) {
                out << ' ' << ratio << " |";
            } else {
                out << "  " << ids[i + 1] << ": " << ratio;
            }
        }
        out << '\n';
    }
    if (!c.lone.empty()) {
        out << (markdown ? "\n**Not in every run:**\n\n" : "\nnot in every run:\n");
        for (const auto& lone : c.lone) {
            std::string in;
            for (auto run : lone.runs) in += (in.empty() ? "" : ", ") + ids[run];
            out << (markdown ? "- " : "  ") << cell_label(lone.cell) << " (only in " << in << ")\n";
        }
    }
}

int compare(const Arguments& args) {
    const std::vector<std::string> ids(args.operands().begin() + 1, args.operands().end());
    if (ids.size() < 2) {
        complain_usage("results compare takes at least two run ids");
        return exit_usage;
    }
    std::optional<double> fail_above;
    if (auto pct = args.value("fail-above")) {
        try {
            std::size_t used = 0;
            const double v = std::stod(*pct, &used);
            if (used != pct->size() || !std::isfinite(v) || v < 0) throw std::invalid_argument(*pct);
            fail_above = v;
        } catch (const std::exception&) {
            complain_usage("--fail-above wants a percentage (0 or more), not '" + *pct + "'");
            return exit_usage;
        }
    }
    const auto from = sources(args);
    std::vector<BenchReport> runs;
    for (const auto& id : ids) {
        auto report = load_run(from, id);
        if (!report) {
            complain(report.error().message);
            return exit_usage;
        }
        runs.push_back(std::move(*report));
    }
    const auto comparison = compare_runs(runs);
    print_comparison(comparison, ids, args.has("markdown"));
    if (!fail_above) return exit_ok;
    const auto slower = cells_slower_than(comparison, *fail_above);
    for (const auto& cell : slower) {
        complain("significantly slower than " + ids[0] + " by more than " + fixed(*fail_above, 0) + "%: " + cell);
    }
    return slower.empty() ? exit_ok : exit_failed;
}

int export_runs(const Arguments& args) {
    const std::vector<std::string> ids(args.operands().begin() + 1, args.operands().end());
    const auto file = args.value("html");
    if (ids.empty() || !file || file->empty()) {
        complain_usage("results export takes one or more run ids and --html FILE");
        return exit_usage;
    }
    auto runs = load_named_runs(sources(args), ids);
    if (!runs) {
        complain(runs.error().message);
        return exit_usage;
    }
    if (auto written = write_file_atomically(*file, to_html(*runs)); !written) {
        complain(written.error().message);
        return exit_failed;
    }
    std::cerr << "wrote " << *file << '\n';
    return exit_ok;
}

int import(const Arguments& args) {
    const std::vector<std::string> files(args.operands().begin() + 1, args.operands().end());
    if (files.empty()) {
        complain_usage("results import takes one or more JSON files");
        return exit_usage;
    }
    // Every file is checked before any is copied: a bad one imports nothing.
    std::vector<std::string> texts;
    for (const auto& file : files) {
        auto text = read_run_text(file);
        if (!text) {
            complain(text.error().message + " (nothing imported)");
            return exit_usage;
        }
        texts.push_back(std::move(*text));
    }
    const auto dir = library_dir(args);
    for (std::size_t i = 0; i < files.size(); ++i) {
        auto id = save_run_json(dir, texts[i]);
        if (!id) {
            complain(id.error().message);
            return exit_failed;
        }
        std::cout << *id << "  " << files[i] << '\n';
    }
    return exit_ok;
}

int remove(const Arguments& args) {
    if (args.operands().size() != 2) {
        complain_usage("results rm takes one run id");
        return exit_usage;
    }
    if (auto removed = remove_run(library_dir(args), args.operands()[1]); !removed) {
        complain(removed.error().message);
        return exit_usage;
    }
    return exit_ok;
}

// rename ID NAME, note ID TEXT: one half of the run's note, the other kept, in the .notes.json the
// Results page writes. An empty NAME or TEXT clears that half.
int set_note_part(const Arguments& args, bool name) {
    const char* action = name ? "rename" : "note";
    if (args.operands().size() != 3) {
        complain_usage(std::string("results ") + action +
                       (name ? " takes a run id and a name" : " takes a run id and a text") +
                       " (quote it; \"\" clears it)");
        return exit_usage;
    }
    const auto dir = library_dir(args);
    const auto& id = args.operands()[1];
    // A read-only or unknown run is the arguments' fault (2); a notes file that cannot be written
    // is the library's (1).
    if (is_reference_id(id)) {
        complain(reference_read_only_message(id, "renamed or annotated"));
        return exit_usage;
    }
    std::error_code ec;
    if (!is_valid_run_id(id) || !fs::is_regular_file(dir / (id + ".json"), ec)) {
        complain("no run '" + id + "' in " + dir.string() + " (see 'results list')");
        return exit_usage;
    }
    const auto notes = read_run_notes(dir);
    const auto current = notes.find(id);
    RunNote note = current == notes.end() ? RunNote{} : current->second;
    (name ? note.name : note.note) = args.operands()[2];
    if (auto set = set_run_note(dir, id, note); !set) {
        complain(set.error().message);
        return exit_failed;
    }
    return exit_ok;
}

}  // namespace

int run_results(int argc, char** argv, int first) {
    const Arguments args(
        argc, argv, first,
        {{"library", 0, true}, {"json", 0, false}, {"markdown", 0, false}, {"fail-above", 0, true}, {"html", 0, true}});
    if (!args.ok()) {
        complain_usage(args.error());
        return exit_usage;
    }
    const std::string action = args.operands().empty() ? "" : args.operands().front();
    // An option given to an action that ignores it is a usage error, not silently dropped.
    const std::pair<const char*, const char*> owners[] = {
        {"json", "list"}, {"markdown", "compare"}, {"fail-above", "compare"}, {"html", "export"}};
    for (const auto& [option, owner] : owners) {
        if (args.has(option) && action != owner) {
            complain_usage(std::string("--") + option + " is an option of 'results " + owner + "'");
            return exit_usage;
        }
    }
    if (action == "list") return list(args);
    if (action == "show") return show(args);
    if (action == "compare") return compare(args);
    if (action == "export") return export_runs(args);
    if (action == "import") return import(args);
    if (action == "rm") return remove(args);
    if (action == "rename") return set_note_part(args, true);
    if (action == "note") return set_note_part(args, false);
    complain_usage(action.empty() ? "results wants list, show, compare, export, import, rm, rename or note"
                                  : "unknown results command '" + action + "'");
    return exit_usage;
}

}  // namespace hashscope::cli
