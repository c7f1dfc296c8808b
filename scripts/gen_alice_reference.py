#!/usr/bin/env python3
"""Generate Fairy-Stockfish (pyffish_alice) reference data for Vorpal's Alice test.

Plays seeded random Alice chess games from the start position and records, for
every position reached, the FEN, the sorted legal moves, a digest of the
successor FENs, the game verdict and the move played. FENs and moves are exactly
what the Fairy-Stockfish alice branch (PyPI pyffish-alice) returns: every
position's FEN is get_fen(variant, parent_fen, [move]).

Output is byte-for-byte deterministic: each game uses its own
random.Random(seed), moves are sorted before any random choice, nothing depends
on time or hash order, and games run in worker processes are written in seed
order (the memo caches only remember answers of pure calls).

Verdicts, first match wins:
  checkmate  no legal move and the side to move is in check
  stalemate  no legal move and not in check
  fifty      halfmove clock >= 100
  threefold  the position (FEN without the two move counters) occurs for the
             third time in the game
"In check" is pyffish_alice.gives_check(variant, fen, []): despite its name it
builds the position from fen plus the (empty) move list and reports whether the
side to move there is in check. Repetition is decided on the FEN, not with
Fairy-Stockfish's is_optional_game_end: its position key does not tell a piece
on board A from the same piece on board B, while the FEN does (seed 56 reaches
6k1/8/8/8/8/8/6K1/8 b after 6|k1/8/8/8/8/8/6|K1/8 b twice, and Fairy-Stockfish
calls that a threefold repetition). --cross-check counts such disagreements
(fs_repetition_differs) and compares game_result at every game end.

Each pyffish call costs about 1.3 ms (it rebuilds the piece tables), one call
per legal move, so a run takes about 7 CPU minutes; games are spread over
--jobs processes.
"""
import argparse
import hashlib
import os
import random
import sys
from functools import partial
from multiprocessing import Pool
from pathlib import Path

import pyffish_alice as sf

VARIANT = "alice"
GAMES = 102        # seeds 1..GAMES (just over 10,000 positions)
PLY_CAP = 260      # long enough for fifty-move draws after an early capture spree
FIELD_SEP = " | "

# ---------------------------------------------------------------------------
# Memoised pyffish calls (each call costs ~1.3 ms of variant set-up). They are
# pure functions of their arguments, so caching never changes the output.
_legal, _succ = {}, {}


def legal_moves(fen):
    if fen not in _legal:
        _legal[fen] = sorted(sf.legal_moves(VARIANT, fen, []))
    return _legal[fen]


def successor(fen, move):
    key = (fen, move)
    if key not in _succ:
        _succ[key] = sf.get_fen(VARIANT, fen, [move])
    return _succ[key]


# ---------------------------------------------------------------------------
# A small reader of the '|' FEN form, used only to bias move choice (which move
# is a capture, a check, a castling ...) and to cross-check pyffish's check
# flag. It never decides what is written, except through the random choice.
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ROOK_DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP_DIRS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def parse(fen):
    """{(file, rank): (board, piece char)} and the side to move ('w'/'b')."""
    placement, turn = fen.split()[:2]
    squares = {}
    for r, row in enumerate(placement.split("/")):
        rank, file, board_b = 7 - r, 0, False
        i = 0
        while i < len(row):
            c = row[i]
            if c == "|":
                board_b = True
            elif c.isdigit():
                j = i
                while j + 1 < len(row) and row[j + 1].isdigit():
                    j += 1
                file += int(row[i:j + 1])
                i = j
            elif c != "~":  # '~' would mark a promoted piece; not used in alice
                squares[(file, rank)] = (1 if board_b else 0, c)
                file += 1
                board_b = False
            i += 1
    return squares, turn


def attacked(squares, sq, board, by_white):
    """Is square sq of `board` attacked by a piece of that colour on that board?"""
    def enemy(s, kinds):
        bp = squares.get(s)
        return bp is not None and bp[0] == board and bp[1].isupper() == by_white \
            and bp[1].lower() in kinds
    f, r = sq
    for df, dr in KNIGHT:
        if enemy((f + df, r + dr), "n"):
            return True
    for df, dr in KING:
        if enemy((f + df, r + dr), "k"):
            return True
    dr = -1 if by_white else 1  # a white pawn attacks upward, so it stands below
    if enemy((f - 1, r + dr), "p") or enemy((f + 1, r + dr), "p"):
        return True
    for dirs, kinds in ((ROOK_DIRS, "rq"), (BISHOP_DIRS, "bq")):
        for df, dr2 in dirs:
            s = (f + df, r + dr2)
            while 0 <= s[0] < 8 and 0 <= s[1] < 8:
                bp = squares.get(s)
                if bp is not None and bp[0] == board:
                    if enemy(s, kinds):
                        return True
                    break
                s = (s[0] + df, s[1] + dr2)
    return False


