"""The metrics endpoint end to end: real lims on 127.7.30-39.N serve GET /metrics on
LSF_METRICS_ADDR (":PORT": each lim on its own address), promtool checks the text, and a
real Prometheus server scrapes the master and answers a query for a host's r1m.

Run one class: LIM_BIN=build/lim/daemon/lim CMD_DIR=build/lim/cmd \
    python3 -m unittest -v test_metrics.TestScrape
"""

import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "harness"))
from cluster import Cluster  # noqa: E402

LIM = os.environ.get("LIM_BIN", "")
CMD_DIR = os.environ.get("CMD_DIR", "")
HOSTS = ["hostA", "hostB"]


def free_port(addr="127.0.0.1"):
    s = socket.socket()
    s.bind((addr, 0))
    port = s.getsockname()[1]
    s.close()
    return port


def http(addr, port, path, method="GET", timeout=5):
    """(status, body text) of one request."""
    req = urllib.request.Request("http://%s:%d%s" % (addr, port, path), method=method)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def threads_of(pid):
    """The Threads: count of /proc/<pid>/status."""
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("Threads:"):
                return int(line.split()[1])
    return None


def r1m_line(text, host):
    prefix = 'openlim_host_load_index{host="%s",index="r1m"} ' % host
    for line in text.splitlines():
        if line.startswith(prefix):
            return line
    return None


class Base(unittest.TestCase):
    block = None

    def setUp(self):
        if not LIM or not os.access(LIM, os.X_OK):
            raise unittest.SkipTest("LIM_BIN not set")
        self.mport = free_port()
        self.c = Cluster(block=self.block, hosts=HOSTS, lim=LIM,
                         conf_extra={"LSF_METRICS_ADDR": ":%d" % self.mport})
        self.addCleanup(self.c.close)
        self.c.start_all()
        self.master = self.c.address("hostA")

    def scrape(self, host="hostA"):
        return http(self.c.address(host), self.mport, "/metrics")

    def wait_r1m(self, host):
        """The master's scrape once it shows `host`'s r1m."""
        box = {}

        def ready():
            try:
                status, text = self.scrape()
            except OSError:
                return False
            box["text"] = text
            return status == 200 and r1m_line(text, host) is not None
        self.c.wait_or_dump(ready, "%s's r1m in the master's metrics" % host, timeout=20)
        return box["text"]


class TestScrape(Base):
    block = "127.7.30"

    def test_master_serves_hosts_load_and_refuses_other_requests(self):
        text = self.wait_r1m("hostB")
        self.assertIn("# TYPE openlim_host_load_index gauge", text)
        self.assertIn('openlim_host_status{host="hostB",status="ok"} 1', text)
        self.assertIn("openlim_is_master 1", text)
        self.assertIn("openlim_loop_last_turn_age_seconds ", text)
        self.assertNotIn(self.c.key.decode(), text)  # never the cluster key
        # Other paths are 404, other methods on /metrics 405.
        for path in ("/", "/metrics/x", "/favicon.ico", "/../etc/passwd"):
            self.assertEqual(http(self.master, self.mport, path)[0], 404, path)
        for method in ("POST", "PUT", "DELETE"):
            self.assertEqual(http(self.master, self.mport, "/metrics", method)[0], 405, method)
        # Each status line carries its own reason phrase; a malformed head is a 400.
        for request, line in ((b"GET /x HTTP/1.1\r\n\r\n", b"HTTP/1.1 404 Not Found\r\n"),
                              (b"PUT /metrics HTTP/1.1\r\n\r\n",
                               b"HTTP/1.1 405 Method Not Allowed\r\n"),
                              (b"GET /metrics\r\n\r\n", b"HTTP/1.1 400 Bad Request\r\n"),
                              (b"GET /metrics HTTP/1.0\r\n\r\n", b"HTTP/1.1 200 OK\r\n")):
            with socket.create_connection((self.master, self.mport), timeout=5) as s:
                s.sendall(request)
                answer = b""
                while b"\r\n" not in answer:
                    chunk = s.recv(4096)
                    if not chunk:
                        break
                    answer += chunk
            self.assertTrue(answer.startswith(line), (request, answer[:80]))
        # The lim keeps serving after them.
        self.assertEqual(self.scrape()[0], 200)
        self.assertEqual(self.c.query("hostA", {"op": "id"}).get("master"), "hostA")
        # A lim that is not the master shows its own metrics, not the cluster's hosts.
        status, text = self.scrape("hostB")
        self.assertEqual(status, 200)
        self.assertIn("openlim_is_master 0", text)
        self.assertNotIn("openlim_host_load_index{", text)
        # The load requests counted on the master (a scrape before shows them by op).
        self.c.query("hostA", {"op": "load"})
        status, text = self.scrape()
        self.assertRegex(text, r'openlim_requests_total\{op="load"\} [1-9]')

    def test_lim_runs_one_thread_with_metrics_on(self):
        """The endpoint is served on the lim's own loop: no thread beside it, scrapes or not."""
        self.wait_r1m("hostB")
        for _ in range(3):
            self.assertEqual(self.scrape()[0], 200)
            self.assertEqual(self.scrape("hostB")[0], 200)
        for host in HOSTS:
            self.assertEqual(threads_of(self.c.procs[host].pid), 1, host)

    def test_output_passes_promtool(self):
        promtool = shutil.which("promtool")
        if not promtool:
            self.skipTest("promtool not installed (Debian package prometheus)")
        self.wait_r1m("hostB")
        self.c.query("hostA", {"op": "load"})  # a histogram with counts in it
        status, text = self.scrape()
        self.assertEqual(status, 200)
        p = subprocess.run([promtool, "check", "metrics"], input=text.encode(),
                           capture_output=True, timeout=30)
        self.assertEqual(p.returncode, 0, p.stdout.decode() + p.stderr.decode())


