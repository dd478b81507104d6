#include "triage/sitetext.h"

#include "classify/kernelregistry.h"

#include <unordered_map>

namespace fusion {

std::string lowerAscii(std::string s)
{
    for (char &c : s)
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    return s;
}

namespace {

// "Qwen2RMSNorm_17" → "Qwen2RMSNorm": instances of one module class share a base name.
std::string baseName(std::string_view instance)
{
    size_t end = instance.size();
    while (end > 0 && instance[end - 1] >= '0' && instance[end - 1] <= '9')
        --end;
    if (end < instance.size() && end > 0 && instance[end - 1] == '_')
        return std::string(instance.substr(0, end - 1));
    return std::string(instance);
}

uint32_t intern(std::unordered_map<std::string, uint32_t> &index, std::vector<std::string> &list, std::string s)
{
    auto [it, added] = index.try_emplace(s, uint32_t(list.size()));
    if (added)
        list.push_back(std::move(s));
    return it->second;
}

} // namespace

std::string locationLabel(const SourceLocation &loc)
{
    if (loc.line == 0 && loc.file.empty())
        return {};
    // display is "file:line function" with the site-packages prefix already dropped.
    std::string where = loc.display;
    if (!loc.function.empty() && where.size() > loc.function.size()
        && where.compare(where.size() - loc.function.size(), loc.function.size(), loc.function) == 0)
        where.resize(where.size() - loc.function.size());
    while (!where.empty() && where.back() == ' ')
        where.pop_back();
    return loc.function.empty() ? where : loc.function + " @ " + where;
}

SiteTexts buildSiteTexts(const Trace &trace, const TraceAttribution &attr)
{
    const EventStore &s = trace.store;
    SiteTexts t;
    std::unordered_map<std::string, uint32_t> nameIndex, opIndex;
    std::unordered_map<StrId, uint32_t> nameOfRaw;
    intern(opIndex, t.cpuOps, "");
    const size_t n = s.kernels.size();
    t.nameOf.resize(n);
    t.cpuOpOf.resize(n);
    for (size_t k = 0; k < n; ++k) {
        const StrId raw = s.kernels.name[k];
        auto it = nameOfRaw.find(raw);
        if (it == nameOfRaw.end())
            it = nameOfRaw.emplace(raw, intern(nameIndex, t.names, canonicalKernelName(s.str(raw)))).first;
        t.nameOf[k] = it->second;
        std::string op;
        if (k < attr.cpuOp.size() && attr.cpuOp[k] >= 0)
            op = std::string(s.str(s.cpuOps.name[size_t(attr.cpuOp[k])]));
        else if (k < attr.launch.size() && attr.launch[k] >= 0)
            op = std::string(s.str(s.launches.name[size_t(attr.launch[k])]));
        t.cpuOpOf[k] = intern(opIndex, t.cpuOps, std::move(op));
    }
    t.modulePaths.reserve(attr.scopes.size());
    for (const auto &chain : attr.scopes) {
        std::string path;
        for (const std::string &inst : chain) {
            if (!path.empty())
                path += " > ";
            path += baseName(inst);
        }
        t.modulePaths.push_back(std::move(path));
    }
    t.stacks.reserve(attr.locations.size());
    for (const SourceLocation &loc : attr.locations) {
        std::string st;
        const size_t from = loc.stack.size() > 4 ? loc.stack.size() - 4 : 0;
        for (size_t i = from; i < loc.stack.size(); ++i) {
            if (!st.empty())
                st += " -> ";
            st += loc.stack[i];
        }
        t.stacks.push_back(std::move(st));
    }
    return t;
}

} // namespace fusion
