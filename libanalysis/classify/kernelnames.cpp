// Kernel names for display and matching: Itanium demangling and the kernel table's canonical form.
#include "classify/kernelregistry.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <iterator>
#include <memory>
#include <unordered_map>
#include <vector>

namespace fusion {

namespace {

std::string cxaDemangle(const std::string &mangled, bool &ok)
{
    int status = 0;
    std::unique_ptr<char, void (*)(void *)> out(abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status),
                                                std::free);
    ok = status == 0 && out;
    return ok ? std::string(out.get()) : mangled;
}

bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Replaces whole-token occurrences of `from` by `to`.
void replaceToken(std::string &s, const std::string &from, const std::string &to)
{
    for (size_t pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos)) {
        const bool before = pos == 0 || !isIdentChar(s[pos - 1]);
        const bool after = pos + from.size() >= s.size() || !isIdentChar(s[pos + from.size()]);
        if (before && after) {
            s.replace(pos, from.size(), to);
            pos += to.size();
        } else {
            pos += from.size();
        }
    }
}

// GCC 12's demangler predates the C++23 extended float types that ROCm kernels use
// (aiter's std::bfloat16_t is "DF16b", CK's _Float16 is "DF16_") and rejects the whole symbol.
// Builtin types are never substitution candidates, so swapping such a code for another builtin
// the demangler knows leaves every back-reference (S4_, T0_) intact; the stand-in's printed name
// is then swapped back. A stand-in whose code or name the symbol already holds is not used.
std::string demangleExtendedFloats(const std::string &mangled, bool &ok)
{
    struct Code { const char *code, *name; };
    static const Code extended[] = {{"DF16b", "std::bfloat16_t"}, {"DF16_", "_Float16"}};
    static const Code standIns[] = {{"Ds", "char16_t"}, {"Di", "char32_t"}, {"Du", "char8_t"}, {"Dh", "half"}};
    ok = false;
    std::string text = mangled;
    std::vector<std::pair<std::string, std::string>> restore;  // stand-in name → real name
    size_t next = 0;
    for (const Code &e : extended) {
        if (mangled.find(e.code) == std::string::npos)
            continue;
        while (next < std::size(standIns) && (mangled.find(standIns[next].code) != std::string::npos ||
                                              mangled.find(standIns[next].name) != std::string::npos))
            ++next;
        if (next == std::size(standIns))
            return mangled;
        for (size_t pos = text.find(e.code); pos != std::string::npos; pos = text.find(e.code, pos))
            text.replace(pos, std::strlen(e.code), standIns[next].code);
        restore.emplace_back(standIns[next].name, e.name);
        ++next;
    }
    if (restore.empty())
        return mangled;
    std::string out = cxaDemangle(text, ok);
    if (!ok)
        return mangled;
    for (const auto &[standIn, real] : restore)
        replaceToken(out, standIn, real);
    return out;
}

} // namespace

std::string demangle(std::string_view name)
{
    // Only Itanium symbols ("_Z...") are demangled: __cxa_demangle would also turn a plain
    // "i" or "f" into a type name, and kernel names like "attn_fwd" must stay as they are.
    if (name.size() < 3 || name.substr(0, 2) != "_Z")
        return std::string(name);
    const std::string mangled(name);
    bool ok = false;
    std::string out = cxaDemangle(mangled, ok);
    if (!ok)
        out = demangleExtendedFloats(mangled, ok);
    return out;
}