def in_check(fen):
    squares, turn = parse(fen)
    king = "K" if turn == "w" else "k"
    for sq, (board, piece) in squares.items():
        if piece == king:
            return attacked(squares, sq, board, turn == "b")
    return False


def uci_squares(m):
    return ((ord(m[0]) - 97, int(m[1]) - 1), (ord(m[2]) - 97, int(m[3]) - 1))


def describe(squares, m):
    """(piece type, is capture, is castling) of move m in the parsed position."""
    frm, to = uci_squares(m)
    board, piece = squares[frm]
    target = squares.get(to)
    capture = target is not None and target[0] == board and target[1].isupper() != piece.isupper()
    castling = piece.lower() == "k" and abs(frm[0] - to[0]) == 2
    return piece.lower(), capture, castling


def key(fen):
    """Position identity for repetition: the FEN without the two move counters."""
    return fen.rsplit(" ", 2)[0]


# ---------------------------------------------------------------------------
def choose(ply, squares, moves, facts, succ, history, seen, rng, style):
    """Pick a move; biased toward rare rules so they show up often.

    `moves` is sorted, so every filtered list is in a stable order.
    facts[m] = (piece type, capture, castling, gives check)
    """
    def pick(cands, p):
        return rng.choice(cands) if cands and rng.random() < p else None

    checks = [m for m in moves if facts[m][3]]
    # Alice has many quick mates: look one ply ahead along checking moves and
    # play a mate when the game's style wants it.
    mates = [m for m in checks if not legal_moves(succ[m])]
    m = (pick(mates, 0.0 if style["plan"] == "pawns" else style["mate"])
         or pick([m for m in moves if len(m) == 5], 0.4)     # promotion, all 4 pieces
         or pick([m for m in moves if facts[m][2]], 0.5))    # castling
    if m:
        return m
    if style["plan"] == "bare" and ply >= style["phase"]:
        # Strip material, then hunt stalemates: in small positions look one ply
        # ahead for a move that leaves the opponent without a legal move.
        if len(moves) <= 14 and len(squares) <= 7:
            stale = [m for m in moves if not facts[m][3] and not legal_moves(succ[m])]
            m = pick(stale, 0.9)
        m = m or pick([m for m in moves if facts[m][1]], 0.95) \
            or pick([m for m in moves if not facts[m][3]], 0.8)
        if m:
            return m
    # Opening: develop minor pieces/queen (they leave board A), so that castling
    # becomes possible.
    if ply < style["develop"]:
        home = "1" if ply % 2 == 0 else "8"
        m = pick([m for m in moves if facts[m][0] in "nbq" and m[1] == home], 0.8)
        if m:
            return m
    quiet = [m for m in moves if not facts[m][1] and facts[m][0] != "p"]
    if ply >= style["phase"] or style["plan"] == "pawns":
        if style["plan"] == "pawns":
            # Pawn races toward promotion, mostly with the most advanced pawn.
            pawns = [m for m in moves if facts[m][0] == "p"]
            ahead = max((abs(int(m[3]) - (1 if ply % 2 == 0 else 8)) for m in pawns), default=0)
            m = pick([m for m in pawns if abs(int(m[3]) - (1 if ply % 2 == 0 else 8)) == ahead], 0.6) \
                or pick(pawns, 0.7)
        elif style["plan"] == "shuffle" and len(history) >= 2:
            # Undo our own previous move to provoke threefold repetitions.
            prev = history[-2]
            m = pick([m for m in quiet if m[:2] == prev[2:4] and m[2:4] == prev[:2]], 0.7)
        elif style["plan"] == "quiet":
            # Reversible moves to unseen positions: reach the fifty-move rule.
            m = pick([m for m in quiet if key(succ[m]) not in seen] or quiet, 0.97)
        if m:
            return m
    # Per-game weights for checks, captures, quiet (reversible) and pawn moves.
    m = (pick(checks, style["check"])
         or pick([m for m in moves if facts[m][1]], style["capture"])
         or pick(quiet, style["quiet"])
         or pick([m for m in moves if facts[m][0] == "p"], style["pawn"]))
    return m or rng.choice(moves)


def make_style(rng):
    # Per-game mix of biases, so games differ in character (tactical, pawn
    # races, shuffling for repetitions, long quiet endgames, stalemate hunts).
    return {
        "check": rng.choice([0.0, 0.2, 0.5, 0.8]),
        "mate": rng.choice([0.0, 0.5, 0.9, 1.0]),
        "capture": rng.choice([0.0, 0.3, 0.6, 0.9]),
        "quiet": rng.choice([0.0, 0.5, 0.9, 0.99]),
        "pawn": rng.choice([0.0, 0.3, 0.6, 0.9]),
        "develop": rng.choice([0, 12, 24, 40]),
        # Follow a plan aimed at a particular rule (draw plans from ply `phase` on).
        "plan": rng.choice(["free", "pawns", "pawns", "shuffle", "quiet", "quiet", "bare"]),
        "phase": rng.randrange(2, 120),
    }


