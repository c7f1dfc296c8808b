#!/bin/sh
# A stand-in engine for the match tests: it answers the handshake, then misbehaves
# as its argument says whenever it is asked to move: `crash` exits, `illegal` names
# a move no game has, `hang` never answers (it keeps reading and ignores `go`).
mode=$1
while read -r line; do
    case "$line" in
    uci)
        echo "id name Fake $mode"
        echo "uciok"
        ;;
    isready) echo "readyok" ;;
    go*)
        case "$mode" in
        crash) exit 3 ;;
        illegal) echo "bestmove z9z9" ;;
        esac
        ;;
    quit) exit 0 ;;
    esac
done
