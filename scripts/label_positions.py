#!/usr/bin/env python3
"""Relabel `vorpal selfplay` positions with a stronger UCI engine's judgement.

Self-play results from a weak engine are noisy labels: a won position lost later by a
blunder is labelled lost. This script keeps the positions and replaces each result with
the expected score from another engine's search (`go depth D`), as White's share in
[0, 1], so `vorpal tune --data` fits the evaluator to that engine's judgement instead.
The engine must read the game's FENs as Vorpal writes them: used for chess, with
Stockfish.

The score in centipawns becomes an expected score through lichess's win-percent model,
1 / (1 + exp(-0.00368208 * cp)); mates are 1 or 0.

    scripts/label_positions.py --engine /usr/games/stockfish --depth 9 \
        --input chess-10000.txt --output chess-sf9.txt --jobs 2
"""

import argparse
import math
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

LICHESS_SCALE = 0.00368208


class Engine:
    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def wait_for(self, prefix):
        for line in self.proc.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError(f"the engine exited before '{prefix}'")

    def expected_score(self, fen, depth):
        """White's expected score after a search of `depth` from `fen`."""
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        score = None
        for line in self.proc.stdout:
            words = line.split()
            if words and words[0] == "info" and "score" in words and "lowerbound" not in words and "upperbound" not in words:
                at = words.index("score")
                score = (words[at + 1], int(words[at + 2]))
            elif words and words[0] == "bestmove":
                break
        if score is None:
            raise RuntimeError(f"no score for {fen}")
        kind, value = score
        if kind == "mate":
            mover = 1.0 if value > 0 else 0.0
        else:
            mover = 1.0 / (1.0 + math.exp(-LICHESS_SCALE * value))
        white_to_move = fen.split()[1] == "w"
        return mover if white_to_move else 1.0 - mover

    def close(self):
        self.send("quit")
        self.proc.wait()


def label_chunk(job):
    path, depth, fens = job
    engine = Engine(path)
    try:
        return [(fen, engine.expected_score(fen, depth)) for fen in fens]
    finally:
        engine.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="UCI engine binary")
    parser.add_argument("--depth", type=int, default=9)
    parser.add_argument("--input", required=True, help="`vorpal selfplay` output")
    parser.add_argument("--output", required=True)
    parser.add_argument("--jobs", type=int, default=2, help="engines run at once")
    args = parser.parse_args()

    comments, fens = [], []
    with open(args.input) as source:
        for line in source:
            if line.startswith("#"):
                comments.append(line.rstrip("\n"))
            elif line.strip():
                fens.append(line.split("\t")[0])

    # Chunks in file order, so the output keeps whole games together and the tuner's
    # held-out tail is still the last games.
    size = 2000
    jobs = [(args.engine, args.depth, fens[i : i + size]) for i in range(0, len(fens), size)]
    with open(args.output, "w") as out:
        for comment in comments:
            out.write(comment + "\n")
        out.write(f"# labelled: {' '.join(sys.argv[1:])}\n")
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for done, labelled in enumerate(pool.map(label_chunk, jobs), 1):
                for fen, score in labelled:
                    out.write(f"{fen}\t{score:.4f}\n")
                out.flush()
                print(f"{done}/{len(jobs)} chunks", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
