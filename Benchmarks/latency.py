#!/usr/bin/env python3
# Timers for Benchmarks/run.sh: Lyra and its floor measured in the same run, in turn (A B A B …), so a
# drift in the machine's speed moves both sides. Wall time from a monotonic clock around spawn and reap;
# CPU and peak RSS from wait4's rusage; first bytes timestamped as they are read from a pipe or a
# pseudo-terminal. Every subcommand prints one JSON object (times in ms, memory in MiB).
import fcntl
import http.client
import json
import os
import pty
import select
import shlex
import statistics
import struct
import subprocess
import sys
import termios
import time
import urllib.parse
import urllib.request


def has_content(data):
    """True when `data` holds a complete `data:` line of a streamed chat completion whose delta has
    non-empty text (the role-only first event does not count)."""
    for line in data.split(b"\n")[:-1]:
        line = line.strip()
        if not line.startswith(b"data:") or line == b"data: [DONE]":
            continue
        try:
            choices = json.loads(line[5:]).get("choices") or [{}]
        except ValueError:
            continue
        if (choices[0].get("delta") or {}).get("content"):
            return True
    return False


def run(command, env=None, until=None):
    """Runs `command` (argv), reading its stdout as it comes. Returns wall s, cpu s, peak KiB and the
    seconds from the start to the first byte of stdout, or to the first time `until(everything read
    so far)` holds."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             stdin=subprocess.DEVNULL, env=env)
    first, seen = None, b""
    descriptor = child.stdout.fileno()
    while True:
        data = os.read(descriptor, 65536)
        now = time.perf_counter() - start
        if not data:
            break
        if first is None:
            seen += data
            if until is None or until(seen):
                first, seen = now, b""
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.stdout.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("latency: %s exited with %d" % (command[0], os.waitstatus_to_exitcode(status)))
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "peak": usage.ru_maxrss, "first": first}


def median(runs, key, scale=1e3):
    return statistics.median(item[key] for item in runs) * scale


def pair(count, first, second):
    """`first` and `second` in turn `count` times after one warm-up each: medians of wall, CPU and
    peak RSS of both, and the median of the pairwise wall ratios."""
    run(first), run(second)
    a, b = [], []
    for _ in range(count):
        a.append(run(first))
        b.append(run(second))
    return {"lyra_ms": median(a, "wall"), "floor_ms": median(b, "wall"),
            "lyra_cpu_ms": median(a, "cpu"), "floor_cpu_ms": median(b, "cpu"),
            "lyra_peak_mib": max(x["peak"] for x in a) / 1024, "floor_peak_mib": max(x["peak"] for x in b) / 1024,
            "ratio": statistics.median(x["wall"] / y["wall"] for x, y in zip(a, b))}


def post(url, body):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def last_chat_body(base):
    """The body of the last `/v1/chat/completions` request the local backend recorded."""
    with urllib.request.urlopen(base + "/_test/requests") as response:
        recorded = json.load(response)
    return [item["body_text"] for item in recorded if item["path"] == "/v1/chat/completions"][-1]


def one_shot_body(base, lyra, model):
    """The streamed chat body a one-shot `lyra --model openai:MODEL -q hello` sends: Lyra is pointed
    once at the local backend (as `openai:lyra-demo`) and the recorded body gets MODEL's name."""
    env = dict(os.environ, OPENAI_BASE_URL=base + "/v1")
    run([lyra, "--model", "openai:lyra-demo", "-q", "hello"], env=env)
    body = json.loads(last_chat_body(base))
    body["model"] = model
    return json.dumps(body, separators=(",", ":"))


def first_token(count, base, url, lyra, model):
    """Time to the first reply text of a one-shot through Lyra (its first stdout byte) and through
    `curl -sN` posting the very body Lyra sends (the first `data:` event with text), both against the
    server at `url` (…/v1), in turn `count` times after one warm-up each."""
    body = one_shot_body(base, lyra, model)
    env = dict(os.environ, OPENAI_BASE_URL=url)
    lyra_command = [lyra, "--model", "openai:" + model, "-q", "hello"]
    curl_command = ["curl", "-sN", url + "/chat/completions", "-H", "Content-Type: application/json",
                    "-H", "Authorization: Bearer bench", "--data-binary", body]
    run(lyra_command, env=env), run(curl_command, until=has_content)
    a, b = [], []
    for _ in range(count):
        a.append(run(lyra_command, env=env))
        b.append(run(curl_command, until=has_content))
    if any(item["first"] is None for item in a + b):
        sys.exit("latency: a reply had no text")
    return {"lyra_ms": median(a, "first"), "floor_ms": median(b, "first"),
            "difference_ms": statistics.median(x["first"] - y["first"] for x, y in zip(a, b)) * 1e3,
            "lyra_last_ms": median(a, "wall"), "floor_last_ms": median(b, "wall")}


