#!/bin/sh
# A stand-in engine for the match tests: it answers the handshake, then misbehaves
# as its argument says whenever it is asked to move: `crash` exits, `illegal` names
# a move no game has, `hang` never answers (it keeps reading and ignores `go`),
# `orphan` starts a child that keeps the output pipe open and exits, `explicit` plays
# the Alice move e2e4 in its explicit form (Ae2Be4) and then exits; `notready`
# answers only the first `isready` (the handshake's), never the one before a game.
mode=$1
ready=0
while read -r line; do
    case "$line" in
    uci)
        echo "id name Fake $mode"
        echo "uciok"
        ;;
    isready)
        ready=$((ready + 1))
        if [ "$mode" != notready ] || [ "$ready" -eq 1 ]; then echo "readyok"; fi
        ;;
    go*)
        case "$mode" in
        crash) exit 3 ;;
        illegal) echo "bestmove z9z9" ;;
        orphan)
            sleep 987 &
            exit 0
            ;;
        explicit)
            echo "bestmove Ae2Be4"
            mode=crash
            ;;
        esac
        ;;
    quit) exit 0 ;;
    esac
done
