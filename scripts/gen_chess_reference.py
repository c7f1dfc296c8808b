#!/usr/bin/env python3
"""Generate python-chess reference data for Vorpal's differential test.

Plays seeded random games from the start position and records, for every
position reached, the FEN, the sorted legal moves, a digest of the successor
FENs, the game verdict and the move played. Output is byte-for-byte
deterministic: each game uses its own random.Random(seed), moves are sorted
before any random choice, and nothing depends on time or hash order.
"""
import argparse
import hashlib
import random
import sys
from pathlib import Path

import chess

GAMES = 88        # seeds 1..GAMES
PLY_CAP = 260     # long enough for fifty-move draws after an early capture spree
FIELD_SEP = " | "


def verdict(board):
    # Fixed priority order; must match the spec of the file format.
    if board.is_checkmate():
        return "checkmate"
    if board.is_stalemate():
        return "stalemate"
    if board.is_insufficient_material():
        return "insufficient"
    if board.halfmove_clock >= 100:
        return "fifty"
    if board.is_repetition(3):
        return "threefold"
    return "none"


def successors(board, moves):
    """Successor FENs plus facts used to bias move choice (one push per move)."""
    fens, facts = [], {}
    for m in moves:
        board.push(m)
        fens.append(board.fen())
        # (checkers, en passant possible, position key without move clocks)
        facts[m] = (len(board.checkers()), board.has_legal_en_passant(),
                    fens[-1].rsplit(" ", 2)[0])
        board.pop()
    return hashlib.sha256("\n".join(fens).encode()).hexdigest()[:16], facts


def ep_setup(board, m):
    """Pawn move to our 5th rank next to an enemy pawn still on its start square."""
    rank5, rank7 = (4, 6) if board.turn == chess.WHITE else (3, 1)
    f = chess.square_file(m.to_square)
    return chess.square_rank(m.to_square) == rank5 and not board.is_capture(m) and any(
        board.piece_at(chess.square(g, rank7)) == chess.Piece(chess.PAWN, not board.turn)
        for g in (f - 1, f + 1) if 0 <= g < 8)


def choose(board, moves, facts, seen, rng, style):
    """Pick a move; biased toward rare rules so they show up often.

    `moves` is sorted by UCI, so every filtered list is in a stable order.
    """
    def pick(cands, p):
        return rng.choice(cands) if cands and rng.random() < p else None

    # Special moves are rare in uniform play: take them when available.
    # Castling and promotion only sometimes, so positions offering them persist.
    m = (pick([m for m in moves if board.is_en_passant(m)], 0.9)
         or pick([m for m in moves if facts[m][0] >= 2], 0.9)  # double check
         or pick([m for m in moves if facts[m][1]], 1.0)  # allows en passant
         or pick([m for m in moves if m.promotion], 0.4)  # all 4 pieces equally
         or pick([m for m in moves if board.is_castling(m)], 0.1))
    if m:
        return m
    # Opening: develop minor pieces/queen, not king/rook, so castling becomes legal.
    if len(board.move_stack) < style["develop"]:
        m = pick([m for m in moves if board.piece_type_at(m.from_square)
                  in (chess.KNIGHT, chess.BISHOP, chess.QUEEN)], 0.8)
        if m:
            return m
    quiet = [m for m in moves if not board.is_capture(m)
             and board.piece_type_at(m.from_square) != chess.PAWN]
    m = None
    if len(board.move_stack) >= style["phase"] or style["plan"] == "pawns":
        if style["plan"] == "pawns":
            # Pawn races; put pawns on the 5th rank beside unmoved enemy pawns,
            # whose double push then allows en passant (taken by the rule above).
            pawns = [m for m in moves if board.piece_type_at(m.from_square) == chess.PAWN]
            m = pick([m for m in pawns if ep_setup(board, m)], 0.8) or pick(pawns, 0.7)
        elif style["plan"] == "shuffle":
            # Undo our own previous move to provoke threefold repetitions.
            prev = board.move_stack[-2]
            m = pick([m for m in quiet if m.from_square == prev.to_square
                      and m.to_square == prev.from_square], 0.7)
        elif style["plan"] == "quiet":
            # Reversible moves to unseen positions: reach the fifty-move rule.
            m = pick([m for m in quiet if facts[m][2] not in seen] or quiet, 0.97)
        if m:
            return m
    # Per-game weights for checks, captures, quiet (reversible) and pawn moves.
    m = (pick([m for m in moves if facts[m][0]], style["check"])
         or pick([m for m in moves if board.is_capture(m)], style["capture"])
         or pick(quiet, style["quiet"])
         or pick([m for m in moves if board.piece_type_at(m.from_square) == chess.PAWN],
                 style["pawn"]))
    return m or rng.choice(moves)


