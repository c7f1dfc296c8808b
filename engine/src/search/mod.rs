//! Alpha-beta search, generic over the game and its evaluator: iterative deepening
//! with aspiration windows, principal variation search, quiescence, a shared
//! transposition table, reverse futility, null-move pruning, late-move reductions, and
//! singular extensions and internal iterative reduction where the game allows them, killer and
//! history move ordering (with what the evaluator reads of threats where it does),
//! Lazy SMP and MultiPV.

mod correction;
mod eval_cache;
mod greedy;
mod ordering;
mod skill;
mod time;
mod tt;

pub use greedy::greedy;
pub use skill::Skill;

pub use time::Limits;
pub(crate) use time::TimeBudget;
pub(crate) use tt::Entry;
pub use tt::{Bound, TranspositionTable};

use crate::game::{EndReason, Game, GameResult, MoveList, Outcome};
use crate::history::History;
use crate::types::Color;
use arrayvec::ArrayVec;
use eval_cache::EvalCache;
use ordering::{exchange_holds_by_key, pick_next, MoveOrdering};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The deepest ply the search reaches.
pub(crate) const MAX_PLY: usize = 128;
/// A score beyond every real one.
pub const INFINITY: i32 = 32_000;
/// The score of mating at the root; a mate `n` plies away scores `MATE - n`.
pub(crate) const MATE: i32 = 31_000;
const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Plies of compulsory captures quiescence searches at full width.
const QS_FORCED_FULL_WIDTH: u32 = 4;
/// Quiescence answers a check with every evasion only this near the horizon; deeper,
/// a checked side may stand pat (mate is still seen: the legal moves are generated).
/// Captures that give check, common where pieces change boards, and full-width
/// evasions otherwise alternate for dozens of plies (a duo position took 1.3 million
/// nodes at depth 1).
const QS_EVASION_DEPTH: u32 = 4;
/// How many captures quiescence tries at a node past its first plies.
const QS_DEEP_WIDTH: usize = 3;
/// Quiescence ends here whatever the position, compulsory captures included.
const QS_MAX_DEPTH: u32 = 12;
/// The deepest remaining depth at which a move losing the exchange on its square is
/// pruned.
const EXCHANGE_PRUNING_DEPTH: i32 = 8;
/// The least remaining depth at which the table's move is tested for being singular.
const SINGULAR_DEPTH: i32 = 7;
/// The least remaining depth at which a node without a table move is searched a ply
/// shallower (internal iterative reduction).
const IIR_DEPTH: i32 = 4;
/// The least depth of a node whose failing low rewards the quiet move that led to it:
/// shallower nodes fail low too often to say much.
const PRIOR_QUIET_DEPTH: i32 = 3;

/// A static evaluation of one game, from the side to move's point of view.
pub trait Evaluator<G: Game>: Send + Sync {
    /// Centipawns for the side to move.
    fn evaluate(&self, pos: &G) -> i32;

    /// Ordering key of a tactical move (captures by most valuable victim, least
    /// valuable attacker; promotions): higher is searched first.
    fn tactical_order(&self, pos: &G, mv: G::Move) -> i32;

    /// The material balance alone, for the side to move: what the greedy player
    /// maximises first.
    fn material(&self, pos: &G) -> i32;

    /// Whether the exchange that the tactical move `mv` starts on its destination
    /// gains at least `threshold` for the side to move (static exchange evaluation).
    /// A game without an estimate answers yes, and nothing is pruned by it.
    fn exchange_at_least(&self, _pos: &G, _mv: G::Move, _threshold: i32) -> bool {
        true
    }

    /// What the evaluator reads once in a node to order its quiet moves beyond their
    /// history (`()` where it reads nothing).
    type QuietOrder: Copy + Default;

    /// Reads `pos` for [`Evaluator::quiet_order`].
    fn quiet_order_context(&self, _pos: &G) -> Self::QuietOrder {
        Self::QuietOrder::default()
    }

    /// What the quiet move `mv` adds to its history in the move ordering.
    fn quiet_order(&self, _context: &Self::QuietOrder, _pos: &G, _mv: G::Move) -> i32 {
        0
    }

    /// Whether the main search prunes moves, quiet ones included, that lose the
    /// exchange on their square near the horizon, and extends only the checks that
    /// do not: only where the estimate plays the whole exchange out for any move and
    /// a match showed that it pays.
    const EXCHANGE_PRUNING: bool = false;
}

/// A score as the protocol reports it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// A score in hundredths of a pawn, from the side to move.
    Centipawns(i32),
    /// Mate in this many moves; negative when the side to move is mated.
    Mate(i32),
}

impl Score {
    /// The protocol's form of an internal score: centipawns as they are, mate scores
    /// (a mate `n` plies away) as mates in moves.
    pub fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-(MATE + score) / 2)
        } else {
            Score::Centipawns(score)
        }
    }
}

/// One line of search progress.
#[derive(Clone, Debug)]
pub struct SearchInfo<M> {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply this line's search reached, quiescence included.
    pub seldepth: u32,
    /// The line's rank among the MultiPV lines, 1 for the best.
    pub multipv: usize,
    /// The line's score.
    pub score: Score,
    /// Whether the score is only a bound (a fail high or low).
    pub bound: Option<Bound>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// How full the transposition table is, in permille.
    pub hashfull: u32,
    /// The principal variation: the line the search expects, from the root move on.
    pub pv: Vec<M>,
}

