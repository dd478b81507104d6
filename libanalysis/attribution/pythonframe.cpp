#include "attribution/pythonframe.h"

#include <array>

namespace fusion {

namespace {

bool allDigits(std::string_view s)
{
    if (s.empty() || s.size() > 9)
        return false;
    for (char c : s)
        if (c < '0' || c > '9')
            return false;
    return true;
}

// True when `path` is `part`, starts with it, or holds it right after a '/' (absolute paths).
bool hasPathPart(std::string_view path, std::string_view part)
{
    if (path.starts_with(part))
        return true;
    for (size_t at = path.find(part); at != std::string_view::npos; at = path.find(part, at + 1))
        if (at > 0 && path[at - 1] == '/')
            return true;
    return false;
}

// Interpreter and library plumbing that never says where a kernel comes from (the noise
// frames, plus the import machinery).
constexpr std::array kNoiseParts = {
    std::string_view("threading.py"), std::string_view("multiprocessing/"), std::string_view("contextlib.py"),
    std::string_view("runpy.py"),     std::string_view("asyncio/"),         std::string_view("selectors.py"),
    std::string_view("queue.py"),     std::string_view("socket.py"),        std::string_view("tqdm/"),
    std::string_view("concurrent/futures/"), std::string_view("importlib/"), std::string_view("functools.py"),
};

// torch dispatch plumbing: present above every op, so it would name the same place for all kernels.
constexpr std::array kInternalPrefixes = {
    std::string_view("torch/nn/modules/module.py"), std::string_view("torch/_"),
    std::string_view("torch/utils/_"),              std::string_view("torch/autograd/profiler"),
    std::string_view("torch/profiler/"),            std::string_view("torch/overrides.py"),
};
constexpr std::array kInternalParts = {std::string_view("triton/runtime/"), std::string_view("triton/backends/")};
constexpr std::array kInternalFunctions = {
    std::string_view("__call__"),           std::string_view("_call_impl"),
    std::string_view("_wrapped_call_impl"), std::string_view("__torch_function__"),
    std::string_view("__torch_dispatch__"),
};

// Framework wrappers that sit between the model and the GPU (CUDA-graph replay, parameter
// loaders): true, but less telling than the model code that called them (low-signal paths).
constexpr std::array kLowSignalParts = {
    std::string_view("model_executor/parameter.py"),       std::string_view("model_executor/cuda_graph_runner.py"),
    std::string_view("compilation/cuda_graph.py"),         std::string_view("pyexecutor/cuda_graph_runner.py"),
    std::string_view("pyexecutor/py_executor.py"),         std::string_view("_torch/utils.py"),
};

} // namespace

ParsedFrame parseFrameName(std::string_view name)
{
    ParsedFrame f;
    // The first "(digits): " splits path and function; a path may itself hold '(' or "): ".
    for (size_t close = name.find("): "); close != std::string_view::npos; close = name.find("): ", close + 1)) {
        const size_t open = name.rfind('(', close);
        if (open == std::string_view::npos || open == 0)
            continue;
        const std::string_view digits = name.substr(open + 1, close - open - 1);
        if (!allDigits(digits))
            continue;
        f.file = name.substr(0, open);
        f.function = name.substr(close + 3);
        for (char c : digits)
            f.line = f.line * 10 + (c - '0');
        f.ok = !f.function.empty();
        return f;
    }
    return f;
}

std::string_view moduleScopeName(std::string_view name)
{
    constexpr std::string_view prefix = "nn.Module:";
    if (!name.starts_with(prefix))
        return {};
    name.remove_prefix(prefix.size());
    while (!name.empty() && name.front() == ' ')
        name.remove_prefix(1);
    return name;
}

std::string_view repoRelativePath(std::string_view file)
{
    for (std::string_view marker : {std::string_view("site-packages/"), std::string_view("dist-packages/")}) {
        const size_t at = file.rfind(marker);
        if (at != std::string_view::npos)
            file = file.substr(at + marker.size());
    }
    return file;
}

FrameRole frameRole(std::string_view name)
{
    if (name.starts_with("nn.Module:"))
        return FrameRole::Scope;
    const ParsedFrame f = parseFrameName(name);
    if (!f.ok || f.file.starts_with("<"))  // <built-in method …>, <string>, <frozen importlib…>
        return FrameRole::Noise;
    const std::string_view path = repoRelativePath(f.file);
    for (std::string_view p : kNoiseParts)
        if (hasPathPart(path, p))
            return FrameRole::Noise;
    for (std::string_view p : kInternalPrefixes)
        if (path.starts_with(p))
            return FrameRole::Internal;
    for (std::string_view p : kInternalParts)
        if (path.find(p) != std::string_view::npos)
            return FrameRole::Internal;
    for (std::string_view fn : kInternalFunctions)
        if (f.function == fn)
            return FrameRole::Internal;
    if (path.starts_with("torch/"))
        return FrameRole::Library;
    for (std::string_view p : kLowSignalParts)
        if (path.find(p) != std::string_view::npos)
            return FrameRole::Library;
    return FrameRole::Model;
}

std::string frameDisplay(std::string_view name)
{
    const ParsedFrame f = parseFrameName(name);
    if (!f.ok)
        return std::string(name);
    std::string out(repoRelativePath(f.file));
    out += ':';
    out += std::to_string(f.line);
    out += ' ';
    out += f.function;
    return out;
}

} // namespace fusion
