#!/usr/bin/env bash
# Regenerates the text captures of Lyra's screens in docs/screens/ (see README.md there).
# Runs `lyra --demo` in a private tmux server (100×32, xterm-256color, UTF-8) under a throw-away
# HOME and XDG directories, types each command and waits for the expected text with a deadline.
#
#   bash docs/screens/capture.sh          # builds with `swift build -c release` first
#   LYRA_BIN=/path/to/lyra bash docs/screens/capture.sh
set -euo pipefail

readonly COLS=100 ROWS=32
readonly SCREENS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly REPO="$(cd "$SCREENS_DIR/../.." && pwd)"

die() { printf 'capture.sh: %s\n' "$*" >&2; exit 1; }

command -v tmux >/dev/null || die "tmux is needed (apt-get install tmux)"

# --- the binary --------------------------------------------------------------------------------
if [[ -n "${LYRA_BIN:-}" ]]; then
    BIN="$LYRA_BIN"
else
    echo "capture.sh: swift build -c release" >&2
    (cd "$REPO" && swift build -c release >&2)
    BIN="$(cd "$REPO" && swift build -c release --show-bin-path)/lyra"
fi
[[ -x "$BIN" ]] || die "no executable lyra at $BIN"
BIN="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")"

# --- a private world: temp HOME, XDG dirs, working dir, tmux socket ---------------------------
TMP="$(mktemp -d /tmp/lyra-screens.XXXXXX)"
readonly TMP SOCK="$TMP/tmux.sock"
cleanup() {
    tmux -S "$SOCK" kill-server 2>/dev/null || true
    rm -rf -- "$TMP"
}
trap cleanup EXIT

mkdir -p "$TMP/home" "$TMP/config" "$TMP/data" "$TMP/state" "$TMP/cache" "$TMP/work" "$TMP/out"
chmod 700 "$TMP/home" "$TMP/config" "$TMP/data" "$TMP/state" "$TMP/cache"
# The photos are typed as Fixtures/photos/…; the video lands in the temp working directory.
ln -s "$REPO/Fixtures" "$TMP/work/Fixtures"

export HOME="$TMP/home" XDG_CONFIG_HOME="$TMP/config" XDG_DATA_HOME="$TMP/data"
export XDG_STATE_HOME="$TMP/state" XDG_CACHE_HOME="$TMP/cache" TMUX_TMPDIR="$TMP"
export LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=xterm-256color
unset TMUX NO_COLOR

cat > "$TMP/tmux.conf" <<'EOF'
set -g status off
set -g history-limit 10000
set -g remain-on-exit on
set -g default-terminal xterm-256color
EOF

t() { tmux -u -S "$SOCK" -f "$TMP/tmux.conf" "$@"; }

readonly PANE="lyra:0.0"
# lyra runs under `sh`, which records its exit status: tmux 3.3 sometimes leaves the pane's
# process unreaped (and #{pane_dead_status} empty) after the pty closes.
readonly STATUS_FILE="$TMP/lyra-exit-status"
t new-session -d -s lyra -x "$COLS" -y "$ROWS" -c "$TMP/work" -- \
    sh -c '"$@"; echo "$?" > "$0"' "$STATUS_FILE" \
    env -i HOME="$HOME" PATH=/usr/local/bin:/usr/bin:/bin \
        XDG_CONFIG_HOME="$XDG_CONFIG_HOME" XDG_DATA_HOME="$XDG_DATA_HOME" \
        XDG_STATE_HOME="$XDG_STATE_HOME" XDG_CACHE_HOME="$XDG_CACHE_HOME" \
        TERM=xterm-256color LANG=C.UTF-8 \
        LYRA_PREMIUM=1 LYRA_VIDEO_POLL_INTERVAL=1 \
        "$BIN" --demo

# --- reading the pane --------------------------------------------------------------------------
# The whole pane, scroll-back included, as plain text (or with colours: `screen_raw -e`).
screen_raw() { t capture-pane -p -t "$PANE" -S - -E - "$@"; }

# The number of the last line that is not blank.
last_line() { screen_raw | awk 'NF { n = NR } END { print n + 0 }'; }

pane_dead() { [[ -s "$STATUS_FILE" || "$(t display-message -p -t "$PANE" '#{pane_dead}')" == 1 ]]; }

