#include "cliargs.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>

namespace fusion::cli {

namespace {
template<typename T>
T number(const std::string &opt, const std::string &v)
{
    T out{};
    auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    if (ec != std::errc() || p != v.data() + v.size())
        throw UsageError{"option " + opt + " expects a number, got '" + v + "'"};
    return out;
}
} // namespace

std::string usageText()
{
    return "usage: fusionscope-cli COMMAND [options] ARGS\n"
           "\n"
           "commands:\n"
           "  summary TRACE        one trace: platform, GPU, event counts, kernels by name\n"
           "  triage TRACE         one trace: kernel table with sources, fusion families, overlap\n"
           "  compare A B          two traces: aligned layers, op table, fusion differences\n"
           "  classify NAME...     which registry rule matches each kernel name\n"
           "  export A [B] --out FILE.json[.gz]\n"
           "                       Chrome trace JSON for Perfetto UI and chrome://tracing: both traces on one\n"
           "                       time base, layers and findings as slices joined by arrows (one trace: its\n"
           "                       fusion families and module candidates)\n"
           "\n"
           "options:\n"
           "  --format text|json|csv|md   output format (default text; export: perfetto)\n"
           "  --out PATH                  write to PATH instead of standard output\n"
           "  --stage prefill|decode|all  restrict to one stage (default all)\n"
           "  --scope steps|all           triage, compare: whole profiler steps (ProfilerStep#N; the default\n"
           "                              when the trace has steps) or every kernel of the file\n"
           "  --step N                    triage, compare: only profiler step N\n"
           "  --registry FILE             kernel registry read before the built-in one\n"
           "  --label-a NAME, --label-b NAME   names for the traces in reports\n"
           "  --rank N                    rank to analyse in a directory or archive (default lowest)\n"
           "  --ranks all                 compare: every rank of A against the same rank of B, one row each\n"
           "  --device N                  GPU to analyse in a multi-GPU trace (default most kernel time)\n"
           "  --limit N                   rows in text tables (0: all)\n"
           "  --min-share F               hide kernel rows below this share of GPU time (triage, default 0.01)\n"
           "  --max-size MB               uncompressed size limit (default: available memory)\n"
           "  --model NAME, --tp N        triage: model and tensor-parallel size for fusion-family gates\n"
           "                              (default: from the trace and a server_args.json beside it)\n"
           "  --version, --help\n"
           "\n"
           "exit codes: 0 success, 2 bad usage, 3 unreadable or invalid input\n";
}

std::string usageHint()
{
    return "Try 'fusionscope-cli --help' for the commands and their options.\n";
}

void checkOptionsApply(const CliArgs &args)
{
    // Beside --format, --out and --registry, which every command takes.
    static const std::map<std::string, std::vector<std::string>> options = {
        {"summary", {"--rank", "--device", "--max-size", "--label-a", "--limit"}},
        {"triage", {"--rank", "--device", "--max-size", "--label-a", "--stage", "--scope", "--step", "--limit", "--min-share",
                    "--model", "--tp"}},
        {"compare", {"--rank", "--ranks", "--device", "--max-size", "--label-a", "--label-b", "--stage", "--scope", "--step",
                     "--limit"}},
        {"classify", {}},
        {"export", {"--rank", "--device", "--max-size", "--label-a", "--label-b", "--stage", "--scope", "--step", "--model",
                    "--tp"}},
    };
    const auto it = options.find(args.command);
    if (it == options.end())
        return;  // an unknown command is reported as such
    const std::vector<std::string> &own = it->second;
    for (const std::string &opt : args.given) {
        if (opt == "--format" || opt == "--out" || opt == "--registry" || opt == "--help" || opt == "--version"
            || std::find(own.begin(), own.end(), opt) != own.end())
            continue;
        std::string takes = "--format, --out, --registry";
        for (const std::string &o : own)
            takes += ", " + o;
        throw UsageError{"option " + opt + " does not apply to " + args.command + " (it takes " + takes + ")"};
    }
}

CliArgs parseArgs(int argc, char **argv)
{
    CliArgs a;
    static const std::set<std::string> formats = {"text", "json", "csv", "md", "perfetto"};
    static const std::set<std::string> stages = {"prefill", "decode", "all"};
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        std::string value;
        bool inlineValue = false;
        if (arg.starts_with("--") && arg.find('=') != std::string::npos) {
            value = arg.substr(arg.find('=') + 1);
            arg = arg.substr(0, arg.find('='));
            inlineValue = true;
        }
        auto next = [&]() -> std::string {
            if (inlineValue)
                return value;
            if (i + 1 >= argc)
                throw UsageError{"option " + arg + " needs a value"};
            return argv[++i];
        };
        if (arg.starts_with("-") && arg.size() > 1)
            a.given.push_back(arg == "-h" ? "--help" : arg == "-o" ? "--out" : arg);
        if (arg == "--help" || arg == "-h") a.help = true;
        else if (arg == "--version") a.version = true;
        else if (arg == "--format") {
            a.format = next();
            if (!formats.count(a.format))
                throw UsageError{"unknown format '" + a.format + "' (text, json, csv, md; export: perfetto)"};
        } else if (arg == "--out" || arg == "-o") a.out = next();
        else if (arg == "--stage") {
            a.stage = next();
            if (!stages.count(a.stage))
                throw UsageError{"unknown stage '" + a.stage + "' (prefill, decode, all)"};
        } else if (arg == "--scope") {
            a.scope = next();
            if (a.scope != "steps" && a.scope != "all")
                throw UsageError{"unknown scope '" + a.scope + "' (steps, all)"};
        } else if (arg == "--step") a.step = number<long long>(arg, next());
        else if (arg == "--registry") a.registry = next();
        else if (arg == "--label-a") a.labelA = next();
        else if (arg == "--label-b") a.labelB = next();
        else if (arg == "--rank") a.rank = number<int>(arg, next());
        else if (arg == "--ranks") {
            if (next() != "all")
                throw UsageError{"option --ranks takes 'all' (--rank N picks one rank)"};
            a.ranksAll = true;
        } else if (arg == "--device") a.device = number<int>(arg, next());
        else if (arg == "--limit") a.limit = number<size_t>(arg, next());
        else if (arg == "--min-share") a.minShare = number<double>(arg, next());
        else if (arg == "--max-size") a.maxBytes = number<size_t>(arg, next()) * 1024 * 1024;
        else if (arg == "--model") a.model = next();
        else if (arg == "--tp") a.tp = number<int>(arg, next());
        else if (arg.starts_with("-") && arg.size() > 1)
            throw UsageError{"unknown option " + arg};
        else if (a.command.empty()) a.command = arg;
        else a.positional.push_back(arg);
    }
    return a;
}

} // namespace fusion::cli
