#pragma once
// The parts a fused operation names: "RMSNorm+GEMM", or a registry entry's fused_with list
// ("Elementwise,RMSNorm,Quantize"), and whether a plain op is one of them.
#include <string>
#include <vector>

namespace fusion {

std::vector<std::string> componentsOf(const std::string &fusedOp, const std::string &fusedWith = {});
// Whether `op` is one of the pieces a fused op names (e.g. "Dense GEMM" for "RMSNorm+GEMM").
bool opMatchesComponent(const std::string &op, const std::string &component);

} // namespace fusion
