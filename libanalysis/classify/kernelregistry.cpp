// Loading the kernel registry (YAML) and matching kernel names against it.
#include "classify/kernelregistry.h"

#include "util/resourcepaths.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>

namespace fusion {

// Outside the anonymous namespace: KernelRegistry::Rule holds one, and a class with linkage should
// not hold a member of a type without.
enum class RuleVendor : uint8_t { Both, Nvidia, Amd };

// std::regex_traits looks its locale's ctype facet up (a dynamic_cast and string compares) for each
// character a case-blind pattern compares: a third of classifying a trace's kernel names, once per
// distinct name and rule. These traits fold case through a table made when given a locale, from
// that locale's own tolower, and otherwise match alike, but for one thing: libstdc++ folds case
// in a back-reference (\1) only with its own traits, so with these one compares case-sensitively.
// The built-in rules have none; a registry of one's own that uses one matches its exact text.
class CaseFoldTraits : public std::regex_traits<char> {
public:
    CaseFoldTraits() { fill(getloc()); }
    locale_type imbue(locale_type locale)
    {
        fill(locale);
        return std::regex_traits<char>::imbue(locale);
    }
    char translate_nocase(char c) const { return m_lower[static_cast<unsigned char>(c)]; }

private:
    void fill(const locale_type &locale)
    {
        const auto &ctype = std::use_facet<std::ctype<char>>(locale);
        for (size_t c = 0; c < m_lower.size(); ++c)
            m_lower[c] = ctype.tolower(static_cast<char>(c));
    }
    std::array<char, 256> m_lower{};
};
using RuleRegex = std::basic_regex<char, CaseFoldTraits>;

namespace {

constexpr std::array<std::string_view, 11> kFields = {"pattern",  "unless", "op",         "category", "vendor", "library",
                                                      "hardware", "phase",  "fused_with", "detail",   "notes"};

// std::regex (libstdc++) backtracks recursively, a few hundred bytes of stack per character for
// patterns like ".*": a hostile 100 KB kernel name would overflow a worker thread's stack. Real
// kernel names say what they are in their first few hundred characters, so matching stops here.
constexpr size_t kMatchedChars = 2048;

constexpr auto kRegexFlags = std::regex::ECMAScript | std::regex::icase | std::regex::optimize;

int lineOf(const YAML::Node &node)
{
    const YAML::Mark m = node.Mark();
    return m.line >= 0 ? m.line + 1 : 0;
}

std::string knownFields()
{
    std::string s;
    for (std::string_view f : kFields)
        s += (s.empty() ? "" : ", ") + std::string(f);
    return s;
}

const char *nodeKind(const YAML::Node &node)
{
    switch (node.Type()) {
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Map: return "a mapping";
    case YAML::NodeType::Null: return "empty";
    default: return "a scalar";
    }
}

bool appliesTo(RuleVendor v, Platform p)
{
    if (v == RuleVendor::Both || p == Platform::Unknown)
        return true;
    return (v == RuleVendor::Nvidia && p == Platform::Nvidia) || (v == RuleVendor::Amd && p == Platform::Amd);
}

// A cache key that keeps the platform apart: vendor rules make the answer platform-dependent.
std::string cacheKey(std::string_view rawName, Platform p)
{
    std::string key;
    key.reserve(rawName.size() + 1);
    key += char('0' + int(p));
    key += rawName;
    return key;
}

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// ---- Literal prefilter ---------------------------------------------------------------------
// std::regex walks a kilobyte-long templated kernel name for every rule, which costs milliseconds
// per name. Most patterns are alternations of words, and a match must contain one of them: when a
// (lower-cased) name holds none, the regex cannot match and is not run. The analysis below is
// deliberately conservative: anything it does not understand yields "no literal known", and the
// rule then always runs.
using Literals = std::optional<std::vector<std::string>>;
Literals requiredLiterals(std::string_view re);

size_t skipClass(std::string_view s, size_t i)  // s[i] == '['; index just past its ']'
{
    ++i;
    if (i < s.size() && s[i] == '^')
        ++i;
    if (i < s.size() && s[i] == ']')
        ++i;  // a leading ']' is a member
    while (i < s.size()) {
        if (s[i] == '\\')
            i += 2;
        else if (s[i] == ']')
            return i + 1;
        else
            ++i;
    }
    return std::string_view::npos;
}

// Index just past the group or class that starts at s[i] ('(' or '['); npos when unbalanced.
size_t skipGroup(std::string_view s, size_t i)
{
    if (s[i] == '[')
        return skipClass(s, i);
    int depth = 0;
    while (i < s.size()) {
        const char c = s[i];
        if (c == '\\') {
            i += 2;
            continue;
        }
        if (c == '[') {
            i = skipClass(s, i);
            if (i == std::string_view::npos)
                return i;
            continue;
        }
        if (c == '(')
            ++depth;
        else if (c == ')' && --depth == 0)
            return i + 1;
        ++i;
    }
    return std::string_view::npos;
}

// Splits at the '|' that are not inside a group or class.
std::vector<std::string_view> topLevelAlternatives(std::string_view s)
{
    std::vector<std::string_view> alts;
    size_t start = 0;
    for (size_t i = 0; i < s.size();) {
        if (s[i] == '\\') {
            i += 2;
        } else if (s[i] == '(' || s[i] == '[') {
            const size_t j = skipGroup(s, i);
            if (j == std::string_view::npos)
                return {};
            i = j;
        } else if (s[i] == '|') {
            alts.push_back(s.substr(start, i - start));
            start = ++i;
        } else {
            ++i;
        }
    }
    alts.push_back(s.substr(start));
    return alts;
}

// Skips a quantifier at s[i] if there is one; tells whether it allows zero repetitions.
bool skipQuantifier(std::string_view s, size_t &i, bool &optional)
{
    optional = false;
    if (i >= s.size())
        return false;
    const char c = s[i];
    if (c == '?' || c == '*' || c == '+') {
        optional = c != '+';
        ++i;
    } else if (c == '{') {
        const size_t close = s.find('}', i);
        if (close == std::string_view::npos)
            return false;
        optional = i + 1 < s.size() && (s[i + 1] == '0' || s[i + 1] == ',');
        i = close + 1;
    } else {
        return false;
    }
    if (i < s.size() && s[i] == '?')
        ++i;  // lazy
    return true;
}

Literals alternativeLiterals(std::string_view alt)
{
    std::string run, best;
    Literals fromGroup;
    auto endRun = [&] {
        if (run.size() > best.size())
            best = run;
        run.clear();
    };
    for (size_t i = 0; i < alt.size();) {
        const char c = alt[i];
        bool optional = false;
        if (c == '(' || c == '[') {
            endRun();
            const size_t j = skipGroup(alt, i);
            if (j == std::string_view::npos)
                return std::nullopt;
            std::string_view body = alt.substr(i + 1, j - i - 2);
            i = j;
            const bool quantified = skipQuantifier(alt, i, optional);
            if (c == '[' || (quantified && optional) || fromGroup)
                continue;
            if (body.starts_with("?:"))
                fromGroup = requiredLiterals(body.substr(2));
            else if (!body.starts_with("?"))  // lookarounds assert, they do not consume
                fromGroup = requiredLiterals(body);
            continue;
        }
        if (c == '.' || c == '^' || c == '$') {
            endRun();
            ++i;
            skipQuantifier(alt, i, optional);
            continue;
        }
        if (c == '?' || c == '*' || c == '+' || c == '{') {  // a quantifier whose operand already ended the run
            endRun();
            if (!skipQuantifier(alt, i, optional))
                return std::nullopt;
            continue;
        }
        char literal = c;
        size_t next = i + 1;
        if (c == '\\') {
            if (i + 1 >= alt.size())
                return std::nullopt;
            literal = alt[i + 1];
            next = i + 2;
            if (std::isalnum(static_cast<unsigned char>(literal))) {  // \d, \w, \b ...: not a literal
                endRun();
                i = next;
                skipQuantifier(alt, i, optional);
                continue;
            }
        }
        i = next;
        if (skipQuantifier(alt, i, optional)) {
            if (!optional)
                run += char(std::tolower(static_cast<unsigned char>(literal)));
            endRun();
            continue;
        }
        run += char(std::tolower(static_cast<unsigned char>(literal)));
    }
    endRun();
    if (best.size() >= 3 || (!fromGroup && !best.empty()))
        return std::vector<std::string>{best};
    return fromGroup;
}

Literals requiredLiterals(std::string_view re)
{
    const std::vector<std::string_view> alts = topLevelAlternatives(re);
    if (alts.empty())
        return std::nullopt;
    std::vector<std::string> all;
    for (std::string_view alt : alts) {
        Literals l = alternativeLiterals(alt);
        if (!l || l->empty())
            return std::nullopt;
        all.insert(all.end(), l->begin(), l->end());
    }
    return all;
}

bool containsAny(const std::string &haystack, const std::vector<std::string> &needles)
{
    for (const std::string &n : needles)
        if (haystack.find(n) != std::string::npos)
            return true;
    return false;
}

} // namespace

struct KernelRegistry::Rule {
    RuleRegex re;
    std::optional<RuleRegex> unless;  // vetoes the rule when it matches
    KernelClass cls;  // op … notes, plus rule index, pattern and "file:line"
    RuleVendor vendor = RuleVendor::Both;
    bool substitutes = false;  // some field holds $N: fill it from the match
    std::vector<std::string> literals;  // lower-case; a match contains one of them (empty: unknown)
};

KernelRegistry::KernelRegistry() = default;
KernelRegistry::~KernelRegistry() = default;

size_t KernelRegistry::ruleCount() const { return m_rules.size(); }

std::string KernelRegistry::builtinPath() { return findResource("kernel_registry.yaml"); }

std::shared_ptr<const KernelRegistry> KernelRegistry::builtin()
{
    // A function-local static: built once, thread-safe; a failed first attempt is retried next call.
    static const std::shared_ptr<const KernelRegistry> registry = [] {
        auto r = std::make_shared<KernelRegistry>();
        r->addFile(builtinPath());
        return r;
    }();
    return registry;
}

std::shared_ptr<const KernelRegistry> KernelRegistry::load(const std::vector<std::string> &userFiles)
{
    std::vector<std::string> files;
    for (const std::string &f : userFiles)
        if (!f.empty())
            files.push_back(f);
    if (files.empty())
        return builtin();
    auto r = std::make_shared<KernelRegistry>();
    for (const std::string &f : files)
        r->addFile(f);
    r->addFile(builtinPath());
    return r;
}

std::shared_ptr<const KernelRegistry> KernelRegistry::fromYaml(const std::string &yaml, const std::string &name)
{
    auto r = std::make_shared<KernelRegistry>();
    r->addYaml(yaml, name);
    r->m_files.push_back(name);
    return r;
}

void KernelRegistry::addFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw RegistryError(path, 0, std::string("cannot read the registry: ") + std::strerror(errno));
    std::ostringstream text;
    text << in.rdbuf();
    addYaml(text.str(), path);
    m_files.push_back(path);
}

