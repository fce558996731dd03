"""A network split between loopback hosts, for test_partition: nftables rules in a table of
the test's own drop every packet between the two sides, both UDP and TCP.

A lim's datagrams leave from its host's address, but the TCP connections it opens (and
those of the commands run "on" a host) leave from 127.0.0.1, like any connection to a
loopback address: the address alone cannot say whose they are. So every host gets a cgroup
v2 folder of its own, its lim and its commands run in it, and the output hook marks what a
host's sockets send to the other side; the input hook drops the marked packets and those
between the two sides' addresses. A dropped packet is silent (no error to the sender), as
on a real cut: datagrams vanish and connections time out. The Unix sockets of the lims
(each host's own) are not touched.
"""

import os
import shutil
import subprocess
import sys
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "harness"))
from cluster import join_cgroup  # noqa: E402

NFT_CGROUP_ROOT = "/sys/fs/cgroup"  # nft names a cgroup v2 folder relative to this


def cgroup2_mount():
    """Where the cgroup v2 hierarchy is mounted (unified or hybrid), or None."""
    try:
        with open("/proc/mounts") as f:
            for line in f:
                fields = line.split()
                if len(fields) > 2 and fields[2] == "cgroup2":
                    return fields[1]
    except OSError:
        pass
    return None


def why_not_available():
    """None when this machine can split loopback hosts; else the reason, for a skip."""
    if os.geteuid() != 0:
        return "needs root to add nftables rules and cgroups"
    if not shutil.which("nft"):
        return "needs nft (Debian package nftables; scripts/install-deps.sh installs it)"
    mount = cgroup2_mount()
    if not mount or not mount.startswith(NFT_CGROUP_ROOT):
        return "needs a cgroup v2 hierarchy under %s" % NFT_CGROUP_ROOT
    return None


class Partition:
    """Splits `cluster`'s hosts into sides; close() removes the rules and the cgroups."""

    def __init__(self, cluster, name):
        self.c = cluster
        self.table = name
        # One mark per table, so two tests splitting at once never drop each other's packets.
        self.mark = 0x4F4C0000 | (zlib.crc32(name.encode()) & 0xFFFF)
        self.root = os.path.join(cgroup2_mount(), name)
        self._nft("delete table inet %s" % self.table, check=False)  # a crashed run's
        os.makedirs(self.root, exist_ok=True)
        for h in cluster.hosts:
            folder = os.path.join(self.root, h)
            os.makedirs(folder, exist_ok=True)
            cluster.cgroups[h] = folder

    def split(self, *sides):
        """Cuts every side off from every other (each side a list of host names)."""
        out, inp = [], []
        for side in sides:
            others = [h for s in sides if s is not side for h in s]
            there = self._addresses(others)
            for h in side:
                out.append('socket cgroupv2 level 2 "%s" ip daddr %s meta mark set 0x%x'
                           % (self._nft_path(h), there, self.mark))
            inp.append("ip saddr %s ip daddr %s drop" % (self._addresses(side), there))
        inp.insert(0, "meta mark 0x%x drop" % self.mark)
        rules = ["table inet %s {" % self.table,
                 " chain out { type filter hook output priority 0; policy accept;"]
        rules += ["  %s" % r for r in out] + [" }"]
        rules += [" chain inp { type filter hook input priority 0; policy accept;"]
        rules += ["  %s" % r for r in inp] + [" }", "}"]
        self._nft("-f -", stdin="\n".join(rules) + "\n")

    def cut(self, host, to):
        """Whether a TCP connection from `host`'s cgroup to `to`'s lim times out (the cut
        holds for TCP too: a check of the rules, not of openlim)."""
        probe = ("import socket\ntry:\n socket.create_connection((%r, %d), timeout=1).close()"
                 "\nexcept socket.timeout:\n raise SystemExit(7)"
                 % (self.c.address(to), self.c.port))
        p = subprocess.run([sys.executable, "-c", probe], capture_output=True,
                           preexec_fn=lambda: join_cgroup(self.c.cgroups[host]))
        return p.returncode == 7

    def heal(self):
        self._nft("delete table inet %s" % self.table, check=False)

    def close(self):
        """Removes the rules whatever happened, then the cgroups (their lims must be gone)."""
        try:
            self.heal()
        finally:
            for h in self.c.hosts:
                self.c.cgroups.pop(h, None)
                try:
                    os.rmdir(os.path.join(self.root, h))
                except OSError:
                    pass
            try:
                os.rmdir(self.root)
            except OSError:
                pass

    def active(self):
        return self._nft("list table inet %s" % self.table, check=False).returncode == 0

    def _addresses(self, hosts):
        return "{ %s }" % ", ".join(self.c.address(h) for h in hosts)

    def _nft_path(self, host):
        return os.path.relpath(os.path.join(self.root, host), NFT_CGROUP_ROOT)

    @staticmethod
    def _nft(args, stdin=None, check=True):
        p = subprocess.run(["nft"] + args.split(), input=stdin, capture_output=True, text=True)
        if check and p.returncode != 0:
            raise RuntimeError("nft %s: %s\n%s" % (args, p.stderr, stdin or ""))
        return p
