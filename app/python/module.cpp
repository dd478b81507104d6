// `import fusionscope`: the analysis library for Python notebooks and scripts. load(), compare()
// and triage() call the library directly, without the GIL, and hand back its results as pandas
// DataFrames (lists of dicts without pandas).
#include "pythontable.h"
#include "tables.h"

#include "classify/kernelregistry.h"
#include "report/stepsreport.h"
#include "trace/mapguard.h"
#include "trace/traceerror.h"
#include "util/freememory.h"
#include "util/resourcepaths.h"

#include <pybind11/eval.h>
#include <pybind11/stl.h>

#include <dlfcn.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <future>
#include <thread>

namespace py = pybind11;
using namespace py::literals;

namespace fusion::python {

namespace {

using Progress = std::function<bool(double)>;

// Runs work(progress) without the GIL, so that other Python threads run meanwhile. Ctrl-C still
// stops it: on the calling thread, each progress report (every 65536 events while parsing, then
// between the analyses) takes the GIL for a moment to run Python's signal handlers, and cancels
// the work once one has raised (KeyboardInterrupt), which is then what the caller gets.
template<typename Work>
auto withoutGil(Work work)
{
    const std::thread::id caller = std::this_thread::get_id();
    std::atomic<bool> interrupted{false};
    Progress progress = [&](double) {
        if (!interrupted && std::this_thread::get_id() == caller) {
            py::gil_scoped_acquire gil;
            if (PyErr_CheckSignals() != 0)
                interrupted = true;
        }
        return !interrupted;
    };
    try {
        py::gil_scoped_release release;
        return work(progress);
    } catch (const Cancelled &) {
        if (interrupted)
            throw py::error_already_set();
        throw;
    }
}

// A path given as str or os.PathLike.
std::string pathArg(const py::object &path) { return py::module_::import("os").attr("fspath")(path).cast<std::string>(); }

struct PyTrace {
    std::shared_ptr<const AnalyzedTrace> t;
};

struct PyComparison {
    PyTrace a, b;
    std::shared_ptr<const Comparison> c;
};

struct PyTriage {
    PyTrace trace;
    std::shared_ptr<const Triage> result;
};

struct LoadArgs {
    LoadOptions load;
    AnalyzeOptions analyze;
};

LoadArgs loadArgs(std::optional<std::string> label, std::optional<int> rank, std::optional<int> device,
                  std::optional<double> maxSizeMb, const std::string &scope, std::optional<int64_t> step,
                  const std::optional<py::object> &registry)
{
    LoadArgs a;
    a.load.label = label.value_or("");
    a.load.rank = rank.value_or(-1);
    a.load.device = device.value_or(-1);
    if (maxSizeMb) {
        if (*maxSizeMb <= 0)
            throw py::value_error("max_size_mb must be positive");
        a.load.maxBytes = size_t(*maxSizeMb * 1024 * 1024);
    }
    if (!parseScope(scope, a.analyze.scope.kind))
        throw py::value_error("unknown scope '" + scope + "' (steps or all)");
    if (step) {
        if (a.analyze.scope.kind == Scope::Kind::All)
            throw py::value_error("step picks one profiler step: it does not go with scope='all'");
        a.analyze.scope.step = *step;
    }
    // Read before the trace, so that a bad registry file fails fast, naming its line.
    a.analyze.registry = registry ? KernelRegistry::load({pathArg(*registry)}) : KernelRegistry::builtin();
    return a;
}

// parseThreads 0: as many as the file's size calls for; 1 when the other trace of a pair loads too.
std::shared_ptr<const AnalyzedTrace> loadWith(const std::string &path, LoadArgs args, const Progress &progress,
                                              int parseThreads = 0)
{
    args.load.progress = progress;
    args.load.parseThreads = parseThreads;
    auto t = loadAndAnalyze(path, args.load, args.analyze);
    if (std::string problem = missingStepMessage(*t, t->scope); !problem.empty())
        throw py::value_error(problem);
    return t;
}

PyTrace load(const py::object &path, std::optional<std::string> label, std::optional<int> rank,
             std::optional<int> device, std::optional<double> maxSizeMb, const std::string &scope,
             std::optional<int64_t> step, const std::optional<py::object> &registry)
{
    const std::string p = pathArg(path);
    LoadArgs args = loadArgs(std::move(label), rank, device, maxSizeMb, scope, step, registry);
    return {withoutGil([&](const Progress &progress) { return loadWith(p, args, progress); })};
}

Stage stageArg(const std::string &stage)
{
    Stage s = Stage::All;
    if (!parseStage(stage, s) || s == Stage::Outside)
        throw py::value_error("unknown stage '" + stage + "' (prefill, decode or all)");
    return s;
}

// compare() takes Trace objects or paths; two paths load in parallel, one per core, as the CLI does.
PyComparison compare(const py::object &a, const py::object &b, const std::string &stage,
                     std::optional<std::string> labelA, std::optional<std::string> labelB)
{
    CompareOptions o;
    o.stage = stageArg(stage);
    o.labelA = labelA.value_or("");
    o.labelB = labelB.value_or("");
    const bool aLoaded = py::isinstance<PyTrace>(a), bLoaded = py::isinstance<PyTrace>(b);
    std::shared_ptr<const AnalyzedTrace> ta = aLoaded ? a.cast<PyTrace>().t : nullptr;
    std::shared_ptr<const AnalyzedTrace> tb = bLoaded ? b.cast<PyTrace>().t : nullptr;
    const std::string pa = aLoaded ? std::string() : pathArg(a), pb = bLoaded ? std::string() : pathArg(b);
    const int threads = !ta && !tb ? 1 : 0;  // a core per trace when both load
    LoadArgs defaults = loadArgs({}, {}, {}, {}, "steps", {}, {});
    // Loaded side by side, both sides' freed memory serves the comparison; it is handed back
    // after it, or when a load fails.
    defaults.analyze.returnFreeMemory = threads != 1;
    SideBySide pair;
    auto loadSide = [&](const std::string &path, const Progress &progress) {
        if (threads != 1)  // one side only: it has the cores to itself
            return loadWith(path, defaults, progress, threads);
        return pair.side(defaults.analyze, [&](const AnalyzeOptions &ao) {
            LoadArgs args = defaults;
            args.analyze = ao;
            return loadWith(path, args, progress, threads);
        });
    };
    auto c = withoutGil([&](const Progress &progress) {
        const ReturnFreeMemoryAtEnd handBack;
        std::future<std::shared_ptr<const AnalyzedTrace>> fa;
        if (!ta)
            fa = std::async(std::launch::async, [&] { return loadSide(pa, progress); });
        if (!tb)
            tb = loadSide(pb, progress);
        if (!ta)
            ta = fa.get();
        o.progress = progress;
        return std::make_shared<const Comparison>(compareTraces(*ta, *tb, o));
    });
    return {{ta}, {tb}, c};
}

PyTriage triage(const PyTrace &t, const std::string &stage, double minShare, size_t limit,
                std::optional<std::string> model, std::optional<int> tp)
{
    KernelTableOptions to;
    to.stage = stageArg(stage);
    if (minShare < 0 || minShare > 1)
        throw py::value_error("min_share is a fraction of the stage's GPU time, between 0 and 1 (0.01 = 1 %)");
    to.minShare = minShare;
    to.limit = limit;
    const RunOverrides overrides{model.value_or(""), tp.value_or(0)};
    auto result = withoutGil([&](const Progress &progress) {
        const AnalyzedTrace &a = *t.t;
        auto r = std::make_shared<Triage>();
        r->kernels = buildKernelTable(*a.trace, a.classes, a.attribution, a.stages, to);
        r->findings = findTriageFindings(*a.trace, a.attribution, a.classes, a.stages, overrides, progress);
        if (to.stage != Stage::All) {
            std::erase_if(r->findings.families, [&](const StageFamilies &s) { return s.stage != to.stage; });
            std::erase_if(r->findings.overlap, [&](const StageOverlap &s) { return s.stage != to.stage; });
        }
        return std::shared_ptr<const Triage>(std::move(r));
    });
    return {t, result};
}

// A table built without the GIL, then handed to Python.
py::object table(const std::function<Table()> &build)
{
    return toPython(withoutGil([&](const Progress &) { return build(); }));
}

py::dict gapDict(const GapBreakdown &g, const char *measure)
{
    return py::dict("measure"_a = measure, "a_us"_a = toUs(g.aTotal), "b_us"_a = toUs(g.bTotal),
                    "gap_us"_a = toUs(g.bTotal - g.aTotal), "parts"_a = toPython(gapPartsTable(g)));
}

// Where the module lies tells a development build (inside the build tree) from an installed one,
// and where the registries are: python3 is the process's executable, not this library.
void locateResources()
{
    Dl_info info{};
    if (!dladdr(reinterpret_cast<void *>(&locateResources), &info) || !info.dli_fname)
        return;
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::canonical(info.dli_fname, ec);
    if (ec)
        return;
    setResourceHost(self.parent_path().string(),
                    (self.parent_path() / FUSIONSCOPE_PYTHON_SHARE_DIR).lexically_normal().string());
}

// fusionscope.TraceError, made when the module is imported.
py::handle traceErrorType;

void translateTraceError(const TraceError &e)
{
    py::object err = traceErrorType(pyString(e.what()));
    err.attr("file") = pyString(e.file());
    err.attr("problem") = pyString(e.problem());
    err.attr("offset") = e.offset() >= 0 ? py::object(py::int_(e.offset())) : py::object(py::none());
    PyErr_SetObject(traceErrorType.ptr(), err.ptr());
}

// The classes' attributes, as tables of plain functions: one binding template serves them all,
// which keeps this file's compile time (pybind11 instantiates one per distinct C++ callable) short.
template<typename Self>
struct Attribute {
    const char *name;
    py::object (*get)(const Self &);
    const char *doc = "";
};

template<typename Self, size_t N>
void addAttributes(py::class_<Self> &cls, const Attribute<Self> (&attributes)[N])
{
    for (const Attribute<Self> &a : attributes)
        cls.def_property_readonly(a.name, a.get, a.doc);
}

py::object str(std::string_view s) { return pyString(s); }
py::object number(double v) { return py::float_(v); }
py::object integer(int64_t v) { return py::int_(v); }

const AnalyzedTrace &at(const PyTrace &t) { return *t.t; }
const Trace &tr(const PyTrace &t) { return *t.t->trace; }

const Attribute<PyTrace> traceAttributes[] = {
    {"path", [](const PyTrace &t) { return str(tr(t).path); }},
    {"label", [](const PyTrace &t) { return str(tr(t).label); }},
    {"member", [](const PyTrace &t) { return str(tr(t).source.member); }, "the archive entry it came from, '' for a plain file"},
    {"platform", [](const PyTrace &t) { return str(platformName(tr(t).info.platform)); }, "nvidia, amd or unknown"},
    {"platform_reason", [](const PyTrace &t) { return str(tr(t).info.platformReason); }},
    {"gpu_name", [](const PyTrace &t) { return str(tr(t).info.gpuName); }, "from deviceProperties; '' when absent"},
    {"framework", [](const PyTrace &t) { return str(tr(t).info.framework); }},
    {"events", [](const PyTrace &t) { return integer(int64_t(tr(t).store.eventCount)); }},
    {"bytes", [](const PyTrace &t) { return integer(int64_t(tr(t).bytes)); }, "uncompressed JSON size"},
    {"device", [](const PyTrace &t) { return integer(tr(t).info.device); }, "the device analysed"},
    {"kernel_count", [](const PyTrace &t) { return integer(int64_t(at(t).summary.kernelCount)); }},
    {"total_us", [](const PyTrace &t) { return number(toUs(at(t).summary.kernelTotal)); }, "summed kernel time of the file"},
    {"distinct_names", [](const PyTrace &t) { return integer(int64_t(at(t).summary.byName.size())); }},
    {"window_us", [](const PyTrace &t) { return number(toUs(at(t).summary.windowEnd - at(t).summary.windowStart)); }},
    {"memcpy_count", [](const PyTrace &t) { return integer(int64_t(at(t).summary.memcpyCount)); }},
    {"memset_count", [](const PyTrace &t) { return integer(int64_t(at(t).summary.memsetCount)); }},
    {"architecture", [](const PyTrace &t) { return str(at(t).architecture); }},
    {"layer_count", [](const PyTrace &t) { return integer(int64_t(at(t).layers.layers.size())); }},
    {"layers_method", [](const PyTrace &t) { return str(at(t).layers.method); }},
    {"steps_method", [](const PyTrace &t) { return str(at(t).steps.method); }},
    {"scope", [](const PyTrace &t) { return str(scopeName(at(t).steps, at(t).scope)); }, "steps, step or all"},
    {"scope_kernels", [](const PyTrace &t) { return integer(keptAndLeft(at(t).steps, at(t).scope).first.kernels); }},
    {"scope_us", [](const PyTrace &t) { return number(toUs(keptAndLeft(at(t).steps, at(t).scope).first.kernelTime)); }},
    {"outside_kernels", [](const PyTrace &t) { return integer(keptAndLeft(at(t).steps, at(t).scope).second.kernels); }},
    {"outside_us", [](const PyTrace &t) { return number(toUs(keptAndLeft(at(t).steps, at(t).scope).second.kernelTime)); }},
    {"warnings", [](const PyTrace &t) -> py::object { return pyStrings(at(t).summary.warnings); }},
};

struct TraceTable {
    const char *name;
    Table (*make)(const AnalyzedTrace &);
    const char *doc;
};
const TraceTable traceTables[] = {
    {"kernels", kernelsTable,
     "One row per kernel (id = kernel id, in start order): name, op, category, start_us, dur_us, device, stream, "
     "correlation, external_id, stage, step, layer, location, attribution, cpu_op."},
    {"kernel_table", kernelNameTable, "Kernels grouped by exact name, most time first (summary JSON's kernel_table)."},
    {"steps", stepsTable, "The profiler steps (summary JSON's steps)."},
    {"layers", layersTable, "The layers found: index, name, pass, ordinal, stage, kernels, start_us, end_us, total_us, kernel_ids."},
};

const Comparison &cmp(const PyComparison &c) { return *c.c; }

const Attribute<PyComparison> comparisonAttributes[] = {
    {"label_a", [](const PyComparison &c) { return str(cmp(c).labelA); }},
    {"label_b", [](const PyComparison &c) { return str(cmp(c).labelB); }},
    {"stage", [](const PyComparison &c) { return str(stageName(cmp(c).stage)); }},
    {"layers", [](const PyComparison &c) { return table([&] { return layerPairsTable(*c.a.t, *c.b.t, cmp(c)); }); },
     "Aligned layer pairs (compare JSON's layers.alignment, without their kernels)."},
    {"kernel_pairs", [](const PyComparison &c) { return table([&] { return kernelPairsTable(cmp(c)); }); },
     "The aligned kernels of every layer pair (layers.alignment[].kernels), with their pair."},
    {"op_table", [](const PyComparison &c) { return table([&] { return opTable(cmp(c)); }); }},
    {"fusion_patterns", [](const PyComparison &c) { return table([&] { return fusionPatternsTable(cmp(c)); }); }},
    {"extra_work", [](const PyComparison &c) { return table([&] { return extraWorkTable(cmp(c)); }); }},
    {"same_kernels", [](const PyComparison &c) { return table([&] { return sameKernelsTable(cmp(c)); }); }},
    {"left_out_layers", [](const PyComparison &c) { return table([&] { return leftOutLayersTable(cmp(c)); }); }},
    {"gap_us", [](const PyComparison &c) { return number(toUs(cmp(c).gap.busy.bTotal - cmp(c).gap.busy.aTotal)); },
     "B's GPU busy time minus A's (compare JSON's gap.gap_us)."},
    {"gap", [](const PyComparison &c) -> py::object { return gapDict(cmp(c).gap.busy, "gpu_busy"); },
     "The busy-time gap: measure, a_us, b_us, gap_us and its parts (a table)."},
    {"wall_gap", [](const PyComparison &c) -> py::object { return cmp(c).gap.hasWall ? py::object(gapDict(cmp(c).gap.wall, "wall")) : py::none(); },
     "The same for the wall time of the profiled window; None with a stage."},
    {"warnings", [](const PyComparison &c) -> py::object { return pyStrings(cmp(c).warnings); }},
};

const Attribute<PyTriage> triageAttributes[] = {
    {"kernel_table", [](const PyTriage &t) { return table([&] { return triageKernelTable(*t.trace.t, t.result->kernels); }); },
     "Kernels by canonical name per stage, with the Python source lines that launched them."},
    {"fusion_families", [](const PyTriage &t) { return table([&] { return fusionFamiliesTable(t.result->findings); }); }},
    {"overlap", [](const PyTriage &t) { return table([&] { return overlapTable(t.result->findings); }); }},
    {"module_candidates", [](const PyTriage &t) { return table([&] { return moduleCandidatesTable(t.result->findings); }); }},
    {"stage_method", [](const PyTriage &t) { return str(t.result->kernels.stageMethod); }},
    {"attribution", [](const PyTriage &t) -> py::object {
         const KernelTable &k = t.result->kernels;
         return py::dict("linked_share"_a = k.linkedShare, "inferred_share"_a = k.inferredShare,
                         "unresolved_share"_a = k.unresolvedShare);
     }},
};

std::string quoted(const std::string &s) { return py::repr(pyString(s)).cast<std::string>(); }

// "<fusionscope.Trace 'H100': nvidia NVIDIA H100 80GB HBM3, 930 kernels, 36956.649 us>"
py::object reprOf(const PyTrace &t)
{
    char us[32];
    std::snprintf(us, sizeof us, "%.3f", toUs(at(t).summary.kernelTotal));
    return pyString("<fusionscope.Trace " + quoted(tr(t).label) + ": " + platformName(tr(t).info.platform) + " "
                    + tr(t).info.gpuName + ", " + std::to_string(at(t).summary.kernelCount) + " kernels, " + us + " us>");
}

py::object reprOf(const PyComparison &c)
{
    char gap[32];
    std::snprintf(gap, sizeof gap, "%+.3f", toUs(cmp(c).gap.busy.bTotal - cmp(c).gap.busy.aTotal));
    return pyString("<fusionscope.Comparison " + quoted(cmp(c).labelA) + " vs " + quoted(cmp(c).labelB) + ": "
                    + std::to_string(cmp(c).layers.pairs.size()) + " layer pairs, "
                    + std::to_string(cmp(c).findings.size()) + " fusion findings, gap " + gap + " us>");
}

py::object reprOf(const PyTriage &t)
{
    size_t rows = 0;
    for (const StageKernelTable &s : t.result->kernels.stages)
        rows += s.rows.size();
    return pyString("<fusionscope.Triage " + quoted(tr(t.trace).label) + ": " + std::to_string(rows) + " kernel rows, "
                    + std::to_string(t.result->findings.modules.candidates.size()) + " module candidates>");
}

} // namespace

} // namespace fusion::python

