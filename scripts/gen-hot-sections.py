#!/usr/bin/env python3
"""Regenerates lim/cmd/hot_sections.ld: the code and constants a query command runs, first.

  python3 scripts/gen-hot-sections.py BUILD_DIR      (needs valgrind; a dev tool, not CI's)

Why: a command runs for a few milliseconds and executes about 120k instructions; most of its
time is the kernel mapping pages. Each first touch of a 64 KiB window of the (static, 3 MB)
binary is a page fault, and on a virtual machine one costs 10-15 us. Left to the linker, the
few hundred functions a run needs are spread over 2.2 MB: 27 text faults in `lsplace`. Laid
out together they take 6 (docs/commands.md, "Hot sections").

How: each static command is relinked with a map file, then run under valgrind's lackey
against a real one-host lim (the integration harness), with the options people use most.
Every instruction and data address it touches is traced back to its input section (archive
member and section name), and the union over all commands becomes an INSERT script that puts
those sections ahead of the rest of .text, .rodata, .data and .bss. A stale script costs
only speed: a pattern that no longer matches is ignored by the linker.

valgrind's CPU is not the host's: glibc picks other string-function variants (avx2 instead of
evex) and other cache-info code there, so a hot member of libc's multiarch families brings
its AVX-512 siblings (`strlen-evex*.o`), and HOST_ONLY lists what valgrind never runs.

Merged constants (`.rodata.str1.1`, `.rodata.cst8`) are pooled across objects by the linker,
so which object a touched constant is credited to can vary from run to run; a regenerated
script may differ in those lines only.
"""
import bisect
import functools
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "integration", "harness"))
from cluster import Cluster  # noqa: E402

SCRIPT = os.path.join(ROOT, "lim", "cmd", "hot_sections.ld")
# (command, arguments): the common uses of every static command.
RUNS = [
    ("lsid", []),
    ("lsload", []), ("lsload", ["-l"]), ("lsload", ["-w"]), ("lsload", ["-json"]),
    ("lsload", ["-R", "select[mem>0] order[r1m]", "-n", "16"]), ("lsload", ["-s"]),
    ("lshosts", []), ("lshosts", ["-l"]), ("lshosts", ["-w"]), ("lshosts", ["-s"]),
    ("lsinfo", []), ("lsinfo", ["-l"]),
    ("bhosts", ["-s"]),
    ("lsplace", []), ("lsplace", ["-n", "2", "-w", "2"]), ("lsplace", ["-R", "order[r1m]"]),
    ("lsplace", ["--explain"]),
]
# The output sections that get a hot part; each takes the input sections named after it.
KINDS = (".text", ".rodata", ".data", ".bss")
# A libc member named like `strcmp-evex.o`: one CPU variant of an ifunc'd function.
VARIANT = re.compile(r"-(sse2|sse4|ssse3|avx|avx2|evex|avx512|erms|vec)")
# What runs on the host but never under valgrind: static start-up sets up the vDSO, which
# valgrind hides (its symbol lookup), and the kernel itself reads /proc/self/exe's name.
HOST_ONLY = [(".text", "*libc.a:dl-object.o", ".text"),
             (".text", "*libc.a:dl-lookup.o", ".text"),
             (".text", "*libc.a:dl-setup_hash.o", ".text"),
             (".rodata", "*libc.a:dl-origin.o", ".rodata.str1.1")]


def relink(build, cmd, out):
    """Links `cmd` again into `out` with a map file; returns the map's path."""
    lines = subprocess.run(["ninja", "-C", build, "-t", "commands", "lim/cmd/" + cmd],
                           check=True, capture_output=True, text=True).stdout.splitlines()
    link = lines[-1].removeprefix(": && ").removesuffix(" && :")  # ninja's wrapping
    link = link.replace("-o lim/cmd/%s " % cmd, "-o %s " % out)
    subprocess.run(link + " -Wl,-Map=%s.map" % out, shell=True, cwd=build, check=True,
                   capture_output=True)
    return out + ".map"


@functools.lru_cache(maxsize=None)  # each map is read for the trace and for libc's members
def input_sections(map_path):
    """[(start, size, section name, origin)] of every input section in a GNU ld map."""
    out, in_memory_map = [], False
    lines = open(map_path).read().split("\n")
    head = re.compile(r"^ (\.\S+)\s*$")
    whole = re.compile(r"^ (\.\S+)\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*)$")
    rest = re.compile(r"^\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*)$")
    i = 0
    while i < len(lines):
        line = lines[i]
        in_memory_map = in_memory_map or line.startswith("Linker script and memory map")
        if in_memory_map:
            m = whole.match(line)
            if m:
                out.append((int(m[2], 16), int(m[3], 16), m[1], m[4]))
            elif head.match(line) and i + 1 < len(lines) and rest.match(lines[i + 1]):
                r = rest.match(lines[i + 1])
                out.append((int(r[1], 16), int(r[2], 16), head.match(line)[1], r[3]))
                i += 1
        i += 1
    return sorted(s for s in out if s[1] > 0)


