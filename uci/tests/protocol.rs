//! Integration tests of the extended UCI protocol: they drive the real `vorpal` binary
//! through its standard input and output. Every wait has a timeout, so a hung engine
//! fails the test instead of hanging the run; an engine left running is killed.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// The default wait for one answer.
const WAIT: Duration = Duration::from_secs(10);

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// Fool's mate: White is checkmated.
const WHITE_MATED: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";

/// The tests measure times, and the machine may have few cores: one engine at a time.
fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A running engine with its standard output read line by line on a background thread.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything sent and received so far, for failure messages.
    transcript: Vec<String>,
    stderr: Arc<Mutex<String>>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_vorpal"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut stderr_pipe = child.stderr.take().expect("piped stderr");
        let stderr = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&stderr);
        thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr_pipe.read_to_string(&mut text);
            sink.lock().unwrap_or_else(|e| e.into_inner()).push_str(&text);
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines,
            transcript: Vec::new(),
            stderr,
        }
    }

    fn context(&self) -> String {
        format!(
            "transcript:\n{}\nstderr:\n{}",
            self.transcript.join("\n"),
            self.stderr.lock().unwrap_or_else(|e| e.into_inner())
        )
    }

    fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        let stdin = self.stdin.as_mut().expect("stdin is open");
        if let Err(e) = writeln!(stdin, "{line}").and_then(|()| stdin.flush()) {
            panic!("cannot write '{line}' to the engine: {e}\n{}", self.context());
        }
    }

    /// The next output line, or `None` when nothing arrives before `deadline`.
    fn next_line(&mut self, deadline: Instant) -> Option<String> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => {
                self.transcript.push(format!("< {line}"));
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                // Do not spin until the deadline: the output is closed for good.
                panic!("the engine closed its output\n{}", self.context())
            }
        }
    }

    /// Reads lines until one matches, returning all of them (the match last).
    fn collect_until(&mut self, what: &str, matches: impl Fn(&str) -> bool, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            match self.next_line(deadline) {
                Some(line) => {
                    let done = matches(&line);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                None => panic!("no line {what} within {timeout:?}\n{}", self.context()),
            }
        }
    }

    /// Waits for a line that matches and returns it.
    fn expect(&mut self, what: &str, matches: impl Fn(&str) -> bool, timeout: Duration) -> String {
        self.collect_until(what, matches, timeout)
            .pop()
            .expect("at least the match")
    }

    /// Every line that arrives within `period`.
    fn lines_during(&mut self, period: Duration) -> Vec<String> {
        let deadline = Instant::now() + period;
        let mut seen = Vec::new();
        while let Some(line) = self.next_line(deadline) {
            seen.push(line);
        }
        seen
    }

    /// Sends `command` (if any), then `isready`, and returns what came before `readyok`.
    fn answer_to(&mut self, command: &str) -> Vec<String> {
        if !command.is_empty() {
            self.send(command);
        }
        self.send("isready");
        let mut lines = self.collect_until("'readyok'", |l| l == "readyok", WAIT);
        lines.pop();
        lines
    }

    /// Sends a command that must be rejected by exactly one error line.
    fn expect_one_error(&mut self, command: &str) {
        let answer = self.answer_to(command);
        assert!(
            answer.len() == 1 && answer[0].starts_with("info string error:"),
            "'{command}' should give exactly one 'info string error:' line, got {answer:?}\n{}",
            self.context()
        );
    }

    /// The FEN of the current position, from `d`.
    fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.collect_until("'Key: ...' ending 'd'", |l| l.starts_with("Key: "), WAIT);
        let fen = lines.iter().find_map(|l| l.strip_prefix("Fen: "));
        match fen {
            Some(fen) => fen.trim().to_string(),
            None => panic!("'d' printed no 'Fen: ' line: {lines:?}\n{}", self.context()),
        }
    }

    /// The legal moves of the current position, from `legal`.
    fn legal(&mut self) -> Vec<String> {
        self.send("legal");
        let line = self.expect("(the legal moves)", |_| true, WAIT);
        line.split_whitespace().map(str::to_string).collect()
    }

    fn ready(&mut self) {
        let answer = self.answer_to("");
        assert!(answer.is_empty(), "unexpected output before readyok: {answer:?}");
    }

    /// Waits for `bestmove` and returns the move.
    fn bestmove(&mut self, timeout: Duration) -> String {
        let line = self.expect("'bestmove ...'", |l| l.starts_with("bestmove"), timeout);
        bestmove_of(&line)
    }

    /// After a `bestmove`, makes sure the next `go` is accepted: `stop` when idle does
    /// nothing but join the finished search thread. Works around the engine refusing a
    /// `go` sent right after `bestmove` (see `commands_right_after_bestmove_are_accepted`).
    fn settle(&mut self) {
        self.send("stop");
    }

    fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
                Ok(None) => return None,
                Err(e) => panic!("cannot wait for the engine: {e}"),
            }
        }
    }

    /// Closes standard input (end of input) without sending `quit`.
    fn close_input(&mut self) {
        self.transcript.push("> (end of input)".to_string());
        self.stdin = None;
    }

    /// Sends `quit` and requires a successful exit.
    fn quit(mut self) {
        self.send("quit");
        self.require_success();
    }

    fn require_success(&mut self) {
        match self.wait_exit(WAIT) {
            Some(status) => assert!(status.success(), "the engine exited with {status}\n{}", self.context()),
            None => panic!("the engine did not exit within {WAIT:?}\n{}", self.context()),
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn bestmove_of(line: &str) -> String {
    let mut words = line.split_whitespace();
    assert_eq!(words.next(), Some("bestmove"), "{line}");
    words
        .next()
        .unwrap_or_else(|| panic!("no move in '{line}'"))
        .to_string()
}

fn is_bestmove(line: &str) -> bool {
    line.starts_with("bestmove")
}

/// The value after `key` in an `info` line.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words
        .iter()
        .position(|&w| w == key)
        .and_then(|i| words.get(i + 1).copied())
}

/// The moves of the principal variation of an `info` line.
fn pv(line: &str) -> Vec<&str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.iter().position(|&w| w == "pv") {
        Some(i) => words[i + 1..].to_vec(),
        None => Vec::new(),
    }
}