using namespace fusion;
using namespace fusion::python;

PYBIND11_MODULE(fusionscope, m)
{
    m.doc() = "FusionScope: compare and triage PyTorch-profiler traces (see the README's Python section).";
    m.attr("__version__") = FUSIONSCOPE_VERSION;
    locateResources();
    // A file truncated by another process while it is read becomes a TraceError instead of killing
    // the interpreter (and the notebook's kernel) with SIGBUS; faults elsewhere go to the handler
    // that was there before.
    mapguard::installHandler();

    py::exec(R"(
class TraceError(ValueError):
    """A trace that cannot be read: str(e) is "FILE: problem"; e.file, e.problem and e.offset (the
    byte offset in the uncompressed JSON, or None) give the parts."""
    file = None
    problem = None
    offset = None
)", m.attr("__dict__"));
    m.attr("TraceError").attr("__module__") = "fusionscope";
    traceErrorType = py::object(m.attr("TraceError")).release();
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p)
                std::rethrow_exception(p);
        } catch (const TraceError &e) {
            translateTraceError(e);
        } catch (const RegistryError &e) {
            PyErr_SetString(PyExc_ValueError, e.what());  // "FILE:LINE: problem"
        } catch (const Cancelled &) {
            PyErr_SetString(PyExc_KeyboardInterrupt, "cancelled");
        }
    });

    py::class_<PyTrace> trace(m, "Trace", "One loaded and analysed trace (fusionscope.load).");
    addAttributes(trace, traceAttributes);
    for (const TraceTable &t : traceTables)
        trace.def(t.name, [make = t.make](const PyTrace &self) { return table([&] { return make(*self.t); }); }, t.doc);
    trace.def("__repr__", py::overload_cast<const PyTrace &>(&reprOf));

    py::class_<PyComparison> comparison(m, "Comparison", "Two traces compared (fusionscope.compare).");
    comparison.def_readonly("a", &PyComparison::a).def_readonly("b", &PyComparison::b);
    addAttributes(comparison, comparisonAttributes);
    comparison.def("__repr__", py::overload_cast<const PyComparison &>(&reprOf));

    py::class_<PyTriage> triaged(m, "Triage", "One trace triaged (fusionscope.triage).");
    triaged.def_readonly("trace", &PyTriage::trace);
    addAttributes(triaged, triageAttributes);
    triaged.def("__repr__", py::overload_cast<const PyTriage &>(&reprOf));

    m.def("load", &load, "path"_a, py::kw_only(), "label"_a = py::none(), "rank"_a = py::none(), "device"_a = py::none(),
          "max_size_mb"_a = py::none(), "scope"_a = "steps", "step"_a = py::none(), "registry"_a = py::none(),
          "Loads and analyses a trace (a Kineto JSON file, .gz/.zst, an archive or a directory of ranks). "
          "Raises fusionscope.TraceError naming the file and the problem when it cannot.");
    m.def("compare", &compare, "a"_a, "b"_a, py::kw_only(), "stage"_a = "all", "label_a"_a = py::none(),
          "label_b"_a = py::none(),
          "Compares two traces (Trace objects, or paths loaded with load()'s defaults, in parallel).");
    m.def("triage", &triage, "trace"_a, py::kw_only(), "stage"_a = "all", "min_share"_a = 0.01, "limit"_a = 0,
          "model"_a = py::none(), "tp"_a = py::none(),
          "Triages one trace: the kernel table with source lines, fusion families, overlap, module candidates.");
    m.def("resource_path", &findResource, "name"_a,
          "Where a data file the analyses read is found, e.g. resource_path('kernel_registry.yaml').");
}
