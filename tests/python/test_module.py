"""How the Python module behaves: lists of dicts without pandas, errors that name the file, the GIL
released while it works (another thread keeps running), Ctrl-C stopping a load, paths, the registry
it reads in the build tree.

Run by CTest (tst_python_module) with PYTHONPATH at the built module.
"""
import gzip
import os
import pathlib
import signal
import subprocess
import sys
import tempfile
import threading
import time
import unittest

import pandas as pd

import fusionscope

SOURCE = os.environ.get("FUSIONSCOPE_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
SAMPLES = os.path.join(SOURCE, "resources", "samples")
NVIDIA = os.path.join(SAMPLES, "sample_nvidia.json.gz")
AMD = os.path.join(SAMPLES, "sample_amd.json.gz")


class WithoutPandas(unittest.TestCase):
    """pandas blocked as a user without it would be: `import pandas` raises ImportError."""

    @classmethod
    def setUpClass(cls):
        cls.trace = fusionscope.load(NVIDIA)
        cls.comparison = fusionscope.compare(cls.trace, AMD)
        cls.triage = fusionscope.triage(cls.trace)

    def without_pandas(self, make):
        saved = sys.modules.get("pandas")
        sys.modules["pandas"] = None
        try:
            return make()
        finally:
            sys.modules["pandas"] = saved

    def test_lists_of_dicts(self):
        tables = {
            "kernels": lambda: self.trace.kernels(),
            "kernel_table": lambda: self.trace.kernel_table(),
            "layers": lambda: self.comparison.layers,
            "op_table": lambda: self.comparison.op_table,
            "fusion_patterns": lambda: self.comparison.fusion_patterns,
            "extra_work": lambda: self.comparison.extra_work,
            "triage kernel_table": lambda: self.triage.kernel_table,
            "fusion_families": lambda: self.triage.fusion_families,
        }
        for name, make in tables.items():
            rows = self.without_pandas(make)
            frame = make()
            self.assertIsInstance(rows, list, name)
            self.assertEqual(len(rows), len(frame), name)
            self.assertTrue(rows, name)
            for row in rows:
                self.assertIsInstance(row, dict, name)
                self.assertEqual(list(row), list(frame.columns), name)
            # The same values: the first and last rows, cell by cell (missing values are None).
            for i in (0, len(rows) - 1):
                for column, value in rows[i].items():
                    want = frame[column].iloc[i]
                    if value is None:
                        self.assertTrue(pd.isna(want), (name, column))
                    elif isinstance(value, list):
                        self.assertEqual(value, list(want), (name, column))
                    else:
                        self.assertEqual(value, want, (name, column))

    def test_kernels_without_pandas(self):
        rows = self.without_pandas(self.trace.kernels)
        self.assertEqual(len(rows), 930)
        self.assertAlmostEqual(sum(r["dur_us"] for r in rows), 36956.649, delta=0.001)
        # Kernels before the first step (none here) and between layers have no layer: None.
        self.assertTrue(any(r["layer"] is None for r in rows))
        self.assertEqual({r["step"] for r in rows}, {1, 2, 3, 4})


class BadInput(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.dir.cleanup()

    def write(self, name, data):
        path = os.path.join(self.dir.name, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def test_truncated_json_names_the_file(self):
        whole = gzip.open(NVIDIA).read()
        path = self.write("cut.json", whole[: len(whole) // 2])
        with self.assertRaises(fusionscope.TraceError) as caught:
            fusionscope.load(path)
        e = caught.exception
        self.assertIsInstance(e, ValueError)
        self.assertEqual(e.file, path)
        self.assertTrue(str(e).startswith(path + ": truncated JSON"), str(e))
        self.assertIsNotNone(e.offset)

    def test_not_a_trace_and_missing_files(self):
        for name, data, problem in (("empty.json", b"", "empty"), ("text.json", b"hello", "not JSON"),
                                    ("bad.json.gz", b"\x1f\x8b\x08\x00garbage", "")):
            path = self.write(name, data)
            with self.assertRaises(fusionscope.TraceError, msg=name) as caught:
                fusionscope.load(path)
            self.assertIn(path, str(caught.exception))
            self.assertIn(problem, str(caught.exception))
        missing = os.path.join(self.dir.name, "missing.json")
        with self.assertRaisesRegex(fusionscope.TraceError, "missing.json: cannot open"):
            fusionscope.load(missing)
        with self.assertRaisesRegex(fusionscope.TraceError, "missing.json"):
            fusionscope.compare(NVIDIA, missing)

    def test_bad_arguments(self):
        with self.assertRaisesRegex(ValueError, "unknown scope 'some'"):
            fusionscope.load(NVIDIA, scope="some")
        with self.assertRaisesRegex(ValueError, "sample_nvidia.json.gz has no profiler step 9 \\(its steps: 1, 2, 3, 4\\)"):
            fusionscope.load(NVIDIA, step=9)
        trace = fusionscope.load(NVIDIA, step=2)
        self.assertEqual(trace.scope, "step")
        with self.assertRaisesRegex(ValueError, "unknown stage 'warmup'"):
            fusionscope.triage(trace, stage="warmup")
        with self.assertRaisesRegex(ValueError, "unknown stage 'warmup'"):
            fusionscope.compare(trace, trace, stage="warmup")
        with self.assertRaises(TypeError):
            fusionscope.load(42)


def generate_big_trace(path):
    # About 20 MB of JSON (tools/gen_trace.py, a synthetic Llama-shaped trace): loading it takes
    # a few tenths of a second, long enough to see what happens meanwhile.
    subprocess.run([sys.executable, os.path.join(SOURCE, "tools", "gen_trace.py"), "--vendor", "nvidia",
                    "--target-size", "20M", "--out", path, "--quiet"], check=True)


class WhileItWorks(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        cls.big = os.path.join(cls.dir.name, "big.json")
        generate_big_trace(cls.big)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def test_gil_is_released(self):
        ticks = []
        stop = threading.Event()

        def count():
            while not stop.is_set():
                ticks.append(time.monotonic())

        counter = threading.Thread(target=count)
        counter.start()
        time.sleep(0.05)
        try:
            start = time.monotonic()
            trace = fusionscope.load(self.big)
            fusionscope.triage(trace)
            end = time.monotonic()
        finally:
            stop.set()
            counter.join()
        self.assertGreater(trace.kernel_count, 5000)
        during = [t for t in ticks if start <= t <= end]
        # Holding the GIL, the C++ work would keep the counter from running until it returned: no
        # tick inside the window, one gap as long as the whole call.
        gaps = [b - a for a, b in zip([start] + during, during + [end])]
        self.assertGreater(len(during), 1000, "the counting thread hardly ran while load() worked")
        self.assertLess(max(gaps), 0.5 * (end - start), "the counting thread stood still during load()")

    def test_ctrl_c_stops_a_load(self):
        # The order of events tells whether Python's SIGINT handler ran inside load() (the C++ work
        # ran it and stopped: load() ends with the exception, "c_exception") or only once load() had
        # returned (then the handler runs as the profile hook is called for "c_return", and the
        # exception it raises there unsets the hook). The signal is sent 20 ms after load() starts;
        # the load takes several times that.
        events = []

        def on_sigint(signum, frame):
            events.append("handler")
            raise KeyboardInterrupt

        def profile(frame, event, arg):
            if event in ("c_call", "c_return", "c_exception") and arg is fusionscope.load:
                events.append(event)
                if event == "c_call":
                    threading.Timer(0.02, os.kill, (os.getpid(), signal.SIGINT)).start()

        previous = signal.signal(signal.SIGINT, on_sigint)
        try:
            sys.setprofile(profile)
            try:
                fusionscope.load(self.big)
            finally:
                sys.setprofile(None)
        except KeyboardInterrupt:
            pass
        finally:
            signal.signal(signal.SIGINT, previous)
        self.assertEqual(events, ["c_call", "handler", "c_exception"])


class Api(unittest.TestCase):
    def test_paths_and_objects(self):
        a = fusionscope.load(pathlib.Path(NVIDIA), label="H100")
        self.assertEqual(a.label, "H100")
        c = fusionscope.compare(a, pathlib.Path(AMD), label_b="MI300X")
        self.assertEqual((c.label_a, c.label_b), ("H100 (NVIDIA)", "MI300X"))
        self.assertIs(type(c.a), fusionscope.Trace)
        self.assertEqual(c.a.kernel_count, a.kernel_count)
        self.assertIn("930 kernels", repr(a))
        prefill = fusionscope.compare(a, AMD, stage="prefill")
        self.assertEqual(prefill.stage, "prefill")
        self.assertIsNone(prefill.wall_gap)
        self.assertLess(prefill.gap["a_us"], c.gap["a_us"])

    def test_registry_of_the_build_tree(self):
        # Run from the build tree, the module reads the source tree's registries, not an installed copy.
        self.assertEqual(os.path.realpath(fusionscope.resource_path("kernel_registry.yaml")),
                         os.path.realpath(os.path.join(SOURCE, "resources", "kernel_registry.yaml")))


if __name__ == "__main__":
    unittest.main()