void KernelRegistry::addYaml(const std::string &yaml, const std::string &file)
{
    YAML::Node root;
    try {
        root = YAML::Load(yaml);
    } catch (const YAML::Exception &e) {
        throw RegistryError(file, e.mark.line >= 0 ? e.mark.line + 1 : 0, "not valid YAML: " + e.msg);
    }

    YAML::Node rules;
    if (root.IsSequence()) {
        rules = root;
    } else if (root.IsMap()) {
        bool haveRules = false;
        for (const auto &kv : root) {
            const std::string key = kv.first.IsScalar() ? kv.first.Scalar() : std::string();
            if (key == "rules") {
                rules = kv.second;
                haveRules = true;
            } else if (key != "version") {
                throw RegistryError(file, lineOf(kv.first),
                                    "unknown top-level key '" + key + "' (expected 'version' and 'rules')");
            }
        }
        if (!haveRules)
            throw RegistryError(file, lineOf(root), "no 'rules:' list");
        if (rules.IsNull())
            return;  // "rules:" with nothing under it: a valid, empty registry
        if (!rules.IsSequence())
            throw RegistryError(file, lineOf(rules), std::string("'rules' must be a list, not ") + nodeKind(rules));
    } else if (root.IsNull()) {
        throw RegistryError(file, 0, "the registry is empty (expected a 'rules:' list)");
    } else {
        throw RegistryError(file, lineOf(root), "expected a mapping with a 'rules:' list");
    }

    for (const YAML::Node &node : rules) {
        const int line = lineOf(node);
        if (!node.IsMap())
            throw RegistryError(file, line, std::string("a rule must be a mapping (pattern: ..., op: ...), not ") +
                                                nodeKind(node));
        auto rule = std::make_unique<Rule>();
        KernelClass &c = rule->cls;
        c.op.clear();
        std::string vendor = "both", unless;
        int patternLine = line, unlessLine = line;
        for (const auto &kv : node) {
            if (!kv.first.IsScalar())
                throw RegistryError(file, lineOf(kv.first), "a field name must be a plain word");
            const std::string key = kv.first.Scalar();
            if (std::find(kFields.begin(), kFields.end(), key) == kFields.end())
                throw RegistryError(file, lineOf(kv.first),
                                    "unknown field '" + key + "' (known fields: " + knownFields() + ")");
            if (!kv.second.IsScalar() && !kv.second.IsNull())
                throw RegistryError(file, lineOf(kv.second),
                                    "field '" + key + "' must be a string, not " + nodeKind(kv.second));
            const std::string value = kv.second.IsNull() ? std::string() : kv.second.Scalar();
            if (key == "pattern") {
                rule->cls.pattern = value;
                patternLine = lineOf(kv.second);
            } else if (key == "unless") {
                unless = value;
                unlessLine = lineOf(kv.second);
            } else if (key == "op") c.op = value;
            else if (key == "category") c.category = value;
            else if (key == "vendor") vendor = value;
            else if (key == "library") c.library = value;
            else if (key == "hardware") c.hardware = value;
            else if (key == "phase") c.phase = value;
            else if (key == "fused_with") c.fusedWith = value;
            else if (key == "detail") c.detail = value;
            else if (key == "notes") c.notes = value;
        }
        if (c.pattern.empty())
            throw RegistryError(file, line, "rule without a 'pattern'");
        if (c.op.empty())
            throw RegistryError(file, line, "rule without an 'op' (pattern '" + c.pattern + "')");
        if (vendor == "both") rule->vendor = RuleVendor::Both;
        else if (vendor == "nvidia") rule->vendor = RuleVendor::Nvidia;
        else if (vendor == "amd") rule->vendor = RuleVendor::Amd;
        else
            throw RegistryError(file, line, "vendor must be nvidia, amd or both, not '" + vendor + "'");
        c.vendor = vendor;
        if (!c.phase.empty() && c.phase != "prefill" && c.phase != "decode" && c.phase.find('$') == std::string::npos)
            throw RegistryError(file, line, "phase must be prefill, decode or empty, not '" + c.phase + "'");
        try {
            rule->re = RuleRegex(c.pattern, kRegexFlags);
        } catch (const std::regex_error &e) {
            throw RegistryError(file, patternLine, "bad regular expression '" + c.pattern + "': " + e.what());
        }
        if (!unless.empty()) {
            try {
                rule->unless = RuleRegex(unless, kRegexFlags);
            } catch (const std::regex_error &e) {
                throw RegistryError(file, unlessLine, "bad regular expression '" + unless + "' in 'unless': " + e.what());
            }
        }
        for (const std::string *f : {&c.library, &c.hardware, &c.phase, &c.fusedWith, &c.detail, &c.notes})
            rule->substitutes = rule->substitutes || f->find('$') != std::string::npos;
        if (Literals l = requiredLiterals(c.pattern))
            rule->literals = std::move(*l);
        c.rule = int(m_rules.size());
        c.source = file + ":" + std::to_string(line);
        m_rules.push_back(std::move(rule));
    }
}

