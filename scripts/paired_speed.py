#!/usr/bin/env python3
"""Compares the speed of two vorpal builds on a noisy machine.

Single timings here scatter by a fifth either way, so each round runs both builds at
once, each pinned to its own core, and the cores are swapped every round. A build
searches chess's bench positions (as `vorpal bench` lists them) over the protocol with
the table at the size matches use, each to a fixed depth, and the engine's CPU time is
read when it exits. Both builds must search the same nodes; the script stops if not.

    scripts/paired_speed.py BASE NEW [--rounds 20] [--depth 13] [--hash 64]

Prints each round's ratio (BASE's time over NEW's: above 1, NEW is faster), then the
geometric mean with a 95% interval and the rounds NEW was faster in.
"""
import argparse
import math
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

def chess_bench_fens(binary):
    """Chess's bench positions, as `vorpal bench` lists them on its standard error."""
    run = subprocess.run([binary, "bench", "--variant", "chess", "--depth", "1"],
                         capture_output=True, text=True, check=True)
    return re.findall(r"^chess (.+): \d+ nodes", run.stderr, re.MULTILINE)


def timed_run(binary, core, fens, depth, hash_mb):
    """CPU seconds and nodes of one build searching every position, pinned to `core`."""
    engine = subprocess.Popen(
        ["taskset", "-c", str(core), binary],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        bufsize=1,
    )

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def read_until(prefix):
        nodes = 0
        for line in engine.stdout:
            found = re.search(r" nodes (\d+)", line)
            if found:
                nodes = int(found.group(1))
            if line.startswith(prefix):
                return nodes
        sys.exit(f"{binary} ended before '{prefix}'")

    send("uci")
    read_until("uciok")
    send(f"setoption name Hash value {hash_mb}")
    send("isready")
    read_until("readyok")
    nodes = 0
    for fen in fens:
        send("ucinewgame")
        send("position fen " + fen)
        send(f"go depth {depth}")
        nodes += read_until("bestmove")
    send("quit")
    # wait4 gives this child's own CPU time, which RUSAGE_CHILDREN would mix with the
    # other build's when both run at once.
    _, status, usage = os.wait4(engine.pid, 0)
    engine.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, nodes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base")
    parser.add_argument("new")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--depth", type=int, default=13)
    parser.add_argument("--hash", type=int, default=64)
    args = parser.parse_args()
    if os.cpu_count() < 2:
        sys.exit("needs two cores")
    fens = chess_bench_fens(args.base)
    if not fens:
        sys.exit(f"{args.base} listed no chess bench positions")
    logs = []
    with ThreadPoolExecutor(2) as pool:
        for round_ in range(args.rounds):
            base_core, new_core = (0, 1) if round_ % 2 == 0 else (1, 0)
            base = pool.submit(timed_run, args.base, base_core, fens, args.depth, args.hash)
            new = pool.submit(timed_run, args.new, new_core, fens, args.depth, args.hash)
            (base_time, base_nodes), (new_time, new_nodes) = base.result(), new.result()
            if base_nodes != new_nodes:
                sys.exit(f"not the same search: {base_nodes} nodes against {new_nodes}")
            ratio = base_time / new_time
            logs.append(math.log(ratio))
            print(f"round {round_ + 1}: {base_time:.3f} s / {new_time:.3f} s = {ratio:.3f} ({new_nodes} nodes)")
    mean = sum(logs) / len(logs)
    spread = math.sqrt(sum((x - mean) ** 2 for x in logs) / max(1, len(logs) - 1) / len(logs))
    faster = sum(x > 0 for x in logs)
    print(
        f"NEW is {math.exp(mean):.3f} times as fast (95% {math.exp(mean - 1.96 * spread):.3f} .. "
        f"{math.exp(mean + 1.96 * spread):.3f}), faster in {faster} of {len(logs)} rounds"
    )


if __name__ == "__main__":
    main()