def touched(binary, args, env):
    """Every address (instruction or data) a run of `binary args` touches."""
    with tempfile.NamedTemporaryFile(suffix=".lackey") as log:
        subprocess.run(["valgrind", "--tool=lackey", "--trace-mem=yes",
                        "--log-file=" + log.name, binary] + args, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        addrs = set()
        for line in open(log.name):
            p = line.split()
            if len(p) == 2 and p[0] in ("I", "L", "S", "M"):
                addrs.add(int(p[1].split(",")[0], 16))
        return addrs


def kind_of(section):
    for out in KINDS:
        if section == out or section.startswith(out + "."):
            if section.startswith(".data.rel.ro"):
                return None  # stays in RELRO
            return out
    return None


def pattern(origin):
    """`*archive.a:member.o` or `*file.o` for an origin of the map."""
    m = re.match(r"(?:.*/)?([^/(]+)\((.*)\)$", origin)
    if m:
        return "*%s:%s" % (m[1], m[2])
    return "*" + os.path.basename(origin)


def hot_patterns(map_path, addrs):
    # Only sections of the loaded image: debug sections have addresses of their own from 0.
    secs = [s for s in input_sections(map_path) if kind_of(s[2])]
    starts = [s[0] for s in secs]
    hot = set()
    for a in addrs:
        k = bisect.bisect_right(starts, a) - 1
        if k < 0:
            continue
        start, size, name, origin = secs[k]
        if start <= a < start + size:
            # An inline function's or template's section (a COMDAT, named after its symbol)
            # is kept from whichever object comes first, which differs between commands.
            hot.add((kind_of(name), "*" if "._Z" in name else pattern(origin), name))
    return hot


def libc_members(map_paths):
    out = set()
    for path in map_paths:
        for _, _, _, origin in input_sections(path):
            m = re.match(r".*/libc\.a\((.*)\.o\)$", origin)
            if m:
                out.add(m[1])
    return out


def widen_multiarch(counts, members):
    """A hot member of an ifunc family brings its AVX-512 variants (`strcmp-evex*.o`): valgrind
    runs the AVX2 ones, which the trace has; a host with AVX-512 picks those instead."""
    out = dict(counts)
    for (kind, pat, name), n in counts.items():
        m = re.match(r"^\*libc\.a:(.*)\.o$", pat)
        if not m or kind != ".text":
            continue
        family = VARIANT.split(m[1])[0]
        for wide in ("evex", "avx512"):
            if any(x.startswith("%s-%s" % (family, wide)) for x in members):
                key = (kind, "*libc.a:%s-%s*.o" % (family, wide), ".text .text.*")
                out[key] = max(out.get(key, 0), n)
    return out


def write_script(counts):
    """Sections every command touches come first, then those fewer commands touch: each
    command's share is then one run of pages, not spread over the whole hot part."""
    lines = ["/* Generated by scripts/gen-hot-sections.py: what the query commands touch on a",
             "   common run, ahead of everything else, so a run faults in few pages of the",
             "   binary. Edit by regenerating. */"]
    for out in KINDS:
        rows = sorted((-n, p, name) for (k, p, name), n in counts.items() if k == out)
        if not rows:
            continue
        lines += ["SECTIONS", "{", "  %s.hot_openlim :" % out, "  {"]
        lines += ["    %s(%s)" % (p, name) for _, p, name in rows]
        lines += ["  }", "}", "INSERT BEFORE %s;" % out]
    with open(SCRIPT, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    build = os.path.abspath(sys.argv[1])
    lim = os.path.join(build, "lim", "daemon", "lim")
    counts = {}  # (output section, member pattern, section name) -> runs that touched it
    with tempfile.TemporaryDirectory() as tmp, \
            Cluster(block="127.6.214", hosts=["hostA"], lim=lim,
                    resources=["licenses Numeric 60 N Y (shared licenses)",
                               "fs Boolean () () () (fast scratch)"],
                    host_columns=("model type server RESOURCES",
                                  {"hostA": "Generic LINUX86 1 (fs)"}),
                    resource_map=["licenses [all]"]) as c:
        c.start("hostA")
        c.wait_for(lambda: c.host_status("hostA", "hostA").get("status") == "ok", timeout=60)
        env = dict(os.environ, LSF_ENVDIR=c.dir, OPENLIM_HOST="hostA")
        maps = {}
        for cmd, args in RUNS:
            if cmd not in maps:
                maps[cmd] = relink(build, cmd, os.path.join(tmp, cmd))
            found = hot_patterns(maps[cmd], touched(os.path.join(tmp, cmd), args, env))
            print("%-8s %-45s %4d sections" % (cmd, " ".join(args), len(found)))
            for key in found:
                counts[key] = counts.get(key, 0) + 1
        counts = widen_multiarch(counts, libc_members(maps.values()))
    for key in HOST_ONLY:
        counts[key] = len(RUNS)
    write_script(counts)
    print("wrote %s: %d input sections" % (SCRIPT, len(counts)))


if __name__ == "__main__":
    main()
