#!/usr/bin/env bash
# Prove the differential-test reference files are genuine peer output: regenerate
# each with its pinned generator (python-chess for chess, pyffish-alice, the
# Fairy-Stockfish alice branch, for Alice) and require byte-identical results.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"

"$here/venv.sh"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

status=0
# check <reference file> <generator script> <peer name>
check() {
    local ref="$root/$1" gen="$here/$2" peer="$3" out
    out="$tmp/$(basename "$ref")"
    if ! "$root/.venv/bin/python" "$gen" --out "$out"; then
        echo "error: $2 failed; cannot check $ref" >&2
        status=1
        return
    fi
    if ! cmp -s "$out" "$ref"; then
        echo "error: $ref differs from regenerated $peer output" >&2
        diff "$ref" "$out" | head -n 5 >&2 || true
        echo "regenerate with: .venv/bin/python scripts/$2" >&2
        status=1
        return
    fi
    echo "ok: $ref matches regenerated $peer output"
}

check perft/data/chess_playouts.txt gen_chess_reference.py python-chess
check perft/data/alice_playouts.txt gen_alice_reference.py "pyffish-alice (Fairy-Stockfish alice)"
exit "$status"
