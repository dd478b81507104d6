"""The Python module's DataFrames against the CLI's JSON and against figures measured from the raw
traces, on the bundled sample pair and on the shared Qwen1.5-0.5B pair (H100 / MI300X).

Run by CTest (tst_python_figures) with PYTHONPATH at the built module and FUSIONSCOPE_CLI at
fusionscope-cli; the shared traces are skipped, with a message, when ../shared/traces is absent.
"""
import json
import os
import subprocess
import unittest

import pandas as pd

import fusionscope

SOURCE = os.environ.get("FUSIONSCOPE_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
SAMPLES = os.path.join(SOURCE, "resources", "samples")
SHARED = os.environ.get("FUSIONSCOPE_SHARED_TRACES", os.path.join(SOURCE, "..", "shared", "traces"))
CLI = os.environ.get("FUSIONSCOPE_CLI", "fusionscope-cli")

# Measured once from the raw JSON (every event with ph "X" and cat "kernel": count, summed dur,
# distinct names), with json.load, independently of FusionScope.
RAW_KERNELS = {
    "sample_nvidia": (930, 36956.649, 31),
    "sample_amd": (710, 36785.583, 27),
    "qwen_h100": (1465, 45432.698, 26),
    "qwen_mi300": (1516, 43062.042, 28),
}


def cli_json(*args):
    out = subprocess.run([CLI, *args, "--format", "json"], check=True, stdout=subprocess.PIPE).stdout
    return json.loads(out)


def by(rows, *keys):
    """JSON rows (or DataFrame records) keyed by the given fields."""
    return {tuple(r[k] for k in keys): r for r in rows}


class PairFigures:
    """Checks shared by both pairs; a subclass sets A, B (paths) and NAME_A, NAME_B (RAW_KERNELS keys)."""

    @classmethod
    def setUpClass(cls):
        cls.a = fusionscope.load(cls.A)
        cls.b = fusionscope.load(cls.B)
        cls.c = fusionscope.compare(cls.a, cls.b)
        cls.t = fusionscope.triage(cls.a)
        cls.summary_a = cli_json("summary", cls.A)
        cls.compare_json = cli_json("compare", cls.A, cls.B)
        cls.triage_json = cli_json("triage", cls.A)

    def assertUs(self, got, want, what):
        # The JSON rounds times to 3 decimals, shares to 4; the DataFrames keep them unrounded.
        self.assertAlmostEqual(got, want, delta=0.0011, msg=what)

    def test_trace_against_raw_json(self):
        for trace, name in ((self.a, self.NAME_A), (self.b, self.NAME_B)):
            count, total_us, names = RAW_KERNELS[name]
            kernels = trace.kernels()
            self.assertEqual(trace.kernel_count, count)
            self.assertEqual(len(kernels), count)
            self.assertEqual(list(kernels["id"]), list(range(count)))
            self.assertUs(trace.total_us, total_us, name)
            self.assertUs(kernels["dur_us"].sum(), total_us, name)
            self.assertEqual(kernels["name"].nunique(), names)
            self.assertEqual(len(trace.kernel_table()), names)

    def test_trace_against_cli(self):
        s = self.summary_a
        self.assertEqual(self.a.kernel_count, s["kernels"]["count"])
        self.assertUs(self.a.total_us, s["kernels"]["total_us"], "total_us")
        self.assertUs(self.a.window_us, s["kernels"]["window_us"], "window_us")
        for field in ("platform", "gpu_name", "framework", "events", "bytes", "device", "label"):
            self.assertEqual(getattr(self.a, field), s["trace"][field], field)
        table = self.a.kernel_table()
        self.assertEqual(list(table["name"]), [r["name"] for r in s["kernel_table"]])
        for row, want in zip(table.to_dict("records"), s["kernel_table"]):
            self.assertEqual((row["op"], row["category"], row["count"]), (want["op"], want["category"], want["count"]))
            self.assertUs(row["total_us"], want["total_us"], row["name"])
            self.assertAlmostEqual(row["share"], want["share"], delta=0.00006)
        steps = self.a.steps()
        self.assertEqual(list(steps["name"]), [st["name"] for st in s["steps"]])
        for row, want in zip(steps.to_dict("records"), s["steps"]):
            self.assertEqual(row["kernels"], want["kernels"])
            self.assertUs(row["busy_us"], want["busy_us"], row["name"])
        self.assertEqual(self.a.steps_method, s["steps_method"])
        # Kernels per step, counted from the kernel table, are the steps' own counts.
        per_step = self.a.kernels().groupby("step")["id"].count()
        self.assertEqual({int(k): v for k, v in per_step.items()}, {st["number"]: st["kernels"] for st in s["steps"]})

    def test_layers_against_cli(self):
        j = self.compare_json
        self.assertEqual(self.a.layer_count, j["layers"]["a"])
        self.assertEqual(self.b.layer_count, j["layers"]["b"])
        self.assertEqual(len(self.a.layers()), j["layers"]["a"])
        layers = self.c.layers
        self.assertEqual(len(layers), len(j["layers"]["alignment"]))
        for row, want in zip(layers.to_dict("records"), j["layers"]["alignment"]):
            self.assertEqual((row["a_name"], row["b_name"], row["a_kernels"], row["b_kernels"]),
                             (want["a_name"], want["b_name"], want["a_kernels"], want["b_kernels"]))
            self.assertEqual(None if pd.isna(row["a"]) else row["a"], want["a"])
            self.assertUs(row["gap_us"], want["gap_us"], row["a_name"])
        pairs = self.c.kernel_pairs
        self.assertEqual(len(pairs), sum(len(p["kernels"]) for p in j["layers"]["alignment"]))
        # A layer's kernels in the trace's kernel table are the layer's own kernel count.
        kernels_per_layer = self.a.kernels().groupby("layer")["id"].count()
        for row in self.a.layers().to_dict("records"):
            self.assertEqual(kernels_per_layer[row["index"]], row["kernels"])

    def test_compare_against_cli(self):
        j = self.compare_json
        self.assertEqual((self.c.label_a, self.c.label_b), (j["label_a"], j["label_b"]))
        self.assertUs(self.c.gap_us, j["gap"]["gap_us"], "gap_us")
        gap = self.c.gap
        self.assertUs(gap["a_us"], j["gap"]["a_us"], "gap a_us")
        self.assertUs(gap["parts"]["us"].sum(), self.c.gap_us, "the parts sum to the gap")
        self.assertEqual(list(gap["parts"]["name"]), [p["name"] for p in j["gap"]["parts"]])
        ops = self.c.op_table
        self.assertEqual(list(ops["op"]), [r["op"] for r in j["op_table"]])
        for row, want in zip(ops.to_dict("records"), j["op_table"]):
            self.assertEqual((row["a_count"], row["b_count"], row["status"]), (want["a_count"], want["b_count"], want["status"]))
            self.assertUs(row["gap_us"], want["gap_us"], row["op"])
        patterns = self.c.fusion_patterns
        self.assertEqual(len(patterns), len(j["fusion_patterns"]))
        for row, want in zip(patterns.to_dict("records"), j["fusion_patterns"]):
            for field in ("operation", "fused_side", "count", "confidence", "methods", "a_kernels", "b_kernels"):
                self.assertEqual(row[field], want[field], field)
            self.assertUs(row["time_at_stake_us"], want["time_at_stake_us"], row["operation"])
        self.assertUs(patterns["time_at_stake_us"].sum(), sum(f["time_at_stake_us"] for f in j["fusion_patterns"]), "at stake")
        extra = self.c.extra_work
        self.assertEqual(len(extra), len(j["extra_work"]))
        for row, want in zip(extra.to_dict("records"), j["extra_work"]):
            self.assertEqual((row["side"], row["cpu_op"], row["count"], row["reason"]),
                             (want["side"], want["cpu_op"], want["count"], want["reason"]))
            self.assertUs(row["time_us"], want["time_us"], row["cpu_op"])

    def test_triage_against_cli(self):
        j = self.triage_json
        want_rows = [(st["stage"], r["name"], r["count"], r["total_us"]) for st in j["stages"] for r in st["kernel_table"]]
        table = self.t.kernel_table
        got_rows = list(zip(table["stage"], table["name"], table["count"], table["total_us"]))
        self.assertEqual([r[:3] for r in got_rows], [r[:3] for r in want_rows])
        for got, want in zip(got_rows, want_rows):
            self.assertUs(got[3], want[3], got[1])
        families = self.t.fusion_families
        want_families = [(st["stage"], f["pattern"], f["status"], f["related_us"]) for st in j["stages"] for f in st["fusion_families"]]
        self.assertEqual(list(zip(families["stage"], families["pattern"], families["status"])), [f[:3] for f in want_families])
        for got, want in zip(families["related_us"], want_families):
            self.assertUs(got, want[3], want[1])
        overlap = self.t.overlap
        self.assertEqual(len(overlap), sum(len(st["overlap"]["rows"]) for st in j["stages"]))
        modules = self.t.module_candidates
        want_modules = j["stages"][0]["module_candidates"]["candidates"] if j["stages"] else []
        self.assertEqual(list(modules["operation"]), [m["operation"] for m in want_modules])
        for got, want in zip(modules["impact_mid"], want_modules):
            self.assertAlmostEqual(got, want["impact_mid"], delta=0.006)


class SamplePair(PairFigures, unittest.TestCase):
    A = os.path.join(SAMPLES, "sample_nvidia.json.gz")
    B = os.path.join(SAMPLES, "sample_amd.json.gz")
    NAME_A, NAME_B = "sample_nvidia", "sample_amd"

    def test_fusions_against_ground_truth(self):
        # The generator's own record of the fusions it injected (resources/samples/sample_truth.json).
        with open(os.path.join(SAMPLES, "sample_truth.json"), encoding="utf-8") as f:
            truth = json.load(f)
        sides = {"nvidia": "a", "amd": "b"}
        want = {(d["operation"], sides[d["fused_on"]]) for d in truth["differences"]}
        got = set(zip(self.c.fusion_patterns["operation"], self.c.fusion_patterns["fused_side"]))
        self.assertEqual(got, want)


@unittest.skipUnless(os.path.isdir(os.path.join(SHARED, "tracelens")), "../shared/traces is absent: real-trace tests skipped")
class QwenPair(PairFigures, unittest.TestCase):
    A = os.path.join(SHARED, "tracelens", "h100", "Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz")
    B = os.path.join(SHARED, "tracelens", "mi300", "Qwen_Qwen1.5-0.5B-Chat__1016005.json.gz")
    NAME_A, NAME_B = "qwen_h100", "qwen_mi300"

    def test_known_figures(self):
        # tools/gap_reference.py measures the busy times from the raw JSON (README: 31905.473 →
        # 29743.938 µs); the model has 24 decoder layers (Qwen2DecoderLayer_0..23).
        self.assertUs(self.c.gap["a_us"], 31905.473, "H100 busy")
        self.assertUs(self.c.gap["b_us"], 29743.938, "MI300X busy")
        self.assertUs(self.c.gap_us, -2161.535, "gap")
        self.assertEqual((self.a.layer_count, self.b.layer_count), (24, 24))
        self.assertEqual(self.a.gpu_name, "NVIDIA H100 80GB HBM3")
        self.assertEqual(self.b.gpu_name, "AMD Instinct MI300X VF")
        # 436 kernels ran before ProfilerStep#6: outside the default scope.
        self.assertEqual((self.a.scope_kernels, self.a.outside_kernels), (1029, 436))
        self.assertEqual(int((self.a.kernels()["stage"] == "outside").sum()), 436)
        self.assertEqual(len(self.c.fusion_patterns), 0)
        self.assertEqual(list(zip(self.c.extra_work["side"], self.c.extra_work["cpu_op"])), [("b", "aten::fill_")])


@unittest.skipUnless(os.path.isdir(os.path.join(SHARED, "rocprofv3")), "../shared/traces is absent: real-trace tests skipped")
class ProfilerExports(unittest.TestCase):
    """rocprofv3 JSON and Nsight Systems SQLite go through the same load() as Kineto traces. The
    figures were measured by tools/profiler_exports_reference.py, which reads the raw JSON and
    SQLite itself: (kernels, summed duration µs, distinct names, GPU, busiest kernel, its count)."""
    EXPORTS = {
        "rocprofv3/908_results.json.gz": (43915, 4441741.378, 80, "AMD Instinct MI350X", "ncclDevKernel_Generic_1", 1310),
        "nsys/saxpy-mpi-cuda_nsys_perlmutter0.sqlite": (5, 88573.480, 1, "NVIDIA A100-SXM4-40GB", None, None),
        "nsys/perlmutter-cloverleaf-cuda.sqlite": (1312, 294404.540, 102, "NVIDIA A100-SXM4-80GB", None, None),
    }

    def test_exports_load_with_their_figures(self):
        for rel, (count, total_us, names, gpu, top, top_count) in self.EXPORTS.items():
            with self.subTest(trace=rel):
                trace = fusionscope.load(os.path.join(SHARED, rel))
                kernels = trace.kernels()
                self.assertEqual(trace.kernel_count, count)
                self.assertEqual(len(kernels), count)
                self.assertAlmostEqual(kernels["dur_us"].sum(), total_us, delta=0.01)
                self.assertEqual(kernels["name"].nunique(), names)
                self.assertEqual(trace.gpu_name, gpu)
                if top:
                    table = trace.kernel_table()
                    self.assertTrue(table["name"][0].startswith(top + "("), table["name"][0])
                    self.assertEqual(int(table["count"][0]), top_count)

    def test_an_export_compares_with_a_kineto_trace(self):
        rocprof = fusionscope.load(os.path.join(SHARED, "rocprofv3", "908_results.json.gz"))
        kineto = fusionscope.load(os.path.join(SAMPLES, "sample_nvidia.json.gz"))
        for a, b in ((rocprof, kineto), (kineto, rocprof)):
            c = fusionscope.compare(a, b)
            self.assertGreater(len(c.op_table), 0)


if __name__ == "__main__":
    unittest.main()
