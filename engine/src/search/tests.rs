//! Search tests with a material-only evaluator, so they test the search, not the eval.
use super::*;
use crate::chess::{Chess, MoveKind};
use crate::game::Notation;
use crate::game::Variant;
use crate::game::{Position, SearchHints};
use crate::moves::PackedMove;
use crate::types::Kind;

struct Material;

const VALUE: [i32; 6] = [100, 300, 320, 500, 900, 0];

impl Evaluator<Chess> for Material {
    type QuietOrder = ();

    fn evaluate(&self, pos: &Chess) -> i32 {
        let us = pos.side_to_move();
        Kind::ALL
            .iter()
            .map(|&r| {
                VALUE[r.index()]
                    * (pos.board().pieces(us, r).count() as i32 - pos.board().pieces(!us, r).count() as i32)
            })
            .sum()
    }

    fn tactical_order(&self, pos: &Chess, mv: crate::chess::ChessMove) -> i32 {
        let victim = pos.board().piece_at(mv.to()).map_or(0, |(_, r)| VALUE[r.index()]);
        victim
            + if matches!(mv.kind(), MoveKind::Promotion(_)) {
                800
            } else {
                0
            }
    }

    /// This evaluator is material only.
    fn material(&self, pos: &Chess) -> i32 {
        self.evaluate(pos)
    }
}

fn run(fen: &str, limits: Limits, options: SearchOptions) -> (SearchResult<crate::chess::ChessMove>, Chess) {
    let pos = Chess::from_fen(Variant::Chess, fen).unwrap();
    (run_history(&History::new(pos), limits, options), pos)
}

/// A search of the record's last position with a fresh table.
fn run_history(
    history: &History<Chess>,
    limits: Limits,
    options: SearchOptions,
) -> SearchResult<crate::chess::ChessMove> {
    let tt = TranspositionTable::new(16);
    let control = SearchControl::default();
    control.start(false);
    search(history, &Material, &limits, &options, &tt, &control, &mut |_| {})
}

fn best_move(fen: &str, depth: u32) -> (String, i32) {
    let (result, pos) = run(
        fen,
        Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        SearchOptions::default(),
    );
    (pos.move_name(result.best.expect("a move")), result.score)
}

#[test]
fn finds_mates_in_one_to_four() {
    // Mate distances confirmed with Stockfish 15.1.
    for (fen, depth, moves, first) in [
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 2, 1, "a1a8"),
        (
            "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
            4,
            2,
            "d5f6",
        ),
        (
            "r1b3kr/ppp1Bp1p/1b6/n2P4/2p3q1/2Q2N2/P4PPP/RN2R1K1 w - - 1 1",
            6,
            3,
            "c3h8",
        ),
        // Depth 9, not 8: in this ending the table's move mostly reaches beta with
        // others close behind it, and singular extensions search it a ply shallower.
        ("7k/8/8/8/5K2/8/8/1Q6 w - - 0 1", 9, 4, ""),
    ] {
        let (mv, score) = best_move(fen, depth);
        assert_eq!(Score::from_internal(score), Score::Mate(moves), "{fen}: {mv} {score}");
        if !first.is_empty() {
            assert_eq!(mv, first, "{fen}");
        }
    }
}

#[test]
fn mated_side_sees_negative_mate() {
    let (_, score) = best_move("7k/1R6/8/8/8/8/R7/6K1 b - - 0 1", 4);
    assert_eq!(Score::from_internal(score), Score::Mate(-1));
}

