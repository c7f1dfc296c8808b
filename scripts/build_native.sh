#!/usr/bin/env bash
# Builds `vorpal` for this machine's processor, for matches on it, and prints the
# binary's path (target/native/release/vorpal). .cargo/config.toml builds for a portable
# baseline (x86-64-v2); this build may use all the processor has, bmi2's pext for the
# sliders' attacks among it. The search is the same: CI compares the bench signatures.
# valgrind cannot run a binary that uses AVX-512: count instructions on the plain build.
set -euo pipefail
cd "$(dirname "$0")/.."

target="${CARGO_TARGET_DIR:-target}/native"
case "$target" in /*) ;; *) target="$PWD/$target" ;; esac
RUSTFLAGS="-C target-cpu=native" cargo build --release -p vorpal-uci --target-dir "$target" >&2
echo "$target/release/vorpal"
