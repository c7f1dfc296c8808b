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


# ---------------------------------------------------------- Superpermutation

def find_king(board, side):
    king = "K" if side == "w" else "k"
    for sq, piece in board.items():
        if piece == king:
            return sq
    raise ValueError("no king")


def attacked(board, sq, by):
    """Whether a piece of colour `by` attacks sq (every piece attacks as in chess)."""
    for src, piece in board.items():
        if color_of(piece) == by and sq in attacked_squares(board, src, piece):
            return True
    return False


def in_check(board, side):
    return attacked(board, find_king(board, side), "b" if side == "w" else "w")


def sp_play(state, move):
    """Returns (board, lost) after move = (kind, src, dst, promotion)."""
    board, side = state
    kind, src, dst, promotion = move
    other = "b" if side == "w" else "w"
    b = dict(board)
    if kind == "teleport":
        b[src], b[dst] = b[dst], b[src]
        return b, in_check(b, side)
    piece = b.pop(src)
    b[dst] = piece  # a King's capture removes the captured piece here
    at = dst
    step = 1 if side == "w" else -1
    if not in_check(b, other):
        while True:
            ahead = (at[0], at[1] + step)
            if not on_board(*ahead) or ahead not in b:
                break
            swapped = b[ahead]
            b[ahead] = piece
            # A pawn that the chain puts on its last rank becomes a Queen.
            if swapped == "P" and at[1] == 7:
                swapped = "Q"
            if swapped == "p" and at[1] == 0:
                swapped = "q"
            b[at] = swapped
            at = ahead
            if in_check(b, other):
                break
    if promotion:
        b[at] = promotion.upper() if side == "w" else promotion
    return b, False


def sp_candidates(board, side):
    out = []
    for sq, piece in list(board.items()):
        if color_of(piece) != side:
            continue
        kind = piece.lower()
        if kind == "p":
            dr = 1 if side == "w" else -1
            first = 0 if side == "w" else 7
            second = 1 if side == "w" else 6
            one = (sq[0], sq[1] + dr)
            if on_board(*one) and one not in board:
                out.append(("move", sq, one))
                two = (sq[0], sq[1] + 2 * dr)
                if sq[1] == second and two not in board:
                    out.append(("move", sq, two))
            del first
        elif kind == "k":
            for t in attacked_squares(board, sq, piece):
                if t not in board or color_of(board[t]) != side:
                    out.append(("move", sq, t))
            if not in_check(board, side):
                for t, other_piece in board.items():
                    if color_of(other_piece) == side and other_piece.lower() in "qrbn":
                        out.append(("teleport", sq, t))
        else:
            for t in attacked_squares(board, sq, piece):
                if t not in board:
                    out.append(("move", sq, t))
    return out


def sp_legal(state):
    board, side = state
    moves = []
    for kind, src, dst in sp_candidates(board, side):
        if kind == "teleport":
            moves.append((kind, src, dst, None))
            continue
        after, _ = sp_play(state, (kind, src, dst, None))
        if in_check(after, side):
            continue
        piece = board[src]
        # Where did the moved piece end? Find the promotion case by replaying.
        last = 7 if side == "w" else 0
        if piece.lower() == "p" and any(
            p == piece and sq[0] == src[0] and sq[1] == last for sq, p in after.items()
        ):
            # The moved pawn is the only pawn of ours that can stand on our last rank.
            for promotion in "qrbn":
                moves.append((kind, src, dst, promotion))
        else:
            moves.append((kind, src, dst, None))
    return moves


def sp_perft_state(state, lost, depth):
    if depth == 0:
        return 1
    if lost:
        return 0
    board, side = state
    moves = sp_legal(state)
    if depth == 1:
        return len(moves)
    other = "b" if side == "w" else "w"
    total = 0
    for m in moves:
        after, now_lost = sp_play(state, m)
        total += sp_perft_state((after, other), now_lost, depth - 1)
    return total


def sp_perft(board, side, depth):
    other = "b" if side == "w" else "w"
    return sp_perft_state((board, side), in_check(board, other), depth)



def sq_name(sq):
    return "abcdefgh"[sq[0]] + str(sq[1] + 1)


def main():
    game, fen, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    divide = "--divide" in sys.argv
    board, side = parse_fen(fen)
    other = "b" if side == "w" else "w"
    if game == "jabberwocky":
        if divide:
            total = 0
            for m in jw_legal(board, side):
                n = jw_perft(jw_play(board, m), other, depth - 1)
                total += n
                print(sq_name(m[0]) + sq_name(m[1]), m[2], n)
            print("Nodes searched:", total)
        else:
            print("Nodes searched:", jw_perft(board, side, depth))
    else:
        if divide:
            total = 0
            for m in sp_legal((board, side)):
                after, lost = sp_play((board, side), m)
                n = sp_perft_state((after, other), lost, depth - 1)
                total += n
                print(sq_name(m[1]) + sq_name(m[2]) + (m[3] or ""), n)
            print("Nodes searched:", total)
        else:
            print("Nodes searched:", sp_perft(board, side, depth))


if __name__ == "__main__":
    main()
