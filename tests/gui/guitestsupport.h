#pragma once
// Helpers for the GUI tests: the shared Qwen pair, small synthetic traces, analysis without the
// window, and a QApplication set up like hotspot's tests (offscreen, 96 DPI, settings sandboxed).
#include "analysisjob.h"
#include "comparisonjob.h"
#include "triagejob.h"
#include "testsupport.h"

#include <QString>
#include <memory>
#include <string>
#include <vector>

class MainWindow;

namespace fusion::test {

// The same Hugging Face model on H100 (A) and MI300X (B); empty when ../shared/traces is absent.
std::string qwenTrace(Side side);
// Independently known figures of those traces (tests/golden/shared_traces.tsv).
constexpr uint64_t kQwenKernels[2] = {1465, 1516};
constexpr int kQwenKernelNames[2] = {26, 28};

struct SyntheticKernel {
    std::string name;
    int64_t durUs = 1;
    int count = 1;
};
// A minimal Kineto trace with the given kernels, back to back on one stream; returns its path.
std::string writeSyntheticTrace(const std::string &fileName, const std::vector<SyntheticKernel> &kernels);

// What AnalysisJob / ComparisonJob produce, computed on the calling thread.
std::shared_ptr<TraceResult> analyze(const std::string &path, Side side);
std::shared_ptr<ComparisonResult> compare(const TraceResult &a, const TraceResult &b);

// Environment for every GUI test executable; call from initMain().
void prepareGuiTestEnvironment();
// Settings of the test organisation, cleared (call from initTestCase()).
void resetSettings();
// Waits until the window runs no job; false on timeout.
bool waitUntilIdle(MainWindow &window, int timeoutMs = 120000);

} // namespace fusion::test
