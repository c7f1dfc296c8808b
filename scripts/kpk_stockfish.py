#!/usr/bin/env python3
"""Stockfish's verdicts on king and pawn against king, for Vorpal's solved table.

Stockfish 15.1 with `Use NNUE` off judges these endings by its own bitbase: its static
evaluation (the `eval` command) scores a drawn one 0 and a won one far beyond any
material (its "known win"). A search, even of depth 1, is no substitute: its quiescence
tries only two quiet answers to a check, and its table may return another position's
score after a key collision.
This writes one line a position, `FEN win` or `FEN draw` from the side with the pawn,
for random legal positions out of check (`--count`, `--seed`) or for all of them (`--all`); the test
`king_and_pawn_against_king_agrees_with_stockfish` reads the committed sample.

    scripts/kpk_stockfish.py --count 2000 --seed 81 > scripts/data/kpk-stockfish.txt
"""

import argparse
import random
import sys

import subprocess

import chess

KNOWN_WIN_PAWNS = 10.0


class StaticEval:
    """Stockfish's classical static evaluation, in pawns from White's side."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.send("setoption name Use NNUE value false")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def pawns(self, fen):
        """None where the side to move is in check: Stockfish does not evaluate it."""
        self.send(f"position fen {fen}")
        self.send("eval")
        classical = None
        for line in self.proc.stdout:
            if line.startswith("Classical evaluation"):
                classical = float(line.split()[2])
            elif line.startswith("Final evaluation"):
                return classical

    def quit(self):
        self.send("quit")
        self.proc.wait()


def positions(args):
    """Legal positions with one pawn, either colour's, either side to move."""
    squares = range(64)
    if args.all:
        for pawn_colour in chess.COLORS:
            for pawn in range(8, 56):
                for strong_king in squares:
                    for weak_king in squares:
                        for turn in chess.COLORS:
                            yield pawn_colour, pawn, strong_king, weak_king, turn
        return
    rng = random.Random(args.seed)
    for _ in range(args.count * 100):
        yield (rng.choice(chess.COLORS), rng.randrange(8, 56), rng.randrange(64), rng.randrange(64),
               rng.choice(chess.COLORS))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default="/usr/games/stockfish")
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=81)
    parser.add_argument("--all", action="store_true", help="every legal position, not a sample")
    args = parser.parse_args()
    engine = StaticEval(args.engine)
    written = 0
    seen = set()
    for pawn_colour, pawn, strong_king, weak_king, turn in positions(args):
        if len({pawn, strong_king, weak_king}) < 3:
            continue
        board = chess.Board(None)
        board.set_piece_at(pawn, chess.Piece(chess.PAWN, pawn_colour))
        board.set_piece_at(strong_king, chess.Piece(chess.KING, pawn_colour))
        board.set_piece_at(weak_king, chess.Piece(chess.KING, not pawn_colour))
        board.turn = turn
        fen = board.fen()
        if not board.is_valid() or board.is_check() or board.is_game_over() or fen in seen:
            continue
        seen.add(fen)
        pawns = engine.pawns(fen)
        if pawn_colour == chess.BLACK:
            pawns = -pawns
        if pawns == 0:
            verdict = "draw"
        elif pawns >= KNOWN_WIN_PAWNS:
            verdict = "win"
        else:
            sys.exit(f"{fen}: Stockfish scored {pawns}, neither a draw nor a known win")
        print(fen, verdict)
        written += 1
        if not args.all and written == args.count:
            break
    engine.quit()


if __name__ == "__main__":
    main()
