#!/usr/bin/env python3
"""Play a UCI engine against Stockfish in orthodox chess, python-chess as referee.

Each opening is played twice with colours swapped (game 2k: engine under test
White, 2k+1: Black). Clocks are kept here from measured wall time; a flag fall,
an illegal move, a crash or a hang loses the game for that engine and the match
goes on with fresh processes. Prints a progress line per game to stderr and a
W/D/L + Elo summary to stdout (also on Ctrl-C).

  .venv/bin/python scripts/match_stockfish.py --elo 1500 --games 100 --tc 10+0.1 \
      --concurrency 2 --pgn /tmp/match.pgn
"""
import argparse
import datetime
import math
import re
import shlex
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import chess
import chess.engine
import chess.pgn

MAX_PLIES = 300  # adjudicated as a draw after this many plies (opening included)
HANG_GRACE = 1.0  # seconds past its clock before a silent engine is killed

# Balanced, varied lines (6-8 plies) from the main e4/d4/c4/Nf3 systems; Stockfish 15.1
# at depth 20 rates them all between -0.05 and +0.67 for White.
OPENINGS = """
e2e4 e7e5 g1f3 b8c6 f1b5 a7a6
e2e4 e7e5 g1f3 b8c6 f1c4 f8c5
e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4 g8f6
e2e4 e7e5 g1f3 g8f6 f3e5 d7d6
e2e4 e7e5 b1c3 g8f6 g2g3 f8c5
e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6
e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4 e7e6
e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 a7a6
e2e4 c7c5 b1c3 b8c6 g2g3 g7g6
e2e4 c7c5 c2c3 g8f6 e4e5 f6d5
e2e4 e7e6 d2d4 d7d5 b1c3 g8f6
e2e4 e7e6 d2d4 d7d5 e4e5 c7c5
e2e4 c7c6 d2d4 d7d5 e4e5 c8f5
e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5
e2e4 d7d6 d2d4 g8f6 b1c3 g7g6
e2e4 e7e5 f1c4 g8f6 d2d3 c7c6
d2d4 d7d5 c2c4 e7e6 b1c3 g8f6
d2d4 d7d5 c2c4 c7c6 g1f3 g8f6
d2d4 d7d5 c2c4 d5c4 g1f3 g8f6
d2d4 g8f6 c2c4 e7e6 b1c3 f8b4
d2d4 g8f6 c2c4 e7e6 g1f3 b7b6
d2d4 g8f6 c2c4 e7e6 g2g3 d7d5
d2d4 g8f6 c2c4 g7g6 b1c3 d7d5
d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6
d2d4 g8f6 c2c4 e7e6 g1f3 d7d5 b1c3 f8b4
d2d4 d7d5 g1f3 g8f6 c1f4 e7e6
d2d4 f7f5 g2g3 g8f6 f1g2 g7g6
c2c4 e7e5 b1c3 g8f6 g1f3 b8c6
c2c4 c7c5 g1f3 g8f6 b1c3 b8c6
c2c4 g8f6 g2g3 e7e6 f1g2 d7d5
g1f3 d7d5 g2g3 g8f6 f1g2 c7c6
g1f3 g8f6 c2c4 b7b6 g2g3 c8b7
g1f3 d7d5 c2c4 e7e6 g2g3 g8f6
"""


def parse_openings(text, source):
    """One line per opening, UCI or SAN moves ("1." move numbers and # comments ignored)."""
    lines = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split("#")[0].strip()
        if not line:
            continue
        board = chess.Board()
        try:
            for tok in line.split():
                if not re.fullmatch(r"\d+\.+", tok):
                    try:
                        board.push(board.parse_uci(tok))
                    except ValueError:
                        board.push_san(tok)
        except ValueError as e:
            sys.exit(f"{source}:{n}: bad opening move {tok!r}: {e}")
        if board.is_game_over():
            sys.exit(f"{source}:{n}: opening ends the game")
        lines.append(board.move_stack)
    if not lines:
        sys.exit(f"{source}: no openings")
    return lines


def outcome(board):
    # Actual threefold / fifty-move only: claim_draw=True would also stop a game one move
    # *before* the repetition or 100th half-move if such a move merely exists.
    o = board.outcome()  # checkmate, stalemate, insufficient material, 75 moves, fivefold
    if o is None and board.is_fifty_moves():
        o = chess.Outcome(chess.Termination.FIFTY_MOVES, None)
    if o is None and board.is_repetition(3):
        o = chess.Outcome(chess.Termination.THREEFOLD_REPETITION, None)
    return o


