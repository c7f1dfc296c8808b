#!/usr/bin/env python3
"""Independent, deliberately plain perft for Jabberwocky, Superpermutation chess and
"It's not a job for King" (maharajah, twokings, twokings4).

A second implementation of the rules (docs/RULES.md, sections 4, 5, 7 and 8), written
straight from the rule text with a 0x88-free mailbox and trial moves, to cross-check
the engine's perft vectors in perft/data/. It shares no code or idea of structure with
the Rust engine (no bitboards, no legality shortcuts).

    python3 scripts/perft_reference.py jabberwocky "FEN" DEPTH [--divide]
    python3 scripts/perft_reference.py superpermutation "FEN" DEPTH [--divide]
    python3 scripts/perft_reference.py maharajah "FEN" DEPTH [--divide]
    python3 scripts/perft_reference.py twokings "FEN" DEPTH [--divide]
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



# ------------------------------------------------ It's not a job for King (I, II)
#
# Pieces are written as FEN letters; a Maharajah is "+" and the letter it came from.
# Movement of each piece as a set of components: s (King step), n (Knight leap),
# b (Bishop lines), r (Rook lines).

MOVES_OF = {"w": "s", "k": "s", "n": "n", "b": "b", "r": "r", "q": "br", "m": "rn", "c": "bn", "+": "rbn"}


def other_side(side):
    return "b" if side == "w" else "w"


def owner(piece):
    return "w" if piece[-1].isupper() else "b"


def movement(piece):
    return MOVES_OF["+" if piece.startswith("+") else piece.lower()]


def reach(board, sq, piece):
    """Squares the piece on sq attacks (and moves to, when empty or an enemy's)."""
    f, r = sq
    if piece.lower() == "p":
        dr = 1 if piece.isupper() else -1
        return [(f + df, r + dr) for df in (-1, 1) if on_board(f + df, r + dr)]
    out = []
    parts = movement(piece)
    if "s" in parts:
        out += [(f + a, r + b) for a, b in KING if on_board(f + a, r + b)]
    if "n" in parts:
        out += [(f + a, r + b) for a, b in KNIGHT if on_board(f + a, r + b)]
    dirs = (BISHOP_DIRS if "b" in parts else []) + (ROOK_DIRS if "r" in parts else [])
    for a, b in dirs:
        x, y = f + a, r + b
        while on_board(x, y):
            out.append((x, y))
            if (x, y) in board:
                break
            x, y = x + a, y + b
    return out


def hit(board, sq, by):
    return any(owner(p) == by and sq in reach(board, s, p) for s, p in board.items())


def parse_board(text):
    board = {}
    for row, line in enumerate(text.split("/")):
        rank, file, i = 7 - row, 0, 0
        while i < len(line):
            c = line[i]
            if c.isdigit():
                j = i
                while j < len(line) and line[j].isdigit():
                    j += 1
                file += int(line[i:j])
                i = j
                continue
            if c == "+":
                board[(file, rank)] = "+" + line[i + 1]
                i += 2
            else:
                board[(file, rank)] = c
                i += 1
            file += 1
    return board


def parse_square(text):
    return ("abcdefgh".index(text[0]), int(text[1]) - 1)


def pawn_moves_of(board, side, ep, promotions):
    """(src, dst, promotion, en_passant) of side's pawns."""
    out = []
    dr = 1 if side == "w" else -1
    last = 7 if side == "w" else 0
    for sq, piece in list(board.items()):
        if piece != ("P" if side == "w" else "p"):
            continue
        targets = []
        one = (sq[0], sq[1] + dr)
        if one not in board:
            targets.append((one, False))
            two = (sq[0], sq[1] + 2 * dr)
            if sq[1] == (1 if side == "w" else 6) and two not in board:
                targets.append((two, False))
        for t in reach(board, sq, piece):
            if t in board and owner(board[t]) != side:
                targets.append((t, False))
            elif t == ep:
                targets.append((t, True))
        for t, en_passant in targets:
            if t[1] == last:
                for p in promotions:
                    out.append((sq, t, p, en_passant))
            else:
                out.append((sq, t, None, en_passant))
    return out


# Game I: state = (board, side, locks {side: bool}, ep)

def mh_royal_attacked(board, side):
    return any(p.startswith("+") and owner(p) == side and hit(board, s, other_side(side)) for s, p in board.items())


def mh_play(state, move):
    board, side, locks, ep = state
    src, dst, letter = move
    b = dict(board)
    new_locks = dict(locks)
    new_ep = None
    if src == dst:
        piece = b[src]
        if piece.startswith("+"):
            b[src] = piece[1]
        else:
            b[src] = "+" + piece
        new_locks[side] = True
        return (b, other_side(side), new_locks, None)
    new_locks[side] = False
    piece = b.pop(src)
    captured = dst in b
    if piece.lower() == "p" and dst == ep:
        del b[(dst[0], src[1])]
    if piece.lower() == "p" and abs(dst[1] - src[1]) == 2:
        new_ep = (src[0], (src[1] + dst[1]) // 2)
    if letter:
        piece = letter.upper() if side == "w" else letter
    b[dst] = piece
    if captured:
        theirs = [s for s, p in b.items() if owner(p) != side and p.lower() != "p"]
        if len(theirs) == 1 and b[theirs[0]].startswith("+"):
            b[theirs[0]] = b[theirs[0]][1]
    return (b, other_side(side), new_locks, new_ep)


def mh_legal(state):
    board, side, locks, ep = state
    moves = []
    mine = [(s, p) for s, p in board.items() if owner(p) == side]
    if not locks[side] and not mh_royal_attacked(board, side):
        officers = [s for s, p in mine if p.lower() != "p"]
        for s in officers:
            piece = board[s]
            if piece.startswith("+"):
                moves.append((s, s, piece[1].lower()))
            elif len(officers) >= 2:
                moves.append((s, s, "m"))
    for s, p in mine:
        if p.lower() == "p":
            continue
        for t in reach(board, s, p):
            if t not in board or owner(board[t]) != side:
                moves.append((s, t, None))
    for s, t, promo, _ in pawn_moves_of(board, side, ep, "wrbn"):
        moves.append((s, t, promo))
    return [m for m in moves if not mh_royal_attacked(mh_play(state, m)[0], side)]


def mh_perft(state, depth):
    if depth == 0:
        return 1
    moves = mh_legal(state)
    if depth == 1:
        return len(moves)
    return sum(mh_perft(mh_play(state, m), depth - 1) for m in moves)


def mh_state(fen):
    f = fen.split()
    locks = {"w": "T" in f[2], "b": "t" in f[2]}
    ep = None if f[3] == "-" else parse_square(f[3])
    return (parse_board(f[0]), f[1], locks, ep)


# Game II: state = (board, side, rights (set of squares), waits {square: n}, ep)


def tk_kings(board, side):
    king = "K" if side == "w" else "k"
    return [s for s, p in board.items() if p == king]


def tk_all_kings_attacked(board, side):
    return all(hit(board, k, other_side(side)) for k in tk_kings(board, side))


def tk_play(state, move):
    board, side, rights, waits, ep = state
    kind, src, dst, letter = move
    b = dict(board)
    w = dict(waits)
    gone = {src, dst}
    fresh = None
    new_ep = None
    if kind == "castle":
        rank = src[1]
        king_to, rook_to = ((2, rank), (3, rank)) if dst[0] < src[0] else ((6, rank), (5, rank))
        king, rook = b.pop(src), b.pop(dst)
        b[king_to], b[rook_to] = king, rook
        if src in w:
            w[king_to] = w.pop(src)
    elif src == dst:
        b[src] = letter.upper() if side == "w" else letter
        fresh = src
    else:
        piece = b.pop(src)
        if piece.lower() == "p" and dst == ep:
            del b[(dst[0], src[1])]
        if piece.lower() == "p" and abs(dst[1] - src[1]) == 2:
            new_ep = (src[0], (src[1] + dst[1]) // 2)
        w.pop(dst, None)
        if src in w:
            w[dst] = w.pop(src)
        if letter:
            piece = letter.upper() if side == "w" else letter
            fresh = dst
        b[dst] = piece
    for s in list(w):
        if owner(b[s]) == side:
            w[s] -= 1
            if w[s] == 0:
                del w[s]
    if fresh:
        w[fresh] = 3
    return (b, other_side(side), rights - gone, w, new_ep)


def tk_legal(state):
    board, side, rights, waits, ep = state
    if not tk_kings(board, side):
        return []
    moves = []
    kings = tk_kings(board, side)
    for s, p in list(board.items()):
        if owner(p) != side or p.lower() == "p":
            continue
        for t in reach(board, s, p):
            if t not in board or owner(board[t]) != side:
                moves.append(("move", s, t, None))
        if waits.get(s, 0) == 0:
            if p.lower() == "k" and len(kings) >= 2:
                moves += [("move", s, s, c) for c in "qmc"]
            elif p.lower() in "qmc":
                moves.append(("move", s, s, "k"))
    for s, t, promo, _ in pawn_moves_of(board, side, ep, "kqmc"):
        moves.append(("move", s, t, promo))
    legal = [m for m in moves if not tk_all_kings_attacked(tk_play(state, m)[0], side)]
    rank = 0 if side == "w" else 7
    for king in [(3, rank), (4, rank)]:
        if king not in rights or board.get(king) != ("K" if side == "w" else "k"):
            continue
        for rook in [(0, rank), (7, rank)]:
            if rook not in rights or board.get(rook) != ("R" if side == "w" else "r"):
                continue
            king_to, rook_to = ((2, rank), (3, rank)) if rook[0] < king[0] else ((6, rank), (5, rank))
            files = set(range(min(king[0], king_to[0]), max(king[0], king_to[0]) + 1))
            files |= set(range(min(rook[0], rook_to[0]), max(rook[0], rook_to[0]) + 1))
            if any((f, rank) in board and (f, rank) not in (king, rook) for f in files):
                continue
            king_files = range(min(king[0], king_to[0]), max(king[0], king_to[0]) + 1)
            if any(hit(board, (f, rank), other_side(side)) for f in king_files):
                continue
            move = ("castle", king, rook, None)
            if not hit(tk_play(state, move)[0], king_to, other_side(side)):
                legal.append(move)
    return legal


def tk_perft(state, depth):
    if depth == 0:
        return 1
    moves = tk_legal(state)
    if depth == 1:
        return len(moves)
    return sum(tk_perft(tk_play(state, m), depth - 1) for m in moves)


def tk_state(fen):
    f = fen.split()
    board, side = parse_board(f[0]), f[1]
    rights = set()
    if f[2] != "-":
        for c in f[2]:
            rights.add(("abcdefgh".index(c.lower()), 0 if c.isupper() else 7))
    ep = None if f[3] == "-" else parse_square(f[3])
    waits = {}
    if len(f) == 7 and f[6] != "-":
        for item in f[6].split(","):
            sq, n = item.split("=")
            waits[parse_square(sq)] = int(n)
    elif len(f) < 7:
        full = int(f[5]) if len(f) > 5 else 1
        for s, p in board.items():
            if p.lower() in "kqmc":
                played = full if (owner(p) == "w" and side == "b") else full - 1
                if 3 - played > 0:
                    waits[s] = 3 - played
    return (board, side, rights, waits, ep)


def move_text(src, dst, letter):
    return sq_name(src) + sq_name(dst) + (letter or "")


def sq_name(sq):
    return "abcdefgh"[sq[0]] + str(sq[1] + 1)


def main():
    game, fen, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    divide = "--divide" in sys.argv
    board, side = parse_fen(fen)
    other = "b" if side == "w" else "w"
    if game == "maharajah":
        state = mh_state(fen)
        if divide:
            total = 0
            for m in mh_legal(state):
                n = mh_perft(mh_play(state, m), depth - 1)
                total += n
                print(move_text(*m), n)
            print("Nodes searched:", total)
        else:
            print("Nodes searched:", mh_perft(state, depth))
    elif game in ("twokings", "twokings4"):
        state = tk_state(fen)
        if divide:
            total = 0
            for m in tk_legal(state):
                n = tk_perft(tk_play(state, m), depth - 1)
                total += n
                print(move_text(m[1], m[2], m[3]), n)
            print("Nodes searched:", total)
        else:
            print("Nodes searched:", tk_perft(state, depth))
    elif game == "jabberwocky":
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