impl<M> SearchInfo<M> {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-3)) as u64
    }
}

/// What a finished search found.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// `None` when the game is over at the root.
    pub best: Option<M>,
    /// The expected reply, to ponder on.
    pub ponder: Option<M>,
    /// The best move's score, internal (see [`Score::from_internal`]).
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// The root moves of the MultiPV lines with their scores, best first.
    pub lines: Vec<(M, i32)>,
}

/// How to search, beyond the limits.
#[derive(Copy, Clone, Debug)]
pub struct SearchOptions {
    /// Search threads (Lazy SMP: they share the transposition table).
    pub threads: usize,
    /// How many best lines to search and report (MultiPV).
    pub multipv: usize,
    /// Time kept back from each move's budget for the link to the GUI.
    pub move_overhead: Duration,
    /// Centipawns a draw costs the side to move at the root (and gains its opponent):
    /// positive against a weaker opponent, so that the search plays on rather than
    /// settle for a repetition from a worse position.
    pub contempt: i32,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(10),
            contempt: 0,
        }
    }
}

/// What the protocol thread shares with a running search: `stop`, `ponderhit`.
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
    /// Set by the search's owner just before it reports `bestmove`: from then on the
    /// engine counts as idle, though its thread may still be ending.
    reported: AtomicBool,
    clock_start: Mutex<Instant>,
}

impl Default for SearchControl {
    fn default() -> SearchControl {
        SearchControl {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            reported: AtomicBool::new(true),
            clock_start: Mutex::new(Instant::now()),
        }
    }
}

impl SearchControl {
    /// Arms the control for a new search.
    pub fn start(&self, ponder: bool) {
        self.stop.store(false, Ordering::SeqCst);
        self.pondering.store(ponder, Ordering::SeqCst);
        self.reported.store(false, Ordering::SeqCst);
        *self.clock_start.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
    }

    /// Asks the search to stop.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Whether the search was asked to stop.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// The result is about to be reported: the engine is idle for new commands.
    pub fn mark_reported(&self) {
        self.reported.store(true, Ordering::SeqCst);
    }

    /// Whether the result was reported.
    pub fn is_reported(&self) -> bool {
        self.reported.load(Ordering::SeqCst)
    }

    /// The opponent played the expected move: the clock starts now.
    /// Ignored when the search is not pondering.
    pub fn ponderhit(&self) {
        if self.pondering.swap(false, Ordering::SeqCst) {
            *self.clock_start.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        }
    }

    /// Returns once a search with these limits may report: at once, except under
    /// `infinite` and while pondering, which wait for `stop` (or `ponderhit`).
    pub fn hold(&self, limits: &Limits) {
        while (limits.infinite || self.is_pondering()) && !self.is_stopped() {
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::SeqCst)
    }

    fn clock(&self) -> Duration {
        self.clock_start.lock().unwrap_or_else(|e| e.into_inner()).elapsed()
    }
}

/// State of one search shared by its threads.
struct Shared<'a> {
    control: &'a SearchControl,
    tt: &'a TranspositionTable,
    limits: &'a Limits,
    budget: Option<TimeBudget>,
    /// Set by the main thread when it is done, to stop the helpers.
    done: AtomicBool,
    nodes: AtomicU64,
    started: Instant,
    /// The root side's [`SearchOptions::contempt`].
    contempt: i32,
    root_side: Color,
}

impl Shared<'_> {
    fn should_stop(&self) -> bool {
        self.done.load(Ordering::Relaxed) || self.control.stop.load(Ordering::Relaxed)
    }
}

#[derive(Clone)]
struct RootMove<M> {
    mv: M,
    score: i32,
    previous_score: i32,
    seldepth: u32,
    pv: Vec<M>,
}

/// Searches the current position of `history` until the limits or `control` stop it,
/// reporting each completed iteration (per MultiPV line) to `report`.
pub fn search<G: Game, E: Evaluator<G>>(
    history: &History<G>,
    evaluator: &E,
    limits: &Limits,
    options: &SearchOptions,
    tt: &TranspositionTable,
    control: &SearchControl,
    report: &mut dyn FnMut(&SearchInfo<G::Move>),
) -> SearchResult<G::Move> {
    let root = history.position();
    tt.new_search();
    let shared = Shared {
        control,
        tt,
        limits,
        budget: limits.budget(root.side_to_move(), options.move_overhead, G::TIME_USE),
        done: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        started: Instant::now(),
        contempt: options.contempt,
        root_side: root.side_to_move(),
    };
    let mut game_hashes: Vec<u64> = history.previous_hashes().collect();
    game_hashes.push(root.hash());

    // A game already over (also by repetition or the move counter) has no best move.
    let over = history.result().is_some();
    let result = std::thread::scope(|scope| {
        for id in (1..options.threads.max(1)).filter(|_| !over) {
            let shared = &shared;
            let hashes = game_hashes.clone();
            let helper = std::thread::Builder::new()
                .stack_size(64 << 20)
                .spawn_scoped(scope, move || {
                    let mut worker = Worker::new(id, root, evaluator, shared, hashes);
                    worker.iterate(1, &mut |_| {});
                });
            // A system out of threads searches with the helpers it could start.
            if let Err(error) = helper {
                log::warn!("search thread {id} not started: {error}");
                break;
            }
        }
        let result = if over {
            SearchResult {
                best: None,
                ponder: None,
                score: 0,
                depth: 0,
                nodes: 0,
                lines: Vec::new(),
            }
        } else {
            Worker::new(0, root, evaluator, &shared, game_hashes).iterate(options.multipv.max(1), report)
        };
        control.hold(limits);
        shared.done.store(true, Ordering::SeqCst);
        result
    });
    SearchResult {
        nodes: shared.nodes.load(Ordering::SeqCst),
        ..result
    }
}

