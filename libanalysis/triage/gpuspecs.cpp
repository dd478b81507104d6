#include "triage/gpuspecs.h"

#include "triage/sitetext.h"
#include "util/resourcepaths.h"

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace fusion {

namespace {

[[noreturn]] void fail(const std::string &file, const YAML::Node &n, const std::string &problem)
{
    throw std::runtime_error(file + ":" + std::to_string(n.IsDefined() ? n.Mark().line + 1 : 0) + ": " + problem);
}

// The device keys of a spec that hold for `d`; a key the trace cannot answer counts as holding
// in pass 1 and as failing in pass 2.
bool deviceHolds(const GpuSpec &g, const DeviceProperties &d, bool strict)
{
    for (const auto &[k, v] : g.device) {
        double have = 0;
        bool known = true;
        if (k == "compute_major")
            have = double(d.computeMajor), known = d.computeMajor > 0;
        else if (k == "compute_minor")
            have = double(d.computeMinor), known = d.computeMajor > 0;
        else if (k == "num_sms")
            have = double(d.numSms), known = d.numSms > 0;
        else if (k == "warp_size")
            have = double(d.warpSize), known = d.warpSize > 0;
        else if (k == "mem_gib_min" || k == "mem_gib_max")
            have = double(d.totalGlobalMem) / double(1ull << 30), known = d.totalGlobalMem > 0;
        else
            continue;
        if (!known) {
            if (strict)
                return false;
            continue;
        }
        if (k == "mem_gib_min" ? have < v : k == "mem_gib_max" ? have > v : have != v)
            return false;
    }
    return true;
}

} // namespace

GpuSpecs GpuSpecs::fromYaml(const std::string &yaml, const std::string &file)
{
    YAML::Node root;
    try {
        root = YAML::Load(yaml);
    } catch (const YAML::Exception &e) {
        throw std::runtime_error(file + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg);
    }
    if (!root.IsMap() || !root["gpus"] || !root["gpus"].IsSequence())
        throw std::runtime_error(file + ": expected a mapping with a 'gpus' list");
    GpuSpecs out;
    for (const YAML::Node &n : root["gpus"]) {
        try {
            GpuSpec g;
            g.key = n["key"].as<std::string>();
            g.display = n["display"] ? n["display"].as<std::string>() : g.key;
            g.vendor = n["vendor"] ? n["vendor"].as<std::string>() : "";
            for (const YAML::Node &m : n["match"])
                g.match.push_back(lowerAscii(m.as<std::string>()));
            if (n["exclude"])
                for (const YAML::Node &m : n["exclude"])
                    g.exclude.push_back(lowerAscii(m.as<std::string>()));
            if (n["device"])
                for (const auto &kv : n["device"])
                    g.device[kv.first.as<std::string>()] = kv.second.as<double>();
            if (n["peak_flops"])
                for (const auto &kv : n["peak_flops"])
                    if (!kv.second.IsNull())
                        g.peakFlops[kv.first.as<std::string>()] = kv.second.as<double>();
            g.hbmBytesPerS = n["hbm_bytes_per_s"].as<double>();
            out.gpus.push_back(std::move(g));
        } catch (const YAML::Exception &e) {
            fail(file, n, "bad GPU entry: " + e.msg);
        }
    }
    return out;
}

const GpuSpecs &GpuSpecs::builtin()
{
    static const GpuSpecs specs = [] {
        const std::string path = findResource("gpu_specs.yaml");
        std::ifstream in(path, std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        return fromYaml(ss.str(), path);
    }();
    return specs;
}

const GpuSpec *GpuSpecs::find(const DeviceProperties &d) const
{
    const std::string name = lowerAscii(d.name);
    if (!name.empty())
        for (const GpuSpec &g : gpus) {
            bool hit = false;
            for (const std::string &m : g.match)
                hit = hit || name.find(m) != std::string::npos;
            for (const std::string &x : g.exclude)
                hit = hit && name.find(x) == std::string::npos;
            if (hit && deviceHolds(g, d, false))
                return &g;
        }
    for (const GpuSpec &g : gpus)
        if (g.device.count("compute_major") && g.device.count("compute_minor") && g.device.count("num_sms")
            && deviceHolds(g, d, true))
            return &g;
    return nullptr;
}

const GpuSpec *GpuSpecs::byKey(const std::string &key) const
{
    for (const GpuSpec &g : gpus)
        if (g.key == key)
            return &g;
    return nullptr;
}

std::optional<DeviceProperties> analysedDevice(const EventStore &s)
{
    if (s.devices.empty())
        return std::nullopt;
    if (s.kernels.size() > 0)
        for (const DeviceProperties &d : s.devices)
            if (d.id == s.kernels.device[0])
                return d;
    return s.devices.front();
}

} // namespace fusion