#[test]
fn wins_material_and_avoids_stalemate() {
    let (mv, score) = best_move("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 4);
    assert_eq!(mv, "d2d5", "{score}");
    // Queen takes rook would stalemate; any other sensible move keeps winning.
    let (mv, _) = best_move("k7/2K5/8/8/8/8/8/1Q6 w - - 0 1", 3);
    assert_ne!(mv, "b1b7");
}

#[test]
fn game_over_at_the_root_has_no_best_move() {
    let (result, _) = run(
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        Limits {
            depth: Some(3),
            ..Limits::default()
        },
        SearchOptions::default(),
    );
    assert!(result.best.is_none());
}

#[test]
fn single_thread_search_is_deterministic() {
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (a, _) = run(fen, limits.clone(), SearchOptions::default());
    let (b, _) = run(fen, limits, SearchOptions::default());
    assert_eq!((a.nodes, a.best, a.score), (b.nodes, b.best, b.score));
    assert!(a.nodes > 1000);
}

#[test]
fn node_and_time_limits_stop_the_search() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (result, _) = run(
        fen,
        Limits {
            nodes: Some(20_000),
            ..Limits::default()
        },
        SearchOptions::default(),
    );
    assert!(result.best.is_some());
    assert!(result.nodes < 40_000, "{}", result.nodes);
    let clock = Instant::now();
    let (result, _) = run(
        fen,
        Limits {
            move_time: Some(Duration::from_millis(200)),
            ..Limits::default()
        },
        SearchOptions::default(),
    );
    assert!(result.best.is_some());
    assert!(clock.elapsed() < Duration::from_millis(1500), "{:?}", clock.elapsed());
}

#[test]
fn multipv_reports_distinct_lines_and_threads_agree_on_mates() {
    let pos = Chess::from_fen(Variant::Chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    let history = History::new(pos);
    let tt = TranspositionTable::new(16);
    let control = SearchControl::default();
    control.start(false);
    let mut lines = std::collections::BTreeMap::new();
    let options = SearchOptions {
        multipv: 3,
        threads: 2,
        ..SearchOptions::default()
    };
    let result = search(
        &history,
        &Material,
        &Limits {
            depth: Some(4),
            ..Limits::default()
        },
        &options,
        &tt,
        &control,
        &mut |info| {
            lines.insert(info.multipv, info.pv[0]);
        },
    );
    assert_eq!(lines.len(), 3);
    let firsts: std::collections::HashSet<_> = lines.values().collect();
    assert_eq!(firsts.len(), 3, "each line starts with a different move");
    assert_eq!(pos.move_name(result.best.unwrap()), "a1a8");
}

/// The record of the repetition tests: from `fen`, Qh5+ Kg8 Qe8+ Kh7.
fn queen_checks_played(fen: &str) -> History<Chess> {
    let mut history = History::new(Chess::from_fen(Variant::Chess, fen).unwrap());
    for mv in ["g6h5", "h8g8", "h5e8", "g8h7"] {
        history.push_text(mv).unwrap();
    }
    history
}

fn depth_six() -> Limits {
    Limits {
        depth: Some(6),
        ..Limits::default()
    }
}

#[test]
fn repetition_is_scored_as_a_draw() {
    // White is a queen down; after Qh5+ Kg8 Qe8+ Kh7 the check Qh5+ forces Kg8, the
    // position after the game's second ply again (Stockfish: 0.00).
    let history = queen_checks_played("7k/6p1/6Q1/8/8/8/qq6/6K1 w - - 0 1");
    let result = run_history(&history, depth_six(), SearchOptions::default());
    assert_eq!(result.score, 0);
    assert_eq!(history.position().move_name(result.best.unwrap()), "e8h5");
}

#[test]
fn a_draw_that_only_the_path_gave_never_cuts_off_from_the_table() {
    // As above, with a black rook that can block Qe8+ on f8. The record has seen the
    // position after Qh5+ Kg8, so after Qh5+ Kg8 Qe8+ Kh7 the check Qh5+ (forcing Kg8)
    // draws here; from a fresh record Black answers Qe8+ with Rf8 and wins.
    let history = queen_checks_played("7k/6p1/6Q1/8/8/8/qq3r2/6K1 w - - 0 1");
    let limits = depth_six();
    let tt = TranspositionTable::new(16);
    let control = SearchControl::default();
    control.start(false);
    let options = SearchOptions::default();
    let result = search(&history, &Material, &limits, &options, &tt, &control, &mut |_| {});
    assert_eq!(result.score, 0);
    assert_eq!(history.position().move_name(result.best.unwrap()), "e8h5");

    // The table holds the position after Qh5+ as that path's exact draw...
    let after_check = history.position().play(history.position().parse_move("e8h5").unwrap());
    let entry = tt
        .probe(after_check.hash())
        .expect("the search stored the position after Qh5+");
    assert_eq!((entry.score, entry.bound), (0, Bound::Exact));
    assert!(entry.depth >= 3, "{entry:?}");
    // ...which is a win for Black on any other path.
    let fresh = run_history(&History::new(after_check), limits, options);
    assert!(fresh.score >= 500, "{}", fresh.score);
    // So no window takes it as a cut-off: draw scores are searched again.
    for (alpha, beta) in [(-1000, 1000), (-1, 0), (0, 1), (500, 501)] {
        assert_eq!(tt_cutoff(&entry, 2, alpha, beta, 0), None, "({alpha}, {beta})");
    }
    // A score that is not a draw still cuts off.
    let won = Entry { score: 600, ..entry };
    assert_eq!(tt_cutoff(&won, 2, -1, 0, 0), Some(600));
}

#[test]
fn contempt_prices_a_draw_for_the_side_at_the_root() {
    // Black to move can repeat the start position with f6g8; every other move is level
    // for the material evaluator and cannot repeat within the depth.
    let mut history = History::new(Chess::startpos(Variant::Chess));
    for mv in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        history.push_text(mv).unwrap();
    }
    let search_with = |contempt: i32| {
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let options = SearchOptions {
            contempt,
            ..SearchOptions::default()
        };
        let result = run_history(&history, limits, options);
        (history.position().move_name(result.best.unwrap()), result.score)
    };
    // A side that expects to lose plays for the draw, which it values at 50.
    assert_eq!(search_with(-50), ("f6g8".to_string(), 50));
    // A side that expects to win keeps playing and stays level.
    let (best, score) = search_with(50);
    assert_ne!(best, "f6g8");
    assert_eq!(score, 0);
}

