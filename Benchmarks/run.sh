#!/usr/bin/env bash
# Lyra's benchmarks (`make bench`): start-up, durable chat turns, session scale, peak memory and
# network (keep-alive, CPU while waiting) of the release binary, each against a baseline
# (Benchmarks/versus.sh: against its floor, paired); prints every figure with its command and writes the
# results into docs/BENCHMARKS.md. Never part of `make test`. All data lives in a temp directory.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LYRA=${LYRA_BENCH_BINARY:-"$ROOT/.build/release/lyra"}   # another binary (e.g. an older build) to compare
TOOLS="$ROOT/Benchmarks/benchtools.py"
DOC=${LYRA_BENCH_DOC:-"$ROOT/docs/BENCHMARKS.md"}
RUNS=${LYRA_BENCH_RUNS:-5}
TURNS=${LYRA_BENCH_TURNS:-1000}
BIG=${LYRA_BENCH_BIG:-100000}          # the largest session count of the scale test
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
# LYRA_BENCH_ONLY=start-up,streaming,… runs only those sections (start-up turns scale journal memory streaming one-shot video).
want() { [ -z "${LYRA_BENCH_ONLY:-}" ] || [[ ",$LYRA_BENCH_ONLY," == *",$1,"* ]]; }

# --- tools --------------------------------------------------------------------------------------
need() { # need COMMAND PACKAGE: installs PACKAGE with apt when COMMAND is missing
    command -v "$1" >/dev/null 2>&1 && return 0
    echo "bench: installing $2" >&2
    $SUDO apt-get update -qq && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
}
need hyperfine hyperfine
need sqlite3 sqlite3
need script bsdutils
need python3 python3
need curl curl
[ -x /usr/bin/time ] || need /usr/bin/time time
[ -x "$LYRA" ] || { echo "bench: $LYRA missing; run 'make bench' (it builds the release binary)" >&2; exit 2; }

