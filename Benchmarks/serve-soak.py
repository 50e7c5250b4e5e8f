#!/usr/bin/env python3
# A bounded soak of `lyra serve` (issue 33, finding 3): large chat POSTs, stalled large uploads and
# slowloris heads against `lyra serve --port 0` on 127.0.0.1; prints what the server answered, its
# thread count and its peak RSS (VmHWM from /proc/PID/status). Stdlib only; run.sh's `serve` section.
#
#   python3 Benchmarks/serve-soak.py [--lyra PATH] [--posts 40] [--post-mib 40] [--stalled 20]
#                                    [--stalled-mib 95] [--slowloris 2000] [--hold 12] [--path P]
import argparse
import os
import resource
import socket
import subprocess
import sys
import threading
import time

TARGET = {"path": "/dola/chats/soak/messages?user_id=u&app_id=a"}


def status_field(pid, name):
    """A kB or count field of /proc/PID/status, as an int (None once the process is gone)."""
    try:
        with open("/proc/%d/status" % pid) as status:
            for line in status:
                if line.startswith(name + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


class Sampler(threading.Thread):
    """Samples the server's RSS and thread count every 50 ms until stopped."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.stop, self.peak_threads, self.peak_rss = pid, threading.Event(), 0, 0

    def run(self):
        while not self.stop.is_set():
            self.peak_threads = max(self.peak_threads, status_field(self.pid, "Threads") or 0)
            self.peak_rss = max(self.peak_rss, status_field(self.pid, "VmRSS") or 0)
            time.sleep(0.05)


def status_of(sock, timeout):
    """The status code of the first response on `sock`, None when it closed or timed out first."""
    sock.settimeout(timeout)
    data = b""
    try:
        while b"\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                return None
            data += chunk
    except OSError:
        return None
    parts = data.split(b" ", 2)
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None


def post(port, mib, stall, results):
    """POSTs a JSON chat body of `mib` MiB; with `stall`, sends all but 1 MiB and holds for `stall` s.
    Records the status the server answered, also when it answered while the body was still being
    sent and then closed (the answer is read before the reset is reported)."""
    total = mib * 1024 * 1024
    head = ("POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            "Content-Length: %d\r\nConnection: close\r\n\r\n" % (TARGET["path"], total)).encode()
    body_start, body_end = b'{"message": "', b'"}'
    to_send = total - len(body_start) - len(body_end) - (1024 * 1024 if stall else 0)
    piece = b"a" * (1024 * 1024)
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=60)
    except OSError as error:
        results.append(type(error).__name__)
        return
    with sock:
        try:
            sock.sendall(head + body_start)
            while to_send > 0:
                sock.sendall(piece[:min(to_send, len(piece))])
                to_send -= min(to_send, len(piece))
            if not stall:
                sock.sendall(body_end)
            results.append(status_of(sock, stall or 60))
        except OSError as error:
            answered = status_of(sock, 1)
            results.append(answered or ("reset" if isinstance(error, ConnectionError) else type(error).__name__))


def run_threads(count, target, *arguments):
    results, threads = [], []
    for _ in range(count):
        thread = threading.Thread(target=target, args=arguments + (results,), daemon=True)
        thread.start()
        threads.append(thread)
    for thread in threads:
        thread.join(180)
    return results


def tally(results):
    counts = {}
    for result in results:
        counts[str(result)] = counts.get(str(result), 0) + 1
    return ", ".join("%s × %d" % item for item in sorted(counts.items()))


def slowloris(port, count, hold):
    """Opens `count` connections that drip a never-ending head; after `hold` s, how each ended."""
    sockets = []
    for _ in range(count):
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            sock.setblocking(False)
            sock.send(b"GET / HTTP/1.1\r\nX-Slow: ")
            sockets.append(sock)
        except OSError:
            break
    deadline = time.monotonic() + hold
    while time.monotonic() < deadline:
        for sock in sockets:
            try:
                sock.send(b"a")
            except OSError:
                pass
        time.sleep(0.5)
    outcome = {"refused 503": 0, "cut 408": 0, "closed": 0, "still open": 0}
    for sock in sockets:
        try:
            data = sock.recv(4096)
            if data.startswith(b"HTTP/1.1 503"):
                outcome["refused 503"] += 1
            elif data.startswith(b"HTTP/1.1 408"):
                outcome["cut 408"] += 1
            else:
                outcome["closed"] += 1
        except BlockingIOError:
            outcome["still open"] += 1
        except OSError:
            outcome["closed"] += 1
        sock.close()
    return len(sockets), outcome


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    default = next((path for path in (os.path.join(root, ".build/release/lyra"), os.path.join(root, ".build/debug/lyra"))
                    if os.path.exists(path)), "lyra")
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lyra", default=default)
    parser.add_argument("--posts", type=int, default=40)
    parser.add_argument("--post-mib", type=int, default=40)
    parser.add_argument("--stalled", type=int, default=20)
    parser.add_argument("--stalled-mib", type=int, default=95)
    parser.add_argument("--slowloris", type=int, default=2000)
    parser.add_argument("--hold", type=float, default=12, help="seconds stalled uploads and slowloris heads are held")
    parser.add_argument("--path", default=TARGET["path"], help="where the bodies go (default: the chat route)")
    options = parser.parse_args()
    TARGET["path"] = options.path
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    server = subprocess.Popen([options.lyra, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = server.stdout.readline().decode()
    if "http://" not in line:
        sys.exit("serve-soak: lyra serve did not start: %r" % line)
    port = int(line.rsplit(":", 1)[1])
    sampler = Sampler(server.pid)
    sampler.start()
    print("lyra serve pid %d on port %d (%s)" % (server.pid, port, options.lyra))
    try:
        start = time.monotonic()
        results = run_threads(options.posts, post, port, options.post_mib, None)
        print("%d chat POSTs of %d MiB: %s (%.1f s); RSS now %d MiB" % (
            options.posts, options.post_mib, tally(results), time.monotonic() - start,
            (status_field(server.pid, "VmRSS") or 0) // 1024))
        start = time.monotonic()
        results = run_threads(options.stalled, post, port, options.stalled_mib, options.hold)
        print("%d stalled uploads of %d MiB, held %.0f s: %s (%.1f s)" % (
            options.stalled, options.stalled_mib, options.hold, tally(results), time.monotonic() - start))
        opened, outcome = slowloris(port, options.slowloris, options.hold)
        print("%d slowloris heads (of %d tried), after %.0f s: %s" % (
            opened, options.slowloris, options.hold, ", ".join("%s %d" % item for item in outcome.items())))
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b"GET /nowhere HTTP/1.1\nHost: x\n\n")
            print("bare-LF request: status %s" % status_of(sock, 10))
    finally:
        sampler.stop.set()
        sampler.join()
        peak = status_field(server.pid, "VmHWM")
        server.send_signal(2)
        try:
            code = server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            code = "did not stop on SIGINT (killed)"
        print("server peak RSS (VmHWM) %s MiB; largest sampled RSS %d MiB; most threads %d; exit after SIGINT: %s" % (
            peak // 1024 if peak else "?", sampler.peak_rss // 1024, sampler.peak_threads, code))


if __name__ == "__main__":
    main()
