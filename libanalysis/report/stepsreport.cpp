#include "report/stepsreport.h"

#include <cstdio>
#include <iomanip>

namespace fusion {

namespace {


void writeTimeFields(JsonWriter &w, const GpuTime &t)
{
    w.field("kernels", uint64_t(t.kernels));
    w.field("kernel_us", toUs(t.kernelTime), 3);
    w.field("span_us", toUs(t.span), 3);
    w.field("busy_us", toUs(t.busy), 3);
    w.field("idle_us", toUs(t.idle), 3);
    w.field("comm_us", toUs(t.comm), 3);
    w.field("exposed_comm_us", toUs(t.exposedComm), 3);
    w.field("memcpy_us", toUs(t.memcpy), 3);
    w.field("exposed_memcpy_us", toUs(t.exposedMemcpy), 3);
}

} // namespace

std::pair<GpuTime, GpuTime> keptAndLeft(const TraceSteps &steps, const Scope &scope)
{
    GpuTime kept, left = steps.outside;
    for (const Step &st : steps.steps) {
        GpuTime &to = scope.kind == Scope::Kind::All || !scope.step || st.number == *scope.step ? kept : left;
        to.kernels += st.time.kernels;
        to.kernelTime += st.time.kernelTime;
        to.busy += st.time.busy;
    }
    if (scope.kind == Scope::Kind::All || steps.steps.empty()) {
        kept.kernels += left.kernels;
        kept.kernelTime += left.kernelTime;
        kept.busy += left.busy;
        left = {};
    }
    return {kept, left};
}

void writeStepsJson(JsonWriter &w, const TraceSteps &steps)
{
    w.field("steps_method", steps.method);
    w.key("steps").beginArray();
    for (const Step &st : steps.steps) {
        w.beginObject();
        w.field("name", st.name);
        w.field("number", st.number);
        w.field("start_us", toUs(st.start), 3);
        w.field("dur_us", toUs(st.dur), 3);
        w.field("window", st.onGpu ? "gpu" : "cpu");
        writeTimeFields(w, st.time);
        w.endObject();
    }
    w.endArray();
    w.key("outside_steps").beginObject();
    writeTimeFields(w, steps.outside);
    w.endObject();
}

void writeStepsText(std::ostream &out, const TraceSteps &steps)
{
    if (steps.steps.empty())
        return;
    out << "\nSteps (" << steps.method << "; busy and idle are unions over the step's GPU operations):\n";
    out << "  " << std::left << std::setw(22) << "step" << std::right << std::setw(9) << "kernels" << std::setw(13)
        << "kernel_us" << std::setw(13) << "span_us" << std::setw(13) << "busy_us" << std::setw(13) << "idle_us"
        << std::setw(13) << "exp_comm_us" << std::setw(13) << "exp_mcpy_us" << '\n';
    auto row = [&](const std::string &name, const GpuTime &t) {
        out << "  " << std::left << std::setw(22) << name << std::right << std::setw(9) << t.kernels << std::setw(13)
            << usText(t.kernelTime) << std::setw(13) << usText(t.span) << std::setw(13) << usText(t.busy) << std::setw(13)
            << usText(t.idle) << std::setw(13) << usText(t.exposedComm) << std::setw(13) << usText(t.exposedMemcpy) << '\n';
    };
    for (const Step &st : steps.steps)
        row(st.name, st.time);
    row("(outside the steps)", steps.outside);
}

std::string scopeLine(const TraceSteps &steps, const Scope &scope)
{
    const auto [kept, left] = keptAndLeft(steps, scope);
    auto kernels = [](uint32_t n) { return std::to_string(n) + (n == 1 ? " kernel" : " kernels"); };
    std::string s = "Scope: " + describeScope(steps, scope) + ": " + kernels(kept.kernels) + ", "
                    + usText(kept.kernelTime) + " us GPU time";
    if (left.kernels)
        s += "; " + kernels(left.kernels) + " (" + usText(left.kernelTime)
             + " us) outside the scope, not analysed (--scope all includes them)";
    return s;
}

void writeScopeJson(JsonWriter &w, const TraceSteps &steps, const Scope &scope)
{
    const auto [kept, left] = keptAndLeft(steps, scope);
    w.field("scope", scopeName(steps, scope));
    if (scope.step && scope.kind == Scope::Kind::Steps)
        w.field("scope_step", *scope.step);
    w.field("scope_kernels", uint64_t(kept.kernels));
    w.field("scope_us", toUs(kept.kernelTime), 3);
    w.field("outside_kernels", uint64_t(left.kernels));
    w.field("outside_us", toUs(left.kernelTime), 3);
}

} // namespace fusion