class Terminal:
    """A child on a pseudo-terminal (100×30), its output kept with the time each piece was read."""

    def __init__(self, argv, env):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
            os.execve(argv[0], argv, env)
        self.output, self.pieces = bytearray(), []   # pieces: (end offset, time read)

    def pump(self, seconds):
        """Reads what arrives within `seconds`; False at the end of the output."""
        ready, _, _ = select.select([self.fd], [], [], max(seconds, 0))
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        now = time.perf_counter()
        if not data:
            return False
        self.output += data
        self.pieces.append((len(self.output), now))
        return True

    def wait_for(self, marker, start=0, timeout=30.0):
        """The offset of `marker` in the output after `start`, reading until it arrives."""
        deadline = time.perf_counter() + timeout
        while (index := self.output.find(marker, start)) < 0:
            if time.perf_counter() > deadline or not self.pump(deadline - time.perf_counter()):
                sys.exit("latency: %r did not appear; the terminal shows %r" % (marker, bytes(self.output[-300:])))
        return index

    def time_of(self, offset):
        """When the byte at `offset` was read."""
        return next(moment for end, moment in self.pieces if end > offset)

    def settle(self, seconds):
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline and self.pump(deadline - time.perf_counter()):
            pass

    def write(self, data):
        os.write(self.fd, data)
        return time.perf_counter()

    def rss_mib(self):
        """Resident and peak memory now (VmRSS, VmHWM)."""
        fields = dict(line.split(":", 1) for line in open("/proc/%d/status" % self.pid))
        return [int(fields[name].split()[0]) / 1024 for name in ("VmRSS", "VmHWM")]

    def close(self):
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


PROMPT = "›".encode()


def repl(turns, base, lyra):
    """Enter → first reply character in Lyra's REPL on a pseudo-terminal (`openai:lyra-demo` on the
    local backend, whose reply starts "This is"), against a keep-alive `http.client` connection held by
    this process posting the very body the REPL sent, to its first `data:` event with text. Turn 0 is
    the cold one (libcurl loads, a new connection); turns 1…`turns` are measured in turn with the floor."""
    # BENCH_HISTFILE: the history file to use (none by default, as every other row).
    env = dict(os.environ, OPENAI_BASE_URL=base + "/v1", OPENAI_API_KEY="bench", TERM="xterm",
               LYRA_HISTFILE=os.environ.get("BENCH_HISTFILE", ""))
    terminal = Terminal([lyra, "-q", "--model", "openai:lyra-demo"], env)
    parsed = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port)
    headers = {"Content-Type": "application/json", "Authorization": "Bearer bench", "Accept": "text/event-stream"}

    def floor(body):
        start = time.perf_counter()
        connection.request("POST", "/v1/chat/completions", body=body.encode(), headers=headers)
        response = connection.getresponse()
        first, seen = None, b""
        while data := response.read1(65536):
            if first is None:
                seen += data
                if has_content(seen):
                    first = time.perf_counter() - start
        return first

    try:
        terminal.wait_for(PROMPT)
        terminal.settle(0.3)
        lyra_times, floor_times = [], []
        for turn in range(turns + 1):
            line = b"hello %d" % turn
            start = len(terminal.output)
            terminal.write(line)
            terminal.wait_for(line, start)
            terminal.settle(0.05)
            start = len(terminal.output)
            entered = terminal.write(b"\r")
            reply = terminal.wait_for(b"This is", start)
            lyra_times.append(terminal.time_of(reply) - entered)
            terminal.wait_for(PROMPT, reply)
            terminal.settle(0.1)
            floor_times.append(floor(last_chat_body(base)))
            if turn % 5 == 4:
                # A new session now and then keeps the body under the 4 KiB `lyra serve` records;
                # a new session's first turn (it writes the whole file) is left out of the figures.
                start = len(terminal.output)
                terminal.write(b"/new\r")
                terminal.wait_for(PROMPT, start)
                terminal.settle(0.05)
    finally:
        terminal.close()
        connection.close()
    warm = [pair for turn, pair in enumerate(zip(lyra_times, floor_times)) if turn > 0 and turn % 5 != 0]
    return {"lyra_ms": statistics.median(a for a, _ in warm) * 1e3,
            "floor_ms": statistics.median(b for _, b in warm) * 1e3,
            "difference_ms": statistics.median(a - b for a, b in warm) * 1e3,
            "cold_lyra_ms": lyra_times[0] * 1e3, "cold_floor_ms": floor_times[0] * 1e3}