def make_style(rng):
    # Per-game mix of biases, so games differ in character (tactical, pawn
    # races, shuffling for repetitions, long quiet endgames for fifty moves).
    return {
        "check": rng.choice([0.0, 0.2, 0.5, 0.8]),
        "capture": rng.choice([0.0, 0.3, 0.6, 0.9]),
        "quiet": rng.choice([0.0, 0.5, 0.9, 0.99]),
        "pawn": rng.choice([0.0, 0.3, 0.6, 0.9]),
        "develop": rng.choice([0, 12, 24, 40]),
        # Follow a plan aimed at a particular rule (draw plans from ply `phase` on).
        "plan": rng.choice(["free", "pawns", "shuffle", "quiet", "quiet"]),
        "phase": rng.randrange(2, 120),
    }


def play(seed, out, stats):
    rng = random.Random(seed)
    style = make_style(rng)
    board = chess.Board()
    seen = set()  # position keys reached in this game (for the "quiet" plan)
    out.append(f"game {seed}")
    for ply in range(PLY_CAP + 1):
        moves = sorted(board.legal_moves, key=lambda m: m.uci())
        dig, facts = successors(board, moves)
        v = verdict(board)
        last = v != "none" or ply == PLY_CAP
        seen.add(board.fen().rsplit(" ", 2)[0])
        played = "-" if last else choose(board, moves, facts, seen, rng, style).uci()
        out.append(FIELD_SEP.join([board.fen(), " ".join(m.uci() for m in moves),
                                   dig, v, played]))
        # Coverage bookkeeping only; does not affect output.
        stats["positions"] += 1
        stats[v if v != "none" or not last else "cap"] += 1
        stats["ep_square"] += board.fen().split()[3] != "-"
        stats["castling_legal"] += any(board.is_castling(m) for m in moves)
        stats["promotion_legal"] += any(m.promotion for m in moves)
        stats["underpromotion_played"] += played[4:] in ("r", "b", "n")
        stats["in_check"] += board.is_check()
        stats["double_check"] += len(board.checkers()) >= 2
        if last:
            return
        board.push_uci(played)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # Default is relative to the repo root, so the script works from any cwd.
    root = Path(__file__).resolve().parent.parent
    ap.add_argument("--out", default=str(root / "perft/data/chess_playouts.txt"))
    args = ap.parse_args()

    keys = ["positions", "checkmate", "stalemate", "insufficient", "fifty", "threefold",
            "cap", "none", "ep_square", "castling_legal", "promotion_legal",
            "underpromotion_played", "in_check", "double_check"]
    stats = dict.fromkeys(keys, 0)
    lines = [
        f"# Generated by scripts/gen_chess_reference.py with python-chess {chess.__version__}",
        f"# {GAMES} seeded random games (seeds 1..{GAMES}), ply cap {PLY_CAP}.",
        "# 'game <seed>' starts a game from the standard start position; then one line per position:",
        "# <fen> | <sorted legal UCI moves> | <sha256[:16] of successor FENs joined by \\n>"
        " | <checkmate|stalemate|insufficient|fifty|threefold|none> | <played UCI or ->",
    ]
    for seed in range(1, GAMES + 1):
        play(seed, lines, stats)

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    print(" ".join(f"{k}={stats[k]}" for k in keys), file=sys.stderr)


if __name__ == "__main__":
    main()
