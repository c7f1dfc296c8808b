#!/usr/bin/env python3
"""Picks balanced built-in openings for `vorpal match`: random short lines from a game's
start position, each searched by Vorpal to a fixed node count; keeps the lines scored
nearest to level, one per first move.

    python3 scripts/pick_openings.py VARIANT [--count 8] [--plies 4] [--candidates 60]
        [--nodes 30000] [--seed 1] [--engine target/release/vorpal] [--any-first]

Prints one line of moves per opening, as `uci/src/matches/openings.rs` lists them.
`--any-first` lets several openings share a first move: the wider sets that SPRT runs
read with `vorpal match --openings FILE`.
"""

import argparse
import random
import subprocess


class Engine:
    def __init__(self, path, variant):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send(f"setoption name UCI_Variant value {variant}")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def ask(self, line):
        """The first output line after `line` that is not an `info string variant` line."""
        self.send(line)
        while True:
            out = self.proc.stdout.readline().strip()
            if out.startswith("info string error"):
                raise RuntimeError(f"{line}: {out}")
            if not out.startswith("info string variant"):
                return out

    def score(self, moves, nodes):
        self.send("ucinewgame")
        self.send("position startpos moves " + " ".join(moves))
        self.send(f"go nodes {nodes}")
        score = None
        while True:
            out = self.proc.stdout.readline().strip()
            if out.startswith("info depth") and " score " in out:
                kind, value = out.split(" score ")[1].split()[:2]
                score = int(value) if kind == "cp" else 100_000
            if out.startswith("bestmove"):
                return score

    def quit(self):
        self.send("quit")
        self.proc.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("variant")
    parser.add_argument("--count", type=int, default=8)
    parser.add_argument("--plies", type=int, default=4)
    parser.add_argument("--candidates", type=int, default=60)
    parser.add_argument("--nodes", type=int, default=30000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine", default="target/release/vorpal")
    parser.add_argument("--any-first", action="store_true")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    engine = Engine(args.engine, args.variant)
    scored = []
    for _ in range(args.candidates):
        moves = []
        for _ in range(args.plies):
            engine.send("position startpos moves " + " ".join(moves))
            legal = engine.ask("legal").split()
            if not legal:
                break
            moves.append(rng.choice(legal))
        engine.send("position startpos moves " + " ".join(moves))
        if len(moves) < args.plies or engine.ask("result") != "result * ongoing":
            continue
        scored.append((abs(engine.score(moves, args.nodes)), moves))
    engine.quit()

    chosen, first_moves = [], set()
    for score, moves in sorted(scored, key=lambda s: s[0]):
        if (args.any_first or moves[0] not in first_moves) and moves not in chosen and len(chosen) < args.count:
            chosen.append(moves)
            first_moves.add(moves[0])
    for moves in chosen:
        print(" ".join(moves))


if __name__ == "__main__":
    main()