std::string canonicalKernelName(std::string_view name)
{
    const std::string demangled = demangle(name);

    // Fold whitespace runs (tabs and newlines included) into one space and trim both ends.
    std::string text;
    text.reserve(demangled.size());
    bool pendingSpace = false;
    for (char c : demangled) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            pendingSpace = !text.empty();
            continue;
        }
        if (pendingSpace)
            text += ' ';
        pendingSpace = false;
        text += c;
    }

    // Mask addresses: the same kernel launched from two processes must fold into one row. Only a
    // "0x" that starts a token counts: tile sizes such as "MT128x80x64" hold "0x6" too.
    std::string masked;
    masked.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
        const bool tokenStart = i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1]));
        if (tokenStart && text[i] == '0' && i + 2 < text.size() && (text[i + 1] == 'x' || text[i + 1] == 'X') &&
            std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
            masked += "0xADDR";
            i += 2;
            while (i < text.size() && std::isxdigit(static_cast<unsigned char>(text[i])))
                ++i;
            continue;
        }
        masked += text[i++];
    }

    // "void f<T>(args)": the argument list repeats the template arguments, so it goes; the
    // template arguments stay because they tell instances apart.
    if (masked.starts_with("void ") && masked.ends_with(")")) {
        int depth = 0;
        for (size_t i = masked.size(); i-- > 0;) {
            if (masked[i] == ')')
                ++depth;
            else if (masked[i] == '(' && --depth == 0) {
                masked.resize(i);
                while (!masked.empty() && masked.back() == ' ')
                    masked.pop_back();
                break;
            }
        }
    }
    return masked;
}

} // namespace fusion

