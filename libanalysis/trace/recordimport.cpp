#include "trace/recordimport.h"

#include "trace/traceerror.h"
#include "util/intervalforest.h"

#include <algorithm>
#include <unordered_map>

namespace fusion {

bool SpanCheck::accept(int64_t start, int64_t end, Ns &dur)
{
    // Compared before subtracting: end - start of two garbage values may overflow.
    if (start < -kMaxTime || start > kMaxTime || end < start || end > kMaxTime || end - start > kMaxDuration) {
        ++m_skipped;
        return false;
    }
    dur = end - start;
    m_total += double(dur);
    return true;
}

void SpanCheck::check(const std::string &file) const
{
    if (m_total > double(kMaxTime))
        throw TraceError(file, "the records' durations add up to more than "
                                   + std::to_string(kMaxTime / 31'557'600'000'000'000) + " years: not a real profile");
}

void SpanCheck::warn(std::vector<std::string> &warnings, std::string_view what) const
{
    if (m_skipped)
        warnings.push_back(std::to_string(m_skipped) + " " + std::string(what)
                           + " skipped: end before start, a time no clock gives, or longer than a week");
}

std::string_view memcpyName(std::string_view direction)
{
    static constexpr std::pair<std::string_view, std::string_view> kNames[] = {
        {"HtoD", "Memcpy HtoD (Host -> Device)"}, {"DtoH", "Memcpy DtoH (Device -> Host)"},
        {"DtoD", "Memcpy DtoD (Device -> Device)"}, {"HtoH", "Memcpy HtoH (Host -> Host)"},
        {"PtoP", "Memcpy PtoP (Device -> Device)"},
    };
    for (const auto &[d, name] : kNames)
        if (d == direction)
            return name;
    return "Memcpy";
}

namespace {

bool identifierChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

// "aten::mm", "c10d::allreduce_", "torch::autograd::AccumulateGrad": identifiers joined by "::".
bool namespacedOperator(std::string_view s)
{
    size_t parts = 0;
    for (size_t i = 0; i < s.size();) {
        const size_t begin = i;
        while (i < s.size() && identifierChar(s[i]))
            ++i;
        if (i == begin)
            return false;
        ++parts;
        if (i == s.size())
            break;
        if (s.substr(i, 2) != "::")
            return false;
        i += 2;
        if (i == s.size())
            return false;
    }
    return parts >= 2;
}

} // namespace

OpRange parseOpRange(std::string_view name)
{
    OpRange r;
    size_t cut = std::string_view::npos;
    for (std::string_view marker : {", seq = ", ", op_id = ", ", sizes = "})
        cut = std::min(cut, name.find(marker));
    if (cut != std::string_view::npos && cut > 0) {
        r.isOp = true;
        r.op = name.substr(0, cut);
        const size_t sizes = name.find(", sizes = ");
        if (sizes != std::string_view::npos) {
            const std::string_view rest = name.substr(sizes + 10);
            r.sizes = rest.substr(0, rest.find(", input_op_ids = "));
        }
    } else if (namespacedOperator(name)) {
        r.isOp = true;
        r.op = name;
    }
    return r;
}

size_t finishImportedStore(EventStore &s)
{
    AnnotationTable &a = s.annotations;
    AnnotationTable kept;
    std::vector<IntervalForest::Interval> ops;
    for (size_t i = 0; i < a.size(); ++i) {
        const OpRange r = a.onGpu[i] ? OpRange{} : parseOpRange(s.str(a.name[i]));
        if (!r.isOp) {
            kept.push(a.start[i], a.dur[i], a.name[i], a.pid[i], a.tid[i], a.onGpu[i]);
            continue;
        }
        const auto row = uint32_t(s.cpuOps.size());
        // A string_view into the pool stays valid while it grows (its strings never move).
        const StrId op = s.strings.intern(r.op);
        const StrId dims = r.sizes.empty() ? StringPool::empty : s.strings.intern(r.sizes);
        s.cpuOps.push(a.start[i], a.dur[i], op, a.pid[i], a.tid[i], int64_t(row) + 1, dims);
        ops.push_back({{a.pid[i], a.tid[i]}, a.start[i], a.start[i] + a.dur[i], row});
    }
    a = std::move(kept);

    if (!ops.empty()) {
        IntervalForest forest;
        forest.build(std::move(ops));
        LaunchTable &l = s.launches;
        for (size_t i = 0; i < l.size(); ++i) {
            const int32_t n = forest.innermost({l.pid[i], l.tid[i]}, l.start[i]);
            if (n != IntervalForest::npos)
                l.externalId[i] = s.cpuOps.externalId[forest.node(n).id];
        }
        // The GPU operations carry their launch's External id, as in a Kineto trace; not where two
        // launches share a correlation id (several processes in one report), which only the
        // attribution's search by time tells apart.
        constexpr int64_t kAmbiguous = -2;
        std::unordered_map<int64_t, int64_t> externalOf;
        for (size_t i = 0; i < l.size(); ++i) {
            if (l.correlation[i] == kNone)
                continue;
            const auto [it, fresh] = externalOf.try_emplace(l.correlation[i], l.externalId[i]);
            if (!fresh && it->second != l.externalId[i])
                it->second = kAmbiguous;
        }
        for (GpuOpTable *t : {&s.kernels, &s.memOps})
            for (size_t i = 0; i < t->size(); ++i)
                if (t->externalId[i] == kNone)
                    if (auto it = externalOf.find(t->correlation[i]); it != externalOf.end() && it->second >= 0)
                        t->externalId[i] = it->second;
    }
    s.finalize();
    return s.cpuOps.size();
}

bool hasAnnotationRanges(const EventStore &s)
{
    const AnnotationTable &a = s.annotations;
    for (size_t i = 0; i < a.size(); ++i)
        if (!a.onGpu[i] && !s.str(a.name[i]).starts_with("ProfilerStep#"))
            return true;
    return false;
}

} // namespace fusion