#[test]
fn uci_handshake_lists_the_options() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.collect_until("'uciok'", |l| l == "uciok", WAIT);
    assert!(lines.iter().any(|l| l.starts_with("id name ")), "{lines:?}");
    let option = |name: &str| {
        lines
            .iter()
            .find(|l| l.starts_with(&format!("option name {name} type ")))
            .unwrap_or_else(|| panic!("no option '{name}' in {lines:?}"))
            .clone()
    };
    let variant = option("UCI_Variant");
    assert!(variant.contains(" type combo "), "{variant}");
    assert!(
        variant
            .split_whitespace()
            .collect::<Vec<_>>()
            .windows(2)
            .any(|w| w == ["var", "chess"]),
        "{variant}"
    );
    assert!(option("Hash").contains(" type spin "));
    assert!(option("Threads").contains(" type spin "));
    assert!(option("MultiPV").contains(" type spin "));
    assert!(option("Move Overhead").contains(" type spin "));
    assert_eq!(
        option("Contempt"),
        "option name Contempt type spin default 0 min -1000 max 1000"
    );
    assert!(option("Ponder").contains(" type check "));
    assert_eq!(
        option("Skill Level"),
        "option name Skill Level type spin default 20 min 0 max 20"
    );
    assert_eq!(
        option("UCI_LimitStrength"),
        "option name UCI_LimitStrength type check default false"
    );
    assert!(option("UCI_Elo").contains(" type spin "));
    assert_eq!(
        option("Player"),
        "option name Player type combo default search var search var greedy"
    );
    engine.send("isready");
    let answer = engine.expect("'readyok'", |_| true, WAIT);
    assert_eq!(answer, "readyok");
    engine.quit();
}

#[test]
fn bad_input_gives_one_error_line_and_keeps_the_state() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send(&format!("position fen {KIWIPETE}"));
    let fen = engine.fen();
    assert_eq!(fen, KIWIPETE);
    let bad = [
        "frobnicate the board",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "position fen rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
        "position startpos moves e2e4 e7e5 e1e3",
        "position",
        "setoption name Hash value 0",
        "setoption name Hash value 70000",
        "setoption name Hash value abc",
        "setoption name Contempt value 1001",
        "setoption name Contempt value much",
        "setoption name NoSuchOption value 1",
        "setoption name UCI_Variant value nosuchgame",
        "go depth x",
        "go sideways",
        "go perft",
    ];
    for command in bad {
        engine.expect_one_error(command);
        assert_eq!(
            engine.fen(),
            fen,
            "the position changed after '{command}'\n{}",
            engine.context()
        );
    }
    engine.ready();
    let legal = engine.legal();
    assert_eq!(legal.len(), 48, "kiwipete has 48 legal moves: {legal:?}");
    engine.send("go depth 3");
    let best = engine.bestmove(WAIT);
    assert!(legal.contains(&best), "bestmove {best} is not legal: {legal:?}");
    engine.quit();
}

