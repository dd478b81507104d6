#!/usr/bin/env python3
"""Generate the corpus of broken and hostile trace inputs into a directory.

    make_bad_inputs.py OUT_DIR [--bomb-mb 200]

Every file is made here, from a small valid Kineto trace, so nothing binary is committed. The
expected outcome of each case lives in the test that runs the CLI on it
(tests/robustness/tst_badinputs.cpp), not here. The libFuzzer seed corpus (tools/run-fuzz.sh) is
this directory too. Standard library only, deterministic, needs the `zstd` command for the .zst
cases (skipped with a note on stderr when it is missing).
"""

import argparse
import gzip
import io
import json
import os
import random
import shutil
import stat
import subprocess
import sys
import zipfile
import zlib


def event(ph, cat, name, ts, dur=None, **args):
    e = {"ph": ph, "cat": cat, "name": name, "pid": 0, "tid": 7, "ts": ts}
    if dur is not None:
        e["dur"] = dur
    if args:
        e["args"] = args
    return e


def valid_events():
    ev = [{"ph": "M", "name": "process_name", "pid": 0, "tid": 0, "args": {"name": "python3"}}]
    ts = 1700000000000.0
    for i in range(6):
        ev.append(event("X", "cpu_op", "aten::mm", ts + i * 20, 8.5, **{"External id": 10 + i,
                                                                       "Input Dims": [[4, 8], [8, 16]]}))
        ev.append(event("X", "cuda_runtime", "cudaLaunchKernel", ts + i * 20 + 1, 3.25,
                        correlation=100 + i, **{"External id": 10 + i}))
        k = event("X", "kernel", "ampere_sgemm_128x64_nn" if i % 2 else "void at::native::vectorized_elementwise_kernel<4>()",
                  ts + i * 20 + 5, 4.125, correlation=100 + i, stream=7, device=0,
                  grid=[80, 1, 1], block=[256, 1, 1])
        k["pid"] = 0
        ev.append(k)
        ev.append({"ph": "s", "cat": "ac2g", "name": "ac2g", "id": 100 + i, "pid": 0, "tid": 7, "ts": ts + i * 20 + 1})
        ev.append({"ph": "f", "cat": "ac2g", "name": "ac2g", "id": 100 + i, "pid": 0, "tid": 7, "ts": ts + i * 20 + 5,
                   "bp": "e"})
    return ev


def trace_text(events, **top):
    doc = {"schemaVersion": 1, "deviceProperties": [{"id": 0, "name": "NVIDIA H100", "numSms": 132}]}
    doc.update(top)
    doc["traceEvents"] = events
    # Kineto's layout: one event per line inside the array.
    lines = ",\n  ".join(json.dumps(e) for e in doc.pop("traceEvents"))
    head = json.dumps(doc)[:-1]
    return head + ',\n"traceEvents": [\n  ' + lines + "\n]}\n"


def write(out, name, data):
    path = os.path.join(out, name)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return path


def gzip_bytes(data):
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0) as g:
        g.write(data)
    return buf.getvalue()


def bomb_gzip(path, total):
    """A valid trace whose event array is padded with `total` bytes of whitespace, streamed."""
    comp = zlib.compressobj(9, zlib.DEFLATED, 31)  # gzip wrapper
    block = b" " * (1 << 20)
    with open(path, "wb") as f:
        f.write(comp.compress(b'{"traceEvents": ['))
        for _ in range(total >> 20):
            f.write(comp.compress(block))
        f.write(comp.compress(b"]}\n"))
        f.write(comp.flush())


def bomb_zip(path, total):
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as z:
        with z.open("trace.json", "w", force_zip64=True) as m:
            m.write(b'{"traceEvents": [')
            block = b" " * (1 << 20)
            for _ in range(total >> 20):
                m.write(block)
            m.write(b"]}\n")


def rocprofv3_text(dispatches=True):
    """A small rocprofv3 JSON (rocprofiler-sdk's layout, one line): two dispatches of one kernel."""
    gpu = {"type": 2, "id": {"handle": 9}, "name": "gfx942", "product_name": "AMD Instinct MI300X",
           "logical_node_type_id": 0, "wave_front_size": 64, "cu_count": 304}
    records = [{"size": 184, "kind": 11, "operation": 2, "thread_id": 7,
                "correlation_id": {"internal": i + 1, "external": 0},
                "start_timestamp": 1000000 + 5000 * i, "end_timestamp": 1003000 + 5000 * i,
                "dispatch_info": {"agent_id": {"handle": 9}, "queue_id": {"handle": 1}, "kernel_id": 3,
                                  "workgroup_size": {"x": 256, "y": 1, "z": 1}, "grid_size": {"x": 20480, "y": 1, "z": 1}},
                "stream_id": {"handle": 0}} for i in range(2)] if dispatches else []
    tool = {"metadata": {"pid": 42, "command": ["python3", "train.py"]}, "agents": [gpu],
            "strings": {"buffer_records": [{"kind": "NONE", "operations": []}]},
            "kernel_symbols": [{"kernel_id": 3, "kernel_name": "_Z21ampere_sgemm_128x64_nnv.kd",
                                "formatted_kernel_name": "ampere_sgemm_128x64_nn"}],
            "buffer_records": {"kernel_dispatch": records, "hip_api": [], "marker_api": [], "memory_copy": []}}
    return json.dumps({"rocprofiler-sdk-tool": [tool]}, separators=(",", ":"))


