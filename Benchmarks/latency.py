#!/usr/bin/env python3
# Timers for Benchmarks/run.sh that compare Lyra with its floor in the same run: paired start-up and
# one-shot runs, streamed tokens read from the child's stdout pipe, and /video against curl.
# Wall time from a monotonic clock around spawn and reap; CPU and peak RSS from wait4's rusage.
import json
import os
import shlex
import statistics
import subprocess
import sys
import time
import urllib.request


def run(command, env=None, watch=None):
    """Runs `command` (argv), reading its stdout as it comes. Returns wall s, cpu s, peak KiB and
    the seconds from the start to the first byte and to the first time `watch` appears (else None)."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             stdin=subprocess.DEVNULL, env=env)
    first, seen, tail = None, None, b""
    descriptor = child.stdout.fileno()
    while True:
        data = os.read(descriptor, 65536)
        now = time.perf_counter() - start
        if not data:
            break
        if first is None:
            first = now
        tail = (tail + data)[-4096:]
        if watch is not None and seen is None and watch in tail:
            seen = now
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.stdout.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("latency: %s exited with %d" % (command[0], os.waitstatus_to_exitcode(status)))
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "peak": usage.ru_maxrss,
            "first": first, "seen": seen}


def median(runs, key):
    return statistics.median(run[key] for run in runs)


def pair(count, first, second):
    """Runs `first` and `second` in turn `count` times (after one warm-up each): medians and the
    median of the pairwise ratios of wall and CPU time."""
    run(first), run(second)
    a, b = [], []
    for _ in range(count):
        a.append(run(first))
        b.append(run(second))
    ratio = {key: statistics.median(x[key] / y[key] for x, y in zip(a, b)) for key in ("wall", "cpu")}
    return {"a_wall_ms": median(a, "wall") * 1e3, "a_cpu_ms": median(a, "cpu") * 1e3,
            "b_wall_ms": median(b, "wall") * 1e3, "b_cpu_ms": median(b, "cpu") * 1e3,
            "wall_ratio": ratio["wall"], "cpu_ratio": ratio["cpu"]}


def post(url, body):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def last_chat_body(base):
    """The body of the last `/v1/chat/completions` request the backend recorded."""
    with urllib.request.urlopen(base + "/_test/requests") as response:
        recorded = json.load(response)
    bodies = [item["body_text"] for item in recorded if item["path"] == "/v1/chat/completions"]
    return bodies[-1]


def stream(count, base, words, lyra):
    """Time to the first and the last token of one streamed reply of `words` words, through Lyra
    (`lyra --model openai:lyra-demo -q -c hi`) and through `curl -N` with the very request Lyra sent."""
    post(base + "/_test/config", {"demo_reply_words": words})
    env = dict(os.environ, OPENAI_BASE_URL=base + "/v1")
    lyra_command = [lyra, "--model", "openai:lyra-demo", "-q", "-c", "hi"]
    last = ("word%d" % words).encode()
    run(lyra_command, env=env, watch=last)
    body = last_chat_body(base)
    curl_command = ["curl", "-sN", base + "/v1/chat/completions", "-H", "Content-Type: application/json",
                    "-H", "Authorization: Bearer bench", "--data-binary", body]
    lyra_runs, curl_runs = [], []
    for _ in range(count):
        lyra_runs.append(run(lyra_command, env=env, watch=last))
        curl_runs.append(run(curl_command, watch=b'"content":" ' + last))
    if any(item["seen"] is None for item in lyra_runs + curl_runs):
        sys.exit("latency: the last word %s never arrived" % last.decode())
    result = {}
    for name, runs in (("lyra", lyra_runs), ("curl", curl_runs)):
        result[name + "_first_ms"] = median(runs, "first") * 1e3
        result[name + "_last_ms"] = median(runs, "seen") * 1e3
        result[name + "_cpu_ms"] = median(runs, "cpu") * 1e3
        result[name + "_span_ms"] = statistics.median(item["seen"] - item["first"] for item in runs) * 1e3
    return result


def stream_cpu(count, base, words, lyra):
    """Lyra's CPU per 1,000 streamed tokens: a reply of `words` words minus the demo's short reply."""
    env = dict(os.environ, OPENAI_BASE_URL=base + "/v1")
    command = [lyra, "--model", "openai:lyra-demo", "-q", "-c", "hi"]
    figures = {}
    for length in (0, words):
        post(base + "/_test/config", {"demo_reply_words": length})
        run(command, env=env)
        figures[length] = statistics.median(run(command, env=env)["cpu"] for _ in range(count))
    post(base + "/_test/config", {"demo_reply_words": 0})
    per_thousand = (figures[words] - figures[0]) / (words / 1000)
    return {"short_cpu_ms": figures[0] * 1e3, "long_cpu_ms": figures[words] * 1e3,
            "cpu_ms_per_1000_tokens": per_thousand * 1e3}


def curl_video(base, photos, interval):
    """Upload, poll every `interval` s until completed, download: what Lyra's /video does, with curl."""
    query = "user_id=bench&app_id=lyra.cli"
    upload = ["curl", "-sf", "-H", "Authorization: Bearer bench", "-F", "template_id=1"]
    for number, photo in enumerate(photos, 1):
        upload += ["-F", "image=@%s;type=image/jpeg;filename=photo%d.jpg" % (photo, number)]
    runs = [run_capture(upload + ["%s/pixverse/api/v1/template2video?%s" % (base, query)])]
    video = json.loads(runs[0]["output"])["video_id"]
    while True:
        runs.append(run_capture(["curl", "-sf", "-H", "Authorization: Bearer bench",
                                 "%s/pixverse/api/v1/status?id=%d&%s" % (base, video, query)]))
        answer = json.loads(runs[-1]["output"])
        if answer["status"] == "completed":
            break
        time.sleep(interval)
    runs.append(run_capture(["curl", "-sf", "-o", os.devnull, answer["video_url"]]))
    return runs


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
    lyra_runs, curl_runs = [], []
    for _ in range(count):
        lyra_runs.append(run(command))
        start = time.perf_counter()
        steps = curl_video(base, photos, interval)
        curl_runs.append({"wall": time.perf_counter() - start, "cpu": sum(s["cpu"] for s in steps),
                          "peak": max(s["peak"] for s in steps)})
    return {"lyra_wall_ms": median(lyra_runs, "wall") * 1e3, "curl_wall_ms": median(curl_runs, "wall") * 1e3,
            "lyra_cpu_ms": median(lyra_runs, "cpu") * 1e3, "curl_cpu_ms": median(curl_runs, "cpu") * 1e3,
            "lyra_peak_mib": max(r["peak"] for r in lyra_runs) / 1024,
            "curl_peak_mib": max(r["peak"] for r in curl_runs) / 1024}


def main(arguments):
    command, count = arguments[0], int(arguments[1])
    if command == "pair":
        result = pair(count, shlex.split(arguments[2]), shlex.split(arguments[3]))
    elif command == "stream":
        result = stream(count, arguments[2], int(arguments[3]), arguments[4])
    elif command == "stream-cpu":
        result = stream_cpu(count, arguments[2], int(arguments[3]), arguments[4])
    elif command == "video":
        result = video(count, arguments[2], arguments[3], arguments[5:], float(arguments[4]))
    else:
        sys.exit("unknown command " + command)
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