def repl_long(turns, base, lyra, session_path):
    """A turn in Lyra's REPL opened with `--continue` on a long session (`openai:lyra-demo` on the local
    backend, which receives the whole history): Enter → first reply character, against an in-process
    client that holds the same conversation (read once, like the REPL), and per turn builds the body
    with `json.dumps` and posts it on a kept-alive `http.client` connection, to its first `data:` event
    with text. Turn 0 (the REPL reads the session, loads libcurl, connects) is shown aside; turns
    1…`turns` alternate with the floor. Also Lyra's peak RSS (VmHWM) after the last turn."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import benchtools
    env = dict(os.environ, OPENAI_BASE_URL=base + "/v1", OPENAI_API_KEY="bench", TERM="xterm", LYRA_HISTFILE="")
    messages = benchtools.sent_messages(session_path)
    terminal = Terminal([lyra, "-q", "--model", "openai:lyra-demo", "--continue"], env)
    parsed = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port)
    headers = {"Content-Type": "application/json", "Authorization": "Bearer bench", "Accept": "text/event-stream"}

    def floor(line):
        start = time.perf_counter()
        messages.append({"role": "user", "content": line})
        body = benchtools.chat_body(messages, "lyra-demo")
        connection.request("POST", "/v1/chat/completions", body=body, headers=headers)
        response = connection.getresponse()
        first, seen, reply = None, b"", ""
        while data := response.read1(65536):
            seen += data
            if first is None and has_content(seen):
                first = time.perf_counter() - start
        for line in seen.split(b"\n"):
            if line.startswith(b"data: {"):
                choices = json.loads(line[6:]).get("choices") or [{}]
                reply += (choices[0].get("delta") or {}).get("content") or ""
        messages.append({"role": "assistant", "content": reply})
        return first, len(body)

    try:
        terminal.wait_for(PROMPT, timeout=120.0)
        terminal.settle(0.3)
        lyra_times, floor_times, sizes = [], [], []
        for turn in range(turns + 1):
            line = "one more question %d" % turn
            start = len(terminal.output)
            terminal.write(line.encode())
            terminal.wait_for(line.encode(), start)
            terminal.settle(0.05)
            start = len(terminal.output)
            entered = terminal.write(b"\r")
            reply = terminal.wait_for(b"This is", start, timeout=120.0)
            lyra_times.append(terminal.time_of(reply) - entered)
            terminal.wait_for(PROMPT, reply, timeout=120.0)
            terminal.settle(0.1)
            first, size = floor(line)
            floor_times.append(first)
            sizes.append(size)
        _, peak = terminal.rss_mib()
    finally:
        terminal.close()
        connection.close()
    warm = list(zip(lyra_times, floor_times))[1:]
    return {"lyra_ms": statistics.median(a for a, _ in warm) * 1e3,
            "floor_ms": statistics.median(b for _, b in warm) * 1e3,
            "ratio": statistics.median(a / b for a, b in warm),
            "cold_lyra_ms": lyra_times[0] * 1e3, "cold_floor_ms": floor_times[0] * 1e3,
            "lyra_peak_mib": peak, "body_mib": sizes[-1] / 1048576}


def idle(lyra, floor):
    """Resident memory of Lyra's REPL idle on a pseudo-terminal for a second, against `floor` (a Swift
    program that prints a line and waits in readLine()) idle the same way; /proc/PID/status."""
    env = dict(os.environ, TERM="xterm", LYRA_HISTFILE="")
    result = {}
    for name, argv, marker in (("lyra", [lyra, "-q"], PROMPT), ("floor", [floor], b"hello")):
        terminal = Terminal(argv, env)
        try:
            terminal.wait_for(marker)
            terminal.settle(1.0)
            result[name + "_mib"], result[name + "_peak_mib"] = terminal.rss_mib()
        finally:
            terminal.close()
    return result


def waiting(count, base, lyra, seconds):
    """CPU per second of waiting for a reply: `lyra -c 'a slow reply'` (app backend) with the answer
    held back `seconds` s and with none, in turn `count` times; (CPU slow − CPU quick) / seconds.
    The same for curl posting the same message (the floor)."""
    url = base + "/dola/chats/bench-chat/messages?user_id=bench&app_id=lyra.cli&locale=en"
    commands = {"lyra": [lyra, "-c", "a slow reply"],
                "floor": ["curl", "-s", "-X", "POST", "-H", "Content-Type: application/json", "-H",
                          "Authorization: Bearer bench", "-d", '{"message": "a slow reply"}', url]}
    cpu = {(name, delay): [] for name in commands for delay in (0, seconds)}
    try:
        for _ in range(count):
            for delay in (0, seconds):
                post(base + "/_test/config", {"chat_delay_ms": int(delay * 1000)})
                for name, command in commands.items():
                    cpu[(name, delay)].append(run(command)["cpu"])
    finally:
        post(base + "/_test/config", {"chat_delay_ms": 0})
    result = {}
    for name in commands:
        slow, quick = statistics.median(cpu[(name, seconds)]), statistics.median(cpu[(name, 0)])
        result[name + "_ms_per_s"] = (slow - quick) / seconds * 1e3
        result[name + "_pct"] = (slow - quick) / seconds * 100
    return result


def curl_video(base, photos, interval):
    """Upload, poll every `interval` s until completed, download: what Lyra's /video does, with curl."""
    query = "user_id=bench&app_id=lyra.cli"
    upload = ["curl", "-sf", "-H", "Authorization: Bearer bench", "-F", "template_id=1"]
    for number, photo in enumerate(photos, 1):
        upload += ["-F", "image=@%s;type=image/jpeg;filename=photo%d.jpg" % (photo, number)]
    steps = [run_capture(upload + ["%s/pixverse/api/v1/template2video?%s" % (base, query)])]
    video = json.loads(steps[0]["output"])["video_id"]
    while True:
        steps.append(run_capture(["curl", "-sf", "-H", "Authorization: Bearer bench",
                                  "%s/pixverse/api/v1/status?id=%d&%s" % (base, video, query)]))
        answer = json.loads(steps[-1]["output"])
        if answer["status"] == "completed":
            break
        time.sleep(interval)
    steps.append(run_capture(["curl", "-sf", "-o", os.devnull, answer["video_url"]]))
    return steps


