#!/usr/bin/env bash
# Builds Fairy-Stockfish's alice branch as a UCI engine, the only other Alice engine,
# for matches (`vorpal match`, `vorpal serve --engine`); not used by the tests.
# Its source is the PyPI source distribution of pyffish-alice (GPL-3.0, not part of
# Vorpal): downloaded with pip, compiled with g++ (about 4 minutes of one core).
#
#   scripts/build_fsf_alice.sh [OUT]     (default OUT: target/fsf-alice/fairy-stockfish-alice)
set -euo pipefail
cd "$(dirname "$0")/.."

version=0.0.3
out=${1:-target/fsf-alice/fairy-stockfish-alice}
work=target/fsf-alice/build
mkdir -p "$work" "$(dirname "$out")"

python3 -m pip download --quiet --no-deps --no-binary :all: "pyffish-alice==$version" -d "$work"
tar xzf "$work/pyffish_alice-$version.tar.gz" -C "$work"
src=$work/pyffish_alice-$version/src

# Every engine source but the Python and JavaScript bindings.
mapfile -t sources < <(find "$src" -name '*.cpp' ! -name pyffish.cpp ! -name ffishjs.cpp | sort)
g++ -std=c++17 -O3 -DNDEBUG -DLARGEBOARDS -DALLVARS -DPRECOMPUTED_MAGICS -DNNUE_EMBEDDING_OFF -DIS_64BIT \
    -I"$src" "${sources[@]}" -o "$out" -lpthread
echo "built $out"
printf 'uci\nquit\n' | "$out" | grep -m1 '^id name'