namespace fusion {

namespace {
// The last "::"-separated component of a qualified name, ignoring "(anonymous namespace)".
std::string_view lastComponent(std::string_view q)
{
    const size_t at = q.rfind("::");
    return at == std::string_view::npos ? q : q.substr(at + 2);
}
} // namespace

std::string shortKernelName(std::string_view name, std::string_view detail)
{
    std::string s = demangle(name);
    for (size_t at; (at = s.find("(anonymous namespace)::")) != std::string::npos;)
        s.erase(at, 23);
    std::string_view v = s;
    if (v.starts_with("void "))
        v.remove_prefix(5);
    // The function's qualified name ends at the first '<' or '(' (operator names aside).
    const size_t open = v.find_first_of("<(");
    std::string base(open == std::string_view::npos ? v : lastComponent(v.substr(0, open)));
    if (open != std::string_view::npos && v[open] == '<'
        && (base == "kentry" || base == "kernel" || base.starts_with("Kernel") || base == "entry"
            || base == "device_kernel")
        && (base.size() == 6 || std::all_of(base.begin() + 6, base.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))) {
        // Generic entry points wrap the real kernel as a template argument: name that one.
        const size_t k = v.find("Kernel", open);
        if (k == std::string_view::npos) {
            // "Kernel<cutlass::gemm::kernel::Gemm>": the first template argument's own name.
            const size_t end = v.find_first_of(",<>", open + 1);
            const std::string_view arg = v.substr(open + 1, end == std::string_view::npos ? 0 : end - open - 1);
            // CUTLASS's generated instance names hold library, arch, tile and layout: they are the name.
            if (lastComponent(arg).starts_with("cutlass_"))
                base = std::string(lastComponent(arg));
            else if (!arg.empty())
                base += "<" + std::string(lastComponent(arg)) + ">";
        } else {
            size_t b = k;
            while (b > open && (std::isalnum(static_cast<unsigned char>(v[b - 1])) || v[b - 1] == '_'))
                --b;
            size_t e = k + 6;
            while (e < v.size() && (std::isalnum(static_cast<unsigned char>(v[e])) || v[e] == '_'))
                ++e;
            base = std::string(v.substr(b, e - b));
        }
    }
    if (base.empty())
        base = std::string(v);
    if (!detail.empty() && base.find(detail) == std::string::npos)
        base += " [" + std::string(detail) + "]";
    return base;
}


namespace {

// The top-level arguments of the first template argument list of a demangled function name
// ("void f<4, Functor<float>, Array<char*, 1> >(…)" → "4", "Functor<float>", "Array<char*, 1>").
std::vector<std::string_view> templateArguments(std::string_view s)
{
    std::vector<std::string_view> args;
    const size_t open = s.find('<');
    if (open == std::string_view::npos || s.find('(') < open)
        return args;
    int depth = 0;
    size_t start = open + 1;
    for (size_t i = open; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '<' || c == '(' || c == '[' || c == '{') {
            ++depth;
        } else if (c == '>' || c == ')' || c == ']' || c == '}') {
            if (--depth == 0) {
                args.push_back(s.substr(start, i - start));
                break;
            }
        } else if (c == ',' && depth == 1) {
            args.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    }
    for (std::string_view &a : args) {
        while (!a.empty() && a.front() == ' ')
            a.remove_prefix(1);
        while (!a.empty() && a.back() == ' ')
            a.remove_suffix(1);
    }
    return args;
}

// "at::native::FillFunctor<c10::BFloat16>" → "FillFunctor<BFloat16>": namespaces tell nothing apart.
std::string withoutQualifiers(std::string_view s)
{
    std::string in(s);
    for (size_t at; (at = in.find("(anonymous namespace)::")) != std::string::npos;)
        in.erase(at, 23);
    std::string out;
    for (size_t i = 0; i < in.size(); ++i) {
        // Only a namespace or class name before "::" goes; "f(…)::{lambda()#1}" keeps its scope.
        if (in.compare(i, 2, "::") == 0 && !out.empty() && isIdentChar(out.back())) {
            while (!out.empty() && isIdentChar(out.back()))
                out.pop_back();
            ++i;
            continue;
        }
        out += in[i];
    }
    return out;
}

std::string elidedInTheMiddle(std::string s, size_t max)
{
    if (s.size() <= max)
        return s;
    const size_t keep = (max - 1) / 2;
    return s.substr(0, keep) + "…" + s.substr(s.size() - keep);
}

} // namespace

std::vector<std::string> distinctShortNames(const std::vector<std::pair<std::string, std::string>> &kernels)
{
    std::vector<std::string> shortNames(kernels.size());
    std::unordered_map<std::string, std::vector<size_t>> byShort;
    for (size_t i = 0; i < kernels.size(); ++i) {
        shortNames[i] = shortKernelName(kernels[i].first, kernels[i].second);
        byShort[shortNames[i]].push_back(i);
    }
    for (auto &[shortName, members] : byShort) {
        // The same raw name may be listed more than once; only different kernels need telling apart.
        std::vector<std::string> raws;
        for (size_t i : members)
            raws.push_back(kernels[i].first);
        std::sort(raws.begin(), raws.end());
        raws.erase(std::unique(raws.begin(), raws.end()), raws.end());
        if (raws.size() < 2)
            continue;
        std::vector<std::string> demangled;
        std::vector<std::vector<std::string_view>> args;
        for (const std::string &raw : raws)
            demangled.push_back(canonicalKernelName(raw));
        for (const std::string &d : demangled)
            args.push_back(templateArguments(d));
        // The first template argument in which the kernels differ (tile, dtype, functor) names each.
        size_t differing = SIZE_MAX;
        for (size_t a = 0; differing == SIZE_MAX && a < args.front().size(); ++a)
            for (const auto &list : args)
                if (list.size() != args.front().size() || list[a] != args.front()[a]) {
                    differing = a;
                    break;
                }
        std::unordered_map<std::string, std::string> nameOfRaw;
        std::unordered_map<std::string, int> uses;
        for (size_t r = 0; r < raws.size(); ++r) {
            std::string name = shortName;
            if (differing != SIZE_MAX && differing < args[r].size())
                name += " ‹" + elidedInTheMiddle(withoutQualifiers(args[r][differing]), 48) + "›";
            nameOfRaw[raws[r]] = name;
            ++uses[name];
        }
        // What the template arguments cannot tell apart gets a number, in the order of the raw names.
        std::unordered_map<std::string, int> seen;
        for (const std::string &raw : raws) {
            const std::string name = nameOfRaw[raw];
            if (uses[name] > 1)
                nameOfRaw[raw] = name + " #" + std::to_string(++seen[name]);
        }
        for (size_t i : members)
            shortNames[i] = nameOfRaw[kernels[i].first];
    }
    return shortNames;
}

} // namespace fusion
