"""Reusable harness for openlim integration tests: a throw-away cluster of real lims.

Usage (Python 3 stdlib only):

    from cluster import Cluster
    with Cluster(block="127.5.1", hosts=["hostA", "hostB", "hostC"], lim=LIM_BIN) as c:
        c.start_all()
        c.wait_for(lambda: c.query("hostA", {"op": "id"}).get("master") == "hostA")
        reply = c.query("hostB", {"op": "load"})          # unsigned query, follows no redirect
        reply = c.request({"op": "load"})                  # asks any live lim, follows a redirect
        c.admin("hostA", {"op": "lock", "host": "hostB"})  # signed with the cluster key

What it generates in a temp LSF_ENVDIR (removed on exit unless OPENLIM_KEEP_TMP=1):
  lsf.conf (LSF_CONFDIR=., LSF_LIM_PORT, LSF_MASTER_LIST, LSF_AUTH_KEYFILE, LSF_LOGDIR,
  LSF_SERVERDIR, LSF_STATEDIR, LSF_LOG_MASK=LOG_INFO, plus `conf_extra`), lsf.shared (cluster "test", the
  `resources` rows), lsf.cluster.test (Parameters with EXINTERVAL=1 by default, Host section
  with `host_columns`, ResourceMap `resource_map` rows), hosts (host i -> <block>.<10+i>),
  a fresh random key (mode 0600), log/, serverdir/ and state/ folders. Every path a lim
  writes is inside the temp dir: the state dir too (reservations, local sockets), so no
  cluster reads what another one (or an installed openlim) left in the default one.
Each lim runs as `lim -2 -d ENVDIR --host NAME` with its stderr in log/NAME.stderr, in the
cgroup v2 folder `cgroups[NAME]` when the test set one.
Frames are built with the same layout as docs/protocol.md (see frame()/sign()), so tests can
send raw, forged or replayed UDP packets (send_udp) and signed load reports (send_report).
"""

import hashlib
import hmac
import json
import os
import resource
import secrets
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time

KIND_REQUEST, KIND_REPLY, KIND_REPORT, KIND_ANNOUNCE, KIND_PROBE, KIND_PROBE_REPLY, KIND_ADMIN = range(1, 8)


