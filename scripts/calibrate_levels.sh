#!/usr/bin/env bash
# Calibrates the strength levels (`Skill Level`, and through it `UCI_Elo`): a ladder of
# matches in chess at a fixed node count, so a loaded machine does not change them.
#
#   scripts/calibrate_levels.sh            (GAMES=N games per match, NODES=N per move)
#
# Rung by rung: level 0 against the one-ply greedy player, then each calibrated level
# against the one below it, and the top levels against the full engine. Prints one
# Markdown row per match; the logs and PGN files go to target/levels/.
set -euo pipefail
cd "$(dirname "$0")/.."

games=${GAMES:-40}
nodes=${NODES:-20000}
cargo build --release --quiet
vorpal=$PWD/target/release/vorpal
out=target/levels
mkdir -p "$out"
levels=(0 2 4 6 8 10 12 14 16 18 20)

# Plays engine 1 (options $2) against engine 2 (options $3) and prints a table row.
rung() {
    local name=$1 options1=$2 options2=$3
    local log=$out/$name.log
    rm -f "$out/$name.pgn"
    local args=()
    for option in $options1; do args+=(--option1 "${option//_/ }"); done
    for option in $options2; do args+=(--option2 "${option//_/ }"); done
    "$vorpal" match --engine1 "$vorpal" --engine2 "$vorpal" "${args[@]}" \
        --variant chess --nodes "$nodes" --games "$games" --concurrency 2 \
        --pgn "$out/$name.pgn" >"$log"
    local wdl elo
    wdl=$(sed -n 's/^Games: \([0-9]*\), Wins: \([0-9]*\), Losses: \([0-9]*\), Draws: \([0-9]*\), Points: [0-9.]* (\([0-9.]*\) %)$/\2-\4-\3 | \5%/p' "$log")
    elo=$(sed -n 's/^Elo: //p' "$log")
    echo "| $name | $games | $wdl | $elo |"
}

echo "| match | games | W-D-L | score | Elo of the first |"
echo "| --- | --- | --- | --- | --- |"
rung "level0-vs-greedy" "Skill_Level=0" "Player=greedy"
for i in $(seq 1 $((${#levels[@]} - 1))); do
    rung "level${levels[$i]}-vs-level${levels[$((i - 1))]}" "Skill_Level=${levels[$i]}" "Skill_Level=${levels[$((i - 1))]}"
done
for level in 16 18; do
    rung "level$level-vs-full" "Skill_Level=$level" ""
done
