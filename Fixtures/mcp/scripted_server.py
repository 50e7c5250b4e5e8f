# A scripted MCP server for Lyra's tests (stdlib only): newline-delimited JSON-RPC 2.0 on stdio.
# argv[1] is the mode: "normal" answers; "hang" answers all but tools/call; "linger" answers, then stays after stdin closes (only a
# signal ends it); "exit" exits at once; "mute" never answers anything.
# argv[2], when given, is a file the server writes its pid to. Tools (listed over two pages):
# echo (its arguments back), env (its environment as JSON), huge (200,000 bytes), escape (terminal
# escape bytes), silent (never answers), missing (answered with error -32602 as an unknown tool).
import json
import os
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "normal"
if len(sys.argv) > 2:
    with open(sys.argv[2], "a") as handle:
        handle.write(f"{os.getpid()}\n")
if mode == "exit":
    sys.exit(3)
print("scripted server started", file=sys.stderr, flush=True)

TOOLS = [
    {"name": "echo", "description": "Returns its arguments", "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}},
    {"name": "env", "description": "Returns the server's environment", "inputSchema": {"type": "object"}},
    {"name": "huge", "description": "Returns 200,000 bytes", "inputSchema": {"type": "object"}},
    {"name": "escape", "description": "Returns terminal escape bytes", "inputSchema": {"type": "object"}},
    {"name": "silent", "description": "Never answers", "inputSchema": {"type": "object"}},
    {"name": "missing", "description": "Answered as an unknown tool", "inputSchema": {"type": "object"}},
]


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def text(request_id, value):
    send({"jsonrpc": "2.0", "id": request_id, "result": {"content": [{"type": "text", "text": value}], "isError": False}})


for line in sys.stdin:
    if mode == "mute":
        continue
    message = json.loads(line)
    method, request_id, params = message.get("method"), message.get("id"), message.get("params") or {}
    print(f"received {method} {json.dumps(params, sort_keys=True)}", file=sys.stderr, flush=True)
    if mode == "hang" and method == "tools/call":
        continue
    if request_id is None:
        continue
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": request_id, "result": {"protocolVersion": params.get("protocolVersion"),
              "capabilities": {"tools": {}}, "serverInfo": {"name": "scripted", "version": "1"}}})
    elif method == "tools/list":
        page = TOOLS[:2] if params.get("cursor") is None else TOOLS[2:]
        result = {"tools": page}
        if params.get("cursor") is None:
            result["nextCursor"] = "page-2"
        send({"jsonrpc": "2.0", "id": request_id, "result": result})
    elif method == "tools/call":
        name, arguments = params.get("name"), params.get("arguments") or {}
        if name == "echo":
            text(request_id, json.dumps(arguments, sort_keys=True))
        elif name == "env":
            text(request_id, json.dumps(dict(os.environ), sort_keys=True))
        elif name == "huge":
            text(request_id, "é" + "x" * 199_998)
        elif name == "escape":
            text(request_id, "before \x1b[31mred\x1b[0m \x1b]0;title\x07 after")
        elif name == "silent":
            continue
        else:
            send({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32602, "message": f"Unknown tool: {name}"}})
    else:
        send({"jsonrpc": "2.0", "id": request_id, "error": {"code": -32601, "message": "Method not found"}})

if mode == "linger":
    while True:
        time.sleep(3600)
