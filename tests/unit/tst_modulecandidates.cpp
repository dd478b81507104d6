// Module-level fusion candidates and their impact (docs/fusion_semantics.md section D): a
// generated trace whose saving is computed by hand below, and the H100 Qwen reference figures of
// the Python prototype (docs/fusion_semantics.md D.7, "Reference").
#include "testsupport.h"
#include "triage/modulecandidates.h"

#include <QTest>
#include <cmath>

using namespace fusion;

namespace {
// One nn.Module "MyRMSNorm_0" launching a float32 mul and add over [1024, 1024] (100 us each),
// plus an unrelated kernel that stretches the GPU span to 1000..2000 us (baseline 1.0 ms).
const char *kTwoKernelModule = R"J({
 "deviceProperties": [{"id": 0, "name": "NVIDIA H100 80GB HBM3", "computeMajor": 9, "computeMinor": 0,
                       "numSms": 132, "warpSize": 32, "totalGlobalMem": 85045379072}],
 "traceEvents": [
  {"ph":"X","cat":"python_function","name":"nn.Module: MyRMSNorm_0","pid":1,"tid":1,"ts":0,"dur":100},
  {"ph":"X","cat":"cpu_op","name":"aten::mul","pid":1,"tid":1,"ts":10,"dur":5,
   "args":{"External id":1,"Input Dims":[[1024,1024],[1024,1024]],"Input type":["float","float"]}},
  {"ph":"X","cat":"cpu_op","name":"aten::add","pid":1,"tid":1,"ts":20,"dur":5,
   "args":{"External id":2,"Input Dims":[[1024,1024],[1024,1024],[]],"Input type":["float","float","Scalar"]}},
  {"ph":"X","cat":"kernel","name":"mul_kernel","pid":0,"tid":7,"ts":1000,"dur":100,"args":{"device":0,"stream":7,"External id":1}},
  {"ph":"X","cat":"kernel","name":"add_kernel","pid":0,"tid":7,"ts":1100,"dur":100,"args":{"device":0,"stream":7,"External id":2}},
  {"ph":"X","cat":"kernel","name":"other_kernel","pid":0,"tid":7,"ts":1800,"dur":200,"args":{"device":0,"stream":7}}
]})J";
} // namespace

class ModuleCandidatesTest : public QObject {
    Q_OBJECT
private slots:
    void anElementwiseModuleIsEstimatedAsTheHandComputedRooflineSaving()
    {
        // Hand computation (docs/fusion_semantics.md D.5/D.6, H100 SXM: 3.35e12 B/s HBM, 6.7e13 FLOP/s vector FP32):
        //   each tensor 1024*1024*4 B = 4,194,304 B; mul and add each: bytes_in 8,388,608,
        //   bytes_out 4,194,304, flops 1,048,576.
        //   fused bytes = bytes_in(mul) + bytes_out(add) = 12,582,912 B; flops = 2,097,152
        //   t_mem = 12,582,912 / 3.35e12 s = 3.756093 us; t_vec = 2,097,152 / 6.7e13 s = 0.031301 us
        //   t_fused = 3.756093 + 0.15 * 0.031301 = 3.760788 us
        //   saving = 200 - 3.760788 = 196.239212 us; gap_high = 0.981196
        //   time = 0.2 ms, baseline = 1.0 ms → impact_high = 0.981196 * 0.2 / 1.0 * 100 = 19.6239 %
        //   impact_mid = 0.875 * high = 17.1709 %, impact_low = 0.75 * high = 14.7179 %
        const auto t = test::loadJson(kTwoKernelModule);
        const ModuleCandidates r = findModuleCandidates(*t, attributeKernels(*t), GpuSpecs::builtin());
        QCOMPARE(r.gpuKey, std::string("h100_sxm"));
        QCOMPARE(r.baselineMs, 1.0);
        QCOMPARE(r.candidates.size(), size_t(1));
        const ModuleCandidate &m = r.candidates[0];
        QCOMPARE(m.operation, std::string("MyRMSNorm"));
        QCOMPARE(m.kernels.size(), size_t(2));
        QCOMPARE(m.bound, Bound::Memory);
        QCOMPARE(m.estimation, Estimation::Full);
        QVERIFY(std::abs(m.impactHigh - 19.6239) < 0.001);
        QVERIFY(std::abs(m.impactMid - 17.1709) < 0.001);
        QVERIFY(std::abs(m.impactLow - 14.7179) < 0.001);
        // Name hint "rmsnorm", no composition rule fires (two kernels, no rsqrt) → medium.
        QCOMPARE(m.label, std::string("Unfused RMSNorm"));
        QCOMPARE(m.confidence, Confidence::Medium);
    }

    void anUnknownGpuLeavesAnElementwiseModuleUnestimated()
    {
        std::string json = kTwoKernelModule;
        json.replace(json.find("NVIDIA H100 80GB HBM3"), 21, "Mystery accelerator X1");
        json.replace(json.find("\"computeMajor\": 9"), 17, "\"computeMajor\": 1");
        const auto t = test::loadJson(json);
        const ModuleCandidates r = findModuleCandidates(*t, attributeKernels(*t), GpuSpecs::builtin());
        QCOMPARE(r.gpuKey, std::string());
        QVERIFY(r.candidates.empty());
    }

    void h100QwenCandidatesMatchThePrototypeImpactFigures()
    {
        REQUIRE_SHARED_TRACES();
        const auto t = loadTrace(test::sharedTrace("tracelens/h100/Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz"));
        const ModuleCandidates r = findModuleCandidates(*t, attributeKernels(*t), GpuSpecs::builtin());
        QVERIFY(std::abs(r.baselineMs - 49.65) < 0.01);
        // Prototype (docs/fusion_semantics.md D.7): apply_rotary_pos_emb 13.5 % high / 11.8 % mid over 24 instances;
        // Qwen2RMSNorm 13.4 / 11.7 % over 49; rotate_half 4.5 %; Qwen2MLP 4.4 % (compute-bound).
        struct Want { const char *op; double high, mid; uint64_t instances; };
        for (const Want &w : {Want{"apply_rotary_pos_emb", 13.5, 11.8, 24}, Want{"Qwen2RMSNorm", 13.4, 11.7, 49},
                              Want{"rotate_half", 4.5, -1, 0}, Want{"Qwen2MLP", 4.4, -1, 0}}) {
            const ModuleCandidate *m = nullptr;
            for (const ModuleCandidate &c : r.candidates)
                if (c.operation == w.op)
                    m = &c;
            QVERIFY2(m, w.op);
            QVERIFY2(std::abs(m->impactHigh - w.high) < 0.3, w.op);
            if (w.mid > 0)
                QVERIFY2(std::abs(m->impactMid - w.mid) < 0.3, w.op);
            if (w.instances)
                QCOMPARE(m->instanceCount, w.instances);
        }
    }
};

QTEST_GUILESS_MAIN(ModuleCandidatesTest)
#include "tst_modulecandidates.moc"
