#!/usr/bin/env python3
"""Where an engine's lost games turned: for each game of a PGN that the engine lost,
the first of its moves after which Stockfish's score for it fell by at least
`--drop` centipawns from a position that was not already lost (at least
`--floor`). Prints one JSON object per such move (the position, the move, both
scores, and the engine's own score, depth and time from the move's comment, as
`match_stockfish.py` writes them), then how many lost games had one.

  .venv/bin/python scripts/turning_points.py --pgn /tmp/match.pgn --player Vorpal \
      --depth 12 > turning.jsonl
"""
import argparse
import json
import sys

import chess
import chess.engine
import chess.pgn

from match_stockfish import parse_move_comment


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pgn", required=True)
    parser.add_argument("--player", default="Vorpal", help="start of the engine's name in the PGN's White/Black tags")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--depth", type=int, default=12)
    parser.add_argument("--drop", type=int, default=150, help="centipawns one move must lose")
    parser.add_argument("--floor", type=int, default=-100, help="the score before the move at least this")
    parser.add_argument("--from-move", type=int, default=5, help="ignore the opening's moves before this one")
    args = parser.parse_args()

    judge = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    judge.configure({"Threads": 1, "Hash": 64})
    lost = turned = 0
    for _, game, colour in engine_games([args.pgn], args.player):
        if game.headers.get("Result") != ("0-1" if colour == chess.WHITE else "1-0"):
            continue
        lost += 1
        found = first_turn(game, colour, judge, args)
        if found:
            turned += 1
            print(json.dumps(found), flush=True)
    judge.quit()
    print(f"{turned} of {lost} lost games turned on one move", file=sys.stderr)


def engine_games(paths, player):
    """Each game of the PGN files `paths` that `player` played: its file, the game, its colour."""
    for path in paths:
        with open(path) as pgn:
            while (game := chess.pgn.read_game(pgn)) is not None:
                colour = engine_colour(game, player)
                if colour is not None:
                    yield path, game, colour


def engine_colour(game, player):
    if game.headers.get("White", "").startswith(player):
        return chess.WHITE
    if game.headers.get("Black", "").startswith(player):
        return chess.BLACK
    return None


def first_turn(game, colour, judge, args):
    """The first of `colour`'s moves that loses `args.drop`, or None."""
    plies = []
    node = game
    while node.variations:
        child = node.variations[0]
        plies.append((node.board(), child.move, child.comment))
        node = child
    plies.append((node.board(), None, ""))
    scores = {}

    def score(i):
        if i not in scores:
            board = plies[i][0]
            if board.is_checkmate():
                scores[i] = -10000 if board.turn == colour else 10000
            elif board.is_game_over():
                scores[i] = 0
            else:
                info = judge.analyse(board, chess.engine.Limit(depth=args.depth))
                scores[i] = info["score"].pov(colour).score(mate_score=10000)
        return scores[i]

    for i, (board, move, comment) in enumerate(plies[:-1]):
        if board.turn != colour or board.fullmove_number < args.from_move:
            continue
        before, after = score(i), score(i + 1)
        if before >= args.floor and before - after >= args.drop:
            own_score, own_depth, own_seconds = parse_move_comment(comment) or (None, None, None)
            return {
                "round": game.headers.get("Round"),
                "move": board.fullmove_number,
                "fen": board.fen(),
                "played": board.san(move),
                "stockfish_before": before,
                "stockfish_after": after,
                "own_score": own_score,
                "own_depth": own_depth,
                "own_seconds": own_seconds,
            }
    return None


if __name__ == "__main__":
    main()
