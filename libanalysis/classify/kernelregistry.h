#pragma once
// The kernel registry (resources/kernel_registry.yaml): kernel-name patterns → operation, first
// match wins in file order; user files are consulted before the built-in one.
#include "classify/kernelclass.h"
#include "trace/traceinfo.h"

#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fusion {

class RegistryError : public std::runtime_error {
public:
    RegistryError(const std::string &file, int line, const std::string &problem)
        : std::runtime_error(file + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + problem) {}
};

class KernelRegistry {
public:
    // The built-in registry, found next to the sources (development) or under share/fusionscope
    // (see findResource); loaded once per process.
    static std::shared_ptr<const KernelRegistry> builtin();
    static std::string builtinPath();  // throws std::runtime_error when the file is nowhere
    // userFiles (in order) before the built-in file; empty userFiles (or only empty strings) give
    // builtin(). Throws RegistryError with the file and line number.
    static std::shared_ptr<const KernelRegistry> load(const std::vector<std::string> &userFiles);
    // Only the rules of `yaml` (no built-in ones); `name` stands for the file in messages.
    static std::shared_ptr<const KernelRegistry> fromYaml(const std::string &yaml, const std::string &name);

    // Classifies a raw (possibly mangled) kernel name; the platform selects vendor-specific rules.
    // Results are cached per distinct name; safe to call from several threads.
    KernelClass classify(std::string_view rawName, Platform platform) const;
    size_t ruleCount() const;
    const std::vector<std::string> &files() const { return m_files; }  // in the order consulted

    struct Rule;
    ~KernelRegistry();
    KernelRegistry();

private:
    void addYaml(const std::string &yaml, const std::string &file);
    void addFile(const std::string &path);
    KernelClass match(std::string_view rawName, Platform platform) const;

    std::vector<std::unique_ptr<Rule>> m_rules;
    std::vector<std::string> m_files;
    mutable std::mutex m_cacheMutex;
    mutable std::unordered_map<std::string, KernelClass> m_cache;
};

// Itanium demangling for display and matching; returns the input when it is not mangled.
std::string demangle(std::string_view name);
// The kernel table's canonical name: demangled, whitespace folded, 0x… addresses masked,
// the argument list of "void f(...)" stripped.
std::string canonicalKernelName(std::string_view name);
// A name short enough for a table cell: the kernel function's own name without namespaces, template
// or argument lists ("vectorized_elementwise_kernel"), the wrapped kernel for generic entry points
// ("kentry<…, FmhaFwdKernel<…>>" → "FmhaFwdKernel"), and the registry's detail when there is one
// ("vectorized_elementwise_kernel [pow]"). Names without templates (Cijk_…, sm90_xmma_…) stay whole.
std::string shortKernelName(std::string_view name, std::string_view detail = {});
// Short names for the kernels of one table, {raw name, registry detail} each, in the same order: different
// raw names never share a short name. Kernels whose short names collide get the first template
// argument they differ in ("reduce_kernel ‹ReduceOp<float, MeanOps<…>>›"), then a number if that
// is not enough.
std::vector<std::string> distinctShortNames(const std::vector<std::pair<std::string, std::string>> &kernels);

} // namespace fusion
