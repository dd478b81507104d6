#pragma once
// What a python_function event's name says: "file(line): function" parsed, and which role the
// frame plays when choosing a kernel's source location (model/framework code over torch internals).
#include <string>
#include <string_view>

namespace fusion {

struct ParsedFrame {
    std::string_view file;      // as the frame names it
    int line = 0;
    std::string_view function;
    bool ok = false;            // false for "<built-in method ...>", "nn.Module: ...", anything else
};

// Parses "path/to/file.py(123): function"; the function may hold anything ("<lambda>", spaces).
ParsedFrame parseFrameName(std::string_view name);

enum class FrameRole : uint8_t {
    Noise,     // not a source location: built-ins, interpreter plumbing (threading, runpy, multiprocessing…)
    Scope,     // "nn.Module: Qwen2DecoderLayer_3": a module scope marker, not a location
    Internal,  // torch dispatch plumbing (module.py _call_impl, torch/_*, __call__, __torch_function__)
    Library,   // other torch code and low-signal framework wrappers (CUDA-graph runners): a last resort
    Model,     // model or framework code: where a kernel is attributed when possible
};
FrameRole frameRole(std::string_view name);

// "Qwen2DecoderLayer_3" for "nn.Module: Qwen2DecoderLayer_3", else empty.
std::string_view moduleScopeName(std::string_view name);

// The path without an installation prefix ("…/site-packages/", "…/dist-packages/"), so that the
// same library reads the same wherever it was installed.
std::string_view repoRelativePath(std::string_view file);

// "file:line function" (file repo-relative); the name itself when it does not parse.
std::string frameDisplay(std::string_view name);

} // namespace fusion