# LYRA_BENCH_KEEP=DIR keeps the generated data in DIR and reuses it on the next run (it is slow to make).
WORK=${LYRA_BENCH_KEEP:-$(mktemp -d "${TMPDIR:-/tmp}/lyra-bench.XXXXXX")}
mkdir -p "$WORK"
SERVER_PID=""
cleanup() {
    [ -z "$SERVER_PID" ] || kill "$SERVER_PID" 2>/dev/null || true
    [ -n "${LYRA_BENCH_KEEP:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT

# Every lyra run sees only the temp dir: never $HOME.
export HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/config" XDG_STATE_HOME="$WORK/state" XDG_DATA_HOME="$WORK/data/empty"
export LYRA_HISTFILE="" NO_COLOR=1 LYRA_TOKEN=bench LYRA_USER_ID=bench
unset LYRA_BASE_URL LYRA_PREMIUM
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_STATE_HOME" "$XDG_DATA_HOME"

RESULTS="$WORK/results.md"
: >"$RESULTS"
row() { # row SECTION MEASUREMENT VALUE COMMAND (paths shown relative to the repository and to $TMP)
    local command=${4//"$ROOT"/.}
    command=${command//"$WORK"/\$TMP}
    command=${command//|/\\|}   # a pipe inside a Markdown table cell
    printf '| %s | %s | %s | `%s` |\n' "$1" "$2" "$3" "$command" >>"$RESULTS"
    printf '%-12s %-52s %s\n    $ %s\n' "$1" "$2" "$3" "$command"
}

# timed SECTION NAME COMMAND [hyperfine options]: the median (and min–max) of $RUNS runs, in ms.
timed() {
    local section=$1 name=$2 command=$3; shift 3
    hyperfine --style none --runs "$RUNS" --export-json "$WORK/h.json" "$@" "$command" >/dev/null 2>"$WORK/h.err" || {
        row "$section" "$name" "FAILED ($(tail -1 "$WORK/h.err"))" "$command"; return 0; }
    row "$section" "$name" "$(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print("%.1f ms (min %.1f, max %.1f)" % (r["median"] * 1e3, r["min"] * 1e3, r["max"] * 1e3))' "$WORK/h.json")" "$command"
    MEDIAN_MS=$(python3 -c 'import json,sys; print("%.3f" % (json.load(open(sys.argv[1]))["results"][0]["median"]*1e3))' "$WORK/h.json")
    CPU_MS=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print("%.3f" % ((r["user"]+r["system"])*1e3))' "$WORK/h.json")
}

# peak SECTION NAME COMMAND: the maximum resident set size of one run under /usr/bin/time -v.
peak() {
    local section=$1 name=$2 command=$3
    if bash -c "/usr/bin/time -v -o '$WORK/time.txt' $command" >/dev/null 2>"$WORK/peak.err"; then
        local kib
        kib=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$WORK/time.txt")
        row "$section" "$name" "$(awk -v k="$kib" 'BEGIN { printf "%.1f MiB", k / 1024 }')" "/usr/bin/time -v $command"
    else
        row "$section" "$name" "FAILED ($(tail -1 "$WORK/peak.err"))" "/usr/bin/time -v $command"
    fi
}

echo "bench: data in $WORK; $RUNS runs per figure"

# --- data ---------------------------------------------------------------------------------------
gen() { # gen NAME SESSIONS MESSAGES (kept from an earlier run with LYRA_BENCH_KEEP when complete)
    [ -f "$WORK/data/$1/complete-$2-$3" ] && return 0
    rm -rf "$WORK/data/$1"
    mkdir -p "$WORK/data/$1/lyra"
    python3 "$TOOLS" sessions "$WORK/data/$1/lyra/sessions" "$2" "$3"
    touch "$WORK/data/$1/complete-$2-$3"
}
echo "bench: generating sessions (1k, 10k, $BIG of 10 messages; one of 10,000 messages)"
want start-up && gen 10k 10000 10
if want scale; then gen 1k 1000 10; gen 10k 10000 10; gen big "$BIG" 10; fi
rm -rf "$WORK/data/long" "$WORK/data/turns" "$WORK/data/small" "$WORK/data/huge" "$WORK/videos"   # changed by every run: made afresh
if want scale || want memory; then gen long 1 10000; fi
for photo in 1 2 3; do
    python3 "$TOOLS" jpeg "$ROOT/Fixtures/photos/red.jpg" "$WORK/photo$photo.jpg" $((15 * 1024 * 1024))
done

# --- the local backend (a separate process, so the client's memory is measured alone) -------------
"$LYRA" serve --port 0 >"$WORK/serve.out" 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do grep -q listening "$WORK/serve.out" && break; sleep 0.1; done
BASE_URL=$(grep -o 'http://[^ ]*' "$WORK/serve.out" | head -1)
PORT=${BASE_URL##*:}; PORT=${PORT%%/*}
export LYRA_BASE_URL="$BASE_URL"
echo "bench: local backend at $BASE_URL"

# shellcheck source=Benchmarks/versus.sh
source "$ROOT/Benchmarks/versus.sh"

# --- 1. start-up --------------------------------------------------------------------------------
if want start-up; then
VENV="$WORK/venv"
LLM=""
if python3 -m venv "$VENV" >/dev/null 2>&1 && "$VENV/bin/pip" install -q llm >"$WORK/pip.log" 2>&1; then
    LLM="$VENV/bin/llm"
    export LLM_USER_PATH="$WORK/llm"
else
    row start-up "llm --version" "NOT MEASURED: pip install llm failed ($(tail -1 "$WORK/pip.log" 2>/dev/null))" "pip install llm"
fi
sync   # let the writes of the data generation and of pip settle before timing
timed start-up "lyra -c /help, empty store" "$LYRA -c /help" -N --warmup 2
HELP_MS=$MEDIAN_MS
export XDG_DATA_HOME="$WORK/data/10k"
"$LYRA" -c '/sessions --json' >/dev/null   # builds the index once
timed start-up "lyra -c /help, 10,000 sessions" "$LYRA -c /help" -N --warmup 2
export XDG_DATA_HOME="$WORK/data/empty"
if [ -n "$LLM" ]; then
    timed start-up "llm --version (Python)" "$LLM --version" -N --warmup 2
    LLM_MS=$MEDIAN_MS
    row start-up "llm / lyra start-up ratio" "$(awk -v a="$LLM_MS" -v b="$HELP_MS" 'BEGIN { printf "%.1f×", a / b }')" "median(llm --version) / median(lyra -c /help)"
fi
timed start-up "sqlite3 :memory: .quit (C baseline)" "sqlite3 :memory: .quit" -N --warmup 2
bench_floors
fi

# --- 2. durable turn throughput -----------------------------------------------------------------
if want turns; then
seq "$TURNS" >"$WORK/turns.txt"
# Earlier sections' writes (data generation, pip, photos) still being written back would slow every
# fdatasync here (ext4 commits wait for the data of blocks allocated meanwhile): flushed first.
sync
export XDG_DATA_HOME="$WORK/data/turns"
# Lyra and the append floor (docs/JOURNAL.md: two ~230-byte appends, each followed by fdatasync), in
# turn $RUNS times: the ratio is the median of the pairwise ratios (the disk's speed drifts).
PAIRS_COMMAND="python3 $TOOLS turn-pairs $LYRA $WORK/turns.txt $XDG_DATA_HOME $WORK/append $RUNS"
if PAIRS_OUT=$($PAIRS_COMMAND 2>"$WORK/pairs.err"); then
    pair_field() { python3 -c 'import json, sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$PAIRS_OUT" "$1"; }
    row turns "durable turns per second ($TURNS chat turns, each saved durably)" "$(awk -v r="$(pair_field lyra_turns_per_s)" 'BEGIN { printf "%.0f turns/s", r }')" "$LYRA < $WORK/turns.txt > /dev/null (median of $RUNS)"
    row turns "append floor: two 230-byte appends + fdatasync a turn" "$(awk -v r="$(pair_field floor_turns_per_s)" 'BEGIN { printf "%.0f turns/s", r }')" "python3 Benchmarks/benchtools.py append-loop DIR $TURNS 230 (median of $RUNS)"
    row turns "durable turns / append floor (goal ≥ 50%)" "$(awk -v r="$(pair_field ratio)" 'BEGIN { printf "%.0f%%", 100 * r }') (pairs: $(pair_field ratios))" "$PAIRS_COMMAND"
else
    row turns "durable turns / append floor" "FAILED ($(tail -1 "$WORK/pairs.err"))" "$PAIRS_COMMAND"
fi
python3 "$TOOLS" http-loop "$PORT" "$TURNS" >"$WORK/http.txt" && row turns "bare HTTP round trips (baseline)" "$(cat "$WORK/http.txt")" "python3 Benchmarks/benchtools.py http-loop PORT $TURNS"
# The whole-file rewrite of the layout before the journal: a file of the session's average size
# (half its final size), as often.
FINAL=$(stat -c %s "$(ls -S "$XDG_DATA_HOME"/lyra/sessions/*.json | head -1)" 2>/dev/null || echo 8192)
SIZE=$((FINAL / 2))
mkdir -p "$WORK/fsync"
python3 "$TOOLS" fsync-loop "$WORK/fsync" "$TURNS" "$SIZE" >"$WORK/fsync.txt" && row turns "bare fsync+rename loop (baseline)" "$(cat "$WORK/fsync.txt")" "python3 Benchmarks/benchtools.py fsync-loop DIR $TURNS $SIZE"

fi

# --- 3. scale -----------------------------------------------------------------------------------
if want scale; then
for set in 1k 10k big; do
    export XDG_DATA_HOME="$WORK/data/$set"
    label=$set; [ "$set" = big ] && label="$BIG"
    rm -f "$XDG_DATA_HOME/lyra/sessions/.index.tsv"
    start=$(date +%s.%N); "$LYRA" -c '/sessions --json' >/dev/null; end=$(date +%s.%N)
    row scale "first /sessions --json over $label (builds the index)" "$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.0f ms (one run)", (e - s) * 1000 }')" "lyra -c '/sessions --json'"
    timed scale "/sessions --json over $label sessions" "$LYRA -c '/sessions --json' > /dev/null" --warmup 1
    if [ "$set" = big ]; then
        bench_listing_floor "$XDG_DATA_HOME/lyra/sessions" "$label"
        bench_index_build_floor "$XDG_DATA_HOME/lyra/sessions" "$label"
    fi
done
export XDG_DATA_HOME="$WORK/data/long"
timed scale "load: /sessions show of a 10,000-message session" "$LYRA -c '/sessions show 1' > /dev/null" --warmup 1
SHOW_MS=$MEDIAN_MS
timed scale "append: one turn with --continue (10,000 messages)" "$LYRA --continue -c 'one more question' > /dev/null" --warmup 1
row scale "save: turn minus load (2 durable saves)" "$(awk -v a="$MEDIAN_MS" -v b="$SHOW_MS" 'BEGIN { printf "%.1f ms", a - b }')" "median(append) − median(load)"
fi

# --- 3b. journal: a turn's cost independent of the session's size ------------------------------
# A turn's local cost = (41 scripted turns − 1 turn) / 40 with --continue: loading the session and
# folding its journal at exit happen once in both runs and cancel out. Wall time (with the backend's
# answer and the fdatasyncs) and CPU time (user+system, mean: steadier on a loaded machine).
if want journal; then
sync   # as for the durable turns: nothing of the earlier sections still being written back
gen small 1 10
gen huge 1 50000
seq 1 >"$WORK/one.txt"
seq 41 >"$WORK/many.txt"
for set in small huge; do
    export XDG_DATA_HOME="$WORK/data/$set"
    label=10; [ "$set" = huge ] && label=50,000
    timed journal "1 turn with --continue, $label messages" "$LYRA --continue < $WORK/one.txt > /dev/null" --warmup 1
    one=$MEDIAN_MS one_cpu=$CPU_MS
    timed journal "41 turns with --continue, $label messages" "$LYRA --continue < $WORK/many.txt > /dev/null" --warmup 1
    cost=$(awk -v a="$MEDIAN_MS" -v b="$one" 'BEGIN { printf "%.2f", (a - b) / 40 }')
    cpu=$(awk -v a="$CPU_MS" -v b="$one_cpu" 'BEGIN { printf "%.2f", (a - b) / 40 }')
    row journal "a turn's cost, $label messages" "$cost ms wall, $cpu ms CPU" "(41 turns − 1 turn) / 40: median wall, mean user+system"
    if [ "$set" = small ]; then SMALL_COST=$cost SMALL_CPU=$cpu; else HUGE_COST=$cost HUGE_CPU=$cpu; fi
done
row journal "50,000-message turn / 10-message turn (goal ≤ 2×)" "$(awk -v a="$HUGE_COST" -v b="$SMALL_COST" -v c="$HUGE_CPU" -v d="$SMALL_CPU" 'BEGIN { printf "%.2f× wall, %.2f× CPU", a / b, c / d }')" "cost(50,000) ÷ cost(10)"
export XDG_DATA_HOME="$WORK/data/huge"
peak journal "peak RSS, a turn in a 50,000-message session (goal < 60 MiB)" "$LYRA --continue -c 'memory question'"
fi

# --- 4. peak memory -----------------------------------------------------------------------------
if want memory; then
export XDG_DATA_HOME="$WORK/data/empty"
peak memory "lyra -c /help" "$LYRA -c /help"
rm -f "$WORK/time.txt"
# The REPL on a pseudo-terminal (script), idle for a second, then /quit typed; /usr/bin/time inside it.
if { sleep 1; printf '/quit\r'; sleep 2; } | timeout 30 script -qec "/usr/bin/time -v -o $WORK/time.txt $LYRA -q" /dev/null >/dev/null 2>&1 \
    && [ -s "$WORK/time.txt" ]; then
    kib=$(awk -F: '/Maximum resident set size/ {gsub(/ /, "", $2); print $2}' "$WORK/time.txt")
    row memory "idle REPL on a pseudo-terminal" "$(awk -v k="$kib" 'BEGIN { printf "%.1f MiB", k / 1024 }')" "script -qec '/usr/bin/time -v lyra -q' (types /quit after 1 s)"
else
    row memory "idle REPL on a pseudo-terminal" "FAILED" "script -qec '/usr/bin/time -v lyra -q'"
fi
export XDG_DATA_HOME="$WORK/data/long"
peak memory "a turn in a 10,000-message session" "$LYRA --continue -c 'memory question'"
export XDG_DATA_HOME="$WORK/data/empty" LYRA_PREMIUM=1 LYRA_VIDEO_DIR="$WORK/videos" LYRA_VIDEO_POLL_INTERVAL=0.05
mkdir -p "$LYRA_VIDEO_DIR"
peak memory "/video upload of three 15 MiB JPEGs" "$LYRA -c '/video 1 $WORK/photo1.jpg $WORK/photo2.jpg $WORK/photo3.jpg'"
unset LYRA_PREMIUM
fi

# --- 5–7. against the floor: streaming vs curl -N, one-shot vs curl, /video vs curl -----------------
export XDG_DATA_HOME="$WORK/data/empty"
want streaming && bench_streaming
want one-shot && bench_one_shot
want video && bench_video

# --- 5. network: keep-alive and the cost of waiting ------------------------------------------------
export XDG_DATA_HOME="$WORK/data/net"
rm -rf "$XDG_DATA_HOME"; mkdir -p "$XDG_DATA_HOME"
NET_TURNS=$(( TURNS < 200 ? TURNS : 200 ))
seq "$NET_TURNS" >"$WORK/net-turns.txt"
curl -s -X POST "$BASE_URL/_test/reset" -d '{}' >/dev/null
"$LYRA" < "$WORK/net-turns.txt" >/dev/null
ACCEPTED=$(curl -s "$BASE_URL/_test/connections" | python3 -c 'import json,sys; print(json.load(sys.stdin)["accepted"] - 1)')
row network "connections for $NET_TURNS turns in one lyra run (keep-alive)" "$ACCEPTED" "lyra < turns.txt; GET /_test/connections"
python3 "$TOOLS" http-loop "$PORT" "$NET_TURNS" >"$WORK/ka.txt" && row network "bare HTTP, one kept-alive connection" "$(cat "$WORK/ka.txt")" "python3 Benchmarks/benchtools.py http-loop PORT $NET_TURNS"
python3 "$TOOLS" http-loop-fresh "$PORT" "$NET_TURNS" >"$WORK/fresh.txt" && row network "bare HTTP, a new connection each" "$(cat "$WORK/fresh.txt")" "python3 Benchmarks/benchtools.py http-loop-fresh PORT $NET_TURNS"
# CPU while a reply is 5 s away: user+system time of the whole run (start-up included) over 5 s.
curl -s -X POST "$BASE_URL/_test/config" -d '{"chat_delay_ms": 5000}' >/dev/null
/usr/bin/time -f "%U %S" -o "$WORK/cpu.txt" "$LYRA" -c 'a slow reply' >/dev/null 2>&1 || true
curl -s -X POST "$BASE_URL/_test/config" -d '{"chat_delay_ms": 0}' >/dev/null
row network "CPU per second of waiting for a reply" "$(awk '{ printf "%.1f ms CPU/s (%.2f s CPU over a 5 s wait, start-up included)", ($1 + $2) * 1000 / 5, $1 + $2 }' "$WORK/cpu.txt")" "/usr/bin/time lyra -c 'a slow reply' (chat_delay_ms 5000)"

# --- report -------------------------------------------------------------------------------------
ENVIRONMENT="$(date -u '+%Y-%m-%d %H:%M UTC'); commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo ?); $(nproc) cores; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg); $(swift --version 2>/dev/null | head -1 || echo swift)"
{
    echo "<!-- results:begin (written by Benchmarks/run.sh; do not edit by hand) -->"
    echo "Latest run: $ENVIRONMENT. Median of $RUNS runs (hyperfine) unless noted."
    echo
    echo "| area | measurement | result | command |"
    echo "|---|---|---|---|"
    cat "$RESULTS"
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