class TestSlowClient(Base):
    block = "127.7.31"

    def test_slow_request_is_cut_off_and_does_not_delay_lsid(self):
        self.wait_r1m("hostB")
        request = b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"
        sent = [0, 0, 0]
        ended = []

        def dribble(i, s):
            try:
                for b in request:  # one byte a second: never a whole request in time
                    s.sendall(bytes([b]))
                    sent[i] += 1
                    time.sleep(1)
            except OSError:
                pass

        def reader(s):
            try:
                ended.append(s.recv(4096))
            except OSError:
                ended.append(b"")

        for i in range(3):
            s = socket.create_connection((self.master, self.mport), timeout=30)
            self.addCleanup(s.close)
            threading.Thread(target=dribble, args=(i, s), daemon=True).start()
            threading.Thread(target=reader, args=(s,), daemon=True).start()
        # While they dribble, the lim answers commands and other scrapes at once.
        env = dict(os.environ, LSF_ENVDIR=self.c.dir, OPENLIM_HOST="hostA")
        for _ in range(3):
            p = subprocess.run([os.path.join(CMD_DIR, "lsid")], env=env, capture_output=True,
                               timeout=30)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn(b"master name is hostA", p.stdout)
            self.assertEqual(self.scrape()[0], 200)
            time.sleep(0.5)
        # The slow ones are cut off, long before their request would have been whole.
        self.c.wait_for(lambda: len(ended) == 3, timeout=20, what="slow clients cut off")
        self.assertEqual(ended, [b"", b"", b""])  # closed without an answer
        self.assertTrue(all(n < len(request) for n in sent), sent)
        self.assertEqual(self.scrape()[0], 200)


