#!/usr/bin/env bash
# The soak test of docs/RELIABILITY.md (by hand, not in CI): 1,008 games of
# `vorpal match` over all fourteen games (72 each) at 1+0.01, two at a time, counting
# every game that did not end by the rules or by adjudication; then the memory of one
# engine before and after 1,000 `ucinewgame`s.
#
#   scripts/soak.sh            (GAMES=N per game; the logs go to target/soak/)
set -euo pipefail
cd "$(dirname "$0")/.."

games=${GAMES:-72}
cargo build --release --quiet
out=target/soak
mkdir -p "$out"
# A copy, so that a rebuild during the soak does not swap the binary under it.
cp target/release/vorpal "$out/vorpal"
vorpal=$PWD/$out/vorpal
read -r -a variants <<<"$(echo uci | "$vorpal" | sed -n 's/^option name UCI_Variant .* default [a-z0-9]* //p' | sed 's/var //g')"

started=$(date +%s)
total=0 forfeits=0 illegal=0 stalls=0 crashes=0 failed_runs=0
for variant in "${variants[@]}"; do
    log=$out/$variant.log
    rm -f "$out/$variant.pgn"
    # A generous margin: the referee measures wall time on a shared 2-core machine.
    if ! "$vorpal" match --engine1 "$vorpal" --engine2 "$vorpal" --variant "$variant" \
        --tc 1+0.01 --time-margin 500 --games "$games" --concurrency 2 \
        --resign-score 1500 --resign-moves 5 --pgn "$out/$variant.pgn" >"$log" 2>"$out/$variant.err"; then
        failed_runs=$((failed_runs + 1))
        echo "vorpal match failed in $variant: $(tail -1 "$out/$variant.err")"
    fi
    n=$(grep -c '^Finished game' "$log" || true)
    f=$(grep -c 'loses on time' "$log" || true)
    i=$(grep -c 'makes an illegal move' "$log" || true)
    s=$(grep -c 'stopped answering\|did not answer isready' "$log" || true)
    c=$(grep -c 'engine exited' "$log" || true)
    echo "$variant: $n games, $f time forfeits, $i illegal moves, $s stalls, $c crashes"
    total=$((total + n)) forfeits=$((forfeits + f)) illegal=$((illegal + i))
    stalls=$((stalls + s)) crashes=$((crashes + c))
done
echo "all: $total games in $(($(date +%s) - started)) s, $forfeits time forfeits, $illegal illegal moves, $stalls stalls, $crashes crashes, $failed_runs failed match runs"

# One long-running engine: its resident memory before and after 1,000 new games,
# each with a short search so the tables are used.
rss() { awk '/^VmRSS/ {print $2 " kB"}' "/proc/$1/status"; }
coproc ENGINE { exec "$vorpal"; }
echo "isready" >&"${ENGINE[1]}"
read -r _ <&"${ENGINE[0]}"
before=$(rss "$ENGINE_PID")
for i in $(seq 1000); do
    printf 'ucinewgame\nposition startpos moves e2e4\ngo nodes 2000\n' >&"${ENGINE[1]}"
    while read -r line <&"${ENGINE[0]}"; do [[ $line == bestmove* ]] && break; done
done
echo "isready" >&"${ENGINE[1]}"
while read -r line <&"${ENGINE[0]}"; do [[ $line == readyok ]] && break; done
after=$(rss "$ENGINE_PID")
echo "quit" >&"${ENGINE[1]}"
wait "$ENGINE_PID" || true
echo "engine memory: $before before, $after after 1000 ucinewgame"
