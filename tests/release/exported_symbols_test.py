"""The shared libraries export their public API and nothing else (nm -D --defined-only).

libopenlim.so: every exported symbol is a member or function that include/openlim's headers
declare (the list below, written from the headers); no other openlim:: name (the core's
parsers, the master, the transport) and no C++ runtime instance. liblsf.so: LSF's C calls
(ls_*) only, no C++ symbol at all.

Run: LIBOPENLIM=build/lim/shell/libopenlim.so LIBLSF=build/lim/lsf/liblsf.so \
    python3 -m unittest -v exported_symbols_test
"""
import os
import re
import subprocess
import unittest

LIBOPENLIM = os.environ.get("LIBOPENLIM", "")
LIBLSF = os.environ.get("LIBLSF", "")

# The public API: classes whose members are all public, then free functions (by name).
PUBLIC_CLASSES = [
    "Client", "LimTransport", "ConfigSnapshot", "ConfigLoad", "StringPool", "HostTable",
    "RequestCache", "RequestCache::Entry", "format::ClusterInfo", "format::LoadSnapshot",
]
PUBLIC_FUNCTIONS = [
    "loadConfig", "loadConfigFrom", "loadConfigFromEnvironment", "sharingRows",
    "compileRequest", "selectHosts", "termValues", "termOutcome", "outcomeName",
    "outcomeFromName", "place",
]
# What a program built on the library needs at least (a missing one breaks the build).
REQUIRED = ["openlim::Client::fromEnvironment()", "openlim::Client::load(",
            "openlim::Client::reconfig(bool)", "openlim::loadConfigFromEnvironment()",
            "openlim::compileRequest(", "openlim::place("]


def exported(lib):
    """(mangled, demangled) of every defined dynamic symbol but the version nodes."""
    out = subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True,
                         check=True).stdout
    names = [line.split()[-1].split("@")[0] for line in out.splitlines()
             if len(line.split()) == 3 and line.split()[1] != "A"]
    demangled = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True,
                               text=True, check=True).stdout.splitlines()
    return list(zip(names, demangled))


def public(name):
    for prefix in ("typeinfo name for ", "typeinfo for ", "vtable for "):
        if name.startswith(prefix):
            return name[len(prefix):] in ["openlim::" + c for c in PUBLIC_CLASSES]
    head = name.split("(")[0]
    head = re.sub(r"\[abi:[a-z0-9]+\]", "", head)
    for c in PUBLIC_CLASSES:
        if re.fullmatch(r"openlim::%s::~?[A-Za-z_][A-Za-z0-9_]*" % re.escape(c), head):
            return True
    return head in ["openlim::" + f for f in PUBLIC_FUNCTIONS]


class ExportedSymbols(unittest.TestCase):
    def setUp(self):
        if not LIBOPENLIM or not LIBLSF:
            raise unittest.SkipTest("LIBOPENLIM and LIBLSF not set")

    def test_libopenlim_exports_the_public_api_only(self):
        symbols = exported(LIBOPENLIM)
        leaked = [d for _, d in symbols if not public(d)]
        self.assertEqual(leaked, [], "exported beyond include/openlim's API")
        names = [d for _, d in symbols]
        for want in REQUIRED:
            self.assertTrue(any(n.startswith(want) for n in names), want)

    def test_liblsf_exports_the_c_calls_only(self):
        symbols = exported(LIBLSF)
        self.assertEqual([m for m, _ in symbols if not re.fullmatch(r"ls_[A-Za-z]+", m)], [])
        names = {m for m, _ in symbols}
        for want in ("ls_load", "ls_loadinfo", "ls_info", "ls_placereq", "ls_perror",
                     "ls_errnoLocation"):
            self.assertIn(want, names)


if __name__ == "__main__":
    unittest.main()
