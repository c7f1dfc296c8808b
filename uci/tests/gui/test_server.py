"""The server without a browser: Host and Origin checks, malformed messages, and an
engine that dies in mid-game."""

import asyncio
import concurrent.futures
import json
import os
import signal
import time
import urllib.error
import urllib.request

import websockets


def run_async(coroutine):
    """Runs a coroutine to its end on a thread of its own: Playwright's sync API keeps
    an event loop running on the test thread."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def get(url, host=None):
    request = urllib.request.Request(url)
    if host:
        request.add_header("Host", host)
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def test_the_page_is_served_and_foreign_hosts_are_refused(server):
    status, body = get(server.url)
    assert status == 200 and b"<!doctype html>" in body.lower()
    assert get(server.url + "pieces.js")[0] == 200
    assert get(server.url + "nothing-here")[0] == 404
    assert get(server.url, host="evil.example:" + server.host_port.split(":")[-1])[0] == 403
    assert get(server.url, host="127.0.0.1:1")[0] == 403
    assert get(server.url + "ws", host="rebind.example")[0] == 403


async def receive(ws, predicate, limit=200, timeout=30):
    for _ in range(limit):
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if predicate(message):
            return message
    raise AssertionError("no such message")


def is_state(m):
    return m["type"] == "state"


def test_a_foreign_origin_cannot_open_the_socket(server):
    async def run():
        try:
            async with websockets.connect(server.ws, origin="http://evil.example"):
                return False
        except websockets.exceptions.InvalidStatus as e:
            return e.response.status_code == 403

    assert run_async(run())


MALFORMED = [
    "",
    "not json",
    "{",
    "[]",
    "null",
    "42",
    '"text"',
    "{}",
    '{"type": 7}',
    '{"type": "nonsense"}',
    '{"type": "move"}',
    '{"type": "move", "name": 5}',
    '{"type": "move", "name": "z9z9"}',
    '{"type": "move", "name": "' + "e2e4" * 1000 + '"}',
    '{"type": "goto", "ply": -1}',
    '{"type": "goto", "ply": 1e99}',
    '{"type": "new", "variant": "nope", "mode": "play"}',
    '{"type": "new", "variant": "chess", "mode": "dance"}',
    '{"type": "new", "variant": "chess", "mode": "play", "level": 99}',
    '{"type": "new", "variant": "chess", "mode": "play", "engine": 9}',
    '{"type": "new", "variant": "chess", "mode": "play", "side": "green"}',
    '{"type": "new", "variant": "chess", "mode": "play", "clock": {"base_ms": 1e30}}',
    '{"type": "new", "variant": "chess", "mode": "play", "clock": {"base_ms": 999999999999}}',
    '{"type": "fen", "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1"}',
    '{"type": "fen", "fen": "' + "/" * 5000 + '"}',
    '{"type": "analyse", "on": true, "multipv": 9}',
    '{"type": "pgn_import", "pgn": "[Variant \\"chess\\"]\\n1. e2e5"}',
    '{"type": "pgn_import", "pgn": "[Variant"}',
    '{"type": "pause"}',
    '{"type": "step"}',
    '{"type": "undo"}',
    '{"type": "hint", "extra": [1,2,3]}',
    "\u0000\u0001\u0002",
    "{\"type\": \"move\", \"name\": \"\u00e9\u00e9\"}",
]


def test_malformed_messages_get_errors_and_the_server_goes_on(server):
    async def run():
        async with websockets.connect(server.ws) as ws:
            await receive(ws, is_state)
            messages = [MALFORMED[i % len(MALFORMED)] for i in range(200)]
            for text in messages:
                await ws.send(text)
            # Every one is answered with an error.
            errors = 0
            while errors < 200:
                message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if message["type"] == "error":
                    errors += 1
                    assert message["message"]
            # A message over the size limit is refused by an error too.
            await ws.send(json.dumps({"type": "move", "name": "x" * 70000}))
            big = await receive(ws, lambda m: m["type"] == "error")
            assert "too long" in big["message"]
            # The game is as it was: the start position, White to move.
            await ws.send(json.dumps({"type": "goto", "ply": 0}))
            state = await receive(ws, is_state)
            assert state["plies"] == 0 and len(state["legal"]) == 20
            await ws.send(json.dumps({"type": "move", "name": "e2e4"}))
            state = await receive(ws, lambda m: is_state(m) and m["plies"] == 2)
            assert state["result"] is None

    run_async(run())
    assert server.alive()


def test_an_engine_killed_in_mid_game_is_restarted_and_play_goes_on(server):
    async def run():
        # Other tabs' engines may still be running: this tab's are the new ones.
        others = set(server.engines())
        async with websockets.connect(server.ws) as ws:
            await ws.send(json.dumps({"type": "new", "variant": "alice", "mode": "play", "side": "white"}))
            state = await receive(ws, lambda m: is_state(m) and m["legal"] and "Vorpal" in m["engines"][0])
            before = set(server.engines()) - others
            assert before, "the engine runs as a child process"
            await ws.send(json.dumps({"type": "move", "name": "e2e4"}))
            await receive(ws, lambda m: is_state(m) and m["plies"] == 2)
            for pid in before:
                os.kill(pid, signal.SIGKILL)
            await ws.send(json.dumps({"type": "move", "name": "d2d4"}))
            notice = await receive(ws, lambda m: m["type"] == "engine")
            assert notice["status"] == "restarted", notice
            state = await receive(ws, lambda m: is_state(m) and m["plies"] == 4)
            assert state["legal"], "play goes on after the restart"
            after = set(server.engines()) - others
            assert after and not after & before

    run_async(run())


def test_a_human_move_comes_back_before_the_engine_thinks(server):
    async def run():
        async with websockets.connect(server.ws) as ws:
            await ws.send(json.dumps({"type": "new", "variant": "chess", "mode": "play", "side": "white"}))
            await receive(ws, lambda m: is_state(m) and m["legal"] and "Vorpal" in m["engines"][0])
            started = time.perf_counter()
            await ws.send(json.dumps({"type": "move", "name": "e2e4"}))
            state = await receive(ws, lambda m: is_state(m) and m["plies"] > 0)
            elapsed = time.perf_counter() - started
            assert state["plies"] == 1 and state["thinking"]
            return elapsed

    elapsed = run_async(run())
    print(f"human move answered in {elapsed * 1000:.1f} ms")


def test_states_carry_the_tag_of_the_last_new(server):
    async def run():
        async with websockets.connect(server.ws) as ws:
            opening = await receive(ws, is_state)
            assert opening["tag"] is None
            await ws.send(json.dumps({"type": "new", "variant": "alice", "mode": "analysis", "tag": 7}))
            state = await receive(ws, lambda m: is_state(m) and m["variant"] == "alice")
            assert state["tag"] == 7
            await ws.send(json.dumps({"type": "move", "name": "e2e4"}))
            state = await receive(ws, lambda m: is_state(m) and m["plies"] == 1)
            assert state["tag"] == 7
            await ws.send(json.dumps({"type": "new", "variant": "chess", "mode": "analysis"}))
            state = await receive(ws, lambda m: is_state(m) and m["variant"] == "chess")
            assert state["tag"] is None

    run_async(run())