struct Worker<'a, G: Game, E> {
    id: usize,
    root: &'a G,
    evaluator: &'a E,
    shared: &'a Shared<'a>,
    /// Hashes of the game so far and of the current search path, for repetitions.
    hashes: Vec<u64>,
    nodes: u64,
    unreported_nodes: u64,
    seldepth: usize,
    stopped: bool,
    root_moves: Vec<RootMove<G::Move>>,
    pv: Vec<ArrayVec<G::Move, MAX_PLY>>,
    ordering: MoveOrdering<G::Move>,
    reductions: [[i8; 64]; 64],
    /// The static evaluation at each ply of the current path (`-INFINITY` in check),
    /// to tell whether the side to move is improving on its last turn.
    static_evals: [i32; MAX_PLY + 1],
    /// The move a singular-extension test leaves out of its search of the node at
    /// each ply (`None` outside such a test).
    excluded: [Option<G::Move>; MAX_PLY + 1],
    /// The history slot of the quiet move played at each ply of the current path
    /// (`None` for a tactical move, the null move, or a game without the prior quiet
    /// bonus).
    quiet_played: [Option<usize>; MAX_PLY + 1],
    eval_cache: EvalCache,
}

impl<'a, G: Game, E: Evaluator<G>> Worker<'a, G, E> {
    fn new(id: usize, root: &'a G, evaluator: &'a E, shared: &'a Shared<'a>, hashes: Vec<u64>) -> Self {
        let mut moves = MoveList::new();
        root.legal_moves(&mut moves);
        let allowed = &shared.limits.search_moves;
        let root_moves = moves
            .iter()
            .filter(|&&mv| allowed.is_empty() || allowed.contains(&root.move_name(mv)))
            .map(|&mv| RootMove {
                mv,
                score: -INFINITY,
                previous_score: -INFINITY,
                seldepth: 0,
                pv: vec![mv],
            })
            .collect();
        let mut reductions = [[0i8; 64]; 64];
        for (depth, row) in reductions.iter_mut().enumerate().skip(1) {
            for (count, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (depth as f64).ln() * (count as f64).ln() / 2.25) as i8;
            }
        }
        Worker {
            id,
            root,
            evaluator,
            shared,
            hashes,
            nodes: 0,
            unreported_nodes: 0,
            seldepth: 0,
            stopped: false,
            root_moves,
            pv: vec![ArrayVec::new(); MAX_PLY + 1],
            ordering: MoveOrdering::new(G::HISTORY_SIZE),
            reductions,
            static_evals: [-INFINITY; MAX_PLY + 1],
            excluded: [None; MAX_PLY + 1],
            quiet_played: [None; MAX_PLY + 1],
            eval_cache: EvalCache::new(),
        }
    }

    fn elapsed(&self) -> Duration {
        self.shared.started.elapsed()
    }

    /// Iterative deepening; the main thread (`id` 0) reports and decides when to stop.
    fn iterate(&mut self, multipv: usize, report: &mut dyn FnMut(&SearchInfo<G::Move>)) -> SearchResult<G::Move> {
        if self.root_moves.is_empty() {
            return SearchResult {
                best: None,
                ponder: None,
                score: 0,
                depth: 0,
                nodes: 0,
                lines: Vec::new(),
            };
        }
        let max_depth = self
            .shared
            .limits
            .depth
            .map_or(MAX_PLY as u32 - 1, |d| d.clamp(1, MAX_PLY as u32 - 1));
        let lines = multipv.min(self.root_moves.len());
        let mut completed_depth = 0;
        // Iterations in a row that kept the best move.
        let mut best_kept = 0;
        // Helpers start one ply deeper on odd ids so the threads spread over depths.
        let first_depth = 1 + (self.id % 2) as u32;
        for depth in first_depth..=max_depth {
            let snapshot = self.root_moves.clone();
            for rm in &mut self.root_moves {
                rm.previous_score = rm.score;
            }
            let mut lines_done = 0;
            for line in 0..lines {
                self.seldepth = 0;
                self.aspiration(depth as i32, line);
                if self.stopped {
                    break;
                }
                lines_done = line + 1;
            }
            // A later line may score above an earlier one (its window and the table
            // differ): the lines are reported best first.
            self.root_moves[..lines_done].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            if self.id == 0 {
                for line in 0..lines_done {
                    self.report_line(depth, line, report);
                }
            }
            if self.stopped && depth > 1 {
                self.root_moves = snapshot;
                break;
            }
            completed_depth = depth;
            best_kept = if snapshot[0].mv == self.root_moves[0].mv {
                best_kept + 1
            } else {
                0
            };
            if self.id == 0 && self.iteration_ends_search(best_kept) {
                break;
            }
            if self.stopped {
                break;
            }
        }
        self.flush_nodes();
        let best = &self.root_moves[0];
        SearchResult {
            best: Some(best.mv),
            ponder: best.pv.get(1).copied(),
            score: best.score,
            depth: completed_depth,
            nodes: self.nodes,
            lines: self.root_moves[..lines].iter().map(|rm| (rm.mv, rm.score)).collect(),
        }
    }

    /// Whether to stop after an iteration, the `best_kept`-th in a row that kept the
    /// best move.
    fn iteration_ends_search(&self, best_kept: usize) -> bool {
        let shared = self.shared;
        if shared.control.is_pondering() || shared.limits.infinite {
            return false;
        }
        let best = self.root_moves[0].score;
        if let Some(moves) = shared.limits.mate {
            if best >= MATE_BOUND && MATE - best < 2 * moves as i32 {
                return true;
            }
        }
        // A fixed move time is used whole; only the hard limit ends that search.
        if shared.limits.move_time.is_some() {
            return false;
        }
        if self.root_moves.len() == 1 && shared.budget.is_some() {
            return true;
        }
        match shared.budget {
            Some(budget) => shared.control.clock() >= G::TIME_USE.new_iteration_limit(budget.soft, best_kept),
            None => false,
        }
    }

    fn report_line(&self, depth: u32, line: usize, report: &mut dyn FnMut(&SearchInfo<G::Move>)) {
        let rm = &self.root_moves[line];
        let nodes = self.shared.nodes.load(Ordering::Relaxed) + self.unreported_nodes;
        report(&SearchInfo {
            depth,
            seldepth: rm.seldepth.max(depth),
            multipv: line + 1,
            score: Score::from_internal(rm.score),
            bound: None,
            nodes,
            time: self.elapsed(),
            hashfull: self.shared.tt.hashfull(),
            pv: rm.pv.clone(),
        });
    }

    fn aspiration(&mut self, depth: i32, line: usize) {
        let previous = self.root_moves[line].previous_score;
        let mut delta = 25;
        let (mut alpha, mut beta) = if depth >= 5 && previous.abs() < MATE_BOUND {
            ((previous - delta).max(-INFINITY), (previous + delta).min(INFINITY))
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let score = self.root_search(depth, alpha, beta, line);
            if self.stopped {
                return;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
            } else {
                return;
            }
            delta += delta / 2 + 5;
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    fn root_search(&mut self, depth: i32, mut alpha: i32, beta: i32, line: usize) -> i32 {
        let root = self.root;
        let mut best = -INFINITY;
        for i in line..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            self.quiet_played[0] = quiet_slot(root, mv, root.is_tactical(mv));
            let child = root.play(mv);
            self.hashes.push(child.hash());
            let new_depth = depth - 1 + child.in_check() as i32;
            let score = if i == line {
                -self.search(&child, new_depth, -beta, -alpha, 1, Node::Pv)
            } else {
                let mut s = -self.search(&child, new_depth, -alpha - 1, -alpha, 1, Node::Cut);
                if s > alpha && s < beta && !self.stopped {
                    s = -self.search(&child, new_depth, -beta, -alpha, 1, Node::Pv);
                }
                s
            };
            self.hashes.pop();
            if self.stopped {
                break;
            }
            let rm = &mut self.root_moves[i];
            if i == line || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth as u32;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv.extend_from_slice(&self.pv[1]);
            } else {
                rm.score = -INFINITY;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if !self.stopped {
            // Stable: equal scores keep the previous order.
            self.root_moves[line..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
        }
        best
    }

    /// Polls the clock, the node limit and the stop flag every 1024 nodes.
    #[inline(always)]
    fn poll(&mut self) -> bool {
        self.nodes += 1;
        self.unreported_nodes += 1;
        if self.unreported_nodes >= 1024 {
            self.flush_nodes();
            let shared = self.shared;
            if shared.should_stop() {
                self.stopped = true;
            } else if self.id == 0 {
                let over_nodes = shared
                    .limits
                    .nodes
                    .is_some_and(|n| shared.nodes.load(Ordering::Relaxed) >= n);
                let over_time =
                    !shared.control.is_pondering() && shared.budget.is_some_and(|b| shared.control.clock() >= b.hard);
                if over_nodes || over_time {
                    self.stopped = true;
                    shared.done.store(true, Ordering::Relaxed);
                }
            }
        }
        self.stopped
    }

    /// The static evaluation of `pos`, from this thread's table if evaluated before.
    fn evaluate(&mut self, pos: &G) -> i32 {
        let evaluator = self.evaluator;
        let raw = self.eval_cache.get_or_evaluate(pos.hash(), || evaluator.evaluate(pos));
        match pos.pawn_key() {
            Some(key) => raw + self.shared.tt.corrections().correction(pos.side_to_move(), key),
            None => raw,
        }
    }

    /// Starts loading what a child node reads first: its cached evaluation, and its
    /// table slot where it probes the table (`main_search`, or quiescence where
    /// capturing is compulsory).
    #[inline(always)]
    fn prefetch_child(&self, hash: u64, main_search: bool) {
        if main_search || G::SEARCH.mandatory_capture {
            self.shared.tt.prefetch(hash);
        }
        self.eval_cache.prefetch(hash);
    }

    fn flush_nodes(&mut self) {
        self.shared.nodes.fetch_add(self.unreported_nodes, Ordering::Relaxed);
        self.unreported_nodes = 0;
    }

    /// Whether `mv` loses no material in the exchange on its square: a tactical move's
    /// ordering key (`tactical_key`) tells, but the table's move's; the evaluator
    /// answers for the rest.
    fn exchange_holds(&self, pos: &G, mv: G::Move, tactical_key: Option<i32>) -> bool {
        tactical_key
            .and_then(exchange_holds_by_key)
            .unwrap_or_else(|| self.evaluator.exchange_at_least(pos, mv, 0))
    }

    /// What a draw is worth to `side`: contempt is the root side's price of one.
    fn draw_score(&self, side: Color) -> i32 {
        if side == self.shared.root_side {
            -self.shared.contempt
        } else {
            self.shared.contempt
        }
    }

    fn result_score(&self, result: GameResult, side: Color, ply: usize) -> i32 {
        match result.outcome {
            Outcome::Draw => self.draw_score(side),
            Outcome::Win(winner) if winner == side => MATE - ply as i32,
            Outcome::Win(_) => -(MATE - ply as i32),
        }
    }

    /// A draw (or the game's replacement for one) by repetition.
    fn repetition(&self, pos: &G, ply: usize) -> Option<i32> {
        // The last hash is this position; look back two plies at a time, as far as the
        // last irreversible move.
        let clock = pos.halfmove_clock() as usize;
        let n = self.hashes.len();
        let hash = pos.hash();
        (2..=clock.min(n - 1))
            .step_by(2)
            .any(|back| self.hashes[n - 1 - back] == hash)
            .then(|| self.result_score(pos.rule_draw_result(EndReason::Repetition), pos.side_to_move(), ply))
    }

    fn search(&mut self, pos: &G, depth: i32, mut alpha: i32, mut beta: i32, ply: usize, node: Node) -> i32 {
        let pv_node = node == Node::Pv;
        self.pv[ply].clear();
        if depth <= 0 {
            return self.quiescence(pos, alpha, beta, ply, 0);
        }
        if self.poll() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(score) = self.repetition(pos, ply) {
            return score;
        }
        // No line from here can be better than a mate at this ply.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }

        let hash = pos.hash();
        // A singular-extension test searches the node without the table's move: the
        // table's entry is about the whole node, so it neither cuts off nor orders here.
        let excluded = self.excluded[ply];
        let tt_entry = if excluded.is_some() {
            None
        } else {
            self.shared.tt.probe(hash)
        };
        let tt_code = tt_entry.map_or(0, |e| e.move_code);
        if let Some(entry) = tt_entry.filter(|entry| !pv_node && entry.depth >= depth) {
            if let Some(score) = tt_cutoff(&entry, ply, alpha, beta, self.draw_score(pos.side_to_move())) {
                return score;
            }
        }

        let mut moves = MoveList::new();
        let any_legal_move = pos.search_moves(&mut moves);
        if let Some(result) = pos.judge(any_legal_move) {
            return self.result_score(result, pos.side_to_move(), ply);
        }
        // The move counter ends the game unless the move that reached it mated.
        if pos.halfmove_clock() >= 100 {
            return self.result_score(pos.rule_draw_result(EndReason::FiftyMoves), pos.side_to_move(), ply);
        }
        let in_check = pos.in_check();
        let static_eval = if in_check { -INFINITY } else { self.evaluate(pos) };
        self.static_evals[ply] = static_eval;
        // Better than on the side's last turn: prune less. After a check there is no
        // evaluation to compare with, so look a turn further back.
        let improving = !in_check
            && match ply {
                0 | 1 => true,
                2 | 3 => static_eval > self.static_evals[ply - 2],
                _ => {
                    let before = if self.static_evals[ply - 2] == -INFINITY {
                        self.static_evals[ply - 4]
                    } else {
                        self.static_evals[ply - 2]
                    };
                    static_eval > before
                }
            };

        // A searched score beats a static guess where its bound points away from the
        // guess: an exact score, a lower bound above it, an upper bound below it.
        let eval = match tt_entry {
            Some(entry) if G::SEARCH.table_score_as_eval && !in_check => {
                table_refined_eval(&entry, static_eval, ply, self.draw_score(pos.side_to_move()))
            }
            _ => static_eval,
        };

        // Where a capture is compulsory the static evaluation misjudges the position
        // as it misjudges one in check: the side to move has no quiet choice.
        let forced_capture =
            G::SEARCH.mandatory_capture && moves.iter().any(|&mv| pos.is_capture(mv) && is_legal(pos, mv));
        if !pv_node && !in_check && !forced_capture && excluded.is_none() && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta at low depth, a quiet move will not fall back.
            // Halfway to beta where it pays: the margin over beta is a guess.
            if depth <= 6 && eval - 80 * depth >= beta {
                return if G::SEARCH.futility_halfway {
                    (eval + beta) / 2
                } else {
                    eval
                };
            }
            if G::SEARCH.null_move && depth >= 3 && eval >= beta {
                if let Some(child) = pos.null_move() {
                    let reduction = 3 + depth / 4;
                    self.quiet_played[ply] = None;
                    self.hashes.push(child.hash());
                    let score = -self.search(
                        &child,
                        depth - 1 - reduction,
                        -beta,
                        -beta + 1,
                        ply + 1,
                        node.null_window_child(),
                    );
                    self.hashes.pop();
                    if self.stopped {
                        return 0;
                    }
                    if score >= beta {
                        return if score >= MATE_BOUND { beta } else { score };
                    }
                }
            }
        }

        // Internal iterative reduction: a node the table knows no move for was seldom
        // searched before and has no move to try first; a ply less finds one cheaply,
        // and the next visit searches it in full.
        let depth =
            if G::SEARCH.internal_iterative_reduction && tt_code == 0 && excluded.is_none() && depth >= IIR_DEPTH {
                depth - 1
            } else {
                depth
            };
        let quiet_order = self.evaluator.quiet_order_context(pos);
        // Filled in place: collecting would build the array elsewhere and copy all of it.
        let mut scores: ArrayVec<i32, { crate::game::MAX_MOVES }> = ArrayVec::new();
        scores.extend(
            moves
                .iter()
                .map(|&mv| self.ordering.score(pos, self.evaluator, &quiet_order, mv, tt_code, ply)),
        );
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut quiets_tried: ArrayVec<G::Move, 64> = ArrayVec::new();
        // Near the horizon, late quiet moves of a node not in check are rarely better
        // than the ones before them (move-count pruning), and quiet moves cannot lift
        // a static evaluation far below alpha up to it (futility pruning).
        let prune_quiets = !pv_node && !in_check && !forced_capture && alpha.abs() < MATE_BOUND;
        let late_move_count = (3 + depth * depth) as usize / (2 - improving as usize);
        let futile = eval + 100 + 100 * depth <= alpha;
        // Moves searched so far: `i` less the illegal moves passed over.
        let mut searched = 0;
        for i in 0..moves.len() {
            let mv = pick_next(&mut moves, &mut scores, i);
            if !is_legal(pos, mv) || excluded == Some(mv) {
                continue;
            }
            let singular = match tt_entry {
                Some(entry)
                    if G::SEARCH.singular_extensions
                        && searched == 0
                        && excluded.is_none()
                        && tt_code == G::move_code(mv) =>
                {
                    let found = self.singular_test(pos, mv, &entry, depth, beta, ply, node);
                    if self.stopped {
                        return 0;
                    }
                    match found {
                        Singular::Cut(score) => return score,
                        Singular::Extension(extension) => extension,
                    }
                }
                _ => 0,
            };
            let tactical = pos.is_tactical(mv);
            let late_quiet = prune_quiets
                && !tactical
                && searched > 0
                && ((depth <= 8 && searched >= late_move_count) || (depth <= 6 && futile));
            // Near the horizon, a move that loses material in the exchange on its square
            // is not worth a search either: captures by a pawn per ply, quiet moves faster.
            // Checks stay: quiescence does not look at them. A game that tells a check
            // without playing the move does not play the moves it prunes.
            let pruned_unless_check = late_quiet
                || (E::EXCHANGE_PRUNING && prune_quiets && searched > 0 && depth <= EXCHANGE_PRUNING_DEPTH && {
                    let threshold = if tactical { -100 * depth } else { -30 * depth * depth };
                    !self.evaluator.exchange_at_least(pos, mv, threshold)
                });
            if G::CHEAP_GIVES_CHECK && pruned_unless_check && !pos.gives_check(mv) {
                continue;
            }
            let child = pos.play(mv);
            let gives_check = child.in_check();
            if !G::CHEAP_GIVES_CHECK && pruned_unless_check && !gives_check {
                continue;
            }
            // A check that loses the exchange on its square is seldom more than a spite
            // check: only the others are searched a ply deeper.
            let extend =
                gives_check && (!E::EXCHANGE_PRUNING || self.exchange_holds(pos, mv, tactical.then_some(scores[i])));
            let extension = if singular != 0 { singular } else { extend as i32 };
            let new_depth = depth - 1 + extension;
            self.quiet_played[ply] = quiet_slot(pos, mv, tactical);
            self.prefetch_child(child.hash(), new_depth > 0);
            self.hashes.push(child.hash());
            let score = if searched == 0 {
                let child_node = if pv_node { Node::Pv } else { node.null_window_child() };
                -self.search(&child, new_depth, -beta, -alpha, ply + 1, child_node)
            } else {
                let reduction =
                    if G::SEARCH.late_move_reductions && depth >= 3 && searched >= 3 && !tactical && !in_check {
                        self.late_move_reduction(depth, searched, node, gives_check)
                            .clamp(0, new_depth - 1)
                    } else {
                        0
                    };
                let child_node = if reduction > 0 {
                    Node::Cut
                } else {
                    node.null_window_child()
                };
                let mut s = -self.search(&child, new_depth - reduction, -alpha - 1, -alpha, ply + 1, child_node);
                if s > alpha && reduction > 0 && !self.stopped {
                    s = -self.search(&child, new_depth, -alpha - 1, -alpha, ply + 1, node.null_window_child());
                }
                if s > alpha && s < beta && pv_node && !self.stopped {
                    s = -self.search(&child, new_depth, -beta, -alpha, ply + 1, Node::Pv);
                }
                s
            };
            searched += 1;
            self.hashes.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend(tail[0].iter().copied());
                    if alpha >= beta {
                        if !tactical {
                            self.ordering.reward_quiet(pos, mv, &quiets_tried, depth, ply);
                        }
                        break;
                    }
                }
            }
            if !tactical && !quiets_tried.is_full() {
                quiets_tried.push(mv);
            }
        }

        if excluded.is_some() {
            return best;
        }
        if G::SEARCH.prior_quiet_bonus && best <= original_alpha && depth >= PRIOR_QUIET_DEPTH && best_move.is_some() {
            if let Some(index) = self.quiet_played[ply - 1] {
                self.ordering.reward_prior_quiet(index, depth);
            }
        }
        learn_correction(
            self.shared.tt,
            pos,
            static_eval,
            best,
            best_move,
            (original_alpha, beta),
            depth,
        );
        self.store(hash, best, best_move, (original_alpha, beta), depth, ply);
        best
    }

    /// How many plies less the `searched`-th late quiet move of a node at `depth` is
    /// searched first, before the limit of its own depth: more off the principal
    /// variation and in an expected cut node. A check is reduced a ply less, and not
    /// at all in games that keep checks at full depth.
    fn late_move_reduction(&self, depth: i32, searched: usize, node: Node, gives_check: bool) -> i32 {
        if gives_check && !G::SEARCH.reduce_checks {
            return 0;
        }
        self.reductions[(depth as usize).min(63)][searched.min(63)] as i32
            + (node != Node::Pv) as i32
            + (node == Node::Cut) as i32
            - gives_check as i32
    }

    /// Singular extensions: whether the table's move `mv` is the only good move of the
    /// node. A search of the node without it, at half the depth and against the
    /// table's score less a margin, tells: when every other move fails low, `mv` is
    /// searched a ply deeper; when even the others reach `beta`, the node cuts off
    /// (multi-cut); when the table's score alone reaches `beta`, `mv` is searched a ply
    /// shallower, as the node has other good moves. After a stop the answer means
    /// nothing: the caller looks at the stop first.
    #[allow(clippy::too_many_arguments)]
    fn singular_test(
        &mut self,
        pos: &G,
        mv: G::Move,
        entry: &Entry,
        depth: i32,
        beta: i32,
        ply: usize,
        node: Node,
    ) -> Singular {
        let tt_score = score_from_tt(entry.score, ply);
        if depth < SINGULAR_DEPTH
            || entry.bound == Bound::Upper
            || entry.depth < depth - 3
            || tt_score.abs() >= MATE_BOUND
        {
            return Singular::Extension(0);
        }
        let singular_beta = tt_score - G::SEARCH.singular_margin * depth;
        self.excluded[ply] = Some(mv);
        // Not a PV search: a PV node's test is an all node, as it expects to fail low.
        let test_node = if node == Node::Pv { Node::All } else { node };
        let score = self.search(pos, (depth - 1) / 2, singular_beta - 1, singular_beta, ply, test_node);
        self.excluded[ply] = None;
        // The test's line is not this node's.
        self.pv[ply].clear();
        if score < singular_beta {
            Singular::Extension(1)
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else if tt_score >= beta {
            Singular::Extension(-1)
        } else {
            Singular::Extension(0)
        }
    }

    fn quiescence(&mut self, pos: &G, mut alpha: i32, beta: i32, ply: usize, qdepth: u32) -> i32 {
        self.pv[ply].clear();
        if self.poll() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        // Compulsory captures make long forced sequences that reach the same positions
        // in many orders: there the table pays for itself in quiescence too.
        let use_tt = G::SEARCH.mandatory_capture;
        let hash = pos.hash();
        let mut tt_code = 0;
        let mut deeper_entry = false;
        if use_tt {
            if let Some(entry) = self.shared.tt.probe(hash) {
                deeper_entry = entry.depth > 0;
                if let Some(score) = tt_cutoff(&entry, ply, alpha, beta, self.draw_score(pos.side_to_move())) {
                    return score;
                }
                tt_code = entry.move_code;
            }
        }
        let mut moves = MoveList::new();
        // A game that judges legality lazily, or lists its tactical moves apart, lists
        // its moves only when it needs them: most nodes here stand pat.
        let lists_late = G::LAZY_LEGALITY || G::TACTICAL_GENERATION;
        let any_legal_move = if lists_late {
            pos.has_legal_move()
        } else {
            pos.search_moves(&mut moves)
        };
        if let Some(result) = pos.judge(any_legal_move) {
            return self.result_score(result, pos.side_to_move(), ply);
        }
        if qdepth >= QS_MAX_DEPTH {
            return self.evaluate(pos);
        }
        let in_check = qdepth < QS_EVASION_DEPTH && pos.in_check();
        if lists_late && (in_check || G::SEARCH.mandatory_capture) {
            pos.search_moves(&mut moves);
        }
        // Where capturing is compulsory and possible, every legal move is a capture and
        // standing pat would pretend a choice the rules do not give.
        let forced = in_check
            || (G::SEARCH.mandatory_capture && moves.iter().any(|&mv| pos.is_capture(mv) && is_legal(pos, mv)));
        let mut best = -INFINITY;
        let original_alpha = alpha;
        let mut best_move = None;
        if !forced {
            best = self.evaluate(pos);
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
            if lists_late && !G::SEARCH.mandatory_capture {
                pos.tactical_search_moves(&mut moves);
            } else {
                moves.retain(|mv| pos.is_tactical(*mv));
            }
        }
        // Quiescence lists quiet moves only as evasions: out of check there is nothing
        // for the evaluator to read.
        let quiet_order = if in_check {
            self.evaluator.quiet_order_context(pos)
        } else {
            E::QuietOrder::default()
        };
        // Filled in place: collecting would build the array elsewhere and copy all of it.
        let mut scores: ArrayVec<i32, { crate::game::MAX_MOVES }> = ArrayVec::new();
        scores.extend(
            moves
                .iter()
                .map(|&mv| self.ordering.score(pos, self.evaluator, &quiet_order, mv, tt_code, ply)),
        );
        // Compulsory captures can run on for dozens of plies with several choices at
        // each: past a few plies only the most promising capture is followed. The side
        // still has to capture (no stand-pat), but the sequence becomes a line.
        let width = if G::SEARCH.mandatory_capture && forced && !in_check && qdepth >= QS_FORCED_FULL_WIDTH {
            1
        } else if !in_check && qdepth >= QS_FORCED_FULL_WIDTH {
            // Without exchange evaluation, every capture of every board would be tried:
            // deep in quiescence only the best-ordered few are.
            moves.len().min(QS_DEEP_WIDTH)
        } else {
            moves.len()
        };
        let mut searched = 0;
        for i in 0..moves.len() {
            if searched == width {
                break;
            }
            let mv = pick_next(&mut moves, &mut scores, i);
            if !is_legal(pos, mv) {
                continue;
            }
            // A capture that loses the exchange will not raise a score that may stand pat.
            // Every move here is tactical, so its ordering key tells, but the table's move's.
            if !forced && !self.exchange_holds(pos, mv, Some(scores[i])) {
                continue;
            }
            searched += 1;
            let child = pos.play(mv);
            self.prefetch_child(child.hash(), false);
            self.hashes.push(child.hash());
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, qdepth + 1);
            self.hashes.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if use_tt && !deeper_entry {
            self.store(hash, best, best_move, (original_alpha, beta), 0, ply);
        }
        best
    }

    /// Stores a node's result: its bound follows from where `best` fell against the
    /// window the node was searched with.
    fn store(
        &self,
        hash: u64,
        best: i32,
        best_move: Option<G::Move>,
        (alpha, beta): (i32, i32),
        depth: i32,
        ply: usize,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            hash,
            Entry {
                move_code: best_move.map_or(0, G::move_code),
                score: score_to_tt(best, ply),
                depth,
                bound,
            },
        );
    }
}

