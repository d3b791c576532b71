"""The dispute page under load: N clients asking for verdicts at once, against 127.0.0.1.

    python benchmarks/web_load.py                       # 20 clients for 60 s (issue 19's test)
    python benchmarks/web_load.py --clients 5 --seconds 5

Starts the page (``wingspan-rules serve``, in its own process, as a user runs it) on a free
port of 127.0.0.1, then each client (a thread of this process, with its own connection) checks actions on the example positions in a loop, each request a legal or an
illegal action chosen at random.  Prints the requests answered, the errors (any answer that is
not 200), and the 50th, 95th and 99th percentiles of the answer times.  The target (issue 19):
no error, and a 95th percentile under 200 ms on the 2-core development machine.  Needs the
``[web]`` extra and httpx.
"""

from __future__ import annotations

import argparse
import random
import socket
import statistics
import subprocess
import sys
import threading
import time

import httpx

from wingspan_rules.web.examples import EXAMPLES

# legal and illegal actions at the examples' first decision
ACTIONS = {
    "pocket": ["draw-cards", "take-bird Blue Jay", "play Blue Jay"],
    "classic": ["gain-food", "play-forest American Robin", "play-wetland Wood Duck"],
    "oceania": ["gain-food", "lay-eggs", "play-forest Galah"],
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "wingspan_rules.cli", "serve", "--port", str(port)], stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/api/check"
    for _ in range(200):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/examples", timeout=1)
            break
        except httpx.HTTPError:
            time.sleep(0.05)
    times: list[float] = []
    errors: list[str] = []
    stop = time.perf_counter() + args.seconds

    def client(k: int) -> None:
        chooser = random.Random(k)
        with httpx.Client(timeout=10) as http:
            while time.perf_counter() < stop:
                ruleset = chooser.choice(sorted(EXAMPLES))
                body = {"position": EXAMPLES[ruleset], "action": chooser.choice(ACTIONS[ruleset])}
                start = time.perf_counter()
                try:
                    reply = http.post(url, json=body)
                    if reply.status_code != 200:
                        errors.append(f"{reply.status_code}: {reply.text[:100]}")
                except httpx.HTTPError as err:
                    errors.append(type(err).__name__)
                times.append(time.perf_counter() - start)

    threads = [threading.Thread(target=client, args=(k,)) for k in range(args.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    server.terminate()
    server.wait(10)
    cuts = statistics.quantiles(times, n=100)
    print(f"{args.clients} clients for {args.seconds:.0f} s: {len(times)} answers, {len(errors)} errors")
    print(f"answer time: p50 {cuts[49] * 1000:.0f} ms, p95 {cuts[94] * 1000:.0f} ms, p99 {cuts[98] * 1000:.0f} ms")
    if errors:
        print("first errors:", errors[:5])


if __name__ == "__main__":
    main()