#[test]
fn isready_is_answered_during_go_infinite_and_stop_gives_one_bestmove() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    let legal = engine.legal();
    engine.send("go infinite");
    // Give the search time to be well under way.
    thread::sleep(Duration::from_millis(300));
    engine.send("isready");
    let before = engine.collect_until("'readyok'", |l| l == "readyok", WAIT);
    assert!(
        !before.iter().any(|l| is_bestmove(l)),
        "bestmove before stop: {before:?}"
    );
    let stopped = Instant::now();
    engine.send("stop");
    let best = engine.bestmove(Duration::from_secs(2));
    assert!(stopped.elapsed() < Duration::from_secs(2));
    assert!(legal.contains(&best), "bestmove {best} is not legal: {legal:?}");
    let after = engine.answer_to("");
    assert!(!after.iter().any(|l| is_bestmove(l)), "a second bestmove: {after:?}");
    engine.quit();
}

#[test]
fn ponder_waits_for_ponderhit() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4 e7e5");
    let legal = engine.legal();
    engine.send("go ponder wtime 1000 btime 1000");
    let waiting = engine.lines_during(Duration::from_millis(1500));
    assert!(
        !waiting.iter().any(|l| is_bestmove(l)),
        "bestmove while pondering: {waiting:?}"
    );
    let hit = Instant::now();
    engine.send("ponderhit");
    let best = engine.bestmove(Duration::from_secs(2));
    assert!(hit.elapsed() < Duration::from_secs(2));
    assert!(legal.contains(&best), "bestmove {best} is not legal: {legal:?}");
    engine.quit();
}

#[test]
fn go_while_searching_is_an_error_and_the_search_continues() {
    let _serial = serial();
    let mut engine = Engine::start();
    let legal = engine.legal();
    engine.send("go infinite");
    engine.send("go depth 1");
    let lines = engine.collect_until("the error line", |l| l.starts_with("info string error:"), WAIT);
    assert!(!lines.iter().any(|l| is_bestmove(l)), "{lines:?}");
    // The first search goes on: no bestmove, and still more iterations.
    let more = engine.lines_during(Duration::from_millis(500));
    assert!(!more.iter().any(|l| is_bestmove(l)), "the first search ended: {more:?}");
    assert!(
        !more.iter().any(|l| l.starts_with("info string error:")),
        "more than one error line: {more:?}"
    );
    engine.send("stop");
    let lines = engine.collect_until("'bestmove ...'", is_bestmove, Duration::from_secs(2));
    assert!(
        !lines.iter().any(|l| l.starts_with("info string error:")),
        "more than one error line: {lines:?}"
    );
    let best = bestmove_of(lines.last().expect("the bestmove line"));
    assert!(legal.contains(&best), "bestmove {best} is not legal: {legal:?}");
    let after = engine.answer_to("");
    assert!(!after.iter().any(|l| is_bestmove(l)), "a second bestmove: {after:?}");
    // The search that ran was the infinite one, not a depth-1 search: it got deeper.
    let deepest = engine
        .transcript
        .iter()
        .filter_map(|l| l.strip_prefix("< "))
        .filter_map(|l| field(l, "depth")?.parse::<u32>().ok())
        .max()
        .unwrap_or(0);
    assert!(
        deepest > 1,
        "the search reached only depth {deepest}\n{}",
        engine.context()
    );
    engine.quit();
}

#[test]
fn stop_when_idle_does_nothing() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("stop");
    engine.send("isready");
    let answer = engine.lines_during(Duration::from_millis(500));
    assert_eq!(answer, ["readyok"]);
    engine.quit();
}

#[test]
fn end_of_input_during_go_infinite_gives_bestmove_and_exit() {
    let _serial = serial();
    let mut engine = Engine::start();
    let legal = engine.legal();
    engine.send("go infinite");
    thread::sleep(Duration::from_millis(200));
    engine.close_input();
    let best = engine.bestmove(WAIT);
    assert!(legal.contains(&best), "bestmove {best} is not legal: {legal:?}");
    engine.require_success();
}

/// `stop` ends `go perft` at once in the games whose subtrees are largest: every
/// variant but two answered within a second; alice3 took 5-14 s before the fix.
#[test]
fn stop_ends_a_deep_perft_at_once_in_every_game() {
    let _serial = serial();
    let mut engine = Engine::start();
    for variant in ["alice3", "duo", "jackswitches", "twokings4", "superpermutation"] {
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        engine.send("go perft 12");
        // Let the perft get into deep subtrees before it is stopped.
        engine.lines_during(Duration::from_millis(300));
        let sent = Instant::now();
        engine.send("stop");
        engine.expect(
            "'info string perft stopped'",
            |l| l == "info string perft stopped",
            WAIT,
        );
        let took = sent.elapsed();
        assert!(took < Duration::from_secs(2), "{variant}: stop took {took:?}");
    }
    engine.quit();
}