def sqlite_bytes(statements):
    """A SQLite database made of `statements`, as bytes (written through a temporary file)."""
    import sqlite3
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "db.sqlite")
        db = sqlite3.connect(path)
        db.executescript(";\n".join(statements) + ";")
        db.commit()
        db.close()
        return open(path, "rb").read()


def nsys_statements():
    """An Nsight Systems export's tables (the columns FusionScope reads) with one kernel and its launch."""
    gtid = (4321 << 24) | 4322
    return [
        "CREATE TABLE StringIds (id INTEGER PRIMARY KEY, value TEXT NOT NULL)",
        "INSERT INTO StringIds VALUES (1, 'ampere_sgemm_128x64_nn'), (2, 'cudaLaunchKernel_v7000')",
        "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER, "
        "streamId INTEGER, correlationId INTEGER, demangledName INTEGER, shortName INTEGER)",
        "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (2000, 6000, 0, 7, 11, 1, 1)",
        "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start INTEGER, end INTEGER, eventClass INTEGER, globalTid INTEGER, "
        "correlationId INTEGER, nameId INTEGER)",
        "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (1000, 1500, 0, %d, 11, 2)" % gtid,
        "CREATE TABLE TARGET_INFO_GPU (id INTEGER, name TEXT, cuDevice INTEGER)",
        "INSERT INTO TARGET_INFO_GPU VALUES (0, 'NVIDIA A100-SXM4-80GB', 0)",
    ]


