#!/usr/bin/env python3
"""Where an engine's games against Stockfish are won and lost, by phase: Stockfish at
full strength judges every position before one of the engine's moves (a fixed node
count, its win/draw/loss model turned into an expected score for the engine), and each
change of that score up to the engine's next move (its move and the reply), or to the
game's result after its last move, is added to the ten moves it began in. The changes
of a game sum to its result less its first judged score, so the table shows in which
moves the engine's score went where it ended. Also the engine's mean think time and
depth there, from the comments `match_stockfish.py` writes.

  .venv/bin/python scripts/score_by_phase.py --pgn match.pgn --nodes 100000 --jobs 2
"""
import argparse
import collections
import concurrent.futures

import chess
import chess.engine

from match_stockfish import parse_move_comment
from turning_points import engine_games

LAST_DECADE = 120


def judge_games(games, args):
    """For each (game, colour): the engine's judged positions as (move number, expected
    score, think seconds, depth) and the game's result for the engine."""
    judge = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    judge.configure({"Hash": 64, "Threads": 1, "UCI_ShowWDL": True})
    judged = []
    for game, colour in games:
        board = game.board()
        positions = []
        for node in game.mainline():
            if board.turn == colour and (comment := parse_move_comment(node.comment)) is not None:
                info = judge.analyse(board, chess.engine.Limit(nodes=args.nodes))
                expected = info["score"].pov(colour).wdl(model="sf15").expectation()
                positions.append((board.fullmove_number, expected, comment[2], comment[1]))
            board.push(node.move)
        result = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(game.headers.get("Result"))
        if result is not None and positions:
            judged.append((positions, result if colour == chess.WHITE else 1 - result))
    judge.quit()
    return judged


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pgn", nargs="+", required=True)
    parser.add_argument("--player", default="Vorpal", help="start of the engine's name in the PGN's White/Black tags")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--nodes", type=int, default=100_000, help="Stockfish's nodes a position")
    parser.add_argument("--jobs", type=int, default=1, help="Stockfish processes at once")
    args = parser.parse_args()
    if args.jobs < 1 or args.nodes < 1:
        parser.error("--jobs and --nodes must be at least 1")

    games = [(game, colour) for _, game, colour in engine_games(args.pgn, args.player)]
    shares = [games[i :: args.jobs] for i in range(args.jobs)]
    with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
        judged = [g for part in pool.map(judge_games, shares, [args] * args.jobs) for g in part]

    change = collections.Counter()
    moves = collections.Counter()
    seconds = collections.Counter()
    depths = collections.Counter()
    for positions, result in judged:
        scores = [expected for _, expected, _, _ in positions] + [result]
        for (number, expected, think, depth), after in zip(positions, scores[1:]):
            decade = min(number // 10 * 10, LAST_DECADE)
            change[decade] += after - expected
            moves[decade] += 1
            seconds[decade] += think
            depths[decade] += depth
    games_judged = len(judged)
    if games_judged == 0:
        raise SystemExit(f"no finished games of {args.player} with move comments in {' '.join(args.pgn)}")
    print(f"{games_judged} games, Stockfish at {args.nodes} nodes a position")
    print("moves    | engine moves | score change a game | seconds a move | depth")
    for decade in sorted(moves):
        label = f"{decade}-{decade + 9}" if decade < LAST_DECADE else f"{decade}+"
        print(
            f"{label:8} | {moves[decade]:12} | {change[decade] / games_judged:+19.3f} |"
            f" {seconds[decade] / moves[decade]:14.3f} | {depths[decade] / moves[decade]:5.1f}"
        )
    first = sum(positions[0][1] for positions, _ in judged) / games_judged
    final = sum(result for _, result in judged) / games_judged
    print(f"first judged score {first:.3f}, result {final:.3f}")


if __name__ == "__main__":
    main()