/// A command sent the moment `Nodes searched` arrives is never refused as "already
/// searching" (the perft thread marks itself done before its last line).
#[test]
fn commands_right_after_a_perft_are_accepted() {
    let _serial = serial();
    let mut engine = Engine::start();
    for round in 0..200 {
        // Sent the moment the previous perft's last line (or `readyok`) is read.
        engine.send("go perft 1");
        let lines = engine.collect_until(
            "'Nodes searched: 20' or an error",
            |l| l == "Nodes searched: 20" || l.starts_with("info string error:"),
            WAIT,
        );
        assert_eq!(
            lines.last().map(String::as_str),
            Some("Nodes searched: 20"),
            "round {round}"
        );
        if round % 2 == 0 {
            assert_eq!(
                engine.answer_to("setoption name MultiPV value 1"),
                Vec::<String>::new(),
                "round {round}"
            );
        }
    }
    engine.quit();
}

#[test]
fn a_deep_perft_is_stopped_and_the_engine_answers_at_once() {
    let _serial = serial();
    let mut engine = Engine::start();
    // Depth 10 from the start position would take hours.
    engine.send("go perft 10");
    engine.send("isready");
    engine.expect("'readyok' while perft runs", |l| l == "readyok", WAIT);
    engine.send("go depth 1");
    engine.expect("the refusal of a second job", |l| l.contains("already searching"), WAIT);
    engine.send("stop");
    engine.expect(
        "'info string perft stopped'",
        |l| l == "info string perft stopped",
        WAIT,
    );
    engine.send("go perft 2");
    let lines = engine.collect_until("'Nodes searched: ...'", |l| l.starts_with("Nodes searched:"), WAIT);
    assert_eq!(lines.last().map(String::as_str), Some("Nodes searched: 400"));
    engine.send("go perft 10");
    engine.close_input();
    engine.expect(
        "perft stopped by the end of input",
        |l| l == "info string perft stopped",
        WAIT,
    );
    engine.require_success();
}

#[test]
fn perft_and_game_over() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("go perft 3");
    let lines = engine.collect_until("'Nodes searched: ...'", |l| l.starts_with("Nodes searched:"), WAIT);
    assert_eq!(lines.last().map(String::as_str), Some("Nodes searched: 8902"));
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
            .count(),
        20
    );

    engine.send(&format!("position fen {WHITE_MATED}"));
    engine.send("result");
    let result = engine.expect("'result ...'", |_| true, WAIT);
    assert!(result.starts_with("result 0-1 checkmate"), "{result}");
    engine.send("legal");
    let legal = engine.expect("(the empty move list)", |_| true, WAIT);
    assert_eq!(legal, "");
    engine.send("go depth 3");
    let lines = engine.collect_until("'bestmove ...'", is_bestmove, WAIT);
    assert_eq!(lines.last().map(String::as_str), Some("bestmove (none)"), "{lines:?}");

    // Black mated by the back-rank mate.
    engine.send("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1");
    engine.send("result");
    let result = engine.expect("'result ...'", |_| true, WAIT);
    assert!(result.starts_with("result 1-0 checkmate"), "{result}");
    engine.quit();
}

#[test]
fn the_greedy_player_answers_at_once_with_one_line() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.expect_one_error("setoption name Player value random");
    engine.send("setoption name Player value Greedy");
    // The queen takes the d5 pawn, blind to exd5; the search does not.
    engine.send("position fen 4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1");
    engine.send("go depth 20");
    let lines = engine.collect_until("'bestmove ...'", is_bestmove, WAIT);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("info depth 1 seldepth 1 multipv 1 score cp "),
        "{lines:?}"
    );
    assert_eq!(lines[1], "bestmove d1d5");
    engine.settle();
    engine.send("setoption name Player value search");
    engine.send("go depth 6");
    assert_ne!(engine.bestmove(WAIT), "d1d5");
    engine.quit();
}

#[test]
fn mates_are_found() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    engine.send("go depth 4");
    let lines = engine.collect_until("'bestmove ...'", is_bestmove, WAIT);
    assert!(lines.iter().any(|l| l.contains("score mate 1")), "{lines:?}");
    assert_eq!(bestmove_of(lines.last().unwrap()), "a1a8");
    engine.settle();

    engine.send("position fen 7k/8/8/8/5K2/8/8/1Q6 w - - 0 1");
    engine.send("go depth 9");
    let lines = engine.collect_until("'bestmove ...'", is_bestmove, WAIT);
    assert!(lines.iter().any(|l| l.contains("score mate 4")), "{lines:?}");
    engine.quit();
}

