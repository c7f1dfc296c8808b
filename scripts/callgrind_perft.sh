#!/usr/bin/env bash
# Instruction counts of one fixed perft per game, for two builds of `vorpal`, as a
# Markdown table (#14: a refactor keeps every game within 3% of before).
# Usage: scripts/callgrind_perft.sh BEFORE_BINARY AFTER_BINARY
set -euo pipefail
before=$1
after=$2
# Depths chosen so that each run takes a few seconds under valgrind.
cases="chess:5 alice:5 alice2:4 msalice:4 odonohue:5 duo:3 minialice:6 alice3:3
jabberwocky:5 superpermutation:5 maharajah:5 twokings:5 twokings4:5 jackswitches:3"
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" perft --variant "$2" --depth "$3" --threads 1 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
echo "| game | depth | before | after | after/before |"
echo "| --- | --- | ---: | ---: | ---: |"
for case in $cases; do
    variant=${case%%:*}
    depth=${case##*:}
    old=$(count "$before" "$variant" "$depth")
    new=$(count "$after" "$variant" "$depth")
    ratio=$(awk -v a="$new" -v b="$old" 'BEGIN { printf "%.4f", a / b }')
    echo "| $variant | $depth | $old | $new | $ratio |"
done
