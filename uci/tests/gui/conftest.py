"""Fixtures of the GUI tests: a `vorpal serve` on a free port with engines searching a
fixed number of nodes (so games repeat), and Debian's Chromium driven by Playwright."""

import os
import pathlib
import shutil
import signal
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
VORPAL = os.environ.get("VORPAL_BIN", str(ROOT / "target" / "release" / "vorpal"))
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
OUTPUT = pathlib.Path(os.environ.get("GUI_TEST_OUTPUT", ROOT / "target" / "gui-test-output"))
NODES = 3000

# Flags that keep Chromium off the network this machine does not have.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class Server:
    def __init__(self, *extra, nodes=NODES):
        self.process = subprocess.Popen(
            [VORPAL, "serve", "--port", "0", "--nodes", str(nodes), *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        line = self.process.stdout.readline()
        assert line.startswith("Vorpal GUI: http://"), line + self.process.stderr.read()
        self.url = line.split(": ", 1)[1].strip()
        self.host_port = self.url.removeprefix("http://").rstrip("/")
        self.ws = f"ws://{self.host_port}/ws"

    def engines(self):
        """The pids of the engine processes the server runs now."""
        out = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True)
        return [int(pid) for pid in out.stdout.split()]

    def alive(self):
        return self.process.poll() is None

    def rss_kb(self):
        for line in pathlib.Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise AssertionError("no VmRSS")

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture(scope="session")
def server():
    s = Server()
    yield s
    assert s.alive(), "the server died during the tests"
    s.stop()


@pytest.fixture
def slow_server():
    """Engines at 300,000 nodes a move: a watched game that a test can pause before it
    ends (at 3,000 nodes a whole chess game can finish in under a second)."""
    s = Server(nodes=300_000)
    yield s
    assert s.alive(), "the server died during the test"
    s.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail("Debian's chromium is missing: apt-get install chromium")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def output():
    OUTPUT.mkdir(parents=True, exist_ok=True)
    return OUTPUT
