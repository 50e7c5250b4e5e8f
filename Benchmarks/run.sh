#!/usr/bin/env bash
# Lyra's performance budgets (issue 26), measured by `make bench` on the release binary: each figure
# next to its floor, measured in the same run (Benchmarks/latency.py: Lyra and the floor in turn), and
# its goal. Writes the results block of docs/BENCHMARKS.md. Never part of `make test`. All data lives
# in a temporary directory; HOME and every XDG_* variable point there.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LYRA=${LYRA_BENCH_BINARY:-"$ROOT/.build/release/lyra"}   # another binary (e.g. an older build) to compare
DOC=${LYRA_BENCH_DOC:-"$ROOT/docs/BENCHMARKS.md"}
LATENCY="$ROOT/Benchmarks/latency.py"
TOOLS="$ROOT/Benchmarks/benchtools.py"
PAIRS=${LYRA_BENCH_PAIRS:-20}      # pairs (REPL turns) of the quick comparisons
RUNS=${LYRA_BENCH_RUNS:-5}         # pairs of the slow ones (listing, --continue, /video)
BIG=${LYRA_BENCH_BIG:-100000}      # sessions in the listing
PEERS=${LYRA_BENCH_PEERS:-"$HOME/lyra-peers"}          # the llama.cpp peer kit (../shared/peers)
PEER_VARIANT=${LYRA_BENCH_PEER_VARIANT:-tiny}          # its model: tiny (~1 ms a token) or slow (~35 ms)
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
# LYRA_BENCH_ONLY=help,repl,… runs only those sections (also: continue, video, reasoning, serve, context, images, render):
# first-token repl history help idle waiting sessions search continue video
want() { [ -z "${LYRA_BENCH_ONLY:-}" ] || [[ ",$LYRA_BENCH_ONLY," == *",$1,"* ]]; }

