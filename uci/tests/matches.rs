//! Integration tests of `vorpal match`: short matches in every game between two
//! `vorpal` processes, whose PGN replays through the rules core to the same results,
//! and engines that crash, move illegally or hang losing while the match goes on.

use std::path::PathBuf;
use std::process::{Command, Output};
use vorpal_engine::{with_game, Game, History, Variant};

const VORPAL: &str = env!("CARGO_BIN_EXE_vorpal");

/// A fresh file path in the temporary directory for this test.
fn temp_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("vorpal-match-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn fake_engine(mode: &str) -> String {
    format!("sh {}/tests/data/fake_engine.sh {mode}", env!("CARGO_MANIFEST_DIR"))
}

fn vorpal_match(args: &[&str]) -> Output {
    let output = Command::new(VORPAL)
        .arg("match")
        .args(args)
        .output()
        .expect("vorpal starts");
    assert!(
        output.status.success(),
        "vorpal match {} failed: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

struct PgnGame {
    tags: Vec<(String, String)>,
    moves: Vec<String>,
    result: String,
}

impl PgnGame {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Reads the PGN `vorpal match` writes: tag lines, then move text with move numbers,
/// one comment and the result.
fn parse_pgn(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut tags = Vec::new();
    let mut movetext = String::new();
    for line in text.lines().chain(std::iter::once("[End \"\"]")) {
        if let Some(tag) = line.strip_prefix('[') {
            if !movetext.trim().is_empty() {
                // Drop the comment, then the move numbers.
                let without_comment: String = match (movetext.find('{'), movetext.find('}')) {
                    (Some(open), Some(close)) => format!("{} {}", &movetext[..open], &movetext[close + 1..]),
                    _ => movetext.clone(),
                };
                let mut tokens: Vec<String> = without_comment
                    .split_whitespace()
                    .filter(|t| !t.ends_with('.'))
                    .map(str::to_string)
                    .collect();
                let result = tokens.pop().expect("a result");
                games.push(PgnGame {
                    tags: std::mem::take(&mut tags),
                    moves: tokens,
                    result,
                });
                movetext.clear();
            }
            let (name, value) = tag.split_once(' ').expect("a tag has a value");
            tags.push((
                name.to_string(),
                value.trim_end_matches(']').trim_matches('"').to_string(),
            ));
        } else {
            movetext.push_str(line);
            movetext.push(' ');
        }
    }
    games
}

/// Replays a game through the rules core: every move legal, and a game that ended
/// normally ends there by the rules with the recorded result.
fn replay<G: Game>(variant: Variant, game: &PgnGame) {
    let fen = game.tag("FEN").unwrap_or(variant.start_fen());
    assert_eq!(game.tag("SetUp").is_some(), game.tag("FEN").is_some());
    let mut history = History::new(G::from_fen(variant, fen).expect("the PGN's FEN is valid"));
    for mv in &game.moves {
        assert!(history.result().is_none(), "a move after the end: {mv}");
        history
            .push_text(mv)
            .unwrap_or_else(|e| panic!("{}: {e}", variant.name()));
    }
    assert_eq!(game.tag("PlyCount"), Some(game.moves.len().to_string().as_str()));
    assert_eq!(game.tag("Result"), Some(game.result.as_str()));
    let termination = game.tag("Termination").expect("a Termination tag");
    match history.result() {
        Some(result) => {
            assert_eq!(termination, "normal");
            assert_eq!(result.score(), game.result, "{}", variant.name());
        }
        None => assert_ne!(termination, "normal", "{}: unfinished game", variant.name()),
    }
}

#[test]
fn a_short_match_in_every_game_replays_to_the_same_results() {
    for variant in Variant::all() {
        let pgn = temp_file(&format!("{}.pgn", variant.name()));
        let output = vorpal_match(&[
            "--engine1",
            VORPAL,
            "--engine2",
            VORPAL,
            "--variant",
            variant.name(),
            "--nodes",
            "200",
            "--games",
            "4",
            "--concurrency",
            "2",
            "--pgn",
            pgn.to_str().unwrap(),
        ]);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(stdout.matches("Finished game").count(), 4, "{stdout}");
        assert!(stdout.contains("Games: 4, "), "{stdout}");
        let mut games = parse_pgn(&std::fs::read_to_string(&pgn).unwrap());
        std::fs::remove_file(&pgn).unwrap();
        assert_eq!(games.len(), 4);
        for game in &games {
            assert_eq!(game.tag("Variant"), Some(variant.name()));
            assert_eq!(game.tag("Termination"), Some("normal"), "{}", variant.name());
            with_game!(variant, G => replay::<G>(variant, game));
        }
        // Rounds 1 and 2, 3 and 4: one opening each, colours reversed.
        games.sort_by_key(|game| game.tag("Round").unwrap().parse::<u32>().unwrap());
        for pair in games.chunks(2) {
            assert_eq!(pair[0].tag("White"), pair[1].tag("Black"));
            assert_eq!(pair[0].tag("FEN"), pair[1].tag("FEN"));
        }
    }
}

#[test]
fn level_scores_adjudicate_a_draw() {
    let pgn = temp_file("draw.pgn");
    // Any score within 10,000 cp counts as level: both engines' first moves end it.
    vorpal_match(&[
        "--engine1",
        VORPAL,
        "--engine2",
        VORPAL,
        "--nodes",
        "200",
        "--draw-score",
        "10000",
        "--draw-moves",
        "1",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let games = parse_pgn(&std::fs::read_to_string(&pgn).unwrap());
    std::fs::remove_file(&pgn).unwrap();
    assert_eq!(games.len(), 2);
    for game in &games {
        assert_eq!(game.tag("Termination"), Some("adjudication"));
        assert_eq!(game.result, "1/2-1/2");
        // The first chess opening has six plies; then one move each.
        assert_eq!(game.moves.len(), 8);
        replay::<vorpal_engine::Chess>(Variant::Chess, game);
    }
}

#[test]
fn time_odds_give_each_engine_its_own_clock() {
    let pgn = temp_file("odds.pgn");
    let output = vorpal_match(&[
        "--engine1",
        VORPAL,
        "--engine2",
        VORPAL,
        "--tc",
        "1+0.01",
        "--tc2",
        "0.25+0.01",
        "--draw-score",
        "10000",
        "--draw-moves",
        "1",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let games = parse_pgn(&std::fs::read_to_string(&pgn).unwrap());
    std::fs::remove_file(&pgn).unwrap();
    assert_eq!(games.len(), 2);
    for game in &games {
        // Engine 1 has White in the first round, Black in the second.
        let (white, black) = match game.tag("Round") {
            Some("1") => ("1+0.01", "0.25+0.01"),
            _ => ("0.25+0.01", "1+0.01"),
        };
        assert_eq!(game.tag("WhiteTimeControl"), Some(white));
        assert_eq!(game.tag("BlackTimeControl"), Some(black));
        assert_eq!(game.tag("TimeControl"), None);
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("(chess, tc=1+0.01 vs tc=0.25+0.01, 8 openings)"),
        "{stdout}"
    );
}

#[test]
fn set_up_positions_are_tagged_and_replay() {
    let openings = temp_file("openings.txt");
    // A rook ending from a FEN, and a line from the start position.
    std::fs::write(&openings, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30\ne2e4 e7e5\n").unwrap();
    let pgn = temp_file("setup.pgn");
    vorpal_match(&[
        "--engine1",
        VORPAL,
        "--engine2",
        VORPAL,
        "--depth",
        "3",
        "--games",
        "4",
        "--openings",
        openings.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let games = parse_pgn(&std::fs::read_to_string(&pgn).unwrap());
    std::fs::remove_file(&pgn).unwrap();
    std::fs::remove_file(&openings).unwrap();
    assert_eq!(games.len(), 4);
    let set_up: Vec<&PgnGame> = games.iter().filter(|g| g.tag("SetUp") == Some("1")).collect();
    assert_eq!(set_up.len(), 2);
    for game in &games {
        replay::<vorpal_engine::Chess>(Variant::Chess, game);
    }
    // White mates on the back rank at once, whichever engine has White.
    for game in set_up {
        assert_eq!(game.moves, ["d1d8"]);
        assert_eq!(game.result, "1-0");
    }
}

/// Plays two games of `vorpal` against a misbehaving engine; the fake loses both.
fn fake_loses(mode: &str, limit: &[&str], reason: &str, termination: &str) {
    let pgn = temp_file(&format!("{mode}.pgn"));
    let fake = fake_engine(mode);
    let mut args = vec![
        "--engine1",
        VORPAL,
        "--engine2",
        &fake,
        "--games",
        "2",
        "--move-timeout",
        "1000",
        "--pgn",
        pgn.to_str().unwrap(),
    ];
    args.extend_from_slice(limit);
    let output = vorpal_match(&args);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(stdout.matches(reason).count(), 2, "{stdout}");
    assert!(stdout.contains("Games: 2, Wins: 2, Losses: 0, Draws: 0"), "{stdout}");
    let games = parse_pgn(&std::fs::read_to_string(&pgn).unwrap());
    std::fs::remove_file(&pgn).unwrap();
    for game in &games {
        assert_eq!(game.tag("Termination"), Some(termination));
        let fake_is_white = game.tag("White") == Some(&format!("Fake {mode}"));
        let fake_lost = if fake_is_white { "0-1" } else { "1-0" };
        assert_eq!(game.result, fake_lost, "{stdout}");
        replay::<vorpal_engine::Chess>(Variant::Chess, game);
    }
}

#[test]
fn an_engine_that_exits_loses_and_the_match_goes_on() {
    fake_loses("crash", &["--nodes", "100"], "engine exited", "abandoned");
}

#[test]
fn an_illegal_move_loses() {
    fake_loses(
        "illegal",
        &["--nodes", "100"],
        "makes an illegal move: z9z9",
        "illegal move",
    );
}

#[test]
fn a_hung_engine_is_killed_and_loses() {
    fake_loses(
        "hang",
        &["--nodes", "100"],
        "engine stopped answering",
        "stalled connection",
    );
    fake_loses("hang", &["--tc", "0.2+0"], "loses on time", "time forfeit");
    fake_loses("hang", &["--movetime", "50"], "loses on time", "time forfeit");
}

#[test]
fn an_engine_that_does_not_answer_isready_is_reported_so() {
    fake_loses(
        "notready",
        &["--nodes", "100"],
        "engine did not answer isready",
        "stalled connection",
    );
}

/// A wrapper script that exits while its child holds the pipe loses at once, not after
/// the move timeout, and the child is ended with it.
#[test]
fn an_engine_whose_child_keeps_the_pipe_loses_at_once_and_the_child_is_ended() {
    let started = std::time::Instant::now();
    fake_loses("orphan", &["--nodes", "100"], "engine exited", "abandoned");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(10),
        "took {:?}: the exit was noticed only at the move timeout",
        started.elapsed()
    );
    let left = Command::new("pgrep").args(["-f", "sleep 987"]).output().unwrap();
    assert!(
        left.stdout.is_empty(),
        "the orphan still runs: {}",
        String::from_utf8_lossy(&left.stdout)
    );
}

#[test]
fn the_pgn_writes_moves_in_the_games_own_notation() {
    let pgn = temp_file("explicit.pgn");
    let openings = temp_file("alice-start.txt");
    std::fs::write(&openings, format!("{}\n", Variant::Alice.start_fen())).unwrap();
    let fake = fake_engine("explicit");
    vorpal_match(&[
        "--engine1",
        &fake,
        "--engine2",
        VORPAL,
        "--variant",
        "alice",
        "--nodes",
        "100",
        "--games",
        "1",
        "--openings",
        openings.to_str().unwrap(),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let games = parse_pgn(&std::fs::read_to_string(&pgn).unwrap());
    std::fs::remove_file(&pgn).unwrap();
    std::fs::remove_file(&openings).unwrap();
    assert_eq!(
        games[0].moves.first().map(String::as_str),
        Some("e2e4"),
        "{:?}",
        games[0].moves
    );
}

#[test]
fn bad_match_arguments_give_one_line() {
    let run = |args: &[&str]| {
        let output = Command::new(VORPAL).arg("match").args(args).output().unwrap();
        assert!(!output.status.success());
        String::from_utf8_lossy(&output.stderr).trim().to_string()
    };
    let fake = fake_engine("crash");
    assert_eq!(
        run(&[
            "--engine1",
            VORPAL,
            "--engine2",
            VORPAL,
            "--nodes",
            "10",
            "--variant",
            "nope"
        ]),
        format!("error: {}", vorpal_engine::game::UnknownVariant("nope".to_string()))
    );
    assert_eq!(
        run(&["--engine1", VORPAL, "--engine2", VORPAL]),
        "error: give a time control: --tc, --movetime, --nodes or --depth"
    );
    assert_eq!(
        run(&["--engine1", VORPAL, "--engine2", VORPAL, "--tc", "fast"]),
        "error: time control 'fast' is not BASE+INC in seconds"
    );
    assert_eq!(
        run(&[
            "--engine1",
            VORPAL,
            "--engine2",
            VORPAL,
            "--tc",
            "1+0",
            "--movetime2",
            "10"
        ]),
        "error: the second engine's movetime=10 is not of the same kind as tc=1+0"
    );
    assert!(
        run(&["--engine1", "/nonexistent/engine", "--engine2", &fake, "--nodes", "5"])
            .starts_with("error: cannot start engine '/nonexistent/engine'")
    );
    assert!(run(&[
        "--engine1",
        VORPAL,
        "--engine2",
        VORPAL,
        "--nodes",
        "5",
        "--option1",
        "Bogus=1"
    ])
    .contains("refused its setup: unknown option 'Bogus'"));
    assert_eq!(
        run(&[
            "--engine1",
            VORPAL,
            "--engine2",
            VORPAL,
            "--nodes",
            "5",
            "--sprt",
            "5",
            "0",
            "0.05",
            "0.05"
        ]),
        "error: SPRT needs finite Elo bounds elo0 < elo1, got 5 and 0"
    );
}

#[test]
fn out_of_range_match_values_are_errors_not_panics() {
    let run = |extra: &[&str]| {
        let mut args = vec!["--engine1", VORPAL, "--engine2", VORPAL];
        args.extend_from_slice(extra);
        let output = Command::new(VORPAL).arg("match").args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(1), "{extra:?}");
        let stderr = String::from_utf8_lossy(&output.stderr).trim().to_string();
        assert_eq!(stderr.lines().count(), 1, "{extra:?}: {stderr}");
        stderr
    };
    for tc in ["1e30", "1+1e30", "1e19"] {
        assert!(run(&["--tc", tc]).contains("must be at most 86400 seconds"), "{tc}");
    }
    assert!(run(&["--tc", "1+0", "--tc2", "1e30"]).contains("must be at most 86400 seconds"));
    assert!(run(&["--movetime", "99999999999"]).contains("must be at most"));
    assert!(run(&["--nodes", "5", "--time-margin", "99999999999"]).contains("--time-margin must be at most"));
    assert!(run(&["--nodes", "5", "--sprt", "NaN", "5", "0.05", "0.05"]).contains("finite Elo bounds"));
    assert!(run(&["--nodes", "5", "--sprt", "0", "inf", "0.05", "0.05"]).contains("finite Elo bounds"));
    assert_eq!(
        run(&["--nodes", "5", "--resign-score", "500", "--resign-moves", "0"]),
        "error: --resign-moves and --draw-moves must be at least 1"
    );
    assert_eq!(
        run(&["--nodes", "5", "--draw-score", "5", "--draw-moves", "0"]),
        "error: --resign-moves and --draw-moves must be at least 1"
    );
    assert_eq!(
        run(&["--nodes", "5", "--move-timeout", "0"]),
        "error: --move-timeout must be at least 1 ms"
    );
}