def elo(score):
    if score <= 0 or score >= 1:
        return math.copysign(math.inf, score - 0.5)
    return -400 * math.log10(1 / score - 1) + 0.0  # + 0.0: no "-0.0" at 50%


def elo_estimate(w, d, l):
    """Elo difference and 95% margin: logistic model, trinomial variance of the per-game score."""
    n = w + d + l
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s**2) / n
    dev = 1.96 * math.sqrt(var / n)
    margin = (elo(s + dev) - elo(s - dev)) / 2
    return elo(s), margin if math.isfinite(margin) else math.inf  # all wins/losses: unbounded


def parse_tc(tc):
    """(base, increment) in seconds from BASE+INC."""
    base, _, inc = tc.partition("+")
    return float(base), float(inc or 0)


class Match:
    def __init__(self, args):
        self.args = args
        # Each side's clock: base and increment by role ("test" may have its own).
        self.clock = {"ref": parse_tc(args.tc), "test": parse_tc(args.engine_tc or args.tc)}
        self.stop = threading.Event()
        self.live = set()  # open engines, closed on Ctrl-C to abort games in progress
        self.live_lock = threading.Lock()
        test_opts = {"Threads": 1, "Hash": args.hash}
        strict = {}
        for kv in args.engine_option:
            name, sep, value = kv.partition("=")
            if not sep:
                sys.exit(f"--engine-option wants NAME=VALUE, got {kv!r}")
            strict[name.strip()] = value.strip()
        ref_opts = {} if args.elo is None else {"UCI_LimitStrength": True, "UCI_Elo": args.elo}
        # (command, options set only if the engine has them, options that must exist)
        self.specs = {"test": (shlex.split(args.engine), test_opts, strict),
                      "ref": ([args.stockfish], dict(test_opts), ref_opts)}
        # Preflight: fail now on a bad command or option, and learn the names.
        self.names = {}
        for who in self.specs:
            try:
                eng = self.start(who)
            except Exception as e:
                sys.exit(f"cannot start {who} engine {self.specs[who][0]}: {e!r}")
            self.names[who] = eng.id.get("name", Path(self.specs[who][0][0]).name)
            self.close(eng)
        if args.elo is not None:
            self.names["ref"] += f" (Elo {args.elo})"
        if self.names["ref"] == self.names["test"]:
            self.names["ref"] += " (ref)"

    def start(self, who):
        cmd, optional, required = self.specs[who]
        # Own process group: Ctrl-C reaches only us, not the engines mid-game.
        eng = chess.engine.SimpleEngine.popen_uci(cmd, setpgrp=True)
        with self.live_lock:
            self.live.add(eng)
        try:
            eng.configure({k: v for k, v in optional.items() if k in eng.options})
            eng.configure(required)
        except BaseException:
            self.close(eng)
            raise
        return eng

    def close(self, eng):
        with self.live_lock:
            self.live.discard(eng)
        try:
            eng.quit()
        except Exception:
            pass
        finally:
            eng.close()  # kills the process if quit did not end it

    def abort(self):
        self.stop.set()
        with self.live_lock:
            for eng in list(self.live):
                eng.close()

    def play_game(self, idx, opening):
        """Returns a result dict, or None if the match was stopped meanwhile."""
        if self.stop.is_set():
            return None
        test_color = chess.WHITE if idx % 2 == 0 else chess.BLACK
        who = {test_color: "test", not test_color: "ref"}
        game = chess.pgn.Game()
        game.headers.update(
            Event=f"{self.names['test']} vs {self.names['ref']}", Site="match_stockfish.py",
            Date=datetime.date.today().strftime("%Y.%m.%d"), Round=str(idx + 1),
            White=self.names[who[chess.WHITE]], Black=self.names[who[chess.BLACK]],
            TimeControl=self.args.tc)
        if self.args.engine_tc:
            # Non-standard tags: the two sides play on different clocks.
            for color, tag in ((chess.WHITE, "WhiteTimeControl"), (chess.BLACK, "BlackTimeControl")):
                game.headers[tag] = self.args.engine_tc if who[color] == "test" else self.args.tc
        if self.args.elo is not None:
            game.headers["WhiteElo" if who[chess.WHITE] == "ref" else "BlackElo"] = str(self.args.elo)
        board, node = chess.Board(), game
        game.headers["Opening"] = board.variation_san(opening)
        for move in opening:
            board.push(move)
            node = node.add_main_variation(move)
        node.comment = "end of opening"
        clocks = {color: self.clock[who[color]][0] for color in (chess.WHITE, chess.BLACK)}
        incs = {color: self.clock[who[color]][1] for color in (chess.WHITE, chess.BLACK)}
        engines = {}
        res = dict(idx=idx, test_white=test_color == chess.WHITE, game=game, kind=None, loser=None)

        def forfeit(color, kind, why, draw=False):
            res.update(kind=kind, loser=who[color], reason=f"{self.names[who[color]]} {why}",
                       result="1/2-1/2" if draw else ("0-1" if color == chess.WHITE else "1-0"),
                       termination={"time": "time forfeit", "illegal": "rules infraction"}.get(kind, "abandoned"))

        try:
            for color in (chess.WHITE, chess.BLACK):
                try:
                    engines[color] = self.start(who[color])
                except Exception as e:
                    if self.stop.is_set():
                        return None
                    forfeit(color, "crash", f"failed to start: {e!r}")
                    break
            while "result" not in res:
                o = outcome(board)
                if o:
                    res.update(result=o.result(), reason=o.termination.name.lower().replace("_", " "),
                               termination="normal")
                    break
                if len(board.move_stack) >= MAX_PLIES:
                    res.update(result="1/2-1/2", reason=f"adjudicated draw at {MAX_PLIES} plies",
                               termination="adjudication")
                    break
                if self.stop.is_set():
                    return None
                side, eng = board.turn, engines[board.turn]
                limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                           white_inc=incs[chess.WHITE], black_inc=incs[chess.BLACK])
                # play() has no timeout with clock limits: a watchdog kills a silent engine.
                hung = threading.Event()
                watchdog = threading.Timer(clocks[side] + HANG_GRACE, lambda: (hung.set(), eng.close()))
                watchdog.start()
                t0 = time.monotonic()
                try:
                    played = eng.play(board, limit, info=chess.engine.INFO_BASIC | chess.engine.INFO_SCORE)
                    error = None
                except Exception as e:  # EngineTerminatedError (crash) is a subclass of EngineError
                    played, error = None, e
                finally:
                    watchdog.cancel()
                elapsed = time.monotonic() - t0
                if self.stop.is_set():
                    return None
                clocks[side] -= elapsed
                if hung.is_set() or (error is None and clocks[side] < 0):
                    # FIDE: no win on time if the opponent cannot possibly mate.
                    draw = board.has_insufficient_material(not side)
                    forfeit(side, "time", "lost on time" + (" (hung, killed)" if hung.is_set() else "")
                            + (", opponent cannot mate" if draw else ""), draw)
                    break
                if isinstance(error, chess.engine.EngineTerminatedError):
                    forfeit(side, "crash", f"crashed: {error}")
                    break
                if isinstance(error, chess.engine.EngineError):
                    forfeit(side, "illegal", f"illegal move: {error}")
                    break
                if error is not None:
                    forfeit(side, "crash", f"failed: {error!r}")
                    break
                if played.move is None:
                    forfeit(side, "illegal", "returned no move")
                    break
                clocks[side] += incs[side]
                node = node.add_main_variation(played.move, comment=self.move_comment(played, elapsed))
                board.push(played.move)
        finally:
            for eng in engines.values():
                self.close(eng)
        game.headers.update(Result=res["result"], Termination=res["termination"])
        node.comment = (node.comment + "; " if node.comment else "") + res["reason"]
        return res

    @staticmethod
    def move_comment(played, elapsed):
        # cutechess style "score/depth time", score in pawns from the mover's view.
        score, depth = played.info.get("score"), played.info.get("depth")
        text = f"{elapsed:.2f}s"
        if score is not None:
            s = score.relative
            val = (f"{'+' if s.mate() > 0 else '-'}M{abs(s.mate())}" if s.is_mate()
                   else f"{s.score() / 100:+.2f}")
            text = f"{val}/{depth or 0} {text}"
        return text


