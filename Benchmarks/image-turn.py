#!/usr/bin/env python3
# The 8 × 20 MiB image turn of issue 29 (SPEC §13), for Benchmarks/run.sh: `lyra --attach ×8 PROMPT`
# against a sink that reads the whole request and answers one streamed word, next to the floor —
# the same body built with `base64` and sent with `curl`. Prints one JSON object: times, Lyra's peak
# RSS, the encoded size. Usage: image-turn.py LYRA WORKDIR [RUNS]
import json
import os
import random
import struct
import subprocess
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

IMAGES, SIZE = 8, 20 * 1024 * 1024 - 4096


def write_png(path, seed):
    """A PNG of about SIZE bytes: a valid signature and IHDR, then an ancillary chunk of noise."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    head = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4096, 2048, 8, 2, 0, 0, 0))
    tail = chunk(b"IEND", b"")
    noise = random.Random(seed).randbytes(SIZE - len(head) - len(tail) - 12)
    with open(path, "wb") as out:
        out.write(head + chunk(b"raNd", noise) + tail)


class Sink(BaseHTTPRequestHandler):
    """Reads each request body to its end; a chat request gets one SSE word and [DONE]."""
    protocol_version = "HTTP/1.1"
    received = []

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.send_response(404)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_POST(self):
        length, remaining = int(self.headers.get("Content-Length", "0")), 0
        remaining = length
        while remaining > 0:
            got = self.rfile.read(min(remaining, 1 << 20))
            if not got:
                break
            remaining -= len(got)
        Sink.received.append(length)
        if not self.path.endswith("/chat/completions"):
            return self.do_GET()
        body = ('data: {"choices":[{"index":0,"delta":{"content":"seen"}}]}\n\n'
                'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n').encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def timed(command, env):
    """(milliseconds, peak RSS in MiB of the process tree's largest child) of running `command`."""
    start = time.perf_counter()
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, shell=isinstance(command, str))
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = (time.perf_counter() - start) * 1e3
    if status != 0:
        raise SystemExit("failed: %s: %s" % (command, child.stderr.read().decode()[-300:]))
    return elapsed, usage.ru_maxrss / 1024


def main(arguments):
    lyra, work = arguments[0], arguments[1]
    runs = int(arguments[2]) if len(arguments) > 2 else 3
    os.makedirs(work, exist_ok=True)
    images = [os.path.join(work, "image%d.png" % index) for index in range(IMAGES)]
    for index, path in enumerate(images):
        if not os.path.exists(path):
            write_png(path, index)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Sink)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = "http://127.0.0.1:%d/v1" % server.server_address[1]
    # Lyra's files go under WORKDIR whatever the caller's HOME and XDG_* variables say.
    homes = {name: os.path.join(work, name.lower()) for name in ["HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"]}
    for path in homes.values():
        os.makedirs(path, exist_ok=True)
    env = dict(os.environ, OPENAI_BASE_URL=base, OPENAI_API_KEY="bench", LYRA_MODEL="openai:vision-bench",
               LYRA_HISTFILE="", **homes)
    lyra_command = [lyra, "-q"] + sum((["--attach", path] for path in images), []) + ["what is in these images?"]
    # The floor: the same body (JSON, one data URL per image) built with base64 into a file, then curl.
    body = os.path.join(work, "body.json")
    parts = " ".join(
        "printf '%%s' '%s{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,'; base64 -w0 '%s'; printf '\"}}';"
        % ("," if index else "", path) for index, path in enumerate(images))
    floor_command = (
        "{ printf '%%s' '{\"model\":\"vision-bench\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":"
        "[{\"type\":\"text\",\"text\":\"what is in these images?\"},'; %s printf ']}]}'; } > '%s' && "
        "curl -s -N -H 'Content-Type: application/json' -H 'Authorization: Bearer bench' --data-binary @'%s' '%s/chat/completions' >/dev/null"
        % (parts, body, body, base))
    lyra_runs, floor_runs = [], []
    for _ in range(runs):
        lyra_runs.append(timed(lyra_command, env))
        floor_runs.append(timed(floor_command, env))
    median = lambda values: sorted(values)[len(values) // 2]
    encoded = sum((os.path.getsize(path) + 2) // 3 * 4 for path in images)
    print(json.dumps({
        "lyra_ms": median([run[0] for run in lyra_runs]), "lyra_peak_mib": max(run[1] for run in lyra_runs),
        "floor_ms": median([run[0] for run in floor_runs]), "encoded_mib": encoded / 1048576,
        "body_bytes": Sink.received[-1] if Sink.received else 0,
    }))


if __name__ == "__main__":
    main(sys.argv[1:])