def proc_stats(pid):
    """(RssAnon in kB, user+system CPU seconds) of a process: the benchmarks' footprint."""
    rss = 0
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("RssAnon:"):
                rss = int(line.split()[1])
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return rss, (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def frame(kind, body, key=None, epoch=0, seq=0):
    """Encodes one frame; signed (epoch, seq, HMAC-SHA256) when key is given."""
    flags = 1 if key is not None else 0
    out = b"OLIM" + bytes([1, kind, flags, 0]) + struct.pack(">I", len(body))
    if key is not None:
        out += struct.pack(">QQ", epoch, seq) + body
        return out + hmac.new(key, out, hashlib.sha256).digest()
    return out + body


def read_to_end(sock):
    """Everything the peer sends until it closes the connection (a reply frame). Chunks are
    joined once at the end: appending to bytes would copy the whole reply per chunk."""
    chunks = []
    while True:
        chunk = sock.recv(1 << 20)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


# Extra hosts live from 127.16.0.1 up (never in 127.0-127.6, where the tests' blocks
# are): 250 addresses (.1-.250) per /24 and 256 /24s per /16, so 64,000 hosts per /16.
EXTRA_BASE_OCTET = 16
EXTRA_PER_24 = 250
EXTRA_PER_16 = EXTRA_PER_24 * 256


def extra_address(i):
    """The loopback address of extra host number i (0-based); valid for i < 15,360,000."""
    second = EXTRA_BASE_OCTET + i // EXTRA_PER_16
    if i < 0 or second > 255:
        raise ValueError("extra host index %d out of range" % i)
    i %= EXTRA_PER_16
    return "127.%d.%d.%d" % (second, i // EXTRA_PER_24, i % EXTRA_PER_24 + 1)


def join_cgroup(folder):
    """Moves the calling process into the cgroup v2 folder (a preexec_fn for Popen)."""
    with open(os.path.join(folder, "cgroup.procs"), "w") as f:
        f.write(str(os.getpid()))


def _s8(b):
    b = b.encode() if isinstance(b, str) else b
    return bytes([len(b)]) + b


def report_body(host, numbers=(), strings=(), checksum="", master="", locked=False,
                lock_seconds=0):
    """A load report body (lim/lib/protocol/messages.h): numbers = [(name, value)]."""
    body = bytes([1]) + _s8(host) + _s8(checksum) + _s8(master)
    body += struct.pack(">IIHH", 1 if locked else 0, lock_seconds, 0, 1)
    body += struct.pack(">I", len(numbers))
    for name, value in numbers:
        body += _s8(name) + struct.pack(">d", float("nan") if value is None else value)
        body += struct.pack(">f", 0.0)
    body += struct.pack(">I", len(strings))
    for name, value in strings:
        v = value.encode()
        body += _s8(name) + struct.pack(">H", len(v)) + v
    return body


class Cluster:
    def __init__(self, block, hosts, lim, exinterval=1, master_list=None, resources=(),
                 host_columns=None, resource_map=(), params=None, conf_extra=None,
                 serverdir=None, port=None, extra_hosts=0, unaddressed=()):
        self.block = block
        self.hosts = list(hosts)
        # extra_hosts: N more cluster hosts "f0".."f<N-1>" that run no lim (load generators
        # play them); their addresses come from extra_address(), outside every test's block.
        self.extra = ["f%d" % i for i in range(extra_hosts)]
        # unaddressed: cluster hosts left out of the hosts file (no address to look up there).
        self.unaddressed = set(unaddressed)
        self.lim = lim
        self.dir = tempfile.mkdtemp(prefix="openlim-it-")
        self.logdir = os.path.join(self.dir, "log")
        self.serverdir = serverdir or os.path.join(self.dir, "serverdir")
        os.makedirs(self.logdir)
        os.makedirs(self.serverdir, exist_ok=True)
        # Reservation state files and local sockets: this cluster's own (never the
        # default LSF_STATEDIR, which outlives the test and is shared by every cluster).
        self.statedir = os.path.join(self.dir, "state")
        os.makedirs(self.statedir)
        self.port = port or self._free_port()
        self.keyfile = os.path.join(self.dir, "lim.key")
        self.key = secrets.token_hex(32).encode()
        fd = os.open(self.keyfile, os.O_WRONLY | os.O_CREAT, 0o600)
        os.write(fd, self.key + b"\n")
        os.close(fd)
        self.procs = {}
        # host -> a cgroup v2 folder its lim runs in (tests that match a host's sockets by
        # cgroup, e.g. nftables rules that split the cluster); none by default.
        self.cgroups = {}
        self.epoch = int(time.time() * 1e6)
        self.seq = 0
        self.master_list = master_list if master_list is not None else self.hosts
        self.resources = list(resources)
        self.host_columns = host_columns  # (header, {host: row-values}) or None
        self.resource_map = list(resource_map)
        self.params = {"EXINTERVAL": 1, "PROBE_TIMEOUT": 1, "HOST_INACTIVITY_LIMIT": 3,
                       "MASTER_INACTIVITY_LIMIT": 2}
        self.params.update(params or {})
        self.conf_extra = dict(conf_extra or {})
        self.write_config()

    # ----- configuration -----
    def address(self, host):
        if host in self.hosts:
            return "%s.%d" % (self.block, 10 + self.hosts.index(host) + 1)
        return extra_address(int(host[1:]))

    def _free_port(self):
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        s.close()
        return port

    def write_config(self, hosts=None, params=None, resource_map=None, broken=False):
        """(Re)writes every file; reconfig tests call it again with changes."""
        hosts = (hosts or self.hosts) + self.extra
        if params:
            self.params.update(params)
        if resource_map is not None:
            self.resource_map = list(resource_map)
        conf = {"LSF_CONFDIR": ".", "LSF_LIM_PORT": self.port, "LSF_LOGDIR": self.logdir,
                "LSF_SERVERDIR": self.serverdir, "LSF_AUTH_KEYFILE": self.keyfile,
                "LSF_STATEDIR": self.statedir, "LSF_LOG_MASK": "LOG_INFO",
                "LSF_MASTER_LIST": '"%s"' % " ".join(self.master_list)}
        conf.update(self.conf_extra)
        self._write("lsf.conf", "".join("%s=%s\n" % kv for kv in conf.items()))
        shared = ["Begin Cluster", "ClusterName", "test", "End Cluster", "",
                  "Begin HostType", "TYPENAME", "LINUX86", "End HostType", "",
                  "Begin HostModel", "MODELNAME CPUFACTOR ARCHITECTURE",
                  "Generic 100 (x86_64)", "End HostModel", "",
                  "Begin Resource",
                  "RESOURCENAME TYPE INTERVAL INCREASING CONSUMABLE DESCRIPTION"]
        shared += self.resources + ["End Resource", ""]
        self._write("lsf.shared", "\n".join(shared))
        cl = ["Begin Parameters"] + ["%s = %s" % kv for kv in self.params.items()]
        cl += ["End Parameters", "", "Begin Host"]
        if self.host_columns:
            header, rows = self.host_columns
            cl.append("HOSTNAME " + header)
            cl += ["%s %s" % (h, rows.get(h, "")) for h in hosts]
        else:
            cl.append("HOSTNAME model type server RESOURCES")
            cl += ["%s Generic LINUX86 1 ()" % h for h in hosts]
        cl += ["End Host", ""]
        if self.resource_map:
            cl += ["Begin ResourceMap", "RESOURCENAME LOCATION"] + self.resource_map
            cl += ["End ResourceMap", ""]
        if broken:
            cl += ["Begin Host", "HOSTNAME model", "End Nonsense"]
        self._write("lsf.cluster.test", "\n".join(cl) + "\n")
        self._write("hosts", "".join("%s %s\n" % (self.address(h), h)
                                     for h in self.hosts + self.extra
                                     if h not in self.unaddressed))

    def _write(self, name, text):
        with open(os.path.join(self.dir, name), "w") as f:
            f.write(text)

    # ----- processes -----
    def wait_or_dump(self, pred, what, timeout=30):
        """wait_for(); on a timeout, writes the tail of every lim's log to stderr first."""
        try:
            return self.wait_for(pred, timeout=timeout, what=what)
        except AssertionError:
            for h in self.hosts:
                sys.stderr.write("---- %s ----\n%s\n" % (h, self.log(h)[-3000:]))
            raise

    def install_elim(self, melim, name, script):
        """Puts melim (a symlink to the built binary) and an elim script in LSF_SERVERDIR."""
        link = os.path.join(self.serverdir, "melim")
        if not os.path.lexists(link):
            os.symlink(melim, link)
        path = os.path.join(self.serverdir, name)
        with open(path, "w") as f:
            f.write(script)
        os.chmod(path, 0o755)

    def start(self, host, env=None, nofile=None):
        """Starts host's lim; nofile caps its descriptors (soft and hard RLIMIT_NOFILE)."""
        e = dict(os.environ)
        e["LSF_ENVDIR"] = self.dir
        e.update(env or {})

        cgroup = self.cgroups.get(host)

        def limit():
            if nofile:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
            if cgroup:  # before exec: a socket belongs to its creator's cgroup for good
                join_cgroup(cgroup)
        with open(os.path.join(self.logdir, host + ".stderr"), "ab") as err:
            self.procs[host] = subprocess.Popen(
                [self.lim, "-2", "-d", self.dir, "--host", host], stdout=err, stderr=err,
                env=e, start_new_session=True, preexec_fn=limit)

    def start_all(self, env=None):
        for h in self.hosts:
            self.start(h, env)

    def stop(self, host, sig=signal.SIGTERM):
        p = self.procs.pop(host, None)
        if p is None:
            return
        try:
            os.killpg(p.pid, sig)
        except ProcessLookupError:
            pass
        try:
            p.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()

    def signal(self, host, sig):
        self.procs[host].send_signal(sig)

    def close(self):
        for h in list(self.procs):
            self.stop(h, signal.SIGKILL)
        if os.environ.get("OPENLIM_KEEP_TMP") != "1":
            shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def log(self, host):
        out = ""
        for name in (host + ".stderr", "lim.log." + host):
            try:
                with open(os.path.join(self.logdir, name)) as f:
                    out += f.read()
            except OSError:
                pass
        return out

    # ----- talking to lims -----
    def next_seq(self):
        self.seq += 1
        return self.seq

    def _exchange(self, host, body, key=None, timeout=3.0):
        seq = self.next_seq() if key else 0
        data = frame(KIND_REQUEST, body, key, self.epoch, seq)
        with socket.create_connection((self.address(host), self.port), timeout=timeout) as s:
            s.sendall(data)
            buf = read_to_end(s)
        if len(buf) < 12 or buf[:4] != b"OLIM":
            raise ConnectionError("bad reply from %s" % host)
        (n,) = struct.unpack(">I", buf[8:12])
        return json.loads(buf[12:12 + n])

    def query(self, host, req, timeout=3.0):
        """One unsigned request to host's lim; returns the reply dict."""
        return self._exchange(host, json.dumps(req).encode(), None, timeout)

    def try_query(self, host, req):
        try:
            return self.query(host, req)
        except (OSError, ValueError, ConnectionError):
            return {}

    def admin(self, host, req, key=None):
        """A signed admin request (sender 'harness'); key defaults to the cluster key."""
        req = dict(req)
        req.setdefault("sender", "harness")
        return self._exchange(host, json.dumps(req).encode(), key or self.key)

    def request(self, req, hosts=None):
        """Asks the first live lim and follows one redirect, like the commands' client."""
        for h in hosts or list(self.procs):
            r = self.try_query(h, req)
            if r.get("redirect"):
                r = self.try_query(r["redirect"], req)
            if r:
                return r
        return {}

    def send_udp(self, host, data):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.bind((self.block + ".250", 0))
            s.sendto(data, (self.address(host), self.port))

    def send_report(self, to, host, numbers=(), strings=(), epoch=None, seq=None, key=None,
                    checksum="", locked=False, lock_seconds=0):
        """Sends a signed load report as `host` (which need not run a lim). Returns the
        frame bytes (for replay tests). `checksum` forges the host's config checksum."""
        body = report_body(host, numbers, strings, checksum=checksum, locked=locked,
                           lock_seconds=lock_seconds)
        data = frame(KIND_REPORT, body, key or self.key, epoch or self.epoch,
                     seq if seq is not None else self.next_seq())
        self.send_udp(to, data)
        return data

    def status(self, host):
        return self.try_query(host, {"op": "status"})

    def counter(self, host, name):
        return self.status(host).get("counters", {}).get(name, 0)

    def master_of(self, host):
        return self.try_query(host, {"op": "id"}).get("master")

    def host_status(self, master, host):
        r = self.try_query(master, {"op": "load", "hosts": [host]})
        for h in r.get("hosts", []):
            if h["name"] == host:
                return h
        return {}

    @staticmethod
    def wait_for(pred, timeout=20.0, interval=0.1, what="condition"):
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            last = pred()
            if last:
                return last
            time.sleep(interval)
        raise AssertionError("timed out waiting for %s (last: %r)" % (what, last))