#[test]
fn time_and_node_limits_end_the_search() {
    let _serial = serial();
    let mut engine = Engine::start();
    let legal = engine.legal();

    engine.send("go movetime 300");
    let best = engine.bestmove(Duration::from_secs(2));
    assert!(legal.contains(&best), "bestmove {best} is not legal: {legal:?}");
    engine.settle();

    engine.send("go nodes 5000");
    let best = engine.bestmove(WAIT);
    assert!(legal.contains(&best), "bestmove {best} is not legal: {legal:?}");
    engine.settle();

    let clock = Instant::now();
    engine.send("go wtime 500 btime 500");
    let best = engine.bestmove(Duration::from_millis(1500));
    let took = clock.elapsed();
    assert!(took < Duration::from_millis(500), "a 500 ms clock was given {took:?}");
    assert!(legal.contains(&best), "bestmove {best} is not legal: {legal:?}");
    engine.quit();
}

/// Once `bestmove` is out the engine is idle: a GUI may send `go` (or `setoption`) at
/// once, without a `position` in between.
#[test]
fn commands_right_after_bestmove_are_accepted() {
    let _serial = serial();
    let mut engine = Engine::start();
    let mut refused = Vec::new();
    for round in 0..100 {
        // Each command goes out as soon as the previous `bestmove` (or `readyok`) is read.
        let command = if round % 4 == 3 {
            "setoption name MultiPV value 1"
        } else {
            "go depth 1"
        };
        engine.send(command);
        if command.starts_with("go") {
            let lines = engine.collect_until(
                "'bestmove ...' or an error",
                |l| is_bestmove(l) || l.starts_with("info string error:"),
                WAIT,
            );
            let last = lines.last().expect("the matching line");
            if !is_bestmove(last) {
                refused.push(format!("round {round}: {command}: {last}"));
                // No search was started; `stop` lets the old search thread be joined.
                engine.send("stop");
            }
        } else {
            let answer = engine.answer_to("");
            if !answer.is_empty() {
                refused.push(format!("round {round}: {command}: {answer:?}"));
            }
        }
    }
    assert!(
        refused.is_empty(),
        "{} commands refused after bestmove: {refused:#?}",
        refused.len()
    );
    engine.quit();
}

/// UCI: "movetime x: search exactly x mseconds". The budget of `go movetime` is the
/// whole time less the move overhead (10 ms by default).
#[test]
fn movetime_is_used_whole() {
    let _serial = serial();
    let mut engine = Engine::start();
    // The early stop lands anywhere between 60% and 100% of the time: try a few times.
    for _ in 0..3 {
        let clock = Instant::now();
        engine.send("go movetime 500");
        engine.bestmove(Duration::from_secs(3));
        let took = clock.elapsed();
        assert!(took >= Duration::from_millis(470), "movetime 500 took only {took:?}");
        engine.settle();
    }
    engine.quit();
}

#[test]
fn multipv_reports_distinct_lines() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name MultiPV value 3");
    engine.send("position startpos");
    engine.send("go depth 4");
    let lines = engine.collect_until("'bestmove ...'", is_bestmove, WAIT);
    let mut firsts = Vec::new();
    for k in 1..=3 {
        let k = k.to_string();
        let line = lines
            .iter()
            .rfind(|l| field(l, "depth") == Some("4") && field(l, "multipv") == Some(&k))
            .unwrap_or_else(|| panic!("no 'depth 4 ... multipv {k}' line in {lines:?}"));
        firsts.push(pv(line).first().copied().unwrap_or_else(|| panic!("empty pv: {line}")));
    }
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "the lines share a first move: {firsts:?}"
    );
    assert!(!lines.iter().any(|l| field(l, "multipv") == Some("4")), "{lines:?}");
    // Each iteration's lines come best first: here the third line of depth 3 once
    // scored above the second.
    let scored: Vec<(&str, &str, i32)> = lines
        .iter()
        .filter_map(|l| Some((field(l, "depth")?, field(l, "multipv")?, field(l, "cp")?.parse().ok()?)))
        .collect();
    for pair in scored.windows(2) {
        let ((depth, _, score), (next_depth, _, next_score)) = (pair[0], pair[1]);
        assert!(depth != next_depth || next_score <= score, "{scored:?}");
    }
    engine.quit();
}

