#!/usr/bin/env python3
"""Play Vorpal against Stockfish at a fixed node count, for data and for a load-free score.

Both sides search `--nodes` a move, so the games do not depend on how busy the machine
is (they still differ from run to run: Stockfish's weakened play draws random numbers
of its own). Games 2p and 2p+1 start from the same opening of `--plies` random legal
moves (from `--seed` and p), Vorpal White in the first and Black in the second, so the
score can be paired by opening.

Two outputs:
- `--out`: the quiet positions of every game (a move to play that is neither check
  evasion, capture nor promotion, and no mate score), one `FEN<TAB>result` line each,
  the result from White's side, as `vorpal selfplay` writes them.
  `scripts/label_positions.py` relabels them with Stockfish's judgement.
- stdout: Vorpal's W-D-L, Elo, and the pentanomial of the pairs.

    .venv/bin/python scripts/games_vs_stockfish.py --engine target/release/vorpal \
        --stockfish /usr/games/stockfish --elo 2400 --nodes 20000 --first 0 --games 400 \
        --seed 36 --concurrency 2 --out gvs.txt
"""
import argparse
import math
import random
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import chess
import chess.engine

from match_stockfish import elo_estimate, outcome

MAX_PLIES = 300  # a draw after this many plies: its positions are kept, labels replace the result
SKIP_PLIES = 8  # plies after the opening whose positions are not kept


def opening(seed, pair, plies):
    """`plies` random legal moves, the same for the same seed and pair."""
    rng = random.Random(f"{seed}/{pair}")
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board.move_stack


# Every engine pair opened by any thread, so that the main thread can close them all.
opened = []


class Worker(threading.local):
    """One Vorpal and one Stockfish per thread, opened on first use."""

    def engines(self, args):
        if not hasattr(self, "vorpal"):
            self.vorpal = chess.engine.SimpleEngine.popen_uci(args.engine)
            self.vorpal.configure({"Hash": args.hash})
            self.stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish)
            self.stockfish.configure(
                {"Hash": args.hash, "Threads": 1, "UCI_LimitStrength": True, "UCI_Elo": args.elo}
            )
            opened.append((self.vorpal, self.stockfish))
        return self.vorpal, self.stockfish


def play(args, worker, game):
    """Vorpal's points in game `game` and the quiet positions' FENs."""
    vorpal, stockfish = worker.engines(args)
    vorpal_white = game % 2 == 0
    board = chess.Board()
    for move in opening(args.seed, game // 2, args.plies):
        board.push(move)
    start = len(board.move_stack)
    limit = chess.engine.Limit(nodes=args.nodes)
    marker = object()  # a new game for both engines: ucinewgame, cleared tables
    quiet = []
    while outcome(board) is None and len(board.move_stack) < MAX_PLIES:
        engine = vorpal if (board.turn == chess.WHITE) == vorpal_white else stockfish
        played = engine.play(board, limit, game=marker, info=chess.engine.INFO_SCORE)
        move = played.move
        if move is None or move not in board.legal_moves:
            sys.exit(f"game {game}: {engine.id.get('name')} played {move} in {board.fen()}")
        score = played.info.get("score")
        if (
            len(board.move_stack) >= start + SKIP_PLIES
            and not board.is_check()
            and not board.is_capture(move)
            and move.promotion is None
            and score is not None
            and not score.is_mate()
        ):
            quiet.append(board.fen())
        board.push(move)
    result = outcome(board)
    winner = None if result is None else result.winner
    white_points = 0.5 if winner is None else float(winner == chess.WHITE)
    points = white_points if vorpal_white else 1 - white_points
    return points, white_points, quiet


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True, help="Vorpal's binary")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--elo", type=int, default=2400, help="Stockfish's UCI_Elo")
    parser.add_argument("--nodes", type=int, default=20000, help="nodes a move, both sides")
    parser.add_argument("--first", type=int, default=0, help="number of the first game (even)")
    parser.add_argument("--games", type=int, required=True, help="how many games (even)")
    parser.add_argument("--seed", type=int, default=36, help="seed of the openings")
    parser.add_argument("--plies", type=int, default=4, help="random plies of each opening")
    parser.add_argument("--hash", type=int, default=16, help="hash MB, both sides")
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--out", help="file for the quiet positions")
    args = parser.parse_args()
    if args.first % 2 or args.games % 2 or args.games <= 0:
        parser.error("--first and --games must be even and --games positive: games come in pairs")

    worker = Worker()
    lock = threading.Lock()
    out = open(args.out, "w") if args.out else None
    if out:
        print(f"# games_vs_stockfish.py {' '.join(sys.argv[1:])}", file=out)
    points = {}

    def one(game):
        vorpal_points, white_points, quiet = play(args, worker, game)
        with lock:
            points[game] = vorpal_points
            if out:
                out.writelines(f"{fen}\t{white_points:g}\n" for fen in quiet)
                out.flush()
            print(f"game {game}: Vorpal {vorpal_points:g}, {len(quiet)} positions", file=sys.stderr)

    games = range(args.first, args.first + args.games)
    try:
        with ThreadPoolExecutor(args.concurrency) as pool:
            list(pool.map(one, games))
    finally:
        for engine in (engine for pair in opened for engine in pair):
            engine.quit()
        if out:
            out.close()
    print(summary(points, args))


def summary(points, args):
    wins = sum(p == 1 for p in points.values())
    draws = sum(p == 0.5 for p in points.values())
    losses = sum(p == 0 for p in points.values())
    n = len(points)
    e, margin = elo_estimate(wins, draws, losses)
    pentanomial = [0] * 5
    for game in range(args.first, args.first + args.games, 2):
        pentanomial[int(2 * (points[game] + points[game + 1]))] += 1
    return (
        f"Vorpal vs Stockfish UCI_Elo {args.elo}, {args.nodes} nodes a move, games "
        f"{args.first}-{args.first + args.games - 1}: W-D-L {wins}-{draws}-{losses}, "
        f"{100 * (wins + draws / 2) / n:.1f}%, Elo {e:+.1f} +/- {margin:.1f}, "
        f"pentanomial {pentanomial}"
        + ("" if math.isfinite(e) else " (no score between 0 and 100%)")
    )


if __name__ == "__main__":
    main()
