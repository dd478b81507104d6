#!/usr/bin/env python3
"""Checks that tools/install-deps.sh installs everything a configured build tree used.

On a fresh Debian 12 machine the README's commands only work if tools/install-deps.sh installs every
Debian package the configure step, the build, the tests and CI need. A package that happens to be on
the developer's machine already (pulled in by something else, or by a Recommends) is invisible there,
so this check asks Debian instead:

  needed   * every CMake package configuration file the configure step read (the *_DIR entries of
             CMakeCache.txt whose folder holds a *Config.cmake / *-config.cmake);
           * every library outside the tree that a target links (LINK_LIBRARIES in build.ninja);
           * every program the build found (executable FILEPATH entries: compiler, dpkg-deb, ...)
             and cmake / cpack / ctest themselves;
           * every program the tests and CI call: the first word of each CTest command, and each word
             of .ci/run and of the shell scripts those run (followed through repo paths) that names
             a program on PATH; programs the C++ tests start with QProcess.
  provided * what `apt-get install --no-install-recommends <the list>` installs on a machine with
             nothing installed (a simulation against an empty dpkg status), plus the packages every
             Debian system has (Essential: yes, Priority: required). Without apt's package lists the
             hard-dependency closure of the installed list (apt-cache depends --installed) is used.

Each needed file is mapped to its package with dpkg -S. Exit status 1, naming the file, the package
and what needed it, when a package is not provided.

usage: check-install-deps.py BUILD_DIR [--without PKG]...   (--without: pretend PKG is not listed)
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys

SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The project's own programs: found on PATH once the package is installed, but never a build need.
OWN_PROGRAMS = {"fusionscope", "fusionscope-cli", "fusionscope-bench"}
# Shell words that are also programs in coreutils & co. (all Essential): not worth a dpkg -S each.
SYSTEM_PATH = "/usr/sbin:/usr/bin:/sbin:/bin"
SHELL_WORDS = {"sh", "set", "cd", "echo", "printf", "test", "true", "false", "exit", "trap", "export",
               "for", "do", "done", "if", "then", "else", "fi", "case", "esac", "in", "while", "read",
               "command", "kill", "pwd", "unset", "shift", "wait", "local", "return"}


def run(args, check=True):
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if check and p.returncode != 0:
        sys.exit("check-install-deps: %s failed:\n%s" % (" ".join(args[:3]), p.stderr))
    return p


def listed_packages(without):
    out = run(["sh", os.path.join(SRC, "tools/install-deps.sh"), "--list"]).stdout.split()
    if not out:
        sys.exit("check-install-deps: tools/install-deps.sh --list printed nothing")
    return [p for p in out if p not in without]


def provided_packages(listed):
    """Packages a fresh machine has after install-deps.sh, and how that was found."""
    base = run(["dpkg-query", "-W", "-f", "${Package}\t${Essential}\t${Priority}\n"]).stdout
    have = {l.split("\t")[0] for l in base.splitlines()
            if l.split("\t")[1] == "yes" or l.split("\t")[2] == "required"}
    sim = run(["apt-get", "-s", "-o", "Dir::State::status=/dev/null", "-o", "Debug::NoLocking=1",
               "install", "--no-install-recommends"] + listed, check=False)
    if sim.returncode == 0:
        have |= {m.group(1) for m in re.finditer(r"^Inst (\S+)", sim.stdout, re.M)}
        return have, "apt-get install simulated on an empty system"
    # No package lists (apt-get update never ran): the closure of what is installed here.
    dep = run(["apt-cache", "depends", "--recurse", "--installed", "--no-recommends", "--no-suggests",
               "--no-conflicts", "--no-breaks", "--no-replaces", "--no-enhances"] + listed).stdout
    have |= {l.strip() for l in dep.splitlines() if l and not l.startswith(" ") and not l.startswith("<")}
    return have, "hard-dependency closure of the installed packages (apt has no package lists)"


def cache_entries(build):
    entries = {}
    for line in open(os.path.join(build, "CMakeCache.txt"), encoding="utf-8"):
        m = re.match(r"^([A-Za-z0-9_.+-]+):([A-Z]+)=(.*)$", line.rstrip("\n"))
        if m:
            entries[m.group(1)] = (m.group(2), m.group(3))
    return entries


def outside(path, build):
    real = os.path.realpath(path)
    return not (real.startswith(os.path.realpath(build) + "/") or real.startswith(SRC + "/"))


def package_configs(entries, build):
    needs = []
    for name, (kind, value) in sorted(entries.items()):
        if not name.endswith("_DIR") or kind != "PATH" or not os.path.isdir(value) or not outside(value, build):
            continue
        configs = sorted(glob.glob(os.path.join(value, "*Config.cmake")) + glob.glob(os.path.join(value, "*-config.cmake")))
        if configs:
            needs.append((name, configs[0]))
    return needs


def linked_libraries(build):
    needs = set()
    for line in open(os.path.join(build, "build.ninja"), encoding="utf-8"):
        if line.lstrip().startswith("LINK_LIBRARIES ="):
            for word in line.split("=", 1)[1].split():
                if word.startswith("/") and os.path.isfile(word) and outside(word, build):
                    needs.add(("linked library", word))
    return sorted(needs)


def found_programs(entries, build):
    needs = []
    for name, (kind, value) in sorted(entries.items()):
        internal = kind == "INTERNAL" and name in ("CMAKE_COMMAND", "CMAKE_CPACK_COMMAND", "CMAKE_CTEST_COMMAND")
        if (kind == "FILEPATH" or internal) and os.path.isfile(value) and os.access(value, os.X_OK) \
                and not value.endswith((".so", ".a")) and outside(value, build):
            needs.append((name, value))
    return needs


def script_words(path):
    """Words of a shell script outside comments and here-documents."""
    words, heredoc = [], None
    for line in open(path, encoding="utf-8", errors="replace"):
        if heredoc:
            if line.strip() == heredoc:
                heredoc = None
            continue
        m = re.search(r"<<-?\s*['\"]?([A-Za-z_]+)['\"]?", line)
        if m:
            heredoc = m.group(1)
        code = re.sub(r"(^|\s)#.*$", "", line)
        # Messages ("text with spaces") name no program; quoted words ("${CPACK:-cpack}") may.
        code = re.sub(r"\"[^\"]*\"", lambda m: " " if " " in m.group(0) else m.group(0), code)
        code = re.sub(r"\$\{?[A-Za-z_][A-Za-z0-9_]*|[A-Za-z_][A-Za-z0-9_]*=", " ", code)  # variables
        words += re.findall(r"[A-Za-z0-9][A-Za-z0-9_.+-]*(?:/[A-Za-z0-9_.+-]+)*", code)
    return words


def program(name, where):
    """The program a fresh machine runs for `name`: found in the system folders, as a fresh root
    shell's PATH has nothing else. One found only elsewhere (pyenv, /usr/local) comes from no
    Debian package and is reported as such."""
    system = shutil.which(name, path=SYSTEM_PATH)
    if system:
        return [(where, system)]
    local = shutil.which(name)
    return [(where + " (only on this machine)", local)] if local else []


def is_shell_script(path):
    if path.endswith(".sh"):
        return True
    with open(path, "rb") as f:
        first = f.readline()
    return first.startswith(b"#!") and (b"sh" in first.split(b"/")[-1])


def called_programs(entries, build):
    needs, seen = [], set()
    ctest = entries["CMAKE_CTEST_COMMAND"][1]
    tests = json.loads(run([ctest, "--test-dir", build, "--show-only=json-v1"]).stdout)
    scripts = [os.path.join(SRC, ".ci/run")]
    for t in tests.get("tests", []):
        cmd = t.get("command") or []
        if cmd and outside(cmd[0], build):  # CTest gives the path it found on this machine's PATH
            needs += program(os.path.basename(cmd[0]), "test %s runs" % t["name"])
        scripts += [a for a in cmd[1:] if a.startswith(SRC + "/") and os.path.isfile(a)]
    while scripts:
        script = os.path.realpath(scripts.pop())
        # install-deps.sh is the list itself: its package names are not programs anything calls.
        if script in seen or script == os.path.join(SRC, "tools/install-deps.sh") or not is_shell_script(script):
            continue
        seen.add(script)
        rel = os.path.relpath(script, SRC)
        for word in script_words(script):
            if os.path.isfile(os.path.join(SRC, word)):   # a repo script it runs: read it too
                scripts.append(os.path.join(SRC, word))
                continue
            if "/" in word or word in SHELL_WORDS or word in OWN_PROGRAMS:
                continue
            needs += program(word, "%s calls %s" % (rel, word))
    for cpp in glob.glob(os.path.join(SRC, "tests/**/*.cpp"), recursive=True):
        text = open(cpp, encoding="utf-8").read()
        for m in re.finditer(r'(?:start|findExecutable)\(\s*QStringLiteral\("([A-Za-z0-9_.+-]+)"\)', text):
            if m.group(1) not in OWN_PROGRAMS:
                needs += program(m.group(1), "%s starts %s" % (os.path.relpath(cpp, SRC), m.group(1)))
    return needs


def owners(paths):
    """dpkg -S for each path; usr-merged systems own some files under /bin and /lib only."""
    def candidates(p):
        out = [p]
        real = os.path.realpath(p)
        for q in (p, real):
            out.append(q)
            if q.startswith("/usr/"):
                out.append(q[4:])
            elif q.startswith(("/bin/", "/sbin/", "/lib/", "/lib64/")):
                out.append("/usr" + q)
        return list(dict.fromkeys(out))

    allc = sorted({c for p in paths for c in candidates(p)})
    found = {}
    for line in run(["dpkg", "-S"] + allc, check=False).stdout.splitlines():
        if line.startswith("diversion by"):
            continue
        pkgs, _, path = line.partition(": ")
        found.setdefault(path, [x.strip() for x in pkgs.split(",")])
    return {p: next((found[c] for c in candidates(p) if c in found), None) for p in paths}


def main():
    args = sys.argv[1:]
    without = set()
    while "--without" in args:
        i = args.index("--without")
        without.add(args[i + 1])
        del args[i:i + 2]
    if len(args) != 1 or not os.path.isfile(os.path.join(args[0], "CMakeCache.txt")):
        sys.exit(__doc__.split("usage: ")[1])
    build = os.path.abspath(args[0])
    listed = listed_packages(without)
    provided, how = provided_packages(listed)
    entries = cache_entries(build)
    needs = package_configs(entries, build) + linked_libraries(build) + found_programs(entries, build) \
        + called_programs(entries, build)
    pkg_of = owners(sorted({path for _, path in needs}))
    print("install-deps.sh lists %d packages; %d provided (%s)" % (len(listed), len(provided), how))
    missing, shown = [], set()
    for why, path in needs:
        pkgs = pkg_of[path]
        ok = pkgs is not None and any(p.split(":")[0] in provided for p in pkgs)
        key = (path, ok)
        if key in shown:
            continue
        shown.add(key)
        print("%-4s %-44s %-58s %s" % ("ok" if ok else "MISS", why, path, ", ".join(pkgs or ["(no package)"])))
        if not ok:
            missing.append((why, path, pkgs))
    if missing:
        print("\ncheck-install-deps: FAIL: %d needed files are not installed by tools/install-deps.sh:" % len(missing))
        for why, path, pkgs in missing:
            what = "package %s" % " or ".join(pkgs) if pkgs else "no Debian package owns it"
            print("  %s: %s (%s) is not installed by tools/install-deps.sh" % (why, path, what))
        return 1
    print("check-install-deps: OK: %d needed files, all from packages tools/install-deps.sh installs" % len(shown))
    return 0


if __name__ == "__main__":
    sys.exit(main())
