#pragma once
// Helpers shared by the test suites: where the real traces are, and small trace builders.
#include "trace/traceloader.h"

#include <QString>
#include <QStringList>
#include <memory>
#include <string>

namespace fusion::test {

// The shared pairs most suites compare, relative to the shared traces folder (see sharedTrace).
constexpr const char *kQwenH100 = "tracelens/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz";
constexpr const char *kQwenMi300 = "tracelens/mi300/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz";
constexpr const char *kBertH100 = "tracelens/h100/gaunernst_bert-small-uncased__1016001.json.gz";
constexpr const char *kBertMi300 = "tracelens/mi300/gaunernst_bert-small-uncased__1016001.json.gz";

// ../shared/traces (or $FUSIONSCOPE_SHARED_TRACES); empty when absent so tests can QSKIP.
QString sharedTracesDir();
// The path of a shared trace, or empty when the folder is absent.
std::string sharedTrace(const char *relative);
QString testsDir();     // the source tests/ folder
QString sourceDir();    // the project's source root
QString binaryDir();    // the build tree root

// A program of the build run in a child process with a timeout, an address-space limit of 1.5 GB
// (none under AddressSanitizer, which reserves terabytes) and no core dumps.
struct CliOutcome {
    bool finished = false;  // false: timed out (killed)
    bool crashed = false;
    int exitCode = -1;
    QString out;
    QStringList errLines;
};
constexpr int kCliTimeoutMs = 60000;
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;  // ASan reserves terabytes of shadow memory: no RLIMIT_AS then
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif
QString cliPath();  // the build's fusionscope-cli
CliOutcome runCli(const QStringList &args, const QString &workDir = {}, const QString &program = cliPath());

// Writes `json` to a temporary file (kept until the process ends) and returns its path.
std::string writeTempFile(const std::string &name, const std::string &bytes);
std::shared_ptr<Trace> loadJson(const std::string &json);

} // namespace fusion::test

// Skips the current test when the shared traces are not there (a user's clone has no ../shared).
#define REQUIRE_SHARED_TRACES()                                                                   \
    do {                                                                                          \
        if (fusion::test::sharedTracesDir().isEmpty())                                            \
            QSKIP("../shared/traces is absent: real-trace tests skipped");                        \
    } while (0)
