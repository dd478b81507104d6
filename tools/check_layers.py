#!/usr/bin/env python3
"""Rejects an include of a libanalysis folder that the including folder does not build on.

    tools/check_layers.py LAYERS_TXT LIBANALYSIS_DIR

LAYERS_TXT holds one line per folder, "folder: dep dep ...", in build order (written by
libanalysis/CMakeLists.txt). A folder may include its own headers and those of every folder it
reaches through its dependencies; any other `#include "folder/..."` is an upward or sideways
include and fails the build with the file, the line and the rule it breaks.
"""
import pathlib
import re
import sys


def reachable(deps, folder):
    seen, todo = set(), list(deps[folder])
    while todo:
        d = todo.pop()
        if d not in seen:
            seen.add(d)
            todo.extend(deps.get(d, []))
    return seen


def main():
    table, root = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    deps = {}
    for line in table.read_text().splitlines():
        if line.strip():
            folder, _, names = line.partition(":")
            deps[folder.strip()] = names.split()
    include = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/')
    errors = []
    for folder in deps:
        allowed = reachable(deps, folder) | {folder}
        for path in sorted((root / folder).glob("*")):
            if path.suffix not in (".h", ".cpp"):
                continue
            for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                m = include.match(text)
                if m and m.group(1) in deps and m.group(1) not in allowed:
                    errors.append(f"{path.relative_to(root.parent)}:{number}: {folder}/ includes {m.group(1)}/, "
                                  f"which it does not build on (it builds on: {' '.join(sorted(allowed - {folder})) or 'nothing'})")
    folders = {p.name for p in root.iterdir() if p.is_dir()}
    for missing in sorted(folders - set(deps)):
        errors.append(f"libanalysis/{missing}/: folder without a layer in libanalysis/CMakeLists.txt")
    for e in errors:
        print(e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