#[test]
fn the_correction_history_learns_only_from_scores_that_say_something() {
    let pos = Chess::from_fen(Variant::Chess, "r3k3/1P6/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    let key = pos.pawn_key().expect("chess keys its pawns");
    let quiet = pos.parse_move("e1f2").unwrap();
    let capture = pos.parse_move("a1a8").unwrap();
    let promotion = pos.parse_move("b7b8q").unwrap();
    let learned = |static_eval: i32, best: i32, best_move, window| {
        let tt = TranspositionTable::new(1);
        learn_correction(&tt, &pos, static_eval, best, best_move, window, 8);
        tt.corrections().correction(Color::White, key)
    };
    // An exact score, or a bound beyond the evaluation: a step of at most 256 / 32.
    assert_eq!(learned(0, 300, Some(quiet), (-50, 50)), 8);
    assert_eq!(learned(0, 300, Some(quiet), (-50, 100)), 8);
    assert_eq!(learned(0, -300, None, (-50, 50)), -8);
    assert_eq!(learned(0, -300, Some(capture), (-50, 50)), -8);
    // A lower bound below the evaluation, an upper bound above it: nothing learned.
    assert_eq!(learned(0, -100, Some(quiet), (-200, -150)), 0);
    assert_eq!(learned(0, 100, Some(quiet), (150, 200)), 0);
    // Won by a capture or a promotion, or a mate: nothing learned.
    assert_eq!(learned(0, 300, Some(capture), (-50, 50)), 0);
    assert_eq!(learned(0, 300, Some(promotion), (-50, 100)), 0);
    assert_eq!(learned(0, MATE - 5, Some(quiet), (-50, 50)), 0);
    // In check there is no evaluation to correct.
    assert_eq!(learned(-INFINITY, 300, Some(quiet), (-50, 50)), 0);
    // A new game, which clears the table, forgets what was learned.
    let tt = TranspositionTable::new(1);
    learn_correction(&tt, &pos, 0, 300, Some(quiet), (-50, 50), 8);
    tt.clear();
    assert_eq!(tt.corrections().correction(Color::White, key), 0);
}

/// What a worker shares with the search that runs it, for a test that drives a worker
/// directly: no clock, no contempt.
fn shared_state<'a>(
    control: &'a SearchControl,
    tt: &'a TranspositionTable,
    limits: &'a Limits,
    root_side: Color,
) -> Shared<'a> {
    Shared {
        control,
        tt,
        limits,
        budget: None,
        done: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        started: Instant::now(),
        contempt: 0,
        root_side,
    }
}