KernelClass KernelRegistry::match(std::string_view rawName, Platform platform) const
{
    const std::string raw(rawName.substr(0, kMatchedChars));
    std::string demangled = demangle(rawName);
    const bool mangled = demangled != rawName;
    demangled.resize(std::min(demangled.size(), kMatchedChars));
    const std::string lowRaw = lower(raw), lowDemangled = mangled ? lower(demangled) : std::string();
    std::smatch m;
    for (const auto &rule : m_rules) {
        if (!appliesTo(rule->vendor, platform))
            continue;
        if (!rule->literals.empty() && !containsAny(lowRaw, rule->literals) &&
            !(mangled && containsAny(lowDemangled, rule->literals)))
            continue;
        // Raw first, then the demangled form: a pattern may be written against either.
        const bool hit = std::regex_search(raw, m, rule->re) || (mangled && std::regex_search(demangled, m, rule->re));
        if (!hit)
            continue;
        if (rule->unless &&
            (std::regex_search(raw, *rule->unless) || (mangled && std::regex_search(demangled, *rule->unless))))
            continue;
        KernelClass c = rule->cls;
        if (rule->substitutes) {
            for (std::string *f : {&c.library, &c.hardware, &c.phase, &c.fusedWith, &c.detail, &c.notes})
                if (f->find('$') != std::string::npos)
                    *f = m.format(*f);
        }
        return c;
    }
    KernelClass other;
    other.category = "other";
    return other;
}

KernelClass KernelRegistry::classify(std::string_view rawName, Platform platform) const
{
    const std::string key = cacheKey(rawName, platform);
    {
        std::lock_guard lock(m_cacheMutex);
        if (auto it = m_cache.find(key); it != m_cache.end())
            return it->second;
    }
    // Matched outside the lock: two threads may classify the same new name at once, which only
    // costs time; the answers are equal.
    KernelClass c = match(rawName, platform);
    std::lock_guard lock(m_cacheMutex);
    return m_cache.emplace(key, std::move(c)).first->second;
}

} // namespace fusion
