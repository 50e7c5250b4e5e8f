#!/usr/bin/env bash
# Hand-made mutation testing (docs/TESTING.md): applies each mutation of Benchmarks/mutations.tsv in
# turn, builds, runs the focused suite, records killed/survived with the failing tests, and reverts.
# Usage: Benchmarks/mutate.sh [FILTER] [ID...]   (FILTER defaults to LyraKitTests). Run on a clean tree.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
FILTER=${1:-LyraKitTests}; shift || true
ONLY=" $* "
OUT=${LYRA_MUTATION_LOG:-"$ROOT/.build/mutations.md"}
mkdir -p "$(dirname "$OUT")"
git diff --quiet -- Sources || { echo "mutate: Sources has uncommitted changes; commit or stash first" >&2; exit 2; }
failing() { # failing LOG: the names of the tests that recorded an issue in LOG, one a line
    grep -oE 'Test [A-Za-z0-9_]+\([^)]*\) (recorded an issue|failed)' "$1" | sed -E 's/ (recorded an issue|failed)$//; s/^Test //' | sort -u
}
# Tests that already fail on the unmutated tree (e.g. timing-sensitive ones on a loaded machine) kill nothing.
swift build --build-tests > "$ROOT/.build/mutation-baseline.log" 2>&1 || { echo "mutate: the tree does not build" >&2; exit 2; }
swift test --skip-build --filter "$FILTER" >> "$ROOT/.build/mutation-baseline.log" 2>&1
failing "$ROOT/.build/mutation-baseline.log" > "$ROOT/.build/mutation-baseline.txt"
echo "| id | mutation | file:line | result | killed by |" > "$OUT"
echo "|---|---|---|---|---|" >> "$OUT"
while IFS=$'\t' read -r id file original replacement; do
    [[ -z "$id" || "$id" == \#* ]] && continue
    [[ "$ONLY" != "  " && "$ONLY" != *" $id "* ]] && continue
    line=$(python3 - "$file" "$original" "$replacement" <<'PY'
import sys
path, old, new = sys.argv[1], sys.argv[2].replace("\\n", "\n"), sys.argv[3].replace("\\n", "\n")
text = open(path).read()
at = text.find(old)
if at < 0:
    print("missing"); sys.exit(0)
open(path, "w").write(text[:at] + new + text[at + len(old):])
print(text[:at].count("\n") + 1)
PY
)
    if [[ "$line" == missing ]]; then
        echo "| $id | \`${original}\` | $file | not applied (text not found) | |" >> "$OUT"; continue
    fi
    log="$ROOT/.build/mutation-$id.log"
    if ! swift build --build-tests > "$log" 2>&1; then
        result="killed (does not compile)"; killers="compiler"
    else
        swift test --skip-build --filter "$FILTER" >> "$log" 2>&1
        killers=$(failing "$log" | comm -23 - "$ROOT/.build/mutation-baseline.txt" | head -3 | paste -sd ';' | sed 's/;/; /g')
        if [[ -n "$killers" ]]; then result="killed"; else result="SURVIVED"; fi
    fi
    git checkout -- "$file"
    shown=$(printf '%s' "$original" | cut -c1-60)
    echo "| $id | \`$shown\` → \`$(printf '%s' "$replacement" | cut -c1-40)\` | ${file#Sources/}:$line | $result | ${killers} |" >> "$OUT"
    echo "mutate: $id $result" >&2
done < "$ROOT/Benchmarks/mutations.tsv"
swift build --build-tests > /dev/null 2>&1 || true   # leave the build matching the reverted tree
cat "$OUT"