#[test]
fn two_threads_play_a_legal_move() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 2");
    engine.send(&format!("position fen {KIWIPETE}"));
    let legal = engine.legal();
    engine.send("go depth 6");
    let best = engine.bestmove(WAIT);
    assert!(legal.contains(&best), "bestmove {best} is not legal: {legal:?}");
    engine.quit();
}

#[test]
fn ucinewgame_resets_the_position() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4 c7c5 g1f3");
    assert_ne!(engine.fen(), START_FEN);
    engine.send("ucinewgame");
    assert_eq!(engine.fen(), START_FEN);
    engine.quit();
}

#[test]
fn the_kings_games_play_through_the_protocol() {
    let _serial = serial();
    let mut engine = Engine::start();
    for (variant, start, moves) in [
        ("maharajah", "rnbwwbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBWWBNR w - - 0 1 0+0", 28),
        (
            "twokings",
            "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w ADEHadeh - 0 1 d1=3,e1=3,d8=3,e8=3",
            20,
        ),
        (
            "twokings4",
            "rnbkkbnr/pppkkppp/3pp3/8/8/3PP3/PPPKKPPP/RNBKKBNR w ADEHadeh - 0 1 d1=3,e1=3,d2=3,e2=3,d7=3,e7=3,d8=3,e8=3",
            20,
        ),
    ] {
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        engine.send("position startpos");
        assert_eq!(engine.fen(), start);
        let legal = engine.legal();
        assert_eq!(legal.len(), moves, "{variant}: {legal:?}");
        engine.send("go movetime 300");
        let lines = engine.collect_until("'bestmove ...'", is_bestmove, WAIT);
        let best = bestmove_of(lines.last().unwrap());
        assert!(legal.contains(&best), "{variant}: bestmove {best} is not legal: {legal:?}");
        let score: i32 = lines
            .iter()
            .rev()
            .find_map(|l| field(l, "cp"))
            .and_then(|cp| cp.parse().ok())
            .unwrap_or_else(|| panic!("{variant}: no centipawn score in {lines:?}"));
        assert!(score.abs() < 200, "{variant}: score {score} from the start position");
        engine.settle();
    }

    // Game I: a transformation shows in the FEN; turning back at once is refused.
    engine.send("setoption name UCI_Variant value maharajah");
    engine.send("position startpos moves d1d1m e7e5");
    assert_eq!(
        engine.fen(),
        "rnbwwbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNB+WWBNR w T - 0 2 0+0"
    );
    engine.expect_one_error("position startpos moves d1d1m e7e5 d1d1w");
    // A repetition is decided on points: none captured, Black wins.
    engine.send("position fen 4w3/8/8/8/8/8/8/4W3 w - - 0 1 0+0 moves e1d1 e8d8 d1e1 d8e8 e1d1 e8d8 d1e1 d8e8");
    engine.send("result");
    let result = engine.expect("'result ...'", |_| true, WAIT);
    assert!(result.starts_with("result 0-1 repetition-points"), "{result}");

    // Game II: castling written as the King's destination where that is unambiguous.
    engine.send("setoption name UCI_Variant value twokings");
    engine.send("position fen r2kk2r/8/8/8/8/8/4K3/R2K3R w ADHadeh - 0 1 - moves d1g1");
    assert_eq!(engine.fen(), "r2kk2r/8/8/8/8/8/4K3/R4RK1 b adeh - 1 1 -");
    engine.quit();
}

const JACKSWITCHES_START: &str =
    "lcrnbwkbnrcl/pppp4pppp/5**5/4****4/4****4/5**5/PPPP4PPPP/LCRNBWKBNRCL[JJjj] w - - 0 1";