def run_capture(command):
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
    output = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.stdout.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("latency: %s failed" % " ".join(command[:3]))
    return {"output": output, "cpu": usage.ru_utime + usage.ru_stime, "peak": usage.ru_maxrss}


def video(count, base, lyra, photos, interval):
    """`lyra -c '/video 1 …'` against curl's upload, polls and download, in turn `count` times."""
    command = [lyra, "-c", "/video 1 " + " ".join(photos)]
    a, b = [], []
    for _ in range(count):
        a.append(run(command))
        start = time.perf_counter()
        steps = curl_video(base, photos, interval)
        b.append({"wall": time.perf_counter() - start, "peak": max(step["peak"] for step in steps)})
    return {"lyra_ms": median(a, "wall"), "floor_ms": median(b, "wall"),
            "ratio": statistics.median(x["wall"] / y["wall"] for x, y in zip(a, b)),
            "lyra_peak_mib": max(x["peak"] for x in a) / 1024, "floor_peak_mib": max(x["peak"] for x in b) / 1024}


def main(arguments):
    command = arguments[0]
    if command == "pair":
        result = pair(int(arguments[1]), shlex.split(arguments[2]), shlex.split(arguments[3]))
    elif command == "first-token":
        result = first_token(int(arguments[1]), arguments[2], arguments[3], arguments[4], arguments[5])
    elif command == "repl":
        result = repl(int(arguments[1]), arguments[2], arguments[3])
    elif command == "repl-long":
        result = repl_long(int(arguments[1]), arguments[2], arguments[3], arguments[4])
    elif command == "idle":
        result = idle(arguments[1], arguments[2])
    elif command == "waiting":
        result = waiting(int(arguments[1]), arguments[2], arguments[3], float(arguments[4]))
    elif command == "video":
        result = video(int(arguments[1]), arguments[2], arguments[3], arguments[5:], float(arguments[4]))
    else:
        sys.exit("latency: unknown command " + command)
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
