# A thin MCP wrapper (stdlib only) that offers mcp-server-time's `get_current_time` as `get_time`,
# alone: the one tool llama.cpp's tiny `tool` test model calls (../shared/peers/README.md; with
# other tools offered, its grammar-forced calls come out as garbage).
# Usage: get_time_wrapper.py PATH/TO/mcp-server-time [ARGS…]; every other line passes unchanged.
import json
import subprocess
import sys
import threading

server = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def rename(message, old, new):
    params = message.get("params") or {}
    if message.get("method") == "tools/call" and params.get("name") == old:
        params["name"] = new
    result = message.get("result") or {}
    if "tools" in result:
        # The schema the peer kit's README offers: the model's grammar is built from it.
        schema = {"type": "object", "properties": {"timezone": {"type": "string"}}, "required": ["timezone"]}
        result["tools"] = [dict(tool, name=new, inputSchema=schema) for tool in result["tools"] if tool.get("name") == old]
    return message


def from_server():
    for line in server.stdout:
        sys.stdout.write(json.dumps(rename(json.loads(line), "get_current_time", "get_time")) + "\n")
        sys.stdout.flush()


threading.Thread(target=from_server, daemon=True).start()
for line in sys.stdin:
    server.stdin.write(json.dumps(rename(json.loads(line), "get_time", "get_current_time")) + "\n")
    server.stdin.flush()
server.stdin.close()
server.wait()