need() { # need COMMAND PACKAGE: installs PACKAGE with apt when COMMAND is missing
    command -v "$1" >/dev/null 2>&1 && return 0
    echo "bench: installing $2" >&2
    $SUDO apt-get update -qq && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
}
need python3 python3
need curl curl
[ -x "$LYRA" ] || { echo "bench: $LYRA missing; run 'make bench' (it builds the release binary)" >&2; exit 2; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/lyra-bench.XXXXXX")
SERVER_PID="" PEER_PORT=""
cleanup() {
    [ -z "$SERVER_PID" ] || kill "$SERVER_PID" 2>/dev/null || true
    [ -z "$PEER_PORT" ] || "$PEERS/stop_peer.sh" "$PEER_PORT" >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap cleanup EXIT

export HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/config" XDG_STATE_HOME="$WORK/state" XDG_DATA_HOME="$WORK/data/empty"
export LYRA_HISTFILE="" NO_COLOR=1 LYRA_TOKEN=bench LYRA_USER_ID=bench OPENAI_API_KEY=bench
unset LYRA_BASE_URL LYRA_PREMIUM LYRA_MODEL OPENAI_BASE_URL
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_STATE_HOME" "$XDG_DATA_HOME"
fresh() { export XDG_DATA_HOME="$WORK/data/$1"; rm -rf "$XDG_DATA_HOME"; mkdir -p "$XDG_DATA_HOME"; }

BUDGETS="$WORK/budgets.md" LATER="$WORK/later.md"
: >"$BUDGETS"; : >"$LATER"
# row FILE NAME LYRA FLOOR GOAL MET COMMAND: one table row (paths shown relative to the repository and $TMP).
row() {
    local command=${7//"$ROOT"/.}
    command=${command//"$WORK"/\$TMP}
    command=${command//|/\\|}   # a pipe inside a Markdown table cell
    printf '| %s | %s | %s | %s | %s | `%s` |\n' "$2" "$3" "$4" "$5" "$6" "$command" >>"$1"
    printf '%-44s %s\n    floor: %s\n    goal: %s  met: %s\n    $ %s\n' "$2" "$3" "$4" "$5" "$6" "$command"
}
# j KEY [FORMAT]: a number of the last JSON answer ($OUT), formatted (one decimal by default).
j() { python3 -c 'import json, sys; print(sys.argv[3] % json.loads(sys.argv[1])[sys.argv[2]])' "$OUT" "$1" "${2:-%.1f}"; }
# met VALUE LIMIT: "yes" when VALUE ≤ LIMIT, else "**no**, by the excess.
met() { awk -v v="$1" -v l="$2" -v u="${3:-}" 'BEGIN { if (v <= l) print "yes"; else printf "**no**, by %.1f%s\n", v - l, u }'; }
# measure NAME COMMAND…: runs a latency.py subcommand into $OUT; on failure prints a FAILED row and returns 1.
measure() {
    local name=$1; shift
    if OUT=$(python3 "$LATENCY" "$@" 2>"$WORK/latency.err"); then return 0; fi
    row "$BUDGETS" "$name" "FAILED ($(tail -1 "$WORK/latency.err"))" "" "" "" "python3 Benchmarks/latency.py $*"
    return 1
}

echo "bench: data in $WORK; $PAIRS pairs for quick figures, $RUNS for slow ones"
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)

# --- the local backend (its own process, so only the client is measured) -------------------------
"$LYRA" serve --port 0 --test-controls >"$WORK/serve.out" 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do grep -q listening "$WORK/serve.out" && break; sleep 0.1; done
BASE_URL=$(grep -o 'http://[^ ]*' "$WORK/serve.out" | head -1)
export LYRA_BASE_URL="$BASE_URL"
echo "bench: local backend at $BASE_URL"

# --- 1. first token of a one-shot against llama.cpp's server, vs curl -N ------------------------
if want first-token; then
    fresh first-token
    command="OPENAI_BASE_URL=http://127.0.0.1:PORT/v1 lyra --model openai:$PEER_VARIANT -q hello"
    name="first token of a one-shot (llama.cpp, $PEER_VARIANT)"
    if [ ! -x "$PEERS/venv-llama/bin/python" ] || [ ! -f "$PEERS/models/tiny.gguf" ]; then
        row "$BUDGETS" "$name" "NOT MEASURED (install ../shared/peers: see its README)" "curl -sN" "≤ floor + 15 ms" "—" "$command"
    else
        PEER_PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
        if ! "$PEERS/start_peer.sh" "$PEER_PORT" --variant "$PEER_VARIANT" --timeout 300 >"$WORK/peer.out" 2>&1; then
            row "$BUDGETS" "$name" "NOT MEASURED (start_peer.sh failed: $(tail -1 "$WORK/peer.out"))" "curl -sN" "≤ floor + 15 ms" "—" "$command"
        elif measure "$name" first-token "$PAIRS" "$BASE_URL" "http://127.0.0.1:$PEER_PORT/v1" "$LYRA" "$PEER_VARIANT"; then
            row "$BUDGETS" "$name" "$(j lyra_ms) ms (whole reply $(j lyra_last_ms) ms)" \
                "$(j floor_ms) ms: \`curl -sN\`, the same body, to the first \`data:\` event with text (whole reply $(j floor_last_ms) ms)" \
                "≤ floor + 15 ms" "$(met "$(j difference_ms)" 15 " ms") ($(j difference_ms %+.1f) ms, median of $PAIRS pairs)" "$command"
        fi
        "$PEERS/stop_peer.sh" "$PEER_PORT" >/dev/null 2>&1 || true
        PEER_PORT=""
    fi
fi

# --- 2. REPL Enter → first reply character, vs a keep-alive client in this process --------------
if want repl; then
    fresh repl
    name="REPL: Enter → first reply character"
    if measure "$name" repl "$PAIRS" "$BASE_URL" "$LYRA"; then
        row "$BUDGETS" "$name" "$(j lyra_ms) ms (the first turn, loading libcurl and connecting: $(j cold_lyra_ms) ms)" \
            "$(j floor_ms) ms: Python \`http.client\`, kept alive, the same body, to the first \`data:\` event with text (first request $(j cold_floor_ms) ms)" \
            "≤ floor + 3 ms" "$(met "$(j difference_ms)" 3 " ms") ($(j difference_ms %+.1f) ms, median of $PAIRS warm turns)" \
            "OPENAI_BASE_URL=\$B/v1 lyra -q --model openai:lyra-demo (on a pty, TERM=xterm; python3 Benchmarks/latency.py repl $PAIRS \$B lyra)"
    fi
fi

# --- 2b. REPL Enter with a history file of 1,000 long entries, vs the same with history off -------
if want history; then
    fresh history
    name="REPL: Enter → first reply character, with history"
    python3 -c 'import sys; open(sys.argv[1], "w").write("_HiStOrY_V2_\n" + "".join("entry\\040%d\\040%s\n" % (i, "x" * 200) for i in range(1000)))' "$WORK/history"
    if measure "$name" repl "$PAIRS" "$BASE_URL" "$LYRA"; then
        off=$(j lyra_ms %.2f)
        if OUT=$(BENCH_HISTFILE="$WORK/history" python3 "$LATENCY" repl "$PAIRS" "$BASE_URL" "$LYRA" 2>"$WORK/latency.err"); then
            on=$(j lyra_ms %.2f)
            difference=$(awk -v a="$on" -v b="$off" 'BEGIN { printf "%.2f", a - b }')
            row "$BUDGETS" "$name" "$on ms with a 1,000-entry history file" "$off ms: the same run with history off" \
                "≤ floor + 1 ms" "$(met "$difference" 1 " ms") ($difference ms, medians of $PAIRS warm turns)" \
                "BENCH_HISTFILE=\$TMP/history python3 Benchmarks/latency.py repl $PAIRS \$B lyra (and without BENCH_HISTFILE)"
        fi
    fi
fi

# --- the floor program of start-up and idle memory: Swift + Foundation, linked as Lyra's release ----
FLOOR=""
if want help || want idle; then
    if swiftc -O -static-stdlib "$ROOT/Benchmarks/floors/hello-foundation.swift" -o "$WORK/hello" >"$WORK/swiftc.err" 2>&1; then
        FLOOR="$WORK/hello"
    else
        echo "bench: the Swift floor did not build: $(tail -1 "$WORK/swiftc.err")" >&2
    fi
fi

# --- 3. lyra -c /help ---------------------------------------------------------------------------
if want help; then
    fresh help
    name="\`lyra -c /help\`"
    if [ -z "$FLOOR" ]; then
        row "$BUDGETS" "$name" "NOT MEASURED (the floor did not build)" "" "≤ 15 ms" "—" "swiftc -O -static-stdlib Benchmarks/floors/hello-foundation.swift"
    elif measure "$name" pair "$PAIRS" "$LYRA -c /help" "$FLOOR"; then
        row "$BUDGETS" "$name" "$(j lyra_ms) ms ($(j lyra_cpu_ms) ms CPU)" \
            "$(j floor_ms) ms: Swift hello with Foundation, \`-static-stdlib\` ($(j floor_cpu_ms) ms CPU)" \
            "≤ 15 ms" "$(met "$(j lyra_ms)" 15 " ms") (median of $PAIRS, $(j ratio %.2f)× the floor)" "$LYRA -c /help"
    fi
fi

# --- 4. idle RSS ----------------------------------------------------------------------------------
if want idle; then
    fresh idle
    name="idle RSS: the REPL on a pty, after 1 s"
    if [ -z "$FLOOR" ]; then
        row "$BUDGETS" "$name" "NOT MEASURED (the floor did not build)" "" "≤ 30 MiB" "—" "python3 Benchmarks/latency.py idle lyra FLOOR"
    elif measure "$name" idle "$LYRA" "$FLOOR"; then
        row "$BUDGETS" "$name" "$(j lyra_mib) MiB (peak $(j lyra_peak_mib) MiB)" \
            "$(j floor_mib) MiB: the Swift hello waiting in \`readLine()\` on a pty" \
            "≤ 30 MiB" "$(met "$(j lyra_mib)" 30 " MiB")" "lyra -q on a pty; VmRSS of /proc/PID/status (python3 Benchmarks/latency.py idle lyra \$TMP/hello)"
    fi
fi

# --- 5. CPU while waiting for a reply ----------------------------------------------------------------
if want waiting; then
    fresh waiting
    name="CPU while waiting for a reply"
    if measure "$name" waiting 3 "$BASE_URL" "$LYRA" 5; then
        row "$BUDGETS" "$name" "$(j lyra_pct %.2f) % of a core ($(j lyra_ms_per_s %.2f) ms CPU a second)" \
            "$(j floor_pct %.2f) % ($(j floor_ms_per_s %.2f) ms a second): curl, the same POST" \
            "< 1 % of a core" "$(awk -v v="$(j lyra_pct %.3f)" 'BEGIN { print (v < 1 ? "yes" : "**no**") }')" \
            "lyra -c 'a slow reply', the answer held 5 s and 0 s (chat_delay_ms): (CPU − CPU) / 5 s, median of 3"
    fi
fi

# --- 6. /sessions --json over 100k sessions ---------------------------------------------------------
gen() { # gen NAME SESSIONS MESSAGES [usage]: session files in $WORK/data/NAME
    rm -rf "$WORK/data/$1"; mkdir -p "$WORK/data/$1/lyra"
    python3 "$TOOLS" sessions "$WORK/data/$1/lyra/sessions" "$2" "$3" ${4:-}
}
if want sessions; then
    echo "bench: generating $BIG sessions of 10 messages"
    gen big "$BIG" 10
    sync   # the generated files written back before anything is timed
    export XDG_DATA_HOME="$WORK/data/big"
    start=$(date +%s.%N); "$LYRA" -c '/sessions --json' >/dev/null; end=$(date +%s.%N)
    BUILD_MS=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.0f", (e - s) * 1000 }')
    name="\`/sessions --json\` over $BIG sessions"
    if measure "$name" pair "$RUNS" "$LYRA -c '/sessions --json'" "find $XDG_DATA_HOME/lyra/sessions -name '*.json' -printf '%s %T@ %p\\n'"; then
        row "$BUDGETS" "$name" "$(j lyra_ms %.0f) ms (the first listing, which builds the index: $BUILD_MS ms)" \
            "$(j floor_ms %.0f) ms: readdir + stat of the same files (\`find -printf\`)" \
            "≤ 2 s" "$(met "$(j lyra_ms %.0f)" 2000 " ms") (median of $RUNS, $(j ratio %.2f)× the floor)" "$LYRA -c '/sessions --json'"
    fi
    rm -rf "$WORK/data/big"
fi

# --- 6b. /sessions search over 10,000 sessions of 100 messages, vs grep -rli -----------------------
if want search; then
    echo "bench: generating 10,000 sessions of 100 messages"
    gen search 10000 100
    sync
    export XDG_DATA_HOME="$WORK/data/search"
    "$LYRA" -c '/sessions' >/dev/null   # builds the listing index, as any earlier /sessions would have
    dir="$XDG_DATA_HOME/lyra/sessions"
    # A phrase in one session of the 10,000 (every file scanned, one decoded), and a word in all of them.
    for word in "session 4321:" Lisbon; do
        kind=$([ "$word" = Lisbon ] && echo "a word in every session" || echo "a phrase in one session")
        name="\`/sessions search\` over 10,000 × 100 messages, $kind"
        if measure "$name" pair "$PAIRS" "$LYRA -c '/sessions search $word'" "grep -rli '$word' $dir"; then
            row "$BUDGETS" "$name" "$(j lyra_ms %.0f) ms (CPU $(j lyra_cpu_ms %.0f) ms)" \
                "$(j floor_ms %.0f) ms: \`grep -rli\` over the same files (CPU $(j floor_cpu_ms %.0f) ms)" \
                "≤ 2× the floor" "$(met "$(j ratio %.2f)" 2 "×") ($(j ratio %.2f)×, median of $PAIRS pairs)" "$LYRA -c '/sessions search $word'"
        fi
    done
    rm -rf "$WORK/data/search"
fi

# --- a turn in a 50,000-message session (issue 34): --continue vs curl with the same body; the REPL's ---
# second turn vs an in-process Python client; peak RSS vs the body. Also the turn to the app backend,
# which sends no history (kept from issue 26).
if want continue; then
    echo "bench: generating a session of 50,000 messages"
    gen huge 1 50000
    sync
    export XDG_DATA_HOME="$WORK/data/huge"
    session=$(ls "$XDG_DATA_HOME"/lyra/sessions/*.json)
    python3 "$TOOLS" body "$session" lyra-demo 'one more question' "$WORK/body.json"
    # A window (in tokens) that holds the whole session, so that every turn sends all of it (SPEC §12).
    curl -s -X POST "$BASE_URL/_test/config" -d '{"context_window": 10000000}' >/dev/null
    BODY_MIB=$(python3 -c 'import os, sys; print("%.1f" % (os.path.getsize(sys.argv[1]) / 1048576))' "$WORK/body.json")
    command="env OPENAI_BASE_URL=$BASE_URL/v1 $LYRA --model openai:lyra-demo --continue -c 'one more question'"
    name="a turn with \`--continue\` in a 50,000-message session, the whole history sent (openai:lyra-demo)"
    if measure "$name" pair "$RUNS" "$command" \
        "curl -s -o /dev/null -X POST -H 'Content-Type: application/json' -H 'Authorization: Bearer bench' --data-binary @$WORK/body.json $BASE_URL/v1/chat/completions"; then
        sent=$(curl -s "$BASE_URL/_test/requests" | python3 -c 'import json, sys; print("%.1f" % ([r["body_bytes"] for r in json.load(sys.stdin) if r["path"] == "/v1/chat/completions"][-1] / 1048576))')
        limit=$(awk -v b="$BODY_MIB" 'BEGIN { printf "%.1f", 2 * b + 30 }')
        row "$LATER" "$name" "$(j lyra_ms %.0f) ms ($(j lyra_cpu_ms %.0f) ms CPU)" \
            "$(j floor_ms %.0f) ms: curl posting the same $BODY_MIB MiB body ($(j floor_cpu_ms %.0f) ms CPU); Lyra sent $sent MiB" \
            "≤ 3× the floor" "$(met "$(j ratio %.2f)" 3 "×") ($(j ratio %.2f)×, median of $RUNS pairs)" \
            "OPENAI_BASE_URL=\$B/v1 lyra --model openai:lyra-demo --continue -c 'one more question'"
        row "$LATER" "peak RSS of that turn" "$(j lyra_peak_mib) MiB" "2 × the $BODY_MIB MiB body + 30 MiB (curl: $(j floor_peak_mib) MiB)" \
            "≤ $limit MiB" "$(met "$(j lyra_peak_mib)" "$limit" " MiB")" \
            "OPENAI_BASE_URL=\$B/v1 lyra --model openai:lyra-demo --continue -c 'one more question'"
    fi
    name="REPL: a turn in the 50,000-message session (Enter → first reply character)"
    if measure "$name" repl-long "$((RUNS * 2))" "$BASE_URL" "$LYRA" "$session"; then
        row "$LATER" "$name" "$(j lyra_ms %.0f) ms (the first turn, which reads the session: $(j cold_lyra_ms %.0f) ms); peak RSS $(j lyra_peak_mib) MiB" \
            "$(j floor_ms %.0f) ms: Python holding the conversation, \`json.dumps\` + \`http.client\` kept alive, to the first \`data:\` event with text ($(j body_mib) MiB)" \
            "≤ 1.5× the floor" "$(met "$(j ratio %.2f)" 1.5 "×") ($(j ratio %.2f)×, median of $((RUNS * 2)) turns after the first)" \
            "OPENAI_BASE_URL=\$B/v1 lyra -q --model openai:lyra-demo --continue (on a pty; python3 Benchmarks/latency.py repl-long N \$B lyra SESSION)"
    fi
    curl -s -X POST "$BASE_URL/_test/config" -d '{"context_window": 8192}' >/dev/null
    url="$BASE_URL/dola/chats/bench-chat/messages?user_id=bench&app_id=lyra.cli&locale=en"
    # `--model app`: the rows above saved openai:lyra-demo as the session's model.
    if measure "a turn with --continue" pair "$RUNS" "$LYRA --model app --continue -c 'one more question'" \
        "curl -s -X POST -H 'Content-Type: application/json' -H 'Authorization: Bearer bench' -d '{\"message\": \"one more question\"}' '$url'"; then
        row "$LATER" "a turn with \`--continue\` in a 50,000-message session, app backend (no history sent)" "$(j lyra_ms) ms, peak RSS $(j lyra_peak_mib) MiB" \
            "$(j floor_ms) ms: curl, the same POST to the app backend" "—" "—" "$LYRA --model app --continue -c 'one more question'"
    fi
    rm -rf "$WORK/data/huge"
fi
if want video; then
    fresh video
    for photo in 1 2 3; do
        python3 "$TOOLS" jpeg "$ROOT/Fixtures/photos/red.jpg" "$WORK/photo$photo.jpg" $((15 * 1024 * 1024))
    done
    export LYRA_PREMIUM=1 LYRA_VIDEO_DIR="$WORK/videos" LYRA_VIDEO_POLL_INTERVAL=0.05
    mkdir -p "$LYRA_VIDEO_DIR"
    if measure "/video" video "$RUNS" "$BASE_URL" "$LYRA" 0.05 "$WORK/photo1.jpg" "$WORK/photo2.jpg" "$WORK/photo3.jpg"; then
        row "$LATER" "\`/video\`, three 15 MiB photos" "$(j lyra_ms %.0f) ms, peak RSS $(j lyra_peak_mib) MiB" \
            "$(j floor_ms %.0f) ms, peak $(j floor_peak_mib) MiB: curl's upload, a status poll every 50 ms, download" "—" "—" \
            "lyra -c '/video 1 \$TMP/photo1.jpg \$TMP/photo2.jpg \$TMP/photo3.jpg'"
    fi
    unset LYRA_PREMIUM
fi

# --- reasoning vs content: CPU per 1,000 streamed tokens of each (issue 27), in a script ---------------
# (20,000-piece reply − 20-piece reply) / 20, median of $RUNS; reasoning with --reasoning (to stderr).
if want reasoning; then
    fresh reasoning
    cpu_ms() { # cpu_ms WORDS MODEL [FLAGS]: the median user+system ms of $RUNS one-shots
        curl -s -X POST "$BASE_URL/_test/config" -d "{\"demo_reply_words\": $1}" >/dev/null
        for _ in $(seq "$RUNS"); do
            /usr/bin/time -f "%U %S" -o "$WORK/cpu.txt" env OPENAI_BASE_URL="$BASE_URL/v1" \
                "$LYRA" --model "openai:$2" ${3:-} -q -c hi >/dev/null 2>&1
            awk '{ printf "%.1f\n", ($1 + $2) * 1000 }' "$WORK/cpu.txt"
        done | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
    }
    content=$(awk -v a="$(cpu_ms 20000 lyra-demo)" -v b="$(cpu_ms 0 lyra-demo)" 'BEGIN { printf "%.1f", (a - b) / 20 }')
    thinking=$(awk -v a="$(cpu_ms 20000 lyra-think --reasoning)" -v b="$(cpu_ms 0 lyra-think --reasoning)" 'BEGIN { printf "%.1f", (a - b) / 20 }')
    curl -s -X POST "$BASE_URL/_test/config" -d '{"demo_reply_words": 0}' >/dev/null
    row "$LATER" "CPU per 1,000 streamed reasoning tokens (parsed, split, written to stderr)" "$thinking ms" \
        "$content ms per 1,000 content tokens (parsed, written to stdout)" "—" "—" \
        "lyra --model openai:lyra-think --reasoning -c hi (demo_reply_words 20000 vs 0)"
fi

# --- the context window (issue 28): /usage over 10,000 sessions; a budgeted turn in 50,000 messages ---
if want context; then
    echo "bench: generating 10,000 sessions of 10 messages with usage"
    gen usage 10000 10 usage
    sync
    export XDG_DATA_HOME="$WORK/data/usage"
    "$LYRA" -c '/sessions --json' >/dev/null   # the listing index, as after any earlier listing
    if measure "/usage" pair "$RUNS" "$LYRA -c '/usage --json'" \
        "sh -c 'find $XDG_DATA_HOME/lyra/sessions -name \"*.json\" -exec cat {} + >/dev/null'"; then
        row "$LATER" "\`/usage --json\` over 10,000 sessions (50,000 replies)" "$(j lyra_ms %.0f) ms, peak RSS $(j lyra_peak_mib) MiB" \
            "$(j floor_ms %.0f) ms: reading the same files (\`find -exec cat\`)" "≤ 2 s" \
            "$(met "$(j lyra_ms %.0f)" 2000 " ms")" "$LYRA -c '/usage --json'"
    fi
    rm -rf "$WORK/data/usage"
    echo "bench: generating a session of 50,000 messages"
    gen huge 1 50000
    sync
    export XDG_DATA_HOME="$WORK/data/huge"
    url="$BASE_URL/dola/chats/bench-chat/messages?user_id=bench&app_id=lyra.cli&locale=en"
    if measure "a budgeted turn" pair "$RUNS" \
        "env OPENAI_BASE_URL=$BASE_URL/v1 $LYRA --model openai:lyra-demo --context-tokens 4000 --continue -c 'one more question'" \
        "$LYRA --model app --continue -c 'one more question'"; then
        row "$LATER" "a turn with \`--continue\` in a 50,000-message session, budgeted to 4,000 tokens (openai:lyra-demo)" \
            "$(j lyra_ms) ms, peak RSS $(j lyra_peak_mib) MiB" \
            "$(j floor_ms) ms: the same turn to the app backend (no history sent, the core issue's row)" "—" "—" \
            "lyra --model openai:lyra-demo --context-tokens 4000 --continue -c 'one more question'"
    fi
    rm -rf "$WORK/data/huge"
fi
# --- a turn with 8 × 20 MiB images (issue 29), vs the same body built with base64 and sent by curl ------
if want images; then
    fresh images
    if OUT=$(python3 "$ROOT/Benchmarks/image-turn.py" "$LYRA" "$WORK/images" "$RUNS" 2>"$WORK/images.err"); then
        limit=$(awk -v e="$(j encoded_mib)" 'BEGIN { printf "%.0f", 3 * e }')
        slower=$(awk -v l="$(j lyra_ms)" -v f="$(j floor_ms)" 'BEGIN { printf "%.2f", l / f }')
        row "$LATER" "a turn with 8 × 20 MiB images: peak RSS; time" "$(j lyra_peak_mib %.0f) MiB; $(j lyra_ms %.0f) ms" \
            "$(j floor_ms %.0f) ms: the same body built with base64, sent with curl ($(j encoded_mib %.0f) MiB encoded)" \
            "< $limit MiB; ≤ 2× the floor" "$(met "$(j lyra_peak_mib)" "$limit" " MiB"); $(met "$slower" 2 "×")" \
            "lyra --attach \$TMP/image0.png … --attach \$TMP/image7.png 'what is in these images?'"
    else
        row "$LATER" "a turn with 8 × 20 MiB images" "FAILED ($(tail -1 "$WORK/images.err"))" "" "" "" "python3 Benchmarks/image-turn.py"
    fi
fi

# --- lyra serve under a bounded soak (issue 33): large POSTs, stalled uploads, slowloris heads ---------
if want serve; then
    if python3 "$ROOT/Benchmarks/serve-soak.py" --lyra "$LYRA" --hold 11 >"$WORK/soak.txt" 2>"$WORK/soak.err"; then
        peak=$(sed -n 's/.*server peak RSS (VmHWM) \([0-9]*\) MiB.*/\1/p' "$WORK/soak.txt")
        row "$LATER" "\`lyra serve\` peak RSS under a soak: 40 POSTs of 40 MiB, 20 stalled 95 MiB uploads, 2,000 slowloris heads" \
            "${peak:-?} MiB" "256 MiB of request bodies in all (SPEC §16)" "≤ 400 MiB" "$(met "${peak:-9999}" 400 " MiB")" \
            "python3 Benchmarks/serve-soak.py --lyra lyra --hold 11"
        sed 's/^/    /' "$WORK/soak.txt"
    else
        row "$LATER" "\`lyra serve\` soak" "FAILED ($(tail -1 "$WORK/soak.err"))" "" "" "" "python3 Benchmarks/serve-soak.py"
    fi
fi

# --- rendering a streamed reply (issue 34): CPU per 1,000 events on a pty and to a file, share of a core at 500/s ---
# Benchmarks/render.py serves a 1 MiB Markdown reply in 19,000 events (one write each) and measures
# Lyra (the REPL on a pty; a script writing to a file) and curl writing the same raw stream to the
# same kind of output, in turn: (CPU of the long reply − CPU of a 20-event reply) per 1,000 events.
if want render; then
    fresh render
    if OUT=$(python3 "$ROOT/Benchmarks/render.py" "$LYRA" "$RUNS" "$WORK" 2>"$WORK/render.err"); then
        file_ratio=$(awk -v l="$(j lyra_file_ms_per_1000 %.3f)" -v f="$(j curl_file_ms_per_1000 %.3f)" 'BEGIN { printf "%.1f", l / f }')
        row "$LATER" "Markdown reply on a pty: CPU per 1,000 events ($(j events %d) events, $(j bytes %d) bytes)" \
            "$(j lyra_pty_ms_per_1000) ms" "$(j curl_pty_ms_per_1000) ms: curl writing the raw stream to the same pty" \
            "≤ 15 ms" "$(met "$(j lyra_pty_ms_per_1000)" 15 " ms") (median of $RUNS)" \
            "lyra -q --model openai:bench on a 100×30 pty, TERM=xterm-256color (python3 Benchmarks/render.py lyra $RUNS \$TMP)"
        row "$LATER" "the same reply at $(j rate %.0f) events a second on a pty: share of a core" \
            "$(j lyra_pty_pct %.2f) %" "$(j curl_pty_pct %.2f) %: curl, the same stream to the same pty" \
            "≤ 2 %" "$(met "$(j lyra_pty_pct %.2f)" 2 " %") ($(j paced_events %d) events in $(j paced_seconds %.1f) s)" \
            "(CPU − CPU of a 20-event reply) / time from Enter to the next prompt"
        row "$LATER" "the reply to a file (a script): CPU per 1,000 events" \
            "$(j lyra_file_ms_per_1000) ms" "$(j curl_file_ms_per_1000) ms: \`curl -sN -o -\` to the same file" \
            "≤ 3× the floor" "$(met "$file_ratio" 3 "×") (${file_ratio}×, median of $RUNS)" \
            "lyra -q --model openai:bench -c hi >\$TMP/render.out"
    else
        row "$LATER" "rendering a streamed reply" "FAILED ($(tail -1 "$WORK/render.err"))" "" "" "" "python3 Benchmarks/render.py"
    fi
fi

# --- the results block of docs/BENCHMARKS.md ----------------------------------------------------------
ENVIRONMENT="$(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo ?); $(nproc) cores; load average $LOAD_START at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end; $(swift --version 2>/dev/null | head -1 || echo swift)"
{
    echo "<!-- results:begin (written by Benchmarks/run.sh; do not edit by hand) -->"
    echo "Latest run: $ENVIRONMENT."
    echo
    echo "| budget (issue 26) | Lyra | floor, same run | goal | met? | command |"
    echo "|---|---|---|---|---|---|"
    cat "$BUDGETS"
    if [ -s "$LATER" ]; then
        echo
        echo "| kept for later issues | Lyra | floor, same run | goal | met? | command |"
        echo "|---|---|---|---|---|---|"
        cat "$LATER"
    fi
    echo "<!-- results:end -->"
} >"$WORK/block.md"
python3 - "$DOC" "$WORK/block.md" <<'EOF'
import os, re, sys
doc, block = sys.argv[1], open(sys.argv[2]).read().rstrip("\n")
text = open(doc).read() if os.path.exists(doc) else "# Benchmarks\n\nRun `make bench`.\n\n<!-- results:begin -->\n<!-- results:end -->\n"
pattern = re.compile(r"<!-- results:begin.*?<!-- results:end -->", re.S)
text = pattern.sub(lambda _: block, text) if pattern.search(text) else text.rstrip("\n") + "\n\n" + block + "\n"
open(doc, "w").write(text)
EOF
echo "bench: results written to $DOC ($ENVIRONMENT)"
