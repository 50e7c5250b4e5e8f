#!/usr/bin/env python3
# Data for Benchmarks/run.sh: session files in the SPEC §3 format, and test photos.
import json
import os
import sys
import uuid
from datetime import datetime, timedelta, timezone

BASE = datetime(2026, 1, 1, tzinfo=timezone.utc)


def stamp(moment):
    """ISO 8601 UTC with milliseconds, as Lyra writes it."""
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (moment.microsecond // 1000)


def session(index, messages, usage=False):
    """One session object with `messages` alternating user/assistant messages; with `usage`, each
    reply carries a model and the usage a server reported (for /usage)."""
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
            if usage:
                items[-1]["model"] = "openai:bench-%d" % (index % 3)
                items[-1]["usage"] = {"promptTokens": 40 * number + 17, "completionTokens": 23}
    updated = created + timedelta(seconds=max(messages - 1, 0))
    return {"id": str(uuid.uuid4()).upper(), "title": "Benchmark session %d" % index,
            "chatID": str(uuid.uuid4()), "createdAt": stamp(created), "updatedAt": stamp(updated),
            "messages": items}


def write_sessions(directory, count, messages, usage=False):
    os.makedirs(directory, mode=0o700, exist_ok=True)
    for index in range(count):
        body = session(index, messages, usage)
        with open(os.path.join(directory, body["id"] + ".json"), "w") as handle:
            handle.write(json.dumps(body, indent=2) + "\n")   # one write: several times faster than json.dump


def write_jpeg(source, path, size):
    """A real small JPEG followed by zero padding up to `size` bytes (starts with FF D8 FF)."""
    with open(source, "rb") as handle:
        data = handle.read()
    with open(path, "wb") as handle:
        handle.write(data)
        handle.write(b"\0" * (size - len(data)))


def sent_messages(path):
    """The messages of the session file at `path` that a model receives as history (SPEC §8, Lyra's
    ChatHistory): no failed prompt, incomplete reply, compacted or removed message, as role + content."""
    with open(path) as handle:
        stored = json.load(handle)
    return [{"role": item["role"], "content": item["content"]} for item in stored["messages"]
            if item["role"] in ("user", "assistant") and not item.get("failed") and not item.get("incomplete")
            and not item.get("compacted") and not item.get("removed")]


def chat_body(messages, model):
    """The compact body of a streamed OpenAI-compatible chat request, as Lyra writes it."""
    body = {"model": model, "messages": messages, "stream": True, "stream_options": {"include_usage": True}}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


def write_body(session_path, model, message, path):
    """The body `lyra --model openai:MODEL --continue -c MESSAGE` sends in the session at `session_path`."""
    with open(path, "wb") as handle:
        handle.write(chat_body(sent_messages(session_path) + [{"role": "user", "content": message}], model))


def main(arguments):
    command = arguments[0]
    if command == "sessions":
        write_sessions(arguments[1], int(arguments[2]), int(arguments[3]), arguments[4:] == ["usage"])
    elif command == "body":
        write_body(arguments[1], arguments[2], arguments[3], arguments[4])
    elif command == "jpeg":
        write_jpeg(arguments[1], arguments[2], int(arguments[3]))
    else:
        sys.exit("unknown command " + command)


if __name__ == "__main__":
    main(sys.argv[1:])