fail_with_screen() {
    echo "capture.sh: $*" >&2
    [[ ! -s "$STATUS_FILE" ]] || echo "lyra's exit status: $(cat "$STATUS_FILE")" >&2
    echo "---- the pane ----" >&2
    screen_raw >&2 || true
    exit 1
}

# Waits until line FROM onward contains TEXT (fixed string) and, with `prompt`, until the last
# line is a fresh prompt again (`lyra ›` or `lyra · Title ›`), and then until the pane is still.
wait_for() {
    local from="$1" text="$2" want_prompt="${3:-}" timeout="${4:-30}"
    local deadline=$((SECONDS + timeout)) tail
    while :; do
        tail="$(screen_raw | tail -n +"$from")"
        if [[ "$tail" == *"$text"* ]]; then
            if [[ -z "$want_prompt" ]] || is_at_prompt "$from"; then break; fi
        fi
        pane_dead && fail_with_screen "lyra exited while waiting for '$text'"
        ((SECONDS < deadline)) || fail_with_screen "timed out after ${timeout}s waiting for '$text'"
        sleep 0.1
    done
    [[ -z "$want_prompt" ]] || settle
}

# Whether the last non-blank line, below line FROM, is an empty prompt.
is_at_prompt() {
    local from="$1" last
    last="$(last_line)"
    ((last > from)) || return 1
    screen_raw | sed -n "${last}p" | grep -Eq '^lyra( · .*)? ›$'
}

# A short settle: the pane must be unchanged for 0.3 s (spinners, late stderr lines).
settle() {
    local before after tries=0
    before="$(screen_raw -e)"
    while ((tries < 50)); do
        sleep 0.3
        after="$(screen_raw -e)"
        [[ "$after" == "$before" ]] && return 0
        before="$after"
        tries=$((tries + 1))
    done
}

# Types LINE at the prompt and presses Enter; prints the line number the command was typed on.
type_line() {
    local line="$1" at
    at="$(last_line)"
    t send-keys -t "$PANE" -l -- "$line"
    t send-keys -t "$PANE" Enter
    echo "$at"
}

# Saves lines FROM..TO of the pane (TO: the last non-blank line when omitted) as NAME.txt and
# NAME.ansi, in the temp dir until every capture has succeeded. The `.ansi` file keeps tmux's
# SGR sequences (`cat` it in a terminal 100 columns wide).
save() {
    local name="$1" from="$2" to="${3:-}"
    [[ -n "$to" ]] || to="$(last_line)"
    screen_raw | sed -n "${from},${to}p" | sed 's/[[:space:]]*$//' > "$TMP/out/$name.txt"
    screen_raw -e | sed -n "${from},${to}p" > "$TMP/out/$name.ansi"
    printf '\033[0m' >> "$TMP/out/$name.ansi"
    echo "capture.sh: wrote docs/screens/$name.txt ($((to - from + 1)) lines)" >&2
}

# Runs LINE, waits for TEXT and the prompt, saves the screen from the command line onward.
run_and_save() {
    local name="$1" line="$2" text="$3" timeout="${4:-30}" from
    from="$(type_line "$line")"
    wait_for "$from" "$text" prompt "$timeout"
    save "$name" "$from"
}

# 1) The banner, up to the first prompt.
deadline=$((SECONDS + 30))
until is_at_prompt 0; do
    pane_dead && fail_with_screen "lyra exited before its first prompt"
    ((SECONDS < deadline)) || fail_with_screen "no prompt after 30s"
    sleep 0.1
done
settle
save 01-banner 1

# 2) /help with the tool cards.
run_and_save 02-help "/help" "/quit"

# 3) Two chat turns, the second in Russian with emoji; saved together.
chat_from="$(type_line "Hi! Plan a weekend in Lisbon?")"
wait_for "$chat_from" "Lisbon" prompt
from="$(type_line "Привет! Что взять с собой в поездку? 🎒☀️")"
wait_for "$from" "🎒" prompt
save 03-chat "$chat_from"

# 4) The paywall picker: ↓ once (the Monthly card gets the gradient border), saved, then q closes it.
from="$(type_line "/subscribe")"
wait_for "$from" "Esc or q close"
t send-keys -t "$PANE" Down
wait_for "$from" "▸ 2 · Monthly"
settle
save 04-subscribe "$from"
t send-keys -t "$PANE" -l -- "q"
wait_for "$from" "Esc or q close" prompt

