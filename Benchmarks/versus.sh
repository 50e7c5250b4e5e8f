# Sourced by Benchmarks/run.sh (needs its row, $LYRA, $WORK, $ROOT, $BASE_URL, $RUNS): Lyra against its
# floor in the same run, paired A B A B … with Benchmarks/latency.py (wall from a monotonic clock, CPU and
# peak RSS from wait4). Sections: start-up floors, streaming vs curl -N, one-shot vs curl, /video vs curl.

LATENCY="$ROOT/Benchmarks/latency.py"
PAIRS=${LYRA_BENCH_PAIRS:-20}

# field JSON NAME: one number of latency.py's JSON answer, printed with one decimal.
field() { python3 -c 'import json, sys; print("%.1f" % json.loads(sys.argv[1])[sys.argv[2]])' "$1" "$2"; }
fraction() { python3 -c 'import json, sys; print("%.2f" % json.loads(sys.argv[1])[sys.argv[2]])' "$1" "$2"; }

# versus SECTION NAME FLOOR_NAME GOAL "LYRA ARGV" "FLOOR ARGV": a paired comparison as three rows.
versus() {
    local section=$1 name=$2 floor=$3 goal=$4 a=$5 b=$6 out
    if ! out=$(python3 "$LATENCY" pair "$PAIRS" "$a" "$b" 2>"$WORK/versus.err"); then
        row "$section" "$name" "FAILED ($(tail -1 "$WORK/versus.err"))" "$a"; return 0
    fi
    row "$section" "$name" "$(field "$out" a_wall_ms) ms wall, $(field "$out" a_cpu_ms) ms CPU" "$a"
    row "$section" "$floor" "$(field "$out" b_wall_ms) ms wall, $(field "$out" b_cpu_ms) ms CPU" "$b"
    row "$section" "ratio (median of $PAIRS pairs; goal $goal)" "$(fraction "$out" wall_ratio)× wall, $(fraction "$out" cpu_ratio)× CPU" "python3 Benchmarks/latency.py pair $PAIRS 'A' 'B'"
}

bench_floors() {
    echo "bench: compiling the Swift start-up floors"
    swiftc -O "$ROOT/Benchmarks/floors/hello-foundation.swift" -o "$WORK/hello-foundation" 2>"$WORK/swiftc.err" &&
    swiftc -O "$ROOT/Benchmarks/floors/hello-networking.swift" -o "$WORK/hello-networking" 2>>"$WORK/swiftc.err" || {
        row start-up "Swift floors" "NOT MEASURED ($(tail -1 "$WORK/swiftc.err"))" "swiftc -O Benchmarks/floors/*.swift"; return 0; }
    versus start-up "lyra -c /help" "Swift hello, Foundation + FoundationNetworking" "≤ 0.6×" \
        "$LYRA -c /help" "$WORK/hello-networking"
    versus start-up "lyra -c /help" "Swift hello, Foundation only" "none (the lower floor)" \
        "$LYRA -c /help" "$WORK/hello-foundation"
    local objects
    objects=$(LD_DEBUG=libs "$LYRA" -c /help 2>&1 >/dev/null | grep -c 'calling init:' || true)
    row start-up "shared objects initialised by lyra -c /help" "$objects" "LD_DEBUG=libs lyra -c /help | grep -c 'calling init:'"
    local curl_loaded="no"
    LD_DEBUG=libs "$LYRA" -c /help 2>&1 >/dev/null | grep -q 'libcurl' && curl_loaded="YES"
    row start-up "libcurl loaded by lyra -c /help" "$curl_loaded" "LD_DEBUG=libs lyra -c /help | grep libcurl"
    row start-up "release binary size" "$(du -m "$LYRA" | cut -f1) MiB" "du -m .build/release/lyra"
}

