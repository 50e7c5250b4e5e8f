#!/usr/bin/env python3
# The cost of showing a streamed reply (issue 34): the CPU Lyra spends per 1,000 events of a long
# Markdown reply rendered on a pseudo-terminal, the share of a core it takes at 500 events a second,
# and the CPU per 1,000 events written to a file in a script, each next to curl writing the same raw
# stream to the same kind of output, measured in turn in the same run. The reply comes from a small
# OpenAI-style server in this process (only the clients' CPU, from wait4, is counted); each figure is
# (a long reply − a 20-event reply), so start-up and the request cancel out. Prints one JSON object.
import http.server
import json
import os
import pty
import select
import shutil
import statistics
import sys
import threading
import time
import fcntl
import struct
import termios

PROMPT = "›".encode()


def markdown_document(size):
    """About `size` bytes of the Markdown a model writes: headings, long wrapped paragraphs with
    inline styles and links, nested lists, quotes, fenced code, a table now and then."""
    parts, number = [], 0
    while sum(map(len, parts)) < size:
        number += 1
        parts.append(
            "## Section %d: what to pack\n\n" % number
            + "A week in **Lisbon** in spring asks for layers: mornings are *cool*, afternoons warm, and the "
            "wind off the river turns a light jacket into the most useful thing you own. Bring `shoes` that "
            "grip on the polished limestone of the hills (the *calçada* is slippery after rain), a small bag "
            "for the tram, and see [the tram map](https://example.com/lisbon/trams/%d) before you go. " % number
            + "Pastries are cheap, museums close on Mondays, and the best views are free.\n\n"
            "- a light rain jacket that packs into its own pocket\n"
            "- comfortable walking shoes, already worn in\n"
            "  - a second pair, in case the first gets wet\n"
            "  - thick socks for the evenings\n"
            "- a power adapter (type F) and a **charged** phone\n\n"
            "1. book the first night near the river\n"
            "2. buy a *Viva Viagem* card at the airport\n"
            "3. take tram 28 early, before the crowds\n\n"
            "> Travel light: everything you forget can be bought there, usually for less.\n\n"
            "```python\n"
            "def packing_list(days, rain=False):\n"
            "    items = [\"shirt\"] * days + [\"jacket\"]\n"
            "    if rain:\n"
            "        items.append(\"umbrella\")  # the wind breaks most of them\n"
            "    return items\n"
            "```\n\n"
            + ("| day | plan | cost |\n|---|---|---:|\n| Monday | Belém and the tower | 12.50 |\n"
               "| Tuesday | Sintra by train | 4.60 |\n\n" if number % 4 == 0 else ""))
    return "".join(parts)


