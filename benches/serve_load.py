"""Load on `chronicle serve`, on loopback only, bounded in count and time.

Opens STREAMS event streams (/events), each an open page (`/` or `/board`, in turn) that
reads itself again at each new head as the live script does, and reads pages at READS per
second for SECONDS seconds, each read on time whether the one before has been answered or
not (at most INFLIGHT at once), while a write (`chronicle game log`, then `game undo`, in
turn) is made every WRITE_EVERY seconds by another process. Before the load, the server's
CPU time per request of `/` and of `/board` while nothing changes (CPU_READS of each, after
one that draws the map). Reports: errors, the most any stream was behind a write (the time
from the write's end to the stream's event with a new head), the 95th percentile and the
longest time of the reads and the pages read again, the CPU per request, the server's peak
memory (VmHWM), and its CPU time while nothing is written (IDLE seconds with every stream
open). Prints one JSON object on stdout.

    python3 benches/serve_load.py URL PID CHRONICLE DB
"""

import http.client
import json
import math
import os
import subprocess
import sys
import threading
import time
import urllib.parse

STREAMS = int(os.environ.get("STREAMS", "50"))
READS = float(os.environ.get("READS", "20"))
SECONDS = float(os.environ.get("SECONDS_LOAD", "60"))
WRITE_EVERY = float(os.environ.get("WRITE_EVERY", "10"))
IDLE = float(os.environ.get("IDLE", "10"))
INFLIGHT = int(os.environ.get("INFLIGHT", "100"))
CPU_READS = int(os.environ.get("CPU_READS", "50"))
PAGES = ["/", "/board", "/history", "/stats", "/setup", "/games", "/api/board", "/api/history"]


def main():
    url, pid, chronicle, db = sys.argv[1:5]
    parsed = urllib.parse.urlparse(url)
    host, port = parsed.hostname, parsed.port
    assert host in ("127.0.0.1", "localhost", "::1"), "loopback only"
    lock = threading.Lock()
    seen = {}  # head -> [time each stream saw it]
    errors = []
    took = {"read": [], "again": []}  # seconds per answer: the reads, the pages read again
    stop = threading.Event()

    def timed(kind, path):
        began = time.monotonic()
        try:
            status = get_status(host, port, path)
            if status != 200:
                errors.append(f"{path}: {status}")
        except Exception as e:
            errors.append(f"{path}: {e}")
        with lock:
            took[kind].append(time.monotonic() - began)

    def stream(n):
        page = "/" if n % 2 == 0 else "/board"
        first = True
        try:
            conn = http.client.HTTPConnection(host, port, timeout=SECONDS + IDLE + 30)
            conn.request("GET", "/events")
            response = conn.getresponse()
            if response.status != 200:
                errors.append(f"stream {n}: {response.status}")
                return
            while not stop.is_set():
                line = response.fp.readline()
                if not line:
                    break
                if line.startswith(b"data: "):
                    head = line[6:].strip().decode()
                    with lock:
                        seen.setdefault(head, []).append(time.monotonic())
                    if not first and not stop.is_set():
                        timed("again", page)
                    first = False
        except Exception as e:  # a stream that fails is an error of the run
            if not stop.is_set():
                errors.append(f"stream {n}: {e}")

    threads = [threading.Thread(target=stream, args=(n,), daemon=True) for n in range(STREAMS)]
    for t in threads:
        t.start()
    time.sleep(2)

    def cpu():
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    # Idle: every stream open, nothing written, nothing read.
    before = cpu()
    time.sleep(IDLE)
    idle_cpu = cpu() - before

    # CPU per request while nothing changes: one read draws the map, the next ones are timed.
    cpu_ms = {}
    for path in ("/", "/board"):
        get_status(host, port, path)
        before = cpu()
        for _ in range(CPU_READS):
            get_status(host, port, path)
        cpu_ms[path] = round((cpu() - before) * 1000 / CPU_READS, 2)

    reads = [0]

    def reader():
        slots = threading.BoundedSemaphore(INFLIGHT)
        i = 0
        start = time.monotonic()
        while time.monotonic() - start < SECONDS:
            path = PAGES[i % len(PAGES)]
            i += 1
            if not slots.acquire(timeout=30):
                errors.append(f"{path}: {INFLIGHT} reads unanswered")
                break

            def read(path=path):
                try:
                    timed("read", path)
                finally:
                    slots.release()

            threading.Thread(target=read, daemon=True).start()
            reads[0] += 1
            time.sleep(max(0.0, (i / READS) - (time.monotonic() - start)))
        for _ in range(INFLIGHT):  # every read answered
            slots.acquire(timeout=30)

    read_thread = threading.Thread(target=reader, daemon=True)
    read_thread.start()
    writes = []
    start = time.monotonic()
    n = 0
    while time.monotonic() - start < SECONDS - WRITE_EVERY / 2:
        time.sleep(WRITE_EVERY)
        args = ["game", "undo", "--yes", "--reason", "load"] if n % 2 else [
            "game", "log", "--date", "2026-05-01", "--player", "Ann=bear:won",
            "--player", "Bo=khan:held-on", "--player", "Chidi=saharan:eliminated"]
        n += 1
        subprocess.run([chronicle, "--db", db] + args, check=True, capture_output=True)
        done = time.monotonic()
        head = json.loads(get(host, port, "/api/head"))["head"]
        writes.append((head, done))
    read_thread.join()
    time.sleep(2.5)
    stop.set()
    behind = 0.0
    for head, done in writes:
        times = seen.get(head, [])
        if len(times) < STREAMS:
            errors.append(f"head {head}: {len(times)} of {STREAMS} streams saw it")
        behind = max([behind] + [t - done for t in times])
    with open(f"/proc/{pid}/status") as f:
        peak = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
    every = sorted(took["read"] + took["again"])
    print(json.dumps({
        "streams": STREAMS, "reads": reads[0], "writes": len(writes),
        "read_again": len(took["again"]), "errors": errors[:10],
        "error_count": len(errors), "most_behind_s": round(behind, 3),
        "p95_ms": round(percentile(every, 0.95) * 1000, 1),
        "p95_read_ms": round(percentile(sorted(took["read"]), 0.95) * 1000, 1),
        "p95_again_ms": round(percentile(sorted(took["again"]), 0.95) * 1000, 1),
        "longest_ms": round(every[-1] * 1000, 1) if every else 0.0,
        "cpu_ms": cpu_ms,
        "peak_mb": round(peak / 1024, 1), "idle_cpu_s": round(idle_cpu, 3), "idle_s": IDLE,
    }))


def percentile(ordered, share):
    """The value `share` of the sorted values are at or below (nearest rank); 0 for none."""
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, math.ceil(len(ordered) * share) - 1))]


def get_status(host, port, path):
    """A GET on a connection of its own, its body read: the status."""
    conn = http.client.HTTPConnection(host, port, timeout=30)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def get(host, port, path):
    conn = http.client.HTTPConnection(host, port, timeout=10)
    conn.request("GET", path)
    return conn.getresponse().read()


if __name__ == "__main__":
    main()