#[test]
fn a_singular_table_move_is_extended_and_a_second_good_move_cuts_or_reduces() {
    let tt = TranspositionTable::new(1);
    let control = SearchControl::default();
    control.start(false);
    let limits = Limits::default();
    let test = |fen: &str, mv: &str, entry: (i32, i32, Bound), beta: i32| {
        let pos = Chess::from_fen(Variant::Chess, fen).unwrap();
        let shared = shared_state(&control, &tt, &limits, pos.side_to_move());
        let mut worker = Worker::new(0, &pos, &Material, &shared, vec![pos.hash()]);
        let mv = pos.parse_move(mv).unwrap();
        let (score, depth, bound) = entry;
        let entry = Entry {
            move_code: Chess::move_code(mv),
            score,
            depth,
            bound,
        };
        let found = worker.singular_test(&pos, mv, &entry, 8, beta, 1, Node::Cut);
        assert_eq!(worker.excluded[1], None, "the test leaves no move excluded");
        found
    };
    // Only Rxd5 takes the queen: every other move fails low.
    let one_capture = "6k1/8/8/3q4/8/8/8/3R2K1 w - - 0 1";
    assert_eq!(
        test(one_capture, "d1d5", (500, 8, Bound::Lower), 400),
        Singular::Extension(1)
    );
    // Two rooks take it: without Rdxd5, Raxd5 still reaches the table's score less the
    // margin, 1000 - 3 x 8. Against a beta below that, the node fails high at once...
    let two_captures = "6k1/8/8/R2q4/8/8/8/3R2K1 w - - 0 1";
    assert_eq!(
        test(two_captures, "d1d5", (1000, 8, Bound::Lower), 900),
        Singular::Cut(976)
    );
    // ...above it, the table's move is searched a ply shallower, as it alone reaches beta...
    assert_eq!(
        test(two_captures, "d1d5", (1000, 8, Bound::Lower), 990),
        Singular::Extension(-1)
    );
    // ...and above the table's score too, at its full depth.
    assert_eq!(
        test(two_captures, "d1d5", (1000, 8, Bound::Exact), 1100),
        Singular::Extension(0)
    );
    // No test from an upper bound, a shallow entry or a mate score.
    for entry in [
        (500, 8, Bound::Upper),
        (500, 4, Bound::Lower),
        (MATE - 3, 8, Bound::Lower),
    ] {
        assert_eq!(
            test(one_capture, "d1d5", entry, 400),
            Singular::Extension(0),
            "{entry:?}"
        );
    }
}

/// Runs `f` with a search worker at the root `pos` and a fresh table.
fn with_worker<R>(pos: &Chess, f: impl FnOnce(&mut Worker<Chess, Material>, &TranspositionTable) -> R) -> R {
    let tt = TranspositionTable::new(1);
    let control = SearchControl::default();
    control.start(false);
    let limits = Limits::default();
    let shared = shared_state(&control, &tt, &limits, pos.side_to_move());
    let mut worker = Worker::new(0, pos, &Material, &shared, vec![pos.hash()]);
    f(&mut worker, &tt)
}

#[test]
fn a_chess_node_without_a_table_move_is_searched_a_ply_shallower() {
    let pos = Chess::startpos(Variant::Chess);
    with_worker(&pos, |worker, tt| {
        let mut stored_depth = |depth: i32| {
            worker.search(&pos, depth, -INFINITY, INFINITY, 1, Node::Pv);
            tt.probe(pos.hash()).expect("the node is stored").depth
        };
        // A fresh table knows no move here: the node is searched, and stored, a ply less.
        assert_eq!(stored_depth(5), 4);
        // Now it knows the move found: the full depth.
        assert_eq!(stored_depth(5), 5);
        // Below the reduction's least depth, no ply is taken off.
        tt.clear();
        assert_eq!(stored_depth(IIR_DEPTH - 1), IIR_DEPTH - 1);
    });
}