class TestSlowFlood(Base):
    block = "127.7.35"

    def test_forty_slow_connections_do_not_keep_a_scrape_out(self):
        """One client on its own address keeps 40 connections open, each sending a header
        line a second and opening a new one when the lim closes it: every scrape is served."""
        self.wait_r1m("hostB")
        attacker = "%s.200" % self.block  # another local user's client: its own source address
        stop = threading.Event()
        self.addCleanup(stop.set)
        opened = [0]

        def slow():
            while not stop.is_set():
                try:
                    s = socket.socket()
                    s.bind((attacker, 0))
                    s.settimeout(5)
                    s.connect((self.master, self.mport))
                    opened[0] += 1
                    s.sendall(b"GET /metrics HTTP/1.1\r\n")
                    while not stop.wait(1):
                        s.sendall(b"X-Slow: 1\r\n")
                except OSError:
                    stop.wait(0.05)
                finally:
                    s.close()

        threads = [threading.Thread(target=slow, daemon=True) for _ in range(40)]
        for t in threads:
            t.start()
        self.c.wait_for(lambda: opened[0] >= 40, timeout=20, what="40 slow connections open")
        latencies = []
        for _ in range(12):  # spans the 5 s head timeout of the slow ones
            t0 = time.monotonic()
            status, text = http(self.master, self.mport, "/metrics", timeout=10)
            latencies.append(time.monotonic() - t0)
            self.assertEqual(status, 200)
            self.assertIn("openlim_is_master 1", text)
            time.sleep(0.5)
        stop.set()
        for t in threads:
            t.join(timeout=10)
        latencies.sort()
        print("scrapes under %d slow connections: median %.1f ms, max %.1f ms"
              % (opened[0], 1e3 * latencies[len(latencies) // 2], 1e3 * latencies[-1]),
              file=sys.stderr)
        self.assertGreater(opened[0], 40, "the lim closed slow connections, they came back")


def kill_lims_of(envdir):
    """Kills the lims started with -d ENVDIR (this test's own temp dir) that are still up."""
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                argv = f.read().split(b"\0")
        except OSError:
            continue
        if envdir.encode() in argv and argv[0].endswith(b"lim"):
            try:
                os.kill(int(pid), signal.SIGKILL)
            except OSError:
                pass


class TestDaemonized(unittest.TestCase):
    """A lim that detaches (no -2) serves metrics too: the endpoint starts after the fork,
    in the process that runs."""

    def test_detached_lim_serves_metrics(self):
        if not LIM or not os.access(LIM, os.X_OK):
            raise unittest.SkipTest("LIM_BIN not set")
        mport = free_port()
        c = Cluster(block="127.7.34", hosts=["hostA"], lim=LIM,
                    conf_extra={"LSF_METRICS_ADDR": ":%d" % mport})
        self.addCleanup(c.close)
        env = dict(os.environ, LSF_ENVDIR=c.dir)
        subprocess.run([LIM, "-d", c.dir, "--host", "hostA"], env=env, check=True, timeout=30,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.addCleanup(kill_lims_of, c.dir)
        box = {}

        def served():
            try:
                status, text = http(c.address("hostA"), mport, "/metrics", timeout=3)
            except OSError:
                return False
            box["text"] = text
            return status == 200 and 'openlim_host_status{host="hostA",status="ok"} 1' in text
        c.wait_or_dump(served, "the detached master's metrics", timeout=20)
        self.assertIn("openlim_is_master 1", box["text"])
        self.assertTrue(c.admin("hostA", {"op": "shutdown"})["ok"])
        c.wait_for(lambda: not c.try_query("hostA", {"op": "id"}), timeout=20,
                   what="the detached lim stopped")


class TestPrometheus(Base):
    block = "127.7.32"

    def test_prometheus_scrapes_the_master_and_returns_r1m(self):
        prom = shutil.which("prometheus")
        if not prom:
            self.skipTest("prometheus not installed (Debian package prometheus)")
        self.wait_r1m("hostA")
        tmp = tempfile.mkdtemp(prefix="openlim-prom-")
        self.addCleanup(shutil.rmtree, tmp, True)
        conf = os.path.join(tmp, "prometheus.yml")
        with open(conf, "w") as f:
            f.write("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n"
                    "scrape_configs:\n  - job_name: openlim\n    static_configs:\n"
                    "      - targets: ['%s:%d']\n" % (self.master, self.mport))
        web = "127.7.32.100"
        wport = free_port(web)
        log = open(os.path.join(tmp, "prometheus.log"), "wb")
        self.addCleanup(log.close)
        p = subprocess.Popen([prom, "--config.file=" + conf, "--storage.tsdb.path=" +
                              os.path.join(tmp, "data"),
                              "--web.listen-address=%s:%d" % (web, wport), "--log.level=warn"],
                             stdout=log, stderr=log)

        def stop():
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        self.addCleanup(stop)
        query = '/api/v1/query?query=openlim_host_load_index%7Bhost%3D%22hostA%22%2Cindex%3D%22r1m%22%7D'
        found = {}

        def answered():
            try:
                status, body = http(web, wport, query, timeout=2)
            except OSError:
                return False
            if status != 200:
                return False
            result = json.loads(body).get("data", {}).get("result", [])
            if result:
                found["r"] = result[0]
            return bool(result)
        try:
            self.c.wait_for(answered, timeout=20, what="Prometheus has hostA's r1m")
        except AssertionError:
            with open(os.path.join(tmp, "prometheus.log")) as f:
                sys.stderr.write(f.read()[-3000:])
            raise
        r = found["r"]
        self.assertEqual(r["metric"]["host"], "hostA")
        self.assertEqual(r["metric"]["index"], "r1m")
        self.assertEqual(r["metric"]["job"], "openlim")
        self.assertGreaterEqual(float(r["value"][1]), 0)


class TestReservations(unittest.TestCase):
    """A reservation on a real cluster with a quota file shows in the master's scrape: the
    count, the reserved host's slots, the created and denied counters and the quota rule's
    used and limit gauges (and the text still passes promtool)."""
    block = "127.8.40"

    def run_cmd(self, *argv):
        env = dict(os.environ, LSF_ENVDIR=self.c.dir, OPENLIM_HOST="hostA")
        p = subprocess.run([os.path.join(CMD_DIR, argv[0])] + list(argv[1:]), env=env,
                           capture_output=True, text=True, timeout=30)
        return p.returncode, p.stdout, p.stderr

    def test_reservation_and_quota_gauges(self):
        if not LIM or not os.access(LIM, os.X_OK) or not CMD_DIR:
            self.skipTest("LIM_BIN and CMD_DIR not set")
        mport = free_port()
        self.c = Cluster(block=self.block, hosts=HOSTS, lim=LIM,
                         conf_extra={"LSF_METRICS_ADDR": ":%d" % mport})
        self.addCleanup(self.c.close)
        self.c.conf_extra["LSF_STATEDIR"] = os.path.join(self.c.dir, "state")
        self.c.write_config()
        with open(os.path.join(self.c.dir, "lsf.quotas"), "w") as f:
            f.write("{\n  name per_user\n  limit users {*} to slots=1\n}\n")
        self.c.start_all()
        self.c.wait_or_dump(lambda: all(self.c.master_of(h) == "hostA" for h in HOSTS),
                            "master elected")
        master = self.c.address("hostA")
        last = []

        def reserved():  # past the new master's rebuild window (exit 4)
            last[:] = self.run_cmd("lsreserve", "-n", "1", "hostB")
            return last[0] != 4
        self.c.wait_or_dump(reserved, "lsreserve past the ledger rebuild")
        self.assertEqual(last[0], 0, last[2])
        user = pwd.getpwuid(os.getuid()).pw_name
        rc, out, err = self.run_cmd("lsreserve", "-n", "1", "hostB")
        self.assertEqual(rc, 1, out + err)  # the quota's one slot is taken
        status, text = http(master, mport, "/metrics")
        self.assertEqual(status, 200)
        labels = ('set="per_user",rule="1",resource="slots",users="%s",projects="",pes="",'
                  'queues="",hosts=""' % user)
        for line in ("openlim_reservations 1", "openlim_reservations_created_total 1",
                     'openlim_reservations_denied_total{reason="quota"} 1',
                     'openlim_host_reserved_slots{host="hostB"} 1',
                     "openlim_reserved_slots 1", "openlim_quotas_loaded 1",
                     "openlim_quota_used{%s} 1" % labels, "openlim_quota_limit{%s} 1" % labels):
            self.assertIn("\n" + line + "\n", text)
        self.assertNotIn('openlim_host_reserved_slots{host="hostA"}', text)
        promtool = shutil.which("promtool")
        if promtool:
            p = subprocess.run([promtool, "check", "metrics"], input=text.encode(),
                               capture_output=True, timeout=30)
            self.assertEqual(p.returncode, 0, p.stdout.decode() + p.stderr.decode())


if __name__ == "__main__":
    unittest.main()