#[test]
fn jacks_and_witches_over_the_protocol() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value jackswitches");
    let info = engine.expect("'info string variant ...'", |l| l.starts_with("info string"), WAIT);
    assert_eq!(
        info,
        format!("info string variant jackswitches files 12 ranks 8 boards 1 startpos {JACKSWITCHES_START}")
    );
    assert_eq!(engine.fen(), JACKSWITCHES_START);
    // `d` draws the removed squares and the teleporters.
    let board = engine.answer_to("d");
    assert!(board.iter().any(|l| l == " 3  . . . . + * * + . . . ."), "{board:?}");

    let bad = [
        "position fen lcrnbwkbnrcl/pppp4pppp/12/4****4/4****4/5**5/PPPP4PPPP/LCRNBWKBNRCL[JJjj] w - - 0 1",
        "position fen lcrnbwkbnrcl/pppp4pppp/5**5/4****4/4****4/5**5/PPPP4PPPP/LCRNBWKBNRCL w - - 0 1",
        "position fen 11k/12/4n**5/4****4/4****4/4N**5/12/K11[] w - - 0 1",
        "position startpos moves J@e3",
        "position startpos moves b1b7x",
        "position startpos moves f3f4",
    ];
    for command in bad {
        engine.expect_one_error(command);
        assert_eq!(engine.fen(), JACKSWITCHES_START, "after '{command}'");
    }

    // A drop, then Black's Can(n)on taking b2 over the pawn b7, written without its
    // suffix (the mode is kept).
    engine.send("position startpos moves J@e2 b8b2");
    assert_eq!(
        engine.fen(),
        "l1rnbwkbnrcl/pppp4pppp/5**5/4****4/4****4/5**5/PcPPJ3PPPP/LCRNBWKBNRCL[Jjj] w - - 0 2"
    );
    assert!(engine.legal().contains(&"a1b2".to_string()));

    engine.send("position fen k11/12/1K3**5/4****4/4****4/5**5/12/3R8[] w - - 0 1");
    engine.send("go depth 3");
    let lines = engine.collect_until("'bestmove ...'", is_bestmove, WAIT);
    assert!(lines.iter().any(|l| l.contains("score mate 1")), "{lines:?}");
    assert_eq!(bestmove_of(lines.last().unwrap()), "d1d8");
    engine.settle();

    engine.send("position startpos");
    let legal = engine.legal();
    engine.send("go movetime 1000");
    let best = engine.bestmove(Duration::from_secs(5));
    assert!(legal.contains(&best), "bestmove {best} is not legal: {legal:?}");
    engine.quit();
}

#[test]
fn strength_levels_narrow_the_search_and_vary_the_move() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.expect_one_error("setoption name Skill Level value 21");
    engine.expect_one_error("setoption name UCI_Elo value 5");
    engine.expect_one_error("setoption name UCI_LimitStrength value maybe");
    engine.send("setoption name Skill Level value 0");
    engine.send("position startpos");
    let mut chosen = std::collections::HashSet::new();
    for _ in 0..12 {
        engine.send("go depth 20");
        let lines = engine.collect_until("'bestmove ...'", is_bestmove, WAIT);
        let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
        assert!(
            infos.iter().all(|l| field(l, "depth") == Some("1")),
            "level 0 searches one ply: {lines:?}"
        );
        let firsts: Vec<&str> = infos.iter().filter_map(|l| pv(l).first().copied()).collect();
        assert_eq!(firsts.len(), 4, "level 0 looks at four lines: {lines:?}");
        let best = bestmove_of(lines.last().expect("a bestmove line"));
        assert!(
            firsts.contains(&best.as_str()),
            "{best} is not one of the lines {firsts:?}"
        );
        chosen.insert(best);
        engine.settle();
    }
    assert!(chosen.len() > 1, "level 0 always played {chosen:?}");
    // However weak, a level takes a queen left hanging: the bonus stays below it.
    engine.send("position fen 4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1");
    engine.send("go depth 20");
    assert_eq!(engine.bestmove(WAIT), "d1d5");
    engine.settle();
    // UCI_LimitStrength with the lowest Elo is level 0; with it off, Skill Level rules.
    engine.send("setoption name Skill Level value 20");
    engine.send("setoption name UCI_LimitStrength value true");
    let lowest = engine
        .answer_to("uci")
        .into_iter()
        .find(|l| l.starts_with("option name UCI_Elo"))
        .and_then(|l| field(&l, "min").map(str::to_string))
        .expect("UCI_Elo is listed with its minimum");
    engine.send(&format!("setoption name UCI_Elo value {lowest}"));
    engine.send("position startpos");
    engine.send("go depth 3");
    let lines = engine.collect_until("'bestmove ...'", is_bestmove, WAIT);
    assert!(
        lines.iter().all(|l| field(l, "depth").is_none_or(|d| d == "1")),
        "{lines:?}"
    );
    engine.send("setoption name UCI_LimitStrength value false");
    engine.send("go depth 3");
    let lines = engine.collect_until("'bestmove ...'", is_bestmove, WAIT);
    assert!(lines.iter().any(|l| field(l, "depth") == Some("3")), "{lines:?}");
    engine.quit();
}

