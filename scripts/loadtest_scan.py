#!/usr/bin/env python3
"""Open-loop load on POST /v1/documents/scan (called by scripts/loadtest).

Sends the image at a fixed offered rate (requests are started on schedule whether or not earlier ones
have been answered, so a slow server shows as latency, not as a lower send rate) for a fixed time,
then prints one line: offered rate, requests, answered per second, p50/p99/max latency in ms
(measured from each request's scheduled start) and the status counts.

usage: loadtest_scan.py BASE_URL API_KEY IMAGE RATE SECONDS
"""
import http.client
import sys
import threading
import time
import urllib.parse
from collections import Counter
from concurrent.futures import ThreadPoolExecutor


def main() -> None:
    base, api_key, image_path, rate, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), float(
        sys.argv[5])
    body = open(image_path, "rb").read()
    url = urllib.parse.urlparse(base)
    local = threading.local()
    latencies: list[float] = []
    statuses: Counter[str] = Counter()
    lock = threading.Lock()

    def send(scheduled: float) -> None:
        delay = scheduled - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        try:
            connection = getattr(local, "connection", None)
            if connection is None:
                connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
                local.connection = connection
            connection.request("POST", "/v1/documents/scan", body=body, headers={
                "Content-Type": "image/jpeg", "Authorization": f"Bearer {api_key}"})
            response = connection.getresponse()
            response.read()
            status = str(response.status)
        except (OSError, http.client.HTTPException) as error:
            local.connection = None
            status = type(error).__name__
        elapsed = time.monotonic() - scheduled
        with lock:
            statuses[status] += 1
            if status == "200":
                latencies.append(elapsed * 1000)

    count = int(rate * seconds)
    start = time.monotonic() + 0.2
    with ThreadPoolExecutor(max_workers=64) as pool:
        for i in range(count):
            pool.submit(send, start + i / rate)
    wall = time.monotonic() - start
    latencies.sort()

    def percentile(p: float) -> str:
        if not latencies:
            return "-"
        return f"{latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))]:.1f}"

    answered = sum(v for k, v in statuses.items() if k == "200")
    counts = " ".join(f"{k}:{v}" for k, v in sorted(statuses.items()))
    print(f"RESULT {rate:g} {count} {answered / wall:.2f} {percentile(50)} {percentile(99)} "
          f"{(f'{latencies[-1]:.1f}' if latencies else '-')} {counts}")


if __name__ == "__main__":
    main()
