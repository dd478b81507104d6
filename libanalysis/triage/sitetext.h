#pragma once
// The texts the fusion-family and overlap analyses match on, per kernel (docs/fusion_semantics.md
// 0.2/0.3): canonical name, launching cpu_op (else the launch call), nn.Module path of base names,
// location and stack. Built once per trace; distinct strings are shared by index.
#include "attribution/attribution.h"

#include <string>
#include <vector>

namespace fusion {

struct SiteTexts {
    std::vector<std::string> names;        // distinct canonical kernel names
    std::vector<std::string> cpuOps;       // distinct cpu_op / launch names; [0] = ""
    std::vector<std::string> modulePaths;  // per attribution scope: "Qwen2Model > Qwen2DecoderLayer > Qwen2MLP"
    std::vector<std::string> stacks;       // per attribution location: last 4 frames joined with " -> "
    // Per kernel id:
    std::vector<uint32_t> nameOf, cpuOpOf;
};

SiteTexts buildSiteTexts(const Trace &trace, const TraceAttribution &attribution);

// "func @ path:line" for a resolved location (A.6), "" for unresolved.
std::string locationLabel(const SourceLocation &loc);
std::string lowerAscii(std::string s);

} // namespace fusion
