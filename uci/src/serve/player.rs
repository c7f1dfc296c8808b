//! One engine of a GUI tab, on a thread of its own: the engine process code of
//! `vorpal match` blocks, and the server must not. The tab sends jobs; the thread
//! reports the engine's lines, its moves, a missed deadline, and an exit, after which
//! it starts the engine again.

use crate::matches::engine::{Engine, EngineSpec, Failure};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::time::{Duration, Instant};
use tokio::sync::mpsc::UnboundedSender;

/// How often a searching thread looks for new jobs between the engine's lines.
const POLL: Duration = Duration::from_millis(20);

/// How long a stopped search may take to give its move.
const STOP_GRACE: Duration = Duration::from_secs(3);

pub enum Job {
    /// Searches: sends `lines` (options, `position`, `go`); the move is due by
    /// `deadline`.
    Go {
        id: u64,
        lines: Vec<String>,
        deadline: Instant,
    },
    /// Ends the current search; its move is still reported.
    Stop,
}

pub enum Event {
    /// The engine is ready; the name it gave.
    Ready { slot: usize, name: String },
    /// An `info` line of search `id`.
    Info { slot: usize, id: u64, line: String },
    /// The move of search `id`.
    BestMove { slot: usize, id: u64, name: String },
    /// Search `id` missed its deadline.
    TimedOut { slot: usize, id: u64 },
    /// The engine exited or could not be started; `restarted` tells whether a new
    /// process runs now.
    Failed {
        slot: usize,
        message: String,
        restarted: bool,
    },
}

/// The tab's handle on one engine thread; dropping it ends the thread and the engine.
pub struct Player {
    jobs: Sender<Job>,
}

impl Player {
    /// Starts the thread, which starts the engine for `variant` with `options` after
    /// the spec's own.
    pub fn spawn(
        slot: usize,
        spec: EngineSpec,
        variant: String,
        options: Vec<(String, String)>,
        events: UnboundedSender<Event>,
    ) -> Player {
        let (jobs, inbox) = mpsc::channel();
        let mut spec = spec;
        spec.options.extend(options);
        std::thread::spawn(move || {
            Worker {
                slot,
                spec,
                variant,
                events,
                inbox,
            }
            .run()
        });
        Player { jobs }
    }

    pub fn go(&self, id: u64, lines: Vec<String>, deadline: Instant) {
        // A closed channel means the thread ended with its engine; the tab hears of
        // that through `Failed`.
        let _ = self.jobs.send(Job::Go { id, lines, deadline });
    }

    pub fn stop(&self) {
        let _ = self.jobs.send(Job::Stop);
    }
}

struct Worker {
    slot: usize,
    spec: EngineSpec,
    variant: String,
    events: UnboundedSender<Event>,
    inbox: Receiver<Job>,
}

/// The search the engine is running.
struct Search {
    id: u64,
    deadline: Instant,
    stopped: Option<Instant>,
}

impl Worker {
    fn run(self) {
        let mut restarted = false;
        loop {
            let mut engine = match Engine::start(&self.spec, &self.variant) {
                Ok(engine) => engine,
                Err(message) => {
                    self.report(Event::Failed {
                        slot: self.slot,
                        message,
                        restarted: false,
                    });
                    return;
                }
            };
            if restarted {
                self.report(Event::Failed {
                    slot: self.slot,
                    message: format!("engine '{}' exited; it was restarted", engine.name),
                    restarted: true,
                });
            }
            self.report(Event::Ready {
                slot: self.slot,
                name: engine.name.clone(),
            });
            match self.serve(&mut engine) {
                // The tab is gone: the engine is dropped, which ends its process.
                Ok(()) => return,
                Err(Failure::Exited) | Err(Failure::Timeout) => restarted = true,
            }
        }
    }

    /// Runs jobs until the tab goes away (`Ok`) or the engine fails.
    fn serve(&self, engine: &mut Engine) -> Result<(), Failure> {
        let mut search: Option<Search> = None;
        loop {
            let job = match &search {
                None => match self.inbox.recv() {
                    Ok(job) => Some(job),
                    Err(_) => return Ok(()),
                },
                Some(_) => match self.inbox.try_recv() {
                    Ok(job) => Some(job),
                    Err(TryRecvError::Empty) => None,
                    Err(TryRecvError::Disconnected) => return Ok(()),
                },
            };
            match job {
                Some(Job::Go { id, lines, deadline }) => {
                    if let Some(old) = search.take() {
                        self.finish(engine, old)?;
                    }
                    for line in &lines {
                        engine.send(line)?;
                    }
                    search = Some(Search {
                        id,
                        deadline,
                        stopped: None,
                    });
                }
                Some(Job::Stop) => {
                    if let Some(current) = search.as_mut().filter(|s| s.stopped.is_none()) {
                        engine.send("stop")?;
                        current.stopped = Some(Instant::now());
                    }
                }
                None => {}
            }
            if let Some(current) = search.as_mut() {
                if self.read(engine, current)? {
                    search = None;
                }
            }
        }
    }

    /// Reads the engine's lines for a moment; whether the search ended.
    fn read(&self, engine: &mut Engine, search: &mut Search) -> Result<bool, Failure> {
        let now = Instant::now();
        if search.stopped.is_none() && now >= search.deadline {
            self.report(Event::TimedOut {
                slot: self.slot,
                id: search.id,
            });
            engine.send("stop")?;
            search.stopped = Some(now);
        }
        if search.stopped.is_some_and(|at| now >= at + STOP_GRACE) {
            // Deaf to `stop`: it is ended and started again.
            return Err(Failure::Timeout);
        }
        match engine.next_line(now + POLL) {
            Ok(line) => Ok(self.take_line(search, &line)),
            Err(Failure::Timeout) => Ok(false),
            Err(Failure::Exited) => Err(Failure::Exited),
        }
    }

    /// Reports a line of the search; whether it was its move.
    fn take_line(&self, search: &Search, line: &str) -> bool {
        let mut tokens = line.split_whitespace();
        match tokens.next() {
            Some("bestmove") => {
                self.report(Event::BestMove {
                    slot: self.slot,
                    id: search.id,
                    name: tokens.next().unwrap_or("").to_string(),
                });
                true
            }
            Some("info") => {
                self.report(Event::Info {
                    slot: self.slot,
                    id: search.id,
                    line: line.to_string(),
                });
                false
            }
            _ => false,
        }
    }

    /// Stops a search that is being replaced and waits for its move.
    fn finish(&self, engine: &mut Engine, mut search: Search) -> Result<(), Failure> {
        if search.stopped.is_none() {
            engine.send("stop")?;
            search.stopped = Some(Instant::now());
        }
        while !self.read(engine, &mut search)? {}
        Ok(())
    }

    fn report(&self, event: Event) {
        // The tab may be gone; the thread then ends at its next job.
        let _ = self.events.send(event);
    }
}