STAT_KEYS = ["positions", "checkmate", "stalemate", "fifty", "threefold", "cap", "none",
             "in_check", "castling_legal", "castling_played", "promotion_legal",
             "underpromotion_played", "board_b_pieces", "check_flag_differs",
             "fs_game_end_differs", "fs_repetition_differs"]


def play(seed, cross_check=False):
    """One game: returns (its lines, its coverage counts).

    cross_check adds two pyffish calls per position (about 7% more time) to
    compare the Python check detector and the verdicts with Fairy-Stockfish's.
    """
    rng = random.Random(seed)
    style = make_style(rng)
    stats = dict.fromkeys(STAT_KEYS, 0)
    start = sf.start_fen(VARIANT)
    fen = start
    history = []            # UCI moves played so far
    counts = {}             # position key -> occurrences in this game
    seen = set()
    out = [f"game {seed}"]
    for ply in range(PLY_CAP + 1):
        moves = legal_moves(fen)
        succ = {m: successor(fen, m) for m in moves}
        dig = hashlib.sha256("\n".join(succ[m] for m in moves).encode()).hexdigest()[:16]
        counts[key(fen)] = counts.get(key(fen), 0) + 1
        seen.add(key(fen))
        # pyffish's check flag where it decides the verdict (or when cross-checking);
        # elsewhere the Python reader's, which only feeds the coverage counts.
        check = sf.gives_check(VARIANT, fen, []) if not moves or cross_check else in_check(fen)
        halfmove = int(fen.split()[4])
        if not moves:
            v = "checkmate" if check else "stalemate"
        elif halfmove >= 100:
            v = "fifty"
        elif counts[key(fen)] >= 3:
            v = "threefold"
        else:
            v = "none"
        last = v != "none" or ply == PLY_CAP

        squares, _ = parse(fen)
        facts = {}
        for m in moves:
            facts[m] = describe(squares, m) + (in_check(succ[m]),)
        played = "-" if last else choose(ply, squares, moves, facts, succ, history, seen, rng, style)
        out.append(FIELD_SEP.join([fen, " ".join(moves), dig, v, played]))

        # Coverage bookkeeping and cross-checks only; they do not affect output.
        stats["positions"] += 1
        stats[v if v != "none" or not last else "cap"] += 1
        stats["in_check"] += check
        stats["check_flag_differs"] += check != in_check(fen)
        stats["castling_legal"] += any(facts[m][2] for m in moves)
        stats["castling_played"] += played != "-" and facts[played][2]
        stats["promotion_legal"] += any(len(m) == 5 for m in moves)
        stats["underpromotion_played"] += played[4:] in ("r", "b", "n")
        stats["board_b_pieces"] += fen.split()[0].count("|")
        if cross_check:
            # Fairy-Stockfish's own view of the draws, replaying the game from the start.
            fs_opt = sf.is_optional_game_end(VARIANT, start, history)[0]
            stats["fs_repetition_differs"] += fs_opt != (v in ("fifty", "threefold"))
        if not moves:
            res = sf.game_result(VARIANT, fen, [])
            stats["fs_game_end_differs"] += res != (-sf.VALUE_MATE if check else sf.VALUE_DRAW)
        if last:
            return out, stats
        history.append(played)
        fen = succ[played]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # Default is relative to the repo root, so the script works from any cwd.
    root = Path(__file__).resolve().parent.parent
    ap.add_argument("--out", default=str(root / "perft/data/alice_playouts.txt"))
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                    help="worker processes (the output does not depend on it)")
    ap.add_argument("--cross-check", action="store_true",
                    help="also compare the check flag and the draws with Fairy-Stockfish's own"
                         " (coverage line only; the output file is the same)")
    args = ap.parse_args()

    stats = dict.fromkeys(STAT_KEYS, 0)
    version = ".".join(map(str, sf.version()))
    lines = [
        f"# Generated by scripts/gen_alice_reference.py with pyffish-alice {version}"
        f" ({sf.info()}), variant {VARIANT}",
        f"# {GAMES} seeded random games (seeds 1..{GAMES}), ply cap {PLY_CAP}.",
        "# 'game <seed>' starts a game from the standard start position; then one line per position:",
        "# <fen> | <sorted legal UCI moves> | <sha256[:16] of successor FENs joined by \\n>"
        " | <checkmate|stalemate|fifty|threefold|none> | <played UCI or ->",
    ]
    seeds = range(1, GAMES + 1)
    with Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
        for seed, (game, st) in zip(seeds, pool.imap(partial(play, cross_check=args.cross_check), seeds)):
            lines.extend(game)
            for k in STAT_KEYS:
                stats[k] += st[k]
            if seed % 10 == 0:
                print(f"game {seed}/{GAMES}: {stats['positions']} positions", file=sys.stderr, flush=True)

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    print(" ".join(f"{k}={stats[k]}" for k in STAT_KEYS), file=sys.stderr)


class _Serial:
    """Stand-in for multiprocessing.Pool with --jobs 1."""
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def imap(self, fn, items):
        return map(fn, items)


if __name__ == "__main__":
    main()