# 5) A video from two fixture photos: once while it polls, then the saved path.
from="$(type_line "/video 1 Fixtures/photos/red.jpg Fixtures/photos/blue.jpg")"
wait_for "$from" "· poll " "" 60
save 05-video-progress "$from"
wait_for "$from" "/lyra-" prompt 120
save 05-video "$from"

# 6) /improve with its word diff.
run_and_save 06-improve "/improve i think   this this tool is is very useful" "useful"

# 7) The session list.
run_and_save 07-sessions "/sessions" "messages"

# 9) A streamed Markdown reply from the demo model: a heading, a list, a code block and a table.
from="$(type_line "/model demo:lyra-demo")"
wait_for "$from" "/model demo:lyra-demo" prompt
run_and_save 09-markdown "Show me some markdown, please" " tokens"

# 10) A bracketed paste of three lines, one of them /quit: one message, the REPL stays.
from="$(last_line)"
t set-buffer -b paste "$(printf 'Dear team,\n/quit\nthe build is broken. Please fix it.')"
t paste-buffer -p -b paste -t "$PANE"
t send-keys -t "$PANE" Enter
wait_for "$from" " tokens" prompt
save 10-paste "$from"

# Leave cleanly; lyra must exit by itself.
t send-keys -t "$PANE" -l -- "/quit"
t send-keys -t "$PANE" Enter
deadline=$((SECONDS + 15))
until [[ -s "$STATUS_FILE" ]]; do
    ((SECONDS < deadline)) || fail_with_screen "lyra did not exit after /quit"
    sleep 0.1
done
status="$(cat "$STATUS_FILE")"
[[ "$status" == 0 ]] || fail_with_screen "lyra exited with status $status after /quit"
# 8) The video preview: tmux shows no inline images, so this one runs under script(1) with
# TERM_PROGRAM=WezTerm; the .ansi file shows the first frame when cat'ed in iTerm2 or WezTerm.
command -v script >/dev/null || die "script(1) is needed (util-linux)"
mkdir -p "$TMP/preview" && ln -s "$REPO/Fixtures" "$TMP/preview/Fixtures"
{
    printf '/video 1 Fixtures/photos/red.jpg Fixtures/photos/blue.jpg\n'
    deadline=$((SECONDS + 120))
    until compgen -G "$TMP/preview/lyra-*.avi" >/dev/null; do
        ((SECONDS < deadline)) || die "no video saved for the preview capture"
        sleep 0.2
    done
    sleep 1
    printf '/quit\n'
} | (cd "$TMP/preview" && env -i HOME="$HOME" PATH=/usr/local/bin:/usr/bin:/bin \
        XDG_CONFIG_HOME="$XDG_CONFIG_HOME" XDG_DATA_HOME="$XDG_DATA_HOME" XDG_STATE_HOME="$XDG_STATE_HOME" \
        TERM=xterm-256color TERM_PROGRAM=WezTerm LANG=C.UTF-8 COLUMNS=$COLS \
        LYRA_PREMIUM=1 LYRA_VIDEO_POLL_INTERVAL=1 \
        script -qec "$BIN --demo" /dev/null) > "$TMP/preview.raw"
# From the typed command to the image's end; the .txt names the image instead of its base64.
preview_extract() {
    awk -v bel="$(printf '\a')" '/›.*\/video 1/ { on = 1 } on { print } on && index($0, bel) { exit }' "$1"
    printf '\033[0m'
}
# The plain text keeps what is left on screen: the text after the last carriage return of each line.
preview_text() {
    sed -e 's/\x1b\]1337;File=[^:]*:[A-Za-z0-9+\/=]*\x07/[the first frame, as an iTerm2 inline image]/' \
        -e 's/\x1b\[[0-9;?]*[A-Za-z]//g' "$1" | sed 's/\r$//' | awk -F '\r' '{ print $NF }' | grep -v '^[[:space:]]*$'
}
preview_extract "$TMP/preview.raw" > "$TMP/out/08-video-preview.ansi"
preview_text "$TMP/out/08-video-preview.ansi" > "$TMP/out/08-video-preview.txt"
echo "capture.sh: wrote docs/screens/08-video-preview.txt" >&2

# Every capture succeeded: replace the old ones.
rm -f "$SCREENS_DIR"/[0-9][0-9]-*.txt "$SCREENS_DIR"/[0-9][0-9]-*.ansi
cp "$TMP"/out/* "$SCREENS_DIR"/
echo "capture.sh: done; lyra exited with status 0; captures in docs/screens/" >&2