def pieces(text, count):
    """`text` cut at spaces into `count` pieces of about equal length (each keeps its spaces)."""
    size = max(1, len(text) // count)
    result, start = [], 0
    while start < len(text):
        end = min(len(text), start + size)
        while end < len(text) and text[end - 1] != " " and end - start < 3 * size:
            end += 1
        result.append(text[start:end])
        start = end
    return result


def events(parts):
    """The body of a streamed chat completion whose content arrives as `parts`, one event each."""
    def event(delta, finish=None):
        chunk = {"id": "chatcmpl-bench", "object": "chat.completion.chunk", "model": "bench",
                 "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
        return b"data: " + json.dumps(chunk, separators=(",", ":")).encode() + b"\n\n"
    return [event({"role": "assistant", "content": ""})] + [event({"content": part}) for part in parts] \
        + [event({}, "stop"), b"data: [DONE]\n\n"]


class Replies:
    """The reply the next request gets (events, and events a second: 0 for all at once)."""
    body, rate = [], 0


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *_):
        pass

    def do_GET(self):
        self.send_error(404)

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if not self.path.endswith("/chat/completions"):
            return self.send_error(404)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        body, rate = Replies.body, Replies.rate
        try:
            if rate == 0:
                for item in body:   # an event a write, as a server writes each token it makes
                    self.wfile.write(item)
            else:
                start = time.perf_counter()
                for index, item in enumerate(body):
                    delay = start + index / rate - time.perf_counter()
                    if delay > 0:
                        time.sleep(delay)
                    self.wfile.write(item)
                    self.wfile.flush()
        except OSError:
            pass


def on_pty(argv, env, typed=None):
    """Runs `argv` on a pseudo-terminal (100×30), reading everything it writes. With `typed`, waits
    for the prompt, types it and Enter, waits for the next prompt and sends Ctrl-D. Returns CPU s and
    wall s from the Enter (or the start) to the end of the reply."""
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        os.execve(argv[0], argv, env)
    output, start, end = bytearray(), time.perf_counter(), None
    stage = 0 if typed else 2

    def read(timeout):
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(fd, 1 << 16)
        except OSError:
            data = b""
        output.extend(data)
        return bool(data)

    deadline = time.perf_counter() + 300
    while time.perf_counter() < deadline and read(1.0):
        if stage == 0 and PROMPT in output:
            stage, mark = 1, len(output)
            os.write(fd, typed.encode() + b"\r")
            start = time.perf_counter()
        elif stage == 1 and output.find(PROMPT, mark) >= 0:
            end, stage = time.perf_counter(), 2
            os.write(fd, b"\x04")
    _, status, usage = os.wait4(pid, 0)
    os.close(fd)
    if end is None:
        end = time.perf_counter()
    if stage < 2 or os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit("render: %s did not finish; the terminal shows %r" % (argv[0], bytes(output[-300:])))
    return usage.ru_utime + usage.ru_stime, end - start


def to_file(argv, env, path):
    with open(path, "wb") as sink:
        start = time.perf_counter()
        pid = os.posix_spawn(argv[0], argv, env, file_actions=[
            (os.POSIX_SPAWN_DUP2, sink.fileno(), 1), (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0)])
        _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("render: %s exited with %d" % (argv[0], os.waitstatus_to_exitcode(status)))
    return usage.ru_utime + usage.ru_stime, time.perf_counter() - start


def main(lyra, runs, work, count, paced_events, rate):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/v1" % server.server_address[1]
    document = markdown_document(1 << 20)
    long_reply, short_reply = events(pieces(document, count)), events(pieces(document[:1100], 20))
    # The paced reply: the start of the same document in pieces of the same size, `rate` a second.
    paced_reply = events(pieces(document[:len(document) * paced_events // count], paced_events))
    env = dict(os.environ, OPENAI_BASE_URL=url, OPENAI_API_KEY="bench", TERM="xterm-256color",
               LYRA_HISTFILE="", COLUMNS="100", LINES="30")
    env.pop("NO_COLOR", None)
    curl = shutil.which("curl") or sys.exit("render: curl is missing")
    request = json.dumps({"model": "bench", "stream": True, "messages": [{"role": "user", "content": "hi"}]})
    output = os.path.join(work, "render.out")
    commands = {
        "lyra_pty": lambda: on_pty([lyra, "-q", "--model", "openai:bench"], env, "hi"),
        "curl_pty": lambda: on_pty([curl, "-sN", url + "/chat/completions", "-H",
                                    "Content-Type: application/json", "--data-binary", request], env),
        "lyra_file": lambda: to_file([lyra, "-q", "--model", "openai:bench", "-c", "hi"], env, output),
        "curl_file": lambda: to_file([curl, "-sN", url + "/chat/completions", "-H",
                                      "Content-Type: application/json", "--data-binary", request, "-o", "-"],
                                     env, output),
    }
    cpu = {}

    def measure(name, body, rate=0):
        Replies.body, Replies.rate = body, rate
        return commands[name]()

    for name in commands:   # warm-up
        measure(name, short_reply)
    for _ in range(runs):
        for name in commands:
            for label, body in (("long", long_reply), ("short", short_reply)):
                cpu.setdefault((name, label), []).append(measure(name, body))
        for name in ("lyra_pty", "curl_pty"):
            cpu.setdefault((name, "paced"), []).append(measure(name, paced_reply, rate))
    server.shutdown()

    def per_thousand(name):
        long = statistics.median(item[0] for item in cpu[(name, "long")])
        short = statistics.median(item[0] for item in cpu[(name, "short")])
        return (long - short) / (len(long_reply) - len(short_reply)) * 1e6

    def share(name):
        paced = cpu[(name, "paced")]
        short = statistics.median(item[0] for item in cpu[(name, "short")])
        return statistics.median((item[0] - short) / item[1] for item in paced) * 100

    result = {"events": len(long_reply), "bytes": len(document.encode()), "paced_events": len(paced_reply),
              "rate": rate,
              "paced_seconds": statistics.median(item[1] for item in cpu[("lyra_pty", "paced")])}
    for name in commands:
        result[name + "_ms_per_1000"] = per_thousand(name)
    for name in ("lyra_pty", "curl_pty"):
        result[name + "_pct"] = share(name)
    print(json.dumps(result))


if __name__ == "__main__":
    # render.py LYRA RUNS WORKDIR [EVENTS [PACED_EVENTS [RATE]]]
    arguments = sys.argv[1:]
    main(arguments[0], int(arguments[1]), arguments[2], int(arguments[3]) if len(arguments) > 3 else 19000,
         int(arguments[4]) if len(arguments) > 4 else 3000, float(arguments[5]) if len(arguments) > 5 else 500)
