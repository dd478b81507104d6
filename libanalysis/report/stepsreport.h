#pragma once
// The profiler steps of a trace in reports: JSON fields, a text table, and the scope line that
// triage and compare print so that a reader knows which kernels the figures cover.
#include "steps/steps.h"
#include "util/jsonwriter.h"

#include <ostream>

namespace fusion {

// Writes "steps_method", "steps": [{name, number, start_us, dur_us, kernels, kernel_us, span_us,
// busy_us, idle_us, comm_us, exposed_comm_us, memcpy_us, exposed_memcpy_us}] and "outside_steps":
// {kernels, kernel_us, busy_us} into the object being written.
void writeStepsJson(JsonWriter &w, const TraceSteps &steps);
// A "Steps" section: one row per step and one for the kernels outside; nothing without steps.
void writeStepsText(std::ostream &out, const TraceSteps &steps);
// "Scope: steps (1): 1029 of 1465 kernels, 31905.483 us busy; 436 kernels outside the steps (not analysed)"
std::string scopeLine(const TraceSteps &steps, const Scope &scope);
// Writes "scope" (steps | step | all), "scope_step" (the number, with scope step), "scope_kernels",
// "outside_kernels" and "outside_us" (the kernels the scope leaves out).
void writeScopeJson(JsonWriter &w, const TraceSteps &steps, const Scope &scope);
// The kernels a scope keeps and those it leaves out, from the steps' own counts (kernels, kernel
// time and busy time are filled): the figures of "scope_kernels", "scope_us", "outside_*".
std::pair<GpuTime, GpuTime> keptAndLeft(const TraceSteps &steps, const Scope &scope);

} // namespace fusion