/// What a singular-extension test found for the table's move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Singular {
    /// Search the move this many plies deeper (negative: shallower).
    Extension(i32),
    /// Another move reaches beta as well: the node fails high with this score.
    Cut(i32),
}

/// What a node is expected to be: on the principal variation, failing high after a
/// move or two (a cut node), or failing low after every move (an all node).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Node {
    Pv,
    Cut,
    All,
}

impl Node {
    /// A child searched with a null window and no reduction: a cut node's children are
    /// all nodes, and the others' are cut nodes. A reduced search expects a cut node.
    fn null_window_child(self) -> Node {
        match self {
            Node::Cut => Node::All,
            Node::Pv | Node::All => Node::Cut,
        }
    }
}

/// What [`Worker::quiet_played`] keeps for `mv`: its history slot when it is quiet and
/// the game rewards such moves, so the other games do no work for it.
#[inline(always)]
fn quiet_slot<G: Game>(pos: &G, mv: G::Move, tactical: bool) -> Option<usize> {
    (G::SEARCH.prior_quiet_bonus && !tactical).then(|| pos.history_index(mv))
}

/// Teaches the correction history how far the static evaluation `static_eval` of `pos`
/// missed the score `best` that a search of `depth` in `window` found, where the score
/// says something of it: out of check, not a mate, not a bound on the evaluation's own
/// side, and not won by a capture or promotion, which no evaluation foresees.
fn learn_correction<G: Game>(
    tt: &TranspositionTable,
    pos: &G,
    static_eval: i32,
    best: i32,
    best_move: Option<G::Move>,
    (alpha, beta): (i32, i32),
    depth: i32,
) {
    let Some(key) = pos.pawn_key() else { return };
    let upper = best <= alpha;
    if static_eval == -INFINITY
        || best.abs() >= MATE_BOUND
        || (best >= beta && best <= static_eval)
        || (upper && best >= static_eval)
        || (!upper && best_move.is_some_and(|mv| pos.is_tactical(mv)))
    {
        return;
    }
    tt.corrections()
        .update(pos.side_to_move(), key, best - static_eval, depth);
}

