"""A bounded load test of `dealvm serve` on the loopback: CLIENTS clients for SECONDS seconds
of mixed requests (small `/deal` calls, `/api/run` of 100,000 deals with statistics, a board
file, a script with a mistake); requests per second, p50 and p99 latency, the answers by
status, and the server's resident memory at the start and the end. Any status but the
designed ones (200, 400, 429, 503) is a failure, and so is a server that no longer answers.

    python3 comparisons/serve_load.py DEALVM [CLIENTS] [SECONDS]
"""

import http.client
import json
import random
import subprocess
import sys
import threading
import time

DEALVM = sys.argv[1]
CLIENTS = int(sys.argv[2]) if len(sys.argv) > 2 else 50
SECONDS = float(sys.argv[3]) if len(sys.argv) > 3 else 30

REQUESTS = [
    ("POST", "/deal", {"script": "produce 2\ncondition hcp(north) >= 20\naction printoneline\n"}),
    ("POST", "/deal", {"script": "produce 1\ncondition shape(south, 5xxx) and hcp(south) >= 11\naction printpbn\n", "seed": 5}),
    ("POST", "/api/run", {"script": "generate 100000\naction average hcp(north), frequency (spades(north), 0, 13)\n", "seed": 3}),
    ("POST", "/api/boards", {"script": "produce 16\ncondition hcp(south) >= 15\n", "format": "dup"}),
    ("POST", "/deal", {"script": "produce 2\ncondition hcp(north) >=\n"}),
]
DESIGNED = {200, 400, 429, 503}


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def request(port, method, path, body):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    data = json.dumps(body).encode() if body is not None else None
    conn.request(method, path, body=data, headers={"Content-Type": "application/json"})
    reply = conn.getresponse()
    reply.read()
    conn.close()
    return reply.status


def main():
    server = subprocess.Popen([DEALVM, "serve", "--listen", "127.0.0.1:0", "--max-running", "2", "--max-waiting", "32"],
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    first = server.stderr.readline()
    port = int(first.strip().rsplit(":", 1)[1])
    threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()
    request(port, "GET", "/api/health", None)
    start_rss = rss_kib(server.pid)
    latencies, statuses, lock = [], {}, threading.Lock()
    end = time.monotonic() + SECONDS

    def client(seed):
        rnd = random.Random(seed)
        while time.monotonic() < end:
            method, path, body = rnd.choice(REQUESTS)
            t = time.monotonic()
            try:
                status = request(port, method, path, body)
            except Exception as e:  # a refused or broken connection counts as a failure
                status = f"error {type(e).__name__}"
            with lock:
                latencies.append(time.monotonic() - t)
                statuses[status] = statuses.get(status, 0) + 1

    samples = []

    def sampler():
        while time.monotonic() < end:
            samples.append((time.monotonic(), rss_kib(server.pid)))
            time.sleep(1)

    threading.Thread(target=sampler, daemon=True).start()
    threads = [threading.Thread(target=client, args=(i,)) for i in range(CLIENTS)]
    began = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.monotonic() - began
    end_rss = rss_kib(server.pid)
    healthy = request(port, "GET", "/api/health", None) == 200
    server.terminate()
    code = server.wait(timeout=30)
    latencies.sort()
    pct = lambda p: 1000 * latencies[min(len(latencies) - 1, int(p * len(latencies)))]
    print(f"clients {CLIENTS}, {took:.1f} s, {len(latencies)} requests, {len(latencies) / took:.1f} requests/s")
    print(f"latency p50 {pct(0.50):.0f} ms, p99 {pct(0.99):.0f} ms")
    print("answers: " + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items(), key=str)))
    print(f"server memory (RSS): {start_rss / 1024:.1f} MiB at the start, {end_rss / 1024:.1f} MiB at the end")
    # Flat once warm: the samples of the second half against those of the first half's end.
    half = began + took / 2
    first = [kib for t, kib in samples if began + took / 4 <= t < half]
    second = [kib for t, kib in samples if t >= half]
    if first and second:
        print(f"  warm: {max(first) / 1024:.1f} MiB at most in the second quarter, {max(second) / 1024:.1f} MiB at most in the second half")
    print(f"still answering at the end: {healthy}; exit status after SIGTERM: {code}")
    bad = [k for k in statuses if k not in DESIGNED]
    if bad or not healthy or code != 0:
        print(f"FAILED: answers {bad}, healthy {healthy}, exit {code}")
        sys.exit(1)


main()