#[test]
fn reverse_futility_in_chess_returns_halfway_to_beta() {
    // A queen up, so the material evaluation stands 900 above a beta of 100.
    let pos = Chess::from_fen(Variant::Chess, "6k1/8/8/8/8/8/8/3Q2K1 w - - 0 1").unwrap();
    with_worker(&pos, |worker, _| {
        assert_eq!(worker.search(&pos, 1, 99, 100, 1, Node::Cut), (900 + 100) / 2);
        // A PV node is not pruned: it searches and finds the queen still up.
        assert!(worker.search(&pos, 1, 99, 100, 1, Node::Pv) >= 900);
    });
}

#[test]
fn the_table_score_replaces_the_static_evaluation_only_beyond_it_on_its_bounds_side() {
    let entry = |score, bound| Entry {
        move_code: 0,
        score,
        depth: 5,
        bound,
    };
    let static_eval = 50;
    assert_eq!(table_refined_eval(&entry(-30, Bound::Exact), static_eval, 3, 0), -30);
    assert_eq!(table_refined_eval(&entry(120, Bound::Lower), static_eval, 3, 0), 120);
    assert_eq!(
        table_refined_eval(&entry(20, Bound::Lower), static_eval, 3, 0),
        static_eval
    );
    assert_eq!(table_refined_eval(&entry(20, Bound::Upper), static_eval, 3, 0), 20);
    assert_eq!(
        table_refined_eval(&entry(120, Bound::Upper), static_eval, 3, 0),
        static_eval
    );
    // A draw score may be another path's repetition, and a mate is no evaluation.
    assert_eq!(
        table_refined_eval(&entry(0, Bound::Exact), static_eval, 3, 0),
        static_eval
    );
    assert_eq!(
        table_refined_eval(&entry(-7, Bound::Upper), static_eval, 3, -7),
        static_eval
    );
    let mate = score_to_tt(MATE - 9, 3);
    assert_eq!(
        table_refined_eval(&entry(mate, Bound::Lower), static_eval, 3, 0),
        static_eval
    );
}

#[test]
fn chess_reverse_futility_starts_from_the_table_score() {
    // Level material: from the static evaluation alone nothing is pruned at beta 100.
    let pos = Chess::startpos(Variant::Chess);
    with_worker(&pos, |worker, tt| {
        // Too shallow to cut the node off, but exact: the node is worth a queen.
        let entry = Entry {
            move_code: 0,
            score: 900,
            depth: 0,
            bound: Bound::Exact,
        };
        tt.store(pos.hash(), entry);
        assert_eq!(worker.search(&pos, 1, 99, 100, 1, Node::Cut), (900 + 100) / 2);
    });
}

#[test]
fn a_chess_quiet_move_that_every_reply_fails_against_gains_history() {
    let root = Chess::startpos(Variant::Chess);
    let push = root.parse_move("e2e4").unwrap();
    let child = root.play(push);
    with_worker(&root, |worker, _| {
        let key = |worker: &Worker<Chess, Material>| worker.ordering.score(&root, &Material, &(), push, 0, 0);
        assert_eq!(key(worker), 0);
        worker.quiet_played[0] = Some(root.history_index(push));
        // Black cannot come near a window three thousand above level material.
        assert!(worker.search(&child, PRIOR_QUIET_DEPTH, 3000, 3001, 1, Node::All) <= 3000);
        assert!(key(worker) > 0);
    });
}

#[test]
fn a_late_quiet_check_in_chess_is_reduced_a_ply_less_than_another_quiet_move() {
    let pos = Chess::startpos(Variant::Chess);
    with_worker(&pos, |worker, _| {
        for node in [Node::Pv, Node::Cut, Node::All] {
            let quiet = worker.late_move_reduction(12, 20, node, false);
            let check = worker.late_move_reduction(12, 20, node, true);
            assert!(check > 0, "{node:?}");
            assert_eq!(check, quiet - 1, "{node:?}");
        }
    });
}
