#pragma once
// GPU peak figures (resources/gpu_specs.yaml) for roofline projections, and the match of a
// trace's device properties to one entry (rules in the YAML header).
#include "trace/eventstore.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace fusion {

struct GpuSpec {
    std::string key, display, vendor;
    std::vector<std::string> match, exclude;   // lower-cased substrings of the device name
    std::map<std::string, double> device;      // compute_major, num_sms, mem_gib_max, …
    std::map<std::string, double> peakFlops;   // fp32, vector_fp32, bf16, …; absent = no peak
    double hbmBytesPerS = 0;
};

struct GpuSpecs {
    std::vector<GpuSpec> gpus;
    static const GpuSpecs &builtin();  // resources/gpu_specs.yaml, loaded once
    // Throws std::runtime_error "file:line: problem".
    static GpuSpecs fromYaml(const std::string &yaml, const std::string &file);
    // Pass 1 by name, pass 2 by compute capability and SM count; none when unknown.
    const GpuSpec *find(const DeviceProperties &device) const;
    const GpuSpec *byKey(const std::string &key) const;
};

// The properties of the device the trace's kernels ran on (else the first entry); none when the
// trace has no deviceProperties.
std::optional<DeviceProperties> analysedDevice(const EventStore &store);

} // namespace fusion