/// Asks the processor to load `value`'s cache line, so that a read of it a little
/// later need not wait for memory: the tables are too big for the cache, and the child
/// node reads them only after its own first work.
#[inline(always)]
fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint that reads nothing and cannot fault.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>((value as *const T).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// Whether `mv`, one of the moves [`SearchHints::search_moves`] listed, is legal.
#[inline(always)]
fn is_legal<G: Game>(pos: &G, mv: G::Move) -> bool {
    !G::LAZY_LEGALITY || pos.is_legal_to_search(mv)
}

/// The score of a table entry where its bound alone decides the node.
fn tt_cutoff(entry: &Entry, ply: usize, alpha: i32, beta: i32, draw: i32) -> Option<i32> {
    let score = score_from_tt(entry.score, ply);
    // The graph-history bound: a draw may come from repeating a position of the path
    // that stored it, which another path to this position need not hold; such a score
    // is searched again rather than trusted (docs/STRENGTH.md).
    if score == draw {
        return None;
    }
    let cut = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    cut.then_some(score)
}

/// The table's score in place of the static evaluation `static_eval` where the entry's
/// bound says the truth lies beyond the evaluation on the score's side. Mates and the
/// draw score (which may come from another path's repetition) are left out.
fn table_refined_eval(entry: &Entry, static_eval: i32, ply: usize, draw: i32) -> i32 {
    let score = score_from_tt(entry.score, ply);
    if score.abs() >= MATE_BOUND || score == draw {
        return static_eval;
    }
    let nearer = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => score > static_eval,
        Bound::Upper => score < static_eval,
    };
    if nearer {
        score
    } else {
        static_eval
    }
}

/// Mate scores are stored relative to the node, not the root.
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests;
