#!/usr/bin/env python3
"""Which of an engine's winning positions, in games against Stockfish, were not won:
where the engine's own score stood at `--lead` pawns or more for `--moves` of its moves
in a row and the game was still drawn or lost, Stockfish judges every position before
the engine's moves from a few moves before that point to the end. A game whose
Stockfish score never reached 1 pawn was never won (the engine's score was wrong); a
move after which Stockfish's score fell from 2 pawns or more to 0.8 or less threw a win
away (by Stockfish's judgement at that depth, which overrates some drawn endings too).

  .venv/bin/python scripts/conversions.py --pgn a.pgn b.pgn --out conversions.json
"""
import argparse
import json
from concurrent.futures import ThreadPoolExecutor

import chess
import chess.engine

from match_stockfish import parse_move_comment
from turning_points import engine_games

WON_BY_STOCKFISH = 200
THROWN_TO = 80
NEVER_WINNING = 100


def pawns(score_text):
    """The engine's score in pawns; a mate counts as 100."""
    if "M" in score_text:
        return -100.0 if score_text.startswith("-") else 100.0
    return float(score_text)


def leads(args):
    """Games the engine did not win after it led, each with the positions to judge."""
    found, led, won, games = [], 0, 0, 0
    for path, game, colour in engine_games(args.pgn, args.player):
        games += 1
        nodes = list(game.mainline())
        own = [i for i, node in enumerate(nodes) if node.parent.board().turn == colour]
        run, start = 0, None
        for k, i in enumerate(own):
            parsed = parse_move_comment(nodes[i].comment)
            run = run + 1 if parsed and pawns(parsed[0]) >= args.lead else 0
            if run == args.moves:
                start = own[max(0, k - run + 1 - args.before)]
                break
        if start is None:
            continue
        led += 1
        result = game.headers["Result"]
        if result == ("1-0" if colour == chess.WHITE else "0-1"):
            won += 1
            continue
        positions = [
            {"ply": i, "fen": nodes[i].parent.board().fen(), "played": nodes[i].move.uci(),
             "engine": parse_move_comment(nodes[i].comment)}
            for i in own if i >= start
        ]
        found.append({"pgn": path, "round": game.headers.get("Round"), "result": result,
                      "colour": "white" if colour == chess.WHITE else "black", "positions": positions})
    return games, led, won, found


def judge_games(games, args):
    judge = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    judge.configure({"Hash": 64, "Threads": 1})
    for game in games:
        for position in game["positions"]:
            board = chess.Board(position["fen"])
            info = judge.analyse(board, chess.engine.Limit(depth=args.depth))
            position["stockfish"] = info["score"].pov(board.turn).score(mate_score=10000)
            position["best"] = info["pv"][0].uci()
    judge.quit()
    return games


def thrown_move(positions):
    """The first of the engine's moves after which Stockfish's score fell from a win to
    about level, or None."""
    for before, after in zip(positions, positions[1:]):
        if before["stockfish"] >= WON_BY_STOCKFISH and after["stockfish"] <= THROWN_TO:
            return before
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pgn", nargs="+", required=True)
    ap.add_argument("--player", default="Vorpal", help="the start of the engine's name in the PGN")
    ap.add_argument("--lead", type=float, default=1.5, help="pawns")
    ap.add_argument("--moves", type=int, default=6, help="moves in a row at the lead")
    ap.add_argument("--before", type=int, default=5, help="own moves judged before the lead's first")
    ap.add_argument("--depth", type=int, default=16)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    if args.jobs < 1:
        ap.error("--jobs wants 1 or more")

    games, led, won, not_won = leads(args)
    shares = [not_won[j::args.jobs] for j in range(args.jobs)]
    with ThreadPoolExecutor(args.jobs) as pool:
        judged = [g for part in pool.map(lambda part: judge_games(part, args), shares) for g in part]
    with open(args.out, "w") as out:
        json.dump(judged, out)

    drawn = sum(1 for g in judged if g["result"] == "1/2-1/2")
    print(f"{games} games; the engine led by {args.lead} pawns for {args.moves} moves in {led}: "
          f"{won} won, {drawn} drawn, {len(judged) - drawn} lost")
    never = [g for g in judged if max(p["stockfish"] for p in g["positions"]) < NEVER_WINNING]
    print(f"not won and never 1 pawn up by Stockfish at depth {args.depth}: {len(never)}")
    for game in judged:
        move = thrown_move(game["positions"])
        if move:
            print(f"{game['pgn']} round {game['round']} {game['result']}: ply {move['ply']} {move['fen']} "
                  f"played {move['played']}, Stockfish {move['stockfish']} cp, its best {move['best']}")


if __name__ == "__main__":
    main()
