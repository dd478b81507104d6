// libFuzzer target: arbitrary text as a user kernel registry (KernelRegistry::fromYaml).
// Only RegistryError may come out; a registry that loads must classify a name without trouble.
#include "classify/kernelregistry.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string yaml(reinterpret_cast<const char *>(data), size);
    try {
        const auto r = fusion::KernelRegistry::fromYaml(yaml, "fuzz.yaml");
        (void)r->classify("void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>>()",
                          fusion::Platform::Nvidia);
        (void)r->classify("Cijk_Alik_Bljk_HHS_BH_MT128x128x32", fusion::Platform::Amd);
    } catch (const fusion::RegistryError &) {
    }
    return 0;
}
