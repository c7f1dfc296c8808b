#!/usr/bin/env bash
# Prove perft/data/chess_playouts.txt is genuine python-chess output: regenerate
# it with the pinned python-chess and require a byte-identical result.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
ref="$root/perft/data/chess_playouts.txt"

"$here/venv.sh"
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
"$root/.venv/bin/python" "$here/gen_chess_reference.py" --out "$tmp"

if ! cmp -s "$tmp" "$ref"; then
    echo "error: $ref differs from regenerated python-chess output" >&2
    diff "$ref" "$tmp" | head -n 5 >&2 || true
    echo "regenerate with: .venv/bin/python scripts/gen_chess_reference.py" >&2
    exit 1
fi
echo "ok: $ref matches regenerated python-chess output"
