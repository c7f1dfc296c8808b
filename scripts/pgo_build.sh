#!/usr/bin/env bash
# Builds a profile-guided `vorpal`: an instrumented build runs `vorpal bench` (every
# game), and the release build is then optimised with the profile that run wrote. The
# search is the same (the bench signature does not change); only the code's layout and
# inlining follow where the time goes. Prints the binary's path.
#
#   scripts/pgo_build.sh            # -> target/pgo/use/release/vorpal
#
# Needs rustup's llvm-tools component (llvm-profdata of rustc's own LLVM), which this
# script adds.
set -euo pipefail
cd "$(dirname "$0")/.."

rustup component add llvm-tools >&2
profdata="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin/llvm-profdata"

pgo="$PWD/${CARGO_TARGET_DIR:-target}/pgo"
profiles="$pgo/profiles"
# RUSTFLAGS replaces .cargo/config.toml's flags: its target CPU is given again.
base_flags=""
if [ "$(uname -m)" = x86_64 ]; then
    base_flags="-C target-cpu=x86-64-v2"
fi

RUSTFLAGS="$base_flags -C profile-generate=$profiles" \
    cargo build --release -p vorpal-uci --target-dir "$pgo/generate" >&2
# The build scripts of the instrumented build wrote profiles of their own.
rm -rf "$profiles"
"$pgo/generate/release/vorpal" bench >/dev/null 2>&1
"$profdata" merge -o "$pgo/vorpal.profdata" "$profiles"

RUSTFLAGS="$base_flags -C profile-use=$pgo/vorpal.profdata" \
    cargo build --release -p vorpal-uci --target-dir "$pgo/use" >&2
echo "$pgo/use/release/vorpal"
