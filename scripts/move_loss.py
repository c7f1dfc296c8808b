#!/usr/bin/env python3
"""How much an engine's moves lose by Stockfish's judgement, on positions from games
against Stockfish: a quick screen for changes meant to win against it.

Each position is searched at a fixed node count (so the machine's load changes no
move), and the move is judged by a Stockfish search of `--depth` plies after it,
against Stockfish's own best score in the position; a move's loss is the difference,
at least 0 and at most `--cap` centipawns. Judgements are kept in `--cache`, so a
second engine pays only for the moves the first did not play. Two runs on one
position file compare move by move (`--compare`).

  # positions before Vorpal's moves 10-45, from match_stockfish.py's PGNs
  .venv/bin/python scripts/move_loss.py sample --pgn a.pgn b.pgn --count 600 --seed 771 --out pos.txt
  # Vorpal's moves at its match time's nodes, judged at depth 15
  .venv/bin/python scripts/move_loss.py run --positions pos.txt --engine target/release/vorpal \
      --nodes-per-second 1400000 --cache judge.json --out base.json
  .venv/bin/python scripts/move_loss.py compare base.json new.json
"""
import argparse
import json
import math
import os
import random

import chess
import chess.engine

from match_stockfish import parse_move_comment
from turning_points import engine_games


def mean_and_error(values):
    """The mean of `values` and its standard error."""
    if len(values) < 2:
        raise SystemExit("at least two positions are needed")
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((x - mean) ** 2 for x in values) / (len(values) - 1))
    return mean, sd / math.sqrt(len(values))


def sample(args):
    """Positions before the engine's moves `--first`..`--last` whose score it put within
    `--within` centipawns of level, with the seconds it took there."""
    found = []
    for _, game, colour in engine_games(args.pgn, args.player):
        for node in game.mainline():
            board = node.parent.board()
            parsed = parse_move_comment(node.comment)
            if board.turn != colour or parsed is None or "M" in parsed[0]:
                continue
            score, _, seconds = parsed
            if args.first <= board.fullmove_number <= args.last and abs(float(score)) * 100 < args.within:
                found.append(f"{board.fen()};{seconds}")
    random.seed(args.seed)
    chosen = random.sample(found, min(args.count, len(found)))
    with open(args.out, "w") as out:
        out.write("\n".join(chosen) + "\n")
    print(f"{len(chosen)} of {len(found)} positions")


def run(args):
    positions = [line.strip().split(";") for line in open(args.positions) if line.strip()]
    if len(positions) < 2:
        raise SystemExit(f"{args.positions}: at least two positions are needed")
    cache = json.load(open(args.cache)) if os.path.exists(args.cache) else {}
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    engine.configure({"Hash": args.hash})
    moves = []
    for fen, seconds in positions:
        nodes = int(float(seconds) * args.scale * args.nodes_per_second)
        # A new game each time: no table or history carries from one position to the next.
        moves.append(engine.play(chess.Board(fen), chess.engine.Limit(nodes=nodes), game=object()).move.uci())
    engine.quit()
    judge = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    judge.configure({"Threads": 1, "Hash": 64})

    def score(fen, move):
        """Stockfish's score for the side to move in `fen`, after `move` if given."""
        key = f"{fen} {move or 'best'} {args.depth}"
        if key not in cache:
            board = chess.Board(fen)
            if move:
                board.push_uci(move)
            value = judge.analyse(board, chess.engine.Limit(depth=args.depth))["score"].relative
            value = value.score(mate_score=10000)
            cache[key] = -value if move else value
        return cache[key]

    losses = [min(args.cap, max(0, score(fen, None) - score(fen, move))) for (fen, _), move in zip(positions, moves)]
    judge.quit()
    with open(args.cache, "w") as out:
        json.dump(cache, out)
    with open(args.out, "w") as out:
        json.dump({"engine": args.engine, "scale": args.scale, "moves": moves, "losses": losses}, out)
    mean, error = mean_and_error(losses)
    print(f"mean loss {mean:.2f} +/- {error:.2f} cp (one s.e.) over {len(losses)} positions")


def compare(args):
    a, b = (json.load(open(path)) for path in (args.a, args.b))
    if len(a["losses"]) != len(b["losses"]):
        raise SystemExit("the two runs are not on the same positions")
    mean, error = mean_and_error([y - x for x, y in zip(a["losses"], b["losses"])])
    same = sum(x == y for x, y in zip(a["moves"], b["moves"]))
    print(f"{args.b} - {args.a}: {mean:+.2f} +/- {error:.2f} cp (one s.e.), the same move in {same} of {len(a['moves'])}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    s = commands.add_parser("sample", help="draw positions from match PGNs")
    s.add_argument("--pgn", nargs="+", required=True)
    s.add_argument("--player", default="Vorpal", help="start of the engine's name in the White/Black tags")
    s.add_argument("--count", type=int, default=600)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--first", type=int, default=10, help="the first move number kept")
    s.add_argument("--last", type=int, default=45, help="the last move number kept")
    s.add_argument("--within", type=int, default=250, help="centipawns of level the engine's score stays")
    s.add_argument("--out", required=True)
    r = commands.add_parser("run", help="play and judge one engine's moves")
    r.add_argument("--positions", required=True)
    r.add_argument("--engine", required=True)
    r.add_argument("--nodes-per-second", type=int, default=1_400_000, help="turns a position's seconds into nodes")
    r.add_argument("--scale", type=float, default=1.0, help="times the nodes")
    r.add_argument("--hash", type=int, default=64)
    r.add_argument("--stockfish", default="/usr/games/stockfish")
    r.add_argument("--depth", type=int, default=15)
    r.add_argument("--cap", type=int, default=300, help="the most one move may lose, in centipawns")
    r.add_argument("--cache", required=True)
    r.add_argument("--out", required=True)
    c = commands.add_parser("compare", help="two runs' losses move by move")
    c.add_argument("a")
    c.add_argument("b")
    args = parser.parse_args()
    {"sample": sample, "run": run, "compare": compare}[args.command](args)


if __name__ == "__main__":
    main()
