#!/usr/bin/env python3
"""Independent, deliberately plain perft for Jabberwocky, Superpermutation chess,
"It's not a job for King" (maharajah, twokings, twokings4) and Jacks and Witches 84.

A second implementation of the rules (docs/RULES.md, sections 4 to 8), written
straight from the rule text with a 0x88-free mailbox and trial moves, to cross-check
the engine's perft vectors in perft/data/. It shares no code or idea of structure with
the Rust engine (no bitboards, no legality shortcuts).

    python3 scripts/perft_reference.py jabberwocky "FEN" DEPTH [--divide]
    python3 scripts/perft_reference.py superpermutation "FEN" DEPTH [--divide]
    python3 scripts/perft_reference.py maharajah "FEN" DEPTH [--divide]
    python3 scripts/perft_reference.py twokings "FEN" DEPTH [--divide]
    python3 scripts/perft_reference.py jackswitches "FEN" DEPTH [--divide]
    python3 scripts/perft_reference.py jackswitches-differential ENGINE SEED GAMES [DEPTH]

The last plays GAMES seeded random games of Jacks and Witches and compares the perft
of each final position with `ENGINE perft` (the vorpal binary).
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


# ---------------------------------------------------------------------------------
# Jacks and Witches 84 (docs/RULES.md section 6): a 12x8 dictionary board, every move
# tried out and judged on the result.

JK_HOLES = {(5, 2), (6, 2), (4, 3), (5, 3), (6, 3), (7, 3), (4, 4), (5, 4), (6, 4), (7, 4), (5, 5), (6, 5)}
JK_TELEPORTERS = [(4, 2), (7, 2), (4, 5), (7, 5)]
JK_PROMOTIONS = "wlcvrbnj"


def jk_square(f, r):
    return 0 <= f < 12 and 0 <= r < 8 and (f, r) not in JK_HOLES


def jk_parse(fen):
    fields = fen.split()
    placement, hand = fields[0].split("[")
    board = {}
    for row, text in enumerate(placement.split("/")):
        rank, file, digits = 7 - row, 0, ""
        for c in text + " ":
            if c.isdigit():
                digits += c
                continue
            if digits:
                file += int(digits)
                digits = ""
            if c == " ":
                break
            if c != "*":
                board[(file, rank)] = c
            file += 1
        assert file == 12, "rank %d has %d squares" % (rank + 1, file)
    hands = {"w": hand.count("J"), "b": hand.count("j")}
    ep = None
    if fields[3] != "-":
        ep = ("abcdefghijkl".index(fields[3][0]), int(fields[3][1]) - 1)
    # Teleporting is off once a King has stood on its opponent's first rank.
    off = fields[2] == "x" or jk_find(board, "K")[1] == 7 or jk_find(board, "k")[1] == 0
    return {"board": board, "side": fields[1], "hands": hands, "ep": ep, "off": bool(off)}


def jk_find(board, piece):
    return next(sq for sq, p in board.items() if p == piece)


def jk_color(piece):
    return "w" if piece.isupper() else "b"


def jk_frozen(board, sq):
    """A piece next to an enemy Witch cannot move or attack."""
    mine = jk_color(board[sq])
    for df, dr in KING:
        other = board.get((sq[0] + df, sq[1] + dr))
        if other is not None and other.lower() == "w" and jk_color(other) != mine:
            return True
    return False


def jk_king(board, side):
    return next(sq for sq, p in board.items() if p == ("K" if side == "w" else "k"))


def jk_wazir(board):
    a, b = jk_king(board, "w"), jk_king(board, "b")
    return (a[0] + a[1]) % 2 == (b[0] + b[1]) % 2


def jk_walk(board, sq, d):
    """The squares along direction d up to the first piece or the end of the board."""
    out = []
    f, r = sq[0] + d[0], sq[1] + d[1]
    while jk_square(f, r):
        out.append((f, r))
        if (f, r) in board:
            break
        f, r = f + d[0], r + d[1]
    return out


def jk_cannon_hit(board, sq, d):
    line = jk_walk(board, sq, d)
    if not line or line[-1] not in board:
        return None
    beyond = jk_walk(board, line[-1], d)
    if beyond and beyond[-1] in board:
        return beyond[-1]
    return None


def jk_jack_steps(board, sq):
    eye = (11 - sq[0], sq[1])
    if eye in board:
        return []
    steps = ROOK_DIRS if jk_wazir(board) else BISHOP_DIRS
    return [(eye[0] + a, eye[1] + b) for a, b in steps if jk_square(eye[0] + a, eye[1] + b)]


def jk_attacks(board, sq):
    """Squares the piece on sq attacks (could capture on), nothing when immobilized."""
    piece = board[sq]
    kind = piece.lower()
    f, r = sq
    if jk_frozen(board, sq):
        return []
    if kind == "p":
        dr = 1 if piece.isupper() else -1
        return [(f + a, r + dr) for a in (-1, 1) if jk_square(f + a, r + dr)]
    if kind == "n":
        return [(f + a, r + b) for a, b in KNIGHT if jk_square(f + a, r + b)]
    if kind in "kl":
        return [(f + a, r + b) for a, b in KING if jk_square(f + a, r + b)]
    if kind in "rb":
        dirs = ROOK_DIRS if kind == "r" else BISHOP_DIRS
        return [s for d in dirs for s in jk_walk(board, sq, d)]
    if kind in "cv":
        dirs = ROOK_DIRS if kind == "c" else BISHOP_DIRS
        return [h for h in (jk_cannon_hit(board, sq, d) for d in dirs) if h is not None]
    if kind == "j":
        return [s for s in jk_jack_steps(board, sq) if s != sq]
    return []


def jk_attacked(board, side):
    king = jk_king(board, side)
    return any(jk_color(p) != side and king in jk_attacks(board, sq) for sq, p in list(board.items()))


def jk_exclusion_ok(board):
    kinds = {"w": set(), "b": set()}
    for t in JK_TELEPORTERS:
        if t in board:
            kinds[jk_color(board[t])].add(board[t].lower().replace("v", "c"))
    return not (kinds["w"] & kinds["b"])


def jk_pseudo(state):
    board, side = state["board"], state["side"]
    out = []  # (from, to, new kind or None, teleport); drops are ("drop", to)
    for sq, piece in list(board.items()):
        if jk_color(piece) != side or jk_frozen(board, sq):
            continue
        kind = piece.lower()
        f, r = sq

        def free_or_enemy(t):
            return t not in board or jk_color(board[t]) != side

        if kind == "p":
            dr = 1 if side == "w" else -1
            last = 7 if side == "w" else 0
            targets = []
            if jk_square(f, r + dr) and (f, r + dr) not in board:
                targets.append((f, r + dr))
                home = 1 if side == "w" else 6
                if r == home and jk_square(f, r + 2 * dr) and (f, r + 2 * dr) not in board:
                    targets.append((f, r + 2 * dr))
            for a in (-1, 1):
                t = (f + a, r + dr)
                if jk_square(*t) and ((t in board and jk_color(board[t]) != side) or t == state["ep"]):
                    targets.append(t)
            for t in targets:
                if t[1] == last:
                    out.extend((sq, t, k, False) for k in JK_PROMOTIONS)
                else:
                    out.append((sq, t, None, False))
        elif kind in "nk":
            deltas = KNIGHT if kind == "n" else KING
            for a, b in deltas:
                t = (f + a, r + b)
                if jk_square(*t) and free_or_enemy(t):
                    out.append((sq, t, None, False))
        elif kind == "l":
            for a, b in KING:
                leap = (f + 2 * a, r + 2 * b)
                if jk_square(*leap) and leap not in board:
                    out.append((sq, leap, None, False))
                step = (f + a, r + b)
                if step in board and jk_color(board[step]) != side:
                    out.append((sq, step, None, False))
        elif kind in "rbw":
            dirs = {"r": ROOK_DIRS, "b": BISHOP_DIRS, "w": ROOK_DIRS + BISHOP_DIRS}[kind]
            for d in dirs:
                for t in jk_walk(board, sq, d):
                    if t not in board or (kind != "w" and jk_color(board[t]) != side):
                        out.append((sq, t, None, False))
        elif kind in "cv":
            dirs = ROOK_DIRS if kind == "c" else BISHOP_DIRS
            for d in dirs:
                targets = [t for t in jk_walk(board, sq, d) if t not in board]
                hit = jk_cannon_hit(board, sq, d)
                if hit is not None and jk_color(board[hit]) != side:
                    targets.append(hit)
                for t in targets:
                    out.append((sq, t, "c", False))
                    out.append((sq, t, "v", False))
            out.append((sq, sq, "v" if kind == "c" else "c", False))
        elif kind == "j":
            for t in jk_jack_steps(board, sq):
                if t == sq or free_or_enemy(t):
                    out.append((sq, t, None, False))
        eye_open = kind != "j" or (11 - f, r) not in board
        if not state["off"] and sq in JK_TELEPORTERS and eye_open:
            for t in JK_TELEPORTERS:
                if t != sq and t not in board:
                    if kind in "cv":
                        out.append((sq, t, "c", True))
                        out.append((sq, t, "v", True))
                    else:
                        out.append((sq, t, None, True))
    if state["hands"][side] > 0:
        rank = 1 if side == "w" else 6
        for f in range(4, 8):
            if (f, rank) not in board:
                out.append(("drop", (f, rank)))
    return out


def jk_play(state, move):
    board = dict(state["board"])
    side = state["side"]
    hands = dict(state["hands"])
    new = {"board": board, "side": "b" if side == "w" else "w", "hands": hands, "ep": None, "off": state["off"]}
    if move[0] == "drop":
        board[move[1]] = "J" if side == "w" else "j"
        hands[side] -= 1
        return new
    frm, to, kind, teleport = move
    piece = board.pop(frm)
    if piece.lower() == "p" and to == state["ep"] and frm[0] != to[0] and to not in board:
        del board[(to[0], frm[1])]
    # The move is made by the piece as it was; a promotion or a new mode only names
    # what stands on the square afterwards (a pawn promoting to a Witch drags nothing).
    board[to] = piece if kind is None else (kind.upper() if side == "w" else kind)
    if piece.lower() == "p" and abs(to[1] - frm[1]) == 2:
        new["ep"] = (frm[0], (frm[1] + to[1]) // 2)
    if piece.lower() == "k" and to[1] == (7 if side == "w" else 0):
        new["off"] = True
    if piece.lower() == "w" and frm != to:
        dx = (to[0] > frm[0]) - (to[0] < frm[0])
        dy = (to[1] > frm[1]) - (to[1] < frm[1])
        behind = (frm[0] - dx, frm[1] - dy)
        victim = board.get(behind)
        if victim is not None and jk_color(victim) != side and victim.lower() != "w":
            del board[behind]
            board[frm if teleport else (to[0] - dx, to[1] - dy)] = victim
    return new


def jk_legal(state):
    out = []
    for m in jk_pseudo(state):
        after = jk_play(state, m)
        if jk_exclusion_ok(after["board"]) and not jk_attacked(after["board"], state["side"]):
            out.append(m)
    return out


def jk_perft(state, depth):
    moves = jk_legal(state)
    if depth == 1:
        return len(moves)
    return sum(jk_perft(jk_play(state, m), depth - 1) for m in moves)


def jk_name(move):
    files = "abcdefghijkl"
    if move[0] == "drop":
        return "J@" + files[move[1][0]] + str(move[1][1] + 1)
    frm, to, kind, _ = move
    return files[frm[0]] + str(frm[1] + 1) + files[to[0]] + str(to[1] + 1) + (kind or "")


def jk_fen(state):
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for f in range(12):
            cell = "*" if (f, rank) in JK_HOLES else state["board"].get((f, rank))
            if cell is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + cell
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    hand = "J" * state["hands"]["w"] + "j" * state["hands"]["b"]
    ep = "-" if state["ep"] is None else "abcdefghijkl"[state["ep"][0]] + str(state["ep"][1] + 1)
    return "/".join(rows) + "[%s] %s %s %s 0 1" % (hand, state["side"], "x" if state["off"] else "-", ep)


def jk_differential(engine, seed, games, depth):
    """Random games from the start; the perft of each final position, here and by
    `engine perft`, must agree."""
    import random
    import subprocess

    rng = random.Random(seed)
    start = jk_parse("lcrnbwkbnrcl/pppp4pppp/5**5/4****4/4****4/5**5/PPPP4PPPP/LCRNBWKBNRCL[JJjj] w - - 0 1")
    mismatches = 0
    for _ in range(games):
        state = start
        for _ in range(rng.randint(10, 120)):
            moves = jk_legal(state)
            if not moves:
                break
            state = jk_play(state, rng.choice(moves))
        fen = jk_fen(state)
        args = [engine, "perft", "--variant", "jackswitches", "--fen", fen, "--depth", str(depth), "--threads", "1"]
        found = subprocess.run(args, capture_output=True, text=True).stdout.strip().split("\n")[-1]
        expected = "Nodes searched: %d" % jk_perft(state, depth)
        if found != expected:
            mismatches += 1
            print("MISMATCH", fen, expected, "engine:", found)
    print("positions", games, "mismatches", mismatches)


def sq_name(sq):
    return "abcdefgh"[sq[0]] + str(sq[1] + 1)


def main():
    game, fen = sys.argv[1], sys.argv[2]
    depth = int(sys.argv[3]) if game != "jackswitches-differential" else 0
    divide = "--divide" in sys.argv
    if game == "jackswitches-differential":
        # perft_reference.py jackswitches-differential ENGINE SEED GAMES [DEPTH]
        depth = int(sys.argv[5]) if len(sys.argv) > 5 else 2
        jk_differential(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), depth)
        return
    if game == "jackswitches":
        state = jk_parse(fen)
        if divide:
            total = 0
            for m in jk_legal(state):
                n = jk_perft(jk_play(state, m), depth - 1) if depth > 1 else 1
                total += n
                print(jk_name(m) + ":", n)
            print("Nodes searched:", total)
        else:
            print("Nodes searched:", jk_perft(state, depth))
        return
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
