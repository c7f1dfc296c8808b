#!/usr/bin/env python3
"""Independent, deliberately plain perft for Jabberwocky and Superpermutation chess.

A second implementation of the rules (docs/RULES.md, sections 4 and 5), written
straight from the rule text with a 0x88-free mailbox and trial moves, to cross-check
the engine's perft vectors in perft/data/. It shares no code or idea of structure with
the Rust engine (no bitboards, no legality shortcuts).

    python3 scripts/perft_reference.py jabberwocky "FEN" DEPTH [--divide]
    python3 scripts/perft_reference.py superpermutation "FEN" DEPTH [--divide]
"""

import sys

KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ROOK_DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP_DIRS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def parse_fen(fen):
    fields = fen.split()
    board = {}
    for row, text in enumerate(fields[0].split("/")):
        rank = 7 - row
        file = 0
        for c in text:
            if c.isdigit():
                file += int(c)
            else:
                board[(file, rank)] = c
                file += 1
    return board, fields[1]


def color_of(piece):
    return "w" if piece.isupper() else "b"


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def attacked_squares(board, sq, piece):
    """Squares the piece on sq attacks (captures on), as in chess; pawns diagonally."""
    f, r = sq
    kind = piece.lower()
    out = []
    if kind == "p":
        dr = 1 if piece.isupper() else -1
        for df in (-1, 1):
            if on_board(f + df, r + dr):
                out.append((f + df, r + dr))
    elif kind == "n":
        out = [(f + a, r + b) for a, b in KNIGHT if on_board(f + a, r + b)]
    elif kind == "k":
        out = [(f + a, r + b) for a, b in KING if on_board(f + a, r + b)]
    else:
        dirs = {"r": ROOK_DIRS, "b": BISHOP_DIRS, "q": ROOK_DIRS + BISHOP_DIRS}[kind]
        for a, b in dirs:
            x, y = f + a, r + b
            while on_board(x, y):
                out.append((x, y))
                if (x, y) in board:
                    break
                x, y = x + a, y + b
    return out


# ---------------------------------------------------------------- Jabberwocky

CYCLE = {"k": "p", "p": "n", "n": "b", "b": "r", "r": "q", "q": "k"}


def jw_pseudo(board, side):
    """All moves (from, to, new_piece) of side, captures and quiet moves apart."""
    captures, quiet = [], []
    for sq, piece in list(board.items()):
        if color_of(piece) != side:
            continue
        kind = piece.lower()
        far = 7 if side == "w" else 0
        targets = []
        if kind == "p":
            dr = 1 if side == "w" else -1
            ahead = (sq[0], sq[1] + dr)
            if on_board(*ahead) and ahead not in board:
                targets.append(ahead)
            for t in attacked_squares(board, sq, piece):
                if t in board:
                    targets.append(t)
        else:
            targets = attacked_squares(board, sq, piece)
        for t in targets:
            if t in board and color_of(board[t]) == side:
                continue
            if kind == "k" and t[1] == far:
                news = ["q", "r", "b", "n"]
            else:
                news = [CYCLE[kind]]
            for new in news:
                new_piece = new.upper() if side == "w" else new
                move = (sq, t, new_piece)
                (captures if t in board else quiet).append(move)
    return captures, quiet


def jw_play(board, move):
    b = dict(board)
    src, dst, new_piece = move
    del b[src]
    b[dst] = new_piece
    return b


def jw_legal(board, side):
    captures, quiet = jw_pseudo(board, side)
    candidates = captures if captures else quiet
    king = "K" if side == "w" else "k"
    return [m for m in candidates if king in jw_play(board, m).values()]


def jw_perft(board, side, depth):
    if depth == 0:
        return 1
    moves = jw_legal(board, side)
    if depth == 1:
        return len(moves)
    other = "b" if side == "w" else "w"
    return sum(jw_perft(jw_play(board, m), other, depth - 1) for m in moves)


def sq_name(sq):
    return "abcdefgh"[sq[0]] + str(sq[1] + 1)


def main():
    game, fen, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    divide = "--divide" in sys.argv
    board, side = parse_fen(fen)
    other = "b" if side == "w" else "w"
    if game == "jabberwocky":
        legal, play, perft = jw_legal, jw_play, jw_perft
    else:
        legal, play, perft = sp_legal, sp_play, sp_perft
    if divide:
        total = 0
        for m in legal(board, side):
            n = perft(play(board, m), other, depth - 1)
            total += n
            print(m, n)
        print("Nodes searched:", total)
    else:
        print("Nodes searched:", perft(board, side, depth))


if __name__ == "__main__":
    main()
