#!/usr/bin/env bash
# The strength table of the README: in each game, Vorpal at 100 ms a move against the
# one-ply material-greedy player, and against itself at a quarter of the time.
#
#   scripts/strength.sh [GAME...]        (default: every game; GAMES=N games per match)
#
# Prints one Markdown table row per game; the PGN files go to target/strength/. A
# generous time margin keeps a loaded machine from turning slow replies into forfeits.
set -euo pipefail
cd "$(dirname "$0")/.."

games=${GAMES:-100}
cargo build --release --quiet
vorpal=$PWD/target/release/vorpal
out=target/strength
mkdir -p "$out"

if [ $# -gt 0 ]; then
    variants=("$@")
else
    # The protocol's own list of games, from its UCI_Variant option.
    read -r -a variants <<<"$(echo uci | "$vorpal" | sed -n 's/^option name UCI_Variant .* default [a-z0-9]* //p' | sed 's/var //g')"
fi

# "W-D-L (score %)" and the Elo line of a match's summary.
summary() {
    local log=$1
    local wdl elo
    wdl=$(sed -n 's/^Games: \([0-9]*\), Wins: \([0-9]*\), Losses: \([0-9]*\), Draws: \([0-9]*\), Points: [0-9.]* (\([0-9.]*\) %)$/\2-\4-\3 | \5%/p' "$log")
    elo=$(sed -n 's/^Elo: //p' "$log")
    echo "$wdl | $elo"
}

echo "| game | games | vs greedy W-D-L | score | Elo | games | vs 1/4 time W-D-L | score | Elo |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for variant in "${variants[@]}"; do
    greedy_log=$out/$variant-greedy.log
    odds_log=$out/$variant-odds.log
    # vorpal match appends to a PGN file: start each game's files afresh.
    rm -f "$out/$variant-greedy.pgn" "$out/$variant-odds.pgn"
    "$vorpal" match --engine1 "$vorpal" --engine2 "$vorpal" --name1 vorpal --name2 greedy \
        --option2 Player=greedy --variant "$variant" --movetime 100 --time-margin 1000 \
        --games "$games" --concurrency 2 --pgn "$out/$variant-greedy.pgn" >"$greedy_log"
    # Scores beyond 10 pawns for three moves end a game early; both sides are Vorpal.
    "$vorpal" match --engine1 "$vorpal" --engine2 "$vorpal" --name1 vorpal-100ms --name2 vorpal-25ms \
        --variant "$variant" --movetime 100 --movetime2 25 --time-margin 1000 --resign-score 1000 --resign-moves 3 \
        --games "$games" --concurrency 2 --pgn "$out/$variant-odds.pgn" >"$odds_log"
    echo "| \`$variant\` | $games | $(summary "$greedy_log") | $games | $(summary "$odds_log") |"
done
