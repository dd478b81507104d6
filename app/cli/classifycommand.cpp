// fusionscope-cli classify NAME...: which registry rule a kernel name hits, and what it says.
#include "commands.h"

#include "classify/kernelregistry.h"
#include "util/jsonwriter.h"

#include <ostream>

namespace fusion::cli {

namespace {

struct Row {
    std::string name, demangled, canonical;
    KernelClass cls;
};

void writeText(std::ostream &out, const KernelRegistry &registry, const std::vector<Row> &rows)
{
    auto line = [&](const char *label, const std::string &value) {
        if (!value.empty())
            out << "  " << label << value << '\n';
    };
    for (size_t i = 0; i < rows.size(); ++i) {
        const Row &r = rows[i];
        const KernelClass &c = r.cls;
        out << (i ? "\n" : "") << r.name << '\n';
        if (r.demangled != r.name)
            line("demangled:  ", r.demangled);
        line("op:         ", c.op);
        line("category:   ", c.category);
        line("vendor:     ", c.vendor);
        line("library:    ", c.library);
        line("hardware:   ", c.hardware);
        line("phase:      ", c.phase);
        line("fused_with: ", c.fusedWith);
        line("detail:     ", c.detail);
        line("notes:      ", c.notes);
        if (c.rule >= 0)
            out << "  rule:       #" << c.rule << " '" << c.pattern << "' (" << c.source << ")\n";
        else
            out << "  rule:       none of the " << registry.ruleCount() << " rules matches\n";
    }
}

void writeJson(std::ostream &out, const KernelRegistry &registry, const std::vector<Row> &rows)
{
    JsonWriter w(out);
    w.beginObject();
    w.key("registry").beginObject();
    w.key("files").beginArray();
    for (const std::string &f : registry.files())
        w.value(f);
    w.endArray();
    w.field("rules", uint64_t(registry.ruleCount()));
    w.endObject();
    w.key("kernels").beginArray();
    for (const Row &r : rows) {
        const KernelClass &c = r.cls;
        w.beginObject();
        w.field("name", r.name);
        w.field("demangled", r.demangled);
        w.field("canonical", r.canonical);
        w.field("op", c.op);
        w.field("category", c.category);
        w.field("vendor", c.vendor);
        w.field("library", c.library);
        w.field("hardware", c.hardware);
        w.field("phase", c.phase);
        w.field("fused_with", c.fusedWith);
        w.field("detail", c.detail);
        w.field("notes", c.notes);
        w.key("rule");
        if (c.rule >= 0)
            w.beginObject()
                .field("index", int64_t(c.rule))
                .field("pattern", c.pattern)
                .field("source", c.source)
                .endObject();
        else
            w.null();
        w.endObject();
    }
    w.endArray();
    w.endObject();
    out << '\n';
}

} // namespace

int classifyCommand(const CliArgs &args)
{
    if (args.positional.empty())
        throw UsageError{"classify takes one or more kernel NAMEs"};
    if (args.format != "text" && args.format != "json")
        throw UsageError{"classify writes text or json, not " + args.format};
    const auto registry = KernelRegistry::load({args.registry});

    // No trace, so no platform: every vendor's rules apply (Platform::Unknown).
    std::vector<Row> rows;
    for (const std::string &name : args.positional)
        rows.push_back({name, demangle(name), canonicalKernelName(name), registry->classify(name, Platform::Unknown)});

    withOutput(args, [&](std::ostream &out) {
        if (args.format == "json")
            writeJson(out, *registry, rows);
        else
            writeText(out, *registry, rows);
    });
    return ExitOk;
}

} // namespace fusion::cli