def profiler_exports(out):
    """rocprofv3 JSON and Nsight Systems SQLite inputs, valid and broken."""
    roc = rocprofv3_text()
    write(out, "rocprofv3_valid.json", roc)
    write(out, "rocprofv3_no_records.json", rocprofv3_text(dispatches=False))
    raw = roc.encode()
    for off in sorted(set(range(len('{"rocprofiler-sdk-tool":[') + 1, len(raw) - 1, max(1, len(raw) // 25)))):
        write(out, "truncated_rocprofv3_%05d.json" % off, raw[:off])
    nsys = sqlite_bytes(nsys_statements())
    write(out, "nsys_valid.sqlite", nsys)
    write(out, "nsys_no_kernel_table.sqlite", sqlite_bytes([s for s in nsys_statements() if "KIND_KERNEL" not in s]))
    write(out, "sqlite_not_nsys.sqlite", sqlite_bytes(["CREATE TABLE notes (t TEXT)", "INSERT INTO notes VALUES ('x')"]))
    write(out, "rocpd.db", sqlite_bytes(["CREATE TABLE rocpd_kernel_dispatch (id INTEGER)"]))
    write(out, "empty.sqlite", b"")
    # The header kept, every page after the first overwritten: SQLite finds the damage, never trusts it.
    corrupt = bytearray(nsys)
    rnd = random.Random(19)
    for i in range(4096, len(corrupt)):
        corrupt[i] = rnd.getrandbits(8)
    write(out, "nsys_corrupt.sqlite", bytes(corrupt))
    write(out, "nsys_truncated.sqlite", nsys[: len(nsys) // 2])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--bomb-mb", type=int, default=200, help="uncompressed size of the bombs (MB)")
    ap.add_argument("--no-bombs", action="store_true", help="skip the bombs")
    ap.add_argument("--seeds", action="store_true",
                    help="a fuzz seed corpus: regular files under 1 MB only (no bombs, links, FIFO, directories)")
    a = ap.parse_args()
    if a.seeds:
        a.no_bombs = True
    out = a.out
    os.makedirs(out, exist_ok=True)
    rnd = random.Random(9)

    valid = trace_text(valid_events())
    write(out, "valid.json", valid)
    write(out, "valid.json.gz", gzip_bytes(valid.encode()))
    # A rank number in the name too large for an int (std::stoi threw on it).
    write(out, "trace_rank99999999999.json", valid)

    profiler_exports(out)

    # Empty and truncated.
    write(out, "empty.json", b"")
    write(out, "whitespace.json", b"  \n\t\r\n ")
    raw = valid.encode()
    body_end = raw.rstrip().rfind(b"}")  # the closing brace: every cut before it is a truncation
    offsets = sorted(set([1, 2, 3, 10, 16, body_end - 1, body_end] + list(range(5, body_end, max(1, body_end // 60)))))
    for off in offsets:
        if 0 < off <= body_end:
            write(out, "truncated_%05d.json" % off, raw[:off])

    # Trailing bytes after a complete document: usable, with a warning.
    write(out, "trailing_garbage.json", valid + "garbage after the end ]]}\n")
    write(out, "trailing_nuls.json", raw + b"\0" * 4096)

    # Wrong shapes.
    write(out, "top_string.json", '"just a string"\n')
    write(out, "top_number.json", "42\n")
    write(out, "top_array_of_numbers.json", "[1, 2, 3]\n")
    write(out, "traceevents_object.json", '{"traceEvents": {"ph": "X"}}\n')
    write(out, "traceevents_string.json", '{"traceEvents": "none"}\n')
    write(out, "no_traceevents.json", '{"schemaVersion": 1, "displayTimeUnit": "ms"}\n')
    write(out, "traceevents_empty.json", '{"traceEvents": []}\n')

    # Events with wrong field types: the good ones are usable, the bad ones skipped with a warning.
    ev = valid_events()
    bad = [
        event("X", "kernel", "string_ts_kernel", "soon", 2),
        event("X", "kernel", "negative_dur_kernel", 1700000000500.0, -5),
        event("X", "kernel", "object_ts_kernel", {"us": 1}, 2),
        event("X", "kernel", "null_ts_kernel", None, 2),
        event("X", "kernel", "huge_ts_kernel", 1e300, 2),
        event("X", "kernel", "huge_dur_kernel", 1700000000500.0, 9.2e15),
        event("X", "kernel", "max_ts_kernel", 9.2e15, 9.2e15),
        event("X", "cpu_op", 12345, 1700000000600.0, 1),
        {"ph": 7, "cat": ["kernel"], "name": {"x": 1}, "pid": [1], "tid": None, "ts": True, "dur": "x"},
        {"ph": "X", "cat": "kernel", "name": "args_is_string", "pid": "gpu 0", "tid": -3,
         "ts": 1700000000700.0, "dur": 1, "args": "nope"},
        {"ph": "X", "cat": "kernel", "name": "bad_args", "pid": 0, "tid": 7, "ts": 1700000000800.0, "dur": 1,
         "args": {"grid": "big", "block": [1e99, -1, "x", 4], "stream": 1e40, "device": -99999999999,
                  "correlation": "abc", "External id": [1]}},
        3, "a string event", None, [1, 2],
    ]
    write(out, "bad_field_types.json", trace_text(ev + bad))
    # NaN / Infinity are not JSON, but Python writes them: such events are skipped.
    write(out, "nan_inf.json", trace_text(ev + [event("X", "kernel", "nan_kernel", float("nan"), 1),
                                               event("X", "kernel", "inf_kernel", 1700000000900.0, float("inf")),
                                               event("X", "kernel", "ninf_kernel", float("-inf"), 1)]))
    write(out, "all_events_bad.json", trace_text([event("X", "kernel", "k", "x", 1), 5, "s"]))
    # Durations of 95 years each (3e18 ns): four of them once overflowed the kernel-time total. And
    # 16000 of a week each: each plausible-looking, together beyond what int64 nanoseconds hold.
    write(out, "absurd_durations.json",
          trace_text(ev + [event("X", "kernel", "ampere_sgemm_128x64_nn", 1700000001000.0 + i, 3e15, stream=7)
                           for i in range(4)]))
    write(out, "durations_beyond_int64.json",
          trace_text([event("X", "kernel", "k", 1700000000000.0 + i, 604800000000, stream=7) for i in range(16000)]))
    # Duplicate keys, in an event and at the top level (two traceEvents arrays).
    dup = valid.replace('"ph": "X", "cat": "kernel"', '"ph": "X", "ph": "X", "cat": "cpu_op", "cat": "kernel"', 1)
    write(out, "duplicate_keys.json", dup)
    write(out, "duplicate_traceevents.json", valid.rstrip()[:-1] + ', "traceEvents": [' + json.dumps(ev[2]) + "]}\n")

    # Deep nesting: 100k arrays (closed, and unclosed), inside an event's args and at the top.
    depth = 100000
    write(out, "deep_nesting.json", '{"traceEvents": [{"ph": "X", "args": {"x": ' + "[" * depth + "]" * depth + "}}]}")
    write(out, "deep_nesting_top.json", "[" * depth + "]" * depth)
    write(out, "deep_nesting_unclosed.json", '{"traceEvents": [' + "[" * depth)
    write(out, "deep_objects.json", '{"traceEvents": [' + '{"a":' * depth + "1" + "}" * depth + "]}")

    # Bad bytes in names.
    write(out, "invalid_utf8.json", raw.replace(b"ampere_sgemm", b"amp\xff\xfe\xc3(sgemm", 1))
    write(out, "nul_raw_in_name.json", raw.replace(b"ampere_sgemm", b"amp\0ere_sgemm", 1))
    write(out, "nul_escaped_in_name.json", raw.replace(b"ampere_sgemm", b"amp\\u0000ere_sgemm", 1))
    write(out, "escaped_key.json", raw.replace(b'"schemaVersion"', b'"schema\\\\"', 1))
    # A key ending in an escaped backslash with no quote after it: the key scanner must stop at its real end.
    write(out, "escaped_key_last.json", b'{"traceEvents": [{"ph": "X", "a\\\\": 1}]}')
    # A 10 MB kernel name.
    if not a.seeds:
        long_ev = valid_events() + [event("X", "kernel", "k" * (10 << 20), 1700000000100.0, 1.5, stream=7)]
        write(out, "huge_name.json", trace_text(long_ev))

    # Compression.
    gz = bytearray(gzip_bytes(raw))
    gz[-8] ^= 0xFF  # CRC32 of the trailer
    write(out, "bad_crc.json.gz", bytes(gz))
    gz = gzip_bytes(raw)
    write(out, "truncated.json.gz", gz[: len(gz) // 2])
    write(out, "truncated_header.json.gz", gz[:5])
    corrupt = bytearray(gz)
    for i in range(20, min(len(corrupt) - 8, 60)):
        corrupt[i] ^= 0x5A
    write(out, "corrupt_deflate.json.gz", bytes(corrupt))
    write(out, "gzip_of_garbage.json.gz", gzip_bytes(bytes(rnd.getrandbits(8) for _ in range(4096))))
    if not a.no_bombs:
        bomb_gzip(os.path.join(out, "bomb.json.gz"), a.bomb_mb << 20)
        bomb_zip(os.path.join(out, "bomb.zip"), a.bomb_mb << 20)

    with zipfile.ZipFile(os.path.join(out, "no_json.zip"), "w") as z:
        z.writestr("README.txt", "no trace in here\n")
        z.writestr("data/metrics.csv", "a,b\n1,2\n")
    with zipfile.ZipFile(os.path.join(out, "valid.zip"), "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("run/rank0.json", valid)
    zbytes = open(os.path.join(out, "valid.zip"), "rb").read()
    write(out, "truncated.zip", zbytes[: len(zbytes) // 2])

    # Not a trace at all: an ELF-like header and random bytes.
    write(out, "binary.json", b"\x7fELF\x02\x01\x01" + bytes(rnd.getrandbits(8) for _ in range(8192)))
    write(out, "random.bin", bytes(rnd.getrandbits(8) for _ in range(8192)))

    zstd = shutil.which("zstd")
    if zstd:
        subprocess.run([zstd, "-q", "-f", "-19", os.path.join(out, "valid.json"), "-o",
                        os.path.join(out, "valid.json.zst")], check=True)
        zs = open(os.path.join(out, "valid.json.zst"), "rb").read()
        write(out, "truncated.json.zst", zs[: len(zs) // 2])
    else:
        print("make_bad_inputs: zstd not found, .zst cases skipped", file=sys.stderr)

    if a.seeds:
        for name in ("deep_nesting.json", "deep_nesting_top.json", "deep_nesting_unclosed.json", "deep_objects.json"):
            os.remove(os.path.join(out, name))  # over libFuzzer's -max_len; it finds depth on its own
        return 0
    # File-system cases.
    os.makedirs(os.path.join(out, "empty_dir"), exist_ok=True)
    nodir = os.path.join(out, "dir_without_traces")
    os.makedirs(nodir, exist_ok=True)
    write(nodir, "notes.txt", "nothing\n")
    for name, target in (("loop.json", "loop.json"), ("loop_a.json", "loop_b.json"), ("loop_b.json", "loop_a.json")):
        p = os.path.join(out, name)
        if os.path.lexists(p):
            os.remove(p)
        os.symlink(target, p)
    loopdir = os.path.join(out, "dir_with_loop")
    os.makedirs(loopdir, exist_ok=True)
    if not os.path.lexists(os.path.join(loopdir, "self.json")):
        os.symlink("self.json", os.path.join(loopdir, "self.json"))
    noperm = write(out, "no_permission.json", valid)
    os.chmod(noperm, 0)
    fifo = os.path.join(out, "fifo.json")
    if not os.path.exists(fifo) and hasattr(os, "mkfifo"):
        os.mkfifo(fifo)
    return 0


if __name__ == "__main__":
    sys.exit(main())