# `move_comment`'s text read back: the score as written, the depth, the seconds.
MOVE_COMMENT = re.compile(r"\s*([+-]?[\d.]+|[+-]?M\d+)/(\d+) ([\d.]+)s")


def parse_move_comment(comment):
    """(score text, depth, seconds) of a comment `move_comment` wrote, or None."""
    found = MOVE_COMMENT.match(comment)
    return (found.group(1), int(found.group(2)), float(found.group(3))) if found else None


def outcome_index(r):
    """0 win, 1 draw, 2 loss for the engine under test."""
    if r["result"] == "1/2-1/2":
        return 1
    return 0 if (r["result"] == "1-0") == r["test_white"] else 2


def summary(m, results, interrupted):
    n = len(results)
    names = m.names
    out = [f"{'Interrupted: partial result' if interrupted else 'Result'}: "
           f"{names['test']} vs {names['ref']}, {n} games, tc {m.args.tc}"
           + (f" ({names['test']} {m.args.engine_tc})" if m.args.engine_tc else "")]
    if n == 0:
        return "\n".join(out + ["no games finished"])
    wdl = {c: [0, 0, 0] for c in (True, False)}  # keyed by "test engine was White"
    for r in results:
        wdl[r["test_white"]][outcome_index(r)] += 1
    w, d, l = (a + b for a, b in zip(wdl[True], wdl[False]))
    e, margin = elo_estimate(w, d, l)
    los = 0.5 * (1 + math.erf((w - l) / math.sqrt(2 * (w + l)))) if w + l else 0.5
    out += [f"W-D-L: {w}-{d}-{l}   score {100 * (w + d / 2) / n:.1f}%"
            f"   (as White {'-'.join(map(str, wdl[True]))}, as Black {'-'.join(map(str, wdl[False]))})",
            f"Elo difference: {e:+.1f} +/- {margin:.1f} (95%)   LOS {100 * los:.1f}%"]
    for kind, label in (("time", "time losses"), ("illegal", "illegal-move losses"), ("crash", "crashes")):
        cnt = {who: sum(r["kind"] == kind and r["loser"] == who for r in results) for who in ("test", "ref")}
        out.append(f"{label + ':':21}{names['test']} {cnt['test']}, {names['ref']} {cnt['ref']}")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/vorpal", help="engine under test (command line)")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--elo", type=int, help="limit Stockfish to this Elo (15.1: 1350..2850)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--tc", default="10+0.1", help="BASE+INC in seconds")
    ap.add_argument("--engine-tc", metavar="BASE+INC",
                    help="the engine under test's own clock (default: --tc), to measure what time is worth")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--openings", help="file: one opening per line, UCI or SAN moves")
    ap.add_argument("--pgn", help="write all games here")
    ap.add_argument("--hash", type=int, default=16, help="MB, both engines")
    ap.add_argument("--engine-option", action="append", default=[], metavar="NAME=VALUE")
    args = ap.parse_args()
    for flag, tc in (("--tc", args.tc), ("--engine-tc", args.engine_tc)):
        if tc is not None and not re.fullmatch(r"\d+(\.\d*)?(\+\d+(\.\d*)?)?", tc):
            ap.error(f"{flag} wants BASE+INC seconds, got {tc!r}")

    openings = (parse_openings(Path(args.openings).read_text(), args.openings) if args.openings
                else parse_openings(OPENINGS, "built-in openings"))
    m = Match(args)
    pgn = open(args.pgn, "w") if args.pgn else None
    results, interrupted = [], False
    pool = ThreadPoolExecutor(max_workers=args.concurrency)
    try:
        futures = [pool.submit(m.play_game, i, openings[(i // 2) % len(openings)]) for i in range(args.games)]
        for fut in as_completed(futures):
            try:
                r = fut.result()
            except Exception as e:  # a bug here, not an engine fault: report and go on
                print(f"game failed: {e!r}", file=sys.stderr, flush=True)
                continue
            if r is None:
                continue
            results.append(r)
            score = [sum(outcome_index(x) == k for x in results) for k in range(3)]
            print(f"game {len(results)}/{args.games}: {m.names['test']} "
                  f"{'white' if r['test_white'] else 'black'}, {r['result']} ({r['reason']}), "
                  f"score so far {'-'.join(map(str, score))}", file=sys.stderr, flush=True)
            if pgn:  # written as games finish, so a crash or Ctrl-C keeps them
                print(r["game"], file=pgn, end="\n\n", flush=True)
    except KeyboardInterrupt:
        interrupted = True
        print("interrupted, stopping games in progress", file=sys.stderr, flush=True)
        m.abort()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        if pgn:
            pgn.close()
    print(summary(m, results, interrupted))
    return 130 if interrupted else 0


if __name__ == "__main__":
    sys.exit(main())
