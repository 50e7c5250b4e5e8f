#!/usr/bin/env python3
# Helpers for Benchmarks/run.sh: generate session files (SPEC §3 format) and test photos, and the
# bare baselines Lyra is compared with (an fsync+rename loop, a keep-alive HTTP loop, the append floor of
# durable turns, run in turn with Lyra's).
import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
import uuid
from datetime import datetime, timedelta, timezone

BASE = datetime(2026, 1, 1, tzinfo=timezone.utc)


def stamp(moment):
    """ISO 8601 UTC with milliseconds, as Lyra writes it."""
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (moment.microsecond // 1000)


def session(index, messages):
    """One session object with `messages` alternating user/assistant messages."""
    created = BASE + timedelta(minutes=index)
    items = []
    for number in range(messages):
        moment = created + timedelta(seconds=number)
        if number % 2 == 0:
            items.append({"id": str(uuid.uuid4()).upper(), "role": "user",
                          "content": "Question %d of session %d: what should I pack for a week in Lisbon?"
                                     % (number // 2 + 1, index),
                          "createdAt": stamp(moment), "failed": False})
        else:
            items.append({"id": str(uuid.uuid4()).upper(), "role": "assistant",
                          "content": "(demo backend) You asked about packing for Lisbon. Bring light layers, "
                                     "comfortable shoes and a rain jacket.",
                          "createdAt": stamp(moment)})
    updated = created + timedelta(seconds=max(messages - 1, 0))
    return {"id": str(uuid.uuid4()).upper(), "title": "Benchmark session %d" % index,
            "chatID": str(uuid.uuid4()), "createdAt": stamp(created), "updatedAt": stamp(updated),
            "messages": items}


def write_sessions(directory, count, messages):
    os.makedirs(directory, mode=0o700, exist_ok=True)
    for index in range(count):
        body = session(index, messages)
        with open(os.path.join(directory, body["id"] + ".json"), "w") as handle:
            handle.write(json.dumps(body, indent=2) + "\n")   # one write: several times faster than json.dump


def write_jpeg(source, path, size):
    """A real small JPEG followed by zero padding up to `size` bytes (starts with FF D8 FF)."""
    with open(source, "rb") as handle:
        data = handle.read()
    with open(path, "wb") as handle:
        handle.write(data)
        handle.write(b"\0" * (size - len(data)))


def fsync_loop(directory, count, size):
    """`count` crash-safe replacements of one file: write temp, fsync, rename, fsync the directory."""
    target = os.path.join(directory, "session.json")
    payload = b"x" * size
    start = time.perf_counter()
    for number in range(count):
        temporary = os.path.join(directory, ".session.json.tmp-%d" % number)
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.write(descriptor, payload)
        os.fsync(descriptor)
        os.close(descriptor)
        os.rename(temporary, target)
        directory_descriptor = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
        os.fsync(directory_descriptor)
        os.close(directory_descriptor)
    elapsed = time.perf_counter() - start
    print("%d fsync+rename writes of %d bytes: %.3f s, %.0f writes/s" % (count, size, elapsed, count / elapsed))


def append_seconds(directory, count, size):
    """The floor of a journaled chat turn: seconds for `count` turns of two `size`-byte appends, each + fdatasync."""
    target = os.path.join(directory, ".session.journal")
    line = b"x" * (size - 1) + b"\n"
    descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    start = time.perf_counter()
    for _ in range(count):
        for _ in range(2):
            os.write(descriptor, line)
            os.fdatasync(descriptor)
    elapsed = time.perf_counter() - start
    os.close(descriptor)
    return elapsed


def append_loop(directory, count, size):
    elapsed = append_seconds(directory, count, size)
    print("%d turns of two %d-byte appends + fdatasync: %.3f s, %.0f turns/s" % (count, size, elapsed, count / elapsed))


def turn_pairs(lyra, turns_file, data_home, append_dir, pairs):
    """Durable scripted turns (`lyra < turns_file` on a fresh data directory) against the append floor
    (as many turns), run in turn `pairs` times after one warm-up of each: turns/s of both (medians) and
    the median of the pairwise ratios, so that the disk's and the machine's speed, which drift from
    minute to minute, move both sides of each ratio."""
    with open(turns_file, "rb") as source:
        count = sum(1 for _ in source)
    environment = dict(os.environ, XDG_DATA_HOME=data_home)

    def one_pair():
        shutil.rmtree(data_home, ignore_errors=True)
        os.makedirs(data_home)
        with open(turns_file, "rb") as source:
            start = time.perf_counter()
            subprocess.run([lyra], stdin=source, stdout=subprocess.DEVNULL, env=environment, check=True)
            lyra_rate = count / (time.perf_counter() - start)
        shutil.rmtree(append_dir, ignore_errors=True)
        os.makedirs(append_dir)
        return lyra_rate, count / append_seconds(append_dir, count, 230)

    one_pair()
    results = [one_pair() for _ in range(pairs)]
    print(json.dumps({
        "lyra_turns_per_s": statistics.median(lyra for lyra, _ in results),
        "floor_turns_per_s": statistics.median(floor for _, floor in results),
        "ratio": statistics.median(lyra / floor for lyra, floor in results),
        "ratios": [round(lyra / floor, 3) for lyra, floor in results],
    }))


def http_loop(port, count):
    """`count` chat POSTs over one keep-alive connection to the local backend."""
    connection = http.client.HTTPConnection("127.0.0.1", int(port))
    chat = str(uuid.uuid4())
    headers = {"Authorization": "Bearer bench", "Accept": "application/json", "Content-Type": "application/json"}
    start = time.perf_counter()
    for number in range(count):
        body = json.dumps({"message": str(number + 1)})
        connection.request("POST", "/dola/chats/%s/messages?user_id=bench&app_id=lyra.cli&locale=en" % chat,
                           body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            sys.exit("http loop: status %d" % response.status)
    elapsed = time.perf_counter() - start
    print("%d keep-alive chat round trips: %.3f s, %.0f requests/s" % (count, elapsed, count / elapsed))


def http_loop_fresh(port, count):
    """`count` chat POSTs, each on a new connection (`Connection: close`): the cost keep-alive saves."""
    chat = str(uuid.uuid4())
    headers = {"Authorization": "Bearer bench", "Accept": "application/json", "Content-Type": "application/json",
               "Connection": "close"}
    start = time.perf_counter()
    for number in range(count):
        connection = http.client.HTTPConnection("127.0.0.1", int(port))
        connection.request("POST", "/dola/chats/%s/messages?user_id=bench&app_id=lyra.cli&locale=en" % chat,
                           body=json.dumps({"message": str(number + 1)}), headers=headers)
        response = connection.getresponse()
        response.read()
        connection.close()
        if response.status != 200:
            sys.exit("http loop: status %d" % response.status)
    elapsed = time.perf_counter() - start
    print("%d chat round trips, a new connection each: %.3f s, %.0f requests/s" % (count, elapsed, count / elapsed))


def main(arguments):
    command = arguments[0]
    if command == "sessions":
        write_sessions(arguments[1], int(arguments[2]), int(arguments[3]))
    elif command == "jpeg":
        write_jpeg(arguments[1], arguments[2], int(arguments[3]))
    elif command == "fsync-loop":
        fsync_loop(arguments[1], int(arguments[2]), int(arguments[3]))
    elif command == "append-loop":
        append_loop(arguments[1], int(arguments[2]), int(arguments[3]))
    elif command == "turn-pairs":
        turn_pairs(arguments[1], arguments[2], arguments[3], arguments[4], int(arguments[5]))
    elif command == "http-loop":
        http_loop(arguments[1], int(arguments[2]))
    elif command == "http-loop-fresh":
        http_loop_fresh(arguments[1], int(arguments[2]))
    else:
        sys.exit("unknown command " + command)


if __name__ == "__main__":
    main(sys.argv[1:])