bench_streaming() {
    local words=${LYRA_BENCH_WORDS:-2000} out
    export OPENAI_API_KEY=bench
    if ! out=$(python3 "$LATENCY" stream "$PAIRS" "$BASE_URL" "$words" "$LYRA" 2>"$WORK/stream.err"); then
        row streaming "$words-word reply" "FAILED ($(tail -1 "$WORK/stream.err"))" "latency.py stream"; return 0
    fi
    local command="OPENAI_BASE_URL=\$B/v1 lyra --model openai:lyra-demo -q -c hi"
    local curl_command="curl -sN \$B/v1/chat/completions -d BODY (the body Lyra sent)"
    row streaming "first token, Lyra ($words-word reply)" "$(field "$out" lyra_first_ms) ms" "$command"
    row streaming "first token, curl -N" "$(field "$out" curl_first_ms) ms" "$curl_command"
    row streaming "last token, Lyra" "$(field "$out" lyra_last_ms) ms" "$command"
    row streaming "last token, curl -N" "$(field "$out" curl_last_ms) ms" "$curl_command"
    row streaming "first → last token, Lyra vs curl" "$(field "$out" lyra_span_ms) ms vs $(field "$out" curl_span_ms) ms" "median of $PAIRS each"
    row streaming "Lyra's added latency to the first token" "$(python3 -c 'import json,sys; r=json.loads(sys.argv[1]); print("%.1f ms" % (r["lyra_first_ms"] - r["curl_first_ms"]))' "$out") (goal < 5 ms)" "median(Lyra first) − median(curl first)"
    if out=$(python3 "$LATENCY" stream-cpu "$RUNS" "$BASE_URL" 20000 "$LYRA" 2>"$WORK/stream.err"); then
        row streaming "Lyra CPU per 1,000 streamed tokens" "$(field "$out" cpu_ms_per_1000_tokens) ms (20,000-word reply $(field "$out" long_cpu_ms) ms, demo reply $(field "$out" short_cpu_ms) ms)" "python3 Benchmarks/latency.py stream-cpu $RUNS \$B 20000 lyra"
    else
        row streaming "Lyra CPU per 1,000 streamed tokens" "FAILED ($(tail -1 "$WORK/stream.err"))" "latency.py stream-cpu"
    fi
}

bench_one_shot() {
    local url="$BASE_URL/dola/chats/bench-chat/messages?user_id=bench&app_id=lyra.cli&locale=en"
    versus one-shot "lyra -c hello (app backend)" "curl, the same POST" "≤ 2×" \
        "$LYRA -c hello" "curl -s -X POST -H 'Content-Type: application/json' -H 'Authorization: Bearer bench' -d '{\"message\": \"hello\"}' '$url'"
}

bench_video() {
    local out
    export LYRA_PREMIUM=1 LYRA_VIDEO_DIR="$WORK/videos" LYRA_VIDEO_POLL_INTERVAL=0.05
    mkdir -p "$LYRA_VIDEO_DIR"
    if ! out=$(python3 "$LATENCY" video "$RUNS" "$BASE_URL" "$LYRA" 0.05 "$WORK/photo1.jpg" "$WORK/photo2.jpg" "$WORK/photo3.jpg" 2>"$WORK/video.err"); then
        row video "three 15 MiB photos" "FAILED ($(tail -1 "$WORK/video.err"))" "latency.py video"; unset LYRA_PREMIUM; return 0
    fi
    unset LYRA_PREMIUM
    row video "/video, three 15 MiB photos: Lyra" "$(field "$out" lyra_wall_ms) ms wall, $(field "$out" lyra_cpu_ms) ms CPU, peak $(field "$out" lyra_peak_mib) MiB" "lyra -c '/video 1 \$TMP/photo1.jpg \$TMP/photo2.jpg \$TMP/photo3.jpg'"
    row video "curl: upload, poll every 50 ms, download" "$(field "$out" curl_wall_ms) ms wall, $(field "$out" curl_cpu_ms) ms CPU, peak $(field "$out" curl_peak_mib) MiB" "curl -F image=@… ; curl status (loop) ; curl -o video"
    row video "Lyra / curl (goal ≤ 1.5× time, ≤ 30 MiB)" "$(python3 -c 'import json,sys; r=json.loads(sys.argv[1]); print("%.2f× wall" % (r["lyra_wall_ms"] / r["curl_wall_ms"]))' "$out")" "median of $RUNS each"
}

# bench_listing_floor DIR LABEL: readdir + stat of the same session files (find, in C), against /sessions --json.
bench_listing_floor() {
    local directory=$1 label=$2
    versus scale "/sessions --json over $label" "readdir + stat of the same files (find -printf)" "≤ 1.5×" \
        "$LYRA -c '/sessions --json'" "find $directory -name '*.json' -printf '%s %T@ %p\\n'"
}

# bench_index_build_floor DIR LABEL: the first listing (the index removed before each run; the numbers
# sidecar kept, as after an upgrade that changes the index format) against reading every session file
# once (find + cat, in C). Few pairs ($LYRA_BENCH_BUILD_PAIRS, default 3): each run reads every file.
bench_index_build_floor() {
    local directory=$1 label=$2
    PAIRS=${LYRA_BENCH_BUILD_PAIRS:-3} versus scale "first /sessions --json over $label (builds the index)" \
        "readdir + read of every file (find -exec cat)" "none yet (issue 17: closer to the floor)" \
        "sh -c \"rm -f $directory/.index.tsv && exec $LYRA -c '/sessions --json'\"" \
        "sh -c \"find $directory -name '*.json' -exec cat {} + >/dev/null\""
}
