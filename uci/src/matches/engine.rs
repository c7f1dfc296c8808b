//! An engine as a child process speaking Vorpal's protocol. Its output is read on a
//! thread of its own, so every wait has a deadline: an engine that stops answering is
//! noticed, and one that exits is noticed at once.

use nix::sys::signal::{killpg, Signal};
use nix::unistd::Pid;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How often a wait for an engine's output checks that the process still runs.
const EXIT_POLL: Duration = Duration::from_millis(50);

/// How long an engine may take to answer `uci` or `isready`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// How to start one engine.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// The program and its arguments.
    pub command: Vec<String>,
    /// `setoption` pairs, sent after `uci` in this order.
    pub options: Vec<(String, String)>,
}

/// Why an engine stopped taking part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// It exited or closed its output.
    Exited,
    /// It did not answer in time.
    Timeout,
}

/// What an engine reported about its chosen move.
#[derive(Clone, Debug, Default)]
pub struct Reply {
    pub bestmove: String,
    /// The last score it printed, in centipawns for the side to move; mates as
    /// [`MATE_SCORE`] less the moves to mate.
    pub score: Option<i32>,
}

/// Centipawn stand-in for a mate score.
pub const MATE_SCORE: i32 = 100_000;

pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The name it gave in `id name`.
    pub name: String,
}

impl Engine {
    /// Starts the engine, checks it speaks the protocol, sets its options and game.
    pub fn start(spec: &EngineSpec, variant: &str) -> Result<Engine, String> {
        let (program, arguments) = spec.command.split_first().ok_or("empty engine command")?;
        // A process group of its own, so that ending the engine also ends whatever it
        // started (a wrapper script's real engine).
        let mut child = Command::new(program)
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .map_err(|e| format!("cannot start engine '{}': {e}", spec.command.join(" ")))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Engine {
            child,
            stdin,
            lines,
            name: String::new(),
        };
        let failed = |what: &str, f: Failure| format!("engine '{}' {what}: {f:?}", spec.command.join(" "));
        engine.send("uci").map_err(|f| failed("did not take 'uci'", f))?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let line = engine
                .next_line(deadline)
                .map_err(|f| failed("did not answer 'uci'", f))?;
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = name.trim().to_string();
            }
            if line.trim() == "uciok" {
                break;
            }
        }
        for (name, value) in &spec.options {
            engine
                .send(&format!("setoption name {name} value {value}"))
                .map_err(|f| failed("did not take its options", f))?;
        }
        engine
            .send(&format!("setoption name UCI_Variant value {variant}"))
            .map_err(|f| failed("did not take the variant", f))?;
        // An option or game it refuses is answered with an error before `readyok`.
        engine
            .send("isready")
            .map_err(|f| failed("did not take 'isready'", f))?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let line = engine
                .next_line(deadline)
                .map_err(|f| failed("did not answer 'isready'", f))?;
            if let Some(message) = line.strip_prefix("info string error: ") {
                return Err(format!(
                    "engine '{}' refused its setup: {message}",
                    spec.command.join(" ")
                ));
            }
            if line.trim() == "readyok" {
                return Ok(engine);
            }
        }
    }

    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| Failure::Exited)
    }

    /// The next line before `deadline`. The process is looked at between waits: one
    /// whose output stays open after it exited (a wrapper whose child holds the pipe)
    /// has exited all the same.
    pub fn next_line(&mut self, deadline: Instant) -> Result<String, Failure> {
        loop {
            let wait = deadline.saturating_duration_since(Instant::now()).min(EXIT_POLL);
            match self.lines.recv_timeout(wait) {
                Ok(line) => return Ok(line),
                Err(RecvTimeoutError::Disconnected) => return Err(Failure::Exited),
                Err(RecvTimeoutError::Timeout) if !self.is_alive() => return Err(Failure::Exited),
                Err(RecvTimeoutError::Timeout) if Instant::now() >= deadline => return Err(Failure::Timeout),
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }

    /// Starts a new game and waits until the engine is ready for it.
    pub fn new_game(&mut self) -> Result<(), Failure> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        while self.next_line(deadline)?.trim() != "readyok" {}
        Ok(())
    }

    /// Sends the position and `go`, and waits for `bestmove` until `deadline`.
    pub fn think(&mut self, position: &str, go: &str, deadline: Instant) -> Result<Reply, Failure> {
        self.send(position)?;
        self.send(go)?;
        let mut reply = Reply::default();
        loop {
            let line = self.next_line(deadline)?;
            let mut tokens = line.split_whitespace();
            match tokens.next() {
                Some("bestmove") => {
                    reply.bestmove = tokens.next().unwrap_or("").to_string();
                    return Ok(reply);
                }
                Some("info") => {
                    if let Some(score) = score_of(&line) {
                        reply.score = Some(score);
                    }
                }
                _ => {}
            }
        }
    }

    /// Whether the process is still running.
    pub fn is_alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // A polite `quit`, then the process is ended whatever it does.
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline && self.is_alive() {
            std::thread::sleep(Duration::from_millis(5));
        }
        // The whole group: the engine and anything it started.
        if let Ok(id) = i32::try_from(self.child.id()) {
            let _ = killpg(Pid::from_raw(id), Signal::SIGKILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The score of an `info` line: `score cp X` or `score mate N`.
fn score_of(line: &str) -> Option<i32> {
    let mut tokens = line.split_whitespace().skip_while(|&t| t != "score").skip(1);
    let kind = tokens.next()?;
    let value: i32 = tokens.next()?.parse().ok()?;
    match kind {
        "cp" => Some(value),
        "mate" if value > 0 => Some(MATE_SCORE - value),
        "mate" => Some(-MATE_SCORE - value),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_read_from_info_lines() {
        assert_eq!(
            score_of("info depth 3 seldepth 5 multipv 1 score cp -27 nodes 10 pv e2e4"),
            Some(-27)
        );
        assert_eq!(score_of("info depth 1 score mate 2 pv a1a8"), Some(MATE_SCORE - 2));
        assert_eq!(score_of("info depth 1 score mate -1 pv a1a8"), Some(-MATE_SCORE + 1));
        assert_eq!(score_of("info string hello"), None);
        assert_eq!(score_of("info depth 1 score cp x"), None);
    }
}