#[test]
fn searchmoves_limits_the_root_moves() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.expect_one_error("go depth 3 searchmoves e2e5");
    engine.expect_one_error("go searchmoves");
    engine.send("setoption name MultiPV value 3");
    engine.send("go depth 5 searchmoves a2a3 h2h3");
    let lines = engine.collect_until("'bestmove ...'", is_bestmove, WAIT);
    let firsts: std::collections::HashSet<&str> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .filter_map(|l| pv(l).first().copied())
        .collect();
    assert_eq!(firsts, ["a2a3", "h2h3"].into(), "{lines:?}");
    assert!(!lines.iter().any(|l| field(l, "multipv") == Some("3")), "{lines:?}");
    let best = bestmove_of(lines.last().expect("a bestmove line"));
    assert!(best == "a2a3" || best == "h2h3", "{best}");
    engine.settle();
    // The game's own notation, here Alice's.
    engine.send("setoption name UCI_Variant value alice");
    engine.send("setoption name MultiPV value 1");
    engine.send("position startpos");
    engine.send("go depth 3 searchmoves g1f3");
    assert_eq!(engine.bestmove(WAIT), "g1f3");
    engine.quit();
}

#[test]
fn a_hash_table_that_cannot_be_allocated_keeps_the_old_one() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name Hash value 32");
    // 64 GB: more than this project's machines have (24 GB, no swap), so the allocator
    // refuses it; the engine must say so and keep playing with its 32 MB table.
    let answer = engine.answer_to("setoption name Hash value 65536");
    assert_eq!(
        answer,
        ["info string error: cannot allocate a hash table of 65536 MB; the table of 32 MB is kept"]
    );
    engine.send("position startpos");
    engine.send("go depth 4");
    assert!(!engine.bestmove(WAIT).is_empty());
    engine.quit();
}

#[test]
fn error_lines_cut_long_input_and_escape_control_bytes() {
    let _serial = serial();
    let mut engine = Engine::start();
    let answer = engine.answer_to(&"z".repeat(1_000_000));
    assert_eq!(answer.len(), 1, "one line for one bad command");
    assert!(
        answer[0].starts_with("info string error: unknown command 'zzz"),
        "{}",
        &answer[0][..60]
    );
    assert!(answer[0].len() < 400, "the line is cut: {} bytes", answer[0].len());
    assert!(
        answer[0].ends_with("more characters)"),
        "{}",
        &answer[0][answer[0].len() - 60..]
    );
    let answer = engine.answer_to("go\u{1b}[2J\u{7}");
    assert_eq!(answer, ["info string error: unknown command 'go\\u{1b}[2J\\u{7}'"]);
    engine.quit();
}

/// `eval`'s lines `name value` below its header, by name.
fn eval_lines(engine: &mut Engine) -> Vec<(String, i32)> {
    let lines = engine.answer_to("eval");
    // A change of game announces the game before this answer.
    let Some(header) = lines
        .iter()
        .position(|l| l.starts_with("Static evaluation in centipawns, White's side"))
    else {
        panic!("no header: {lines:?}")
    };
    lines[header..]
        .iter()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let (name, value, rest) = (words.next()?, words.next()?, words.next());
            Some((name.to_string(), value.parse().ok().filter(|_| rest.is_none())?))
        })
        .collect()
}

#[test]
fn eval_takes_the_static_evaluation_apart_from_white_s_side() {
    let _serial = serial();
    let mut engine = Engine::start();
    // White a knight up, with either side to move: the same numbers from White's side.
    for side in ["w", "b"] {
        engine.send(&format!("position fen 4k3/pppp4/8/8/8/8/PPPP4/1N2K3 {side} - - 0 1"));
        let lines = eval_lines(&mut engine);
        let value = |name: &str| lines.iter().find(|(n, _)| n == name).map(|(_, v)| *v);
        assert!(value("total").is_some_and(|total| total > 100), "{side}: {lines:?}");
        assert!(value("material").is_some_and(|m| m > 100), "{side}: {lines:?}");
        assert!(value("network").is_some(), "{side}: {lines:?}");
    }
    // A bad position keeps the old one, and `eval` still reads it.
    engine.expect_one_error("position fen 4k3/8/8/8/8/8/8/1N2K3 x - - 0 1");
    assert!(eval_lines(&mut engine)
        .iter()
        .any(|(name, value)| name == "material" && *value > 100));
    // Every game has it, each on its start position.
    for variant in [
        "chess",
        "alice",
        "alice2",
        "msalice",
        "odonohue",
        "duo",
        "minialice",
        "alice3",
        "jabberwocky",
        "superpermutation",
        "jackswitches",
        "maharajah",
        "twokings",
        "twokings4",
    ] {
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        engine.send("position startpos");
        let lines = eval_lines(&mut engine);
        assert!(lines.iter().any(|(name, _)| name == "total"), "{variant}: {lines:?}");
    }
    engine.quit();
}
