//! Integration tests of the `vorpal` command line: `perft`, `bench`, `selfplay`, `tune`
//! and the others' arguments. Each run has a timeout; a process that overruns it is
//! killed and the test fails.

use std::io::Read;
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

struct Output {
    status: ExitStatus,
    stdout: String,
    stderr: String,
}

/// Runs `vorpal args...` to completion within `timeout`.
fn vorpal(args: &[&str], timeout: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vorpal"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    // Read both pipes on their own threads so a full pipe cannot block the child.
    let mut out = child.stdout.take().expect("piped stdout");
    let mut err = child.stderr.take().expect("piped stderr");
    let stdout = thread::spawn(move || {
        let mut text = String::new();
        let _ = out.read_to_string(&mut text);
        text
    });
    let stderr = thread::spawn(move || {
        let mut text = String::new();
        let _ = err.read_to_string(&mut text);
        text
    });
    let deadline = Instant::now() + timeout;
    let status = loop {
        match child.try_wait().expect("wait for the engine") {
            Some(status) => break status,
            None if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
            None => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("'vorpal {}' did not finish within {timeout:?}", args.join(" "));
            }
        }
    };
    Output {
        status,
        stdout: stdout.join().expect("stdout reader"),
        stderr: stderr.join().expect("stderr reader"),
    }
}

const WAIT: Duration = Duration::from_secs(10);

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or("")
}

#[test]
fn perft_depth_4() {
    let out = vorpal(&["perft", "--depth", "4"], WAIT);
    assert!(out.status.success(), "{}", out.stderr);
    assert_eq!(last_line(&out.stdout), "Nodes searched: 197281", "{}", out.stdout);
}

#[test]
fn jackswitches_perft_with_moves() {
    // After the drop J@e2 and the Can(n)on's capture b8xb2 (written without its mode).
    let out = vorpal(
        &[
            "perft",
            "--variant",
            "jackswitches",
            "--moves",
            "J@e2",
            "b8b2",
            "--depth",
            "2",
        ],
        WAIT,
    );
    assert!(out.status.success(), "{}", out.stderr);
    let expected = vorpal(
        &[
            "perft",
            "--variant",
            "jackswitches",
            "--fen",
            "l1rnbwkbnrcl/pppp4pppp/5**5/4****4/4****4/5**5/PcPPJ3PPPP/LCRNBWKBNRCL[Jjj] w - - 0 2",
            "--depth",
            "2",
        ],
        WAIT,
    );
    assert_eq!(last_line(&out.stdout), last_line(&expected.stdout));
    let start = vorpal(&["perft", "--variant", "jackswitches", "--depth", "3"], WAIT);
    assert_eq!(last_line(&start.stdout), "Nodes searched: 138417", "{}", start.stdout);
}

#[test]
fn perft_divide_depth_1() {
    let out = vorpal(&["perft", "--variant", "chess", "--depth", "1", "--divide"], WAIT);
    assert!(out.status.success(), "{}", out.stderr);
    let moves: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with("Nodes searched"))
        .collect();
    assert_eq!(moves.len(), 20, "{}", out.stdout);
    for line in &moves {
        let (mv, count) = line
            .split_once(": ")
            .unwrap_or_else(|| panic!("not 'move: count': {line}"));
        assert!(mv.len() >= 4 && mv.chars().all(|c| c.is_ascii_alphanumeric()), "{line}");
        assert_eq!(count, "1", "{line}");
    }
    let mut distinct = moves.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 20);
    assert_eq!(last_line(&out.stdout), "Nodes searched: 20");
}

/// A rejected command line: failure, nothing on stdout, one `error:` line on stderr.
fn assert_rejected(args: &[&str]) {
    let out = vorpal(args, WAIT);
    let shown = format!(
        "vorpal {}: status {}, stdout {:?}, stderr {:?}",
        args.join(" "),
        out.status,
        out.stdout,
        out.stderr
    );
    assert!(!out.status.success(), "{shown}");
    assert_eq!(out.stdout, "", "{shown}");
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{shown}");
    assert!(lines[0].starts_with("error:"), "{shown}");
}

#[test]
fn perft_rejects_a_bad_fen() {
    assert_rejected(&[
        "perft",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "--depth",
        "1",
    ]);
    assert_rejected(&["perft", "--fen", "8/8/8 w - - 0 1", "--depth", "1"]);
    // Jacks and Witches: two enemy Knights on teleporters break the exclusion rule.
    assert_rejected(&[
        "perft",
        "--variant",
        "jackswitches",
        "--fen",
        "11k/12/4n**5/4****4/4****4/4N**5/12/K11[] w - - 0 1",
        "--depth",
        "1",
    ]);
}

#[test]
fn perft_rejects_an_unknown_variant() {
    assert_rejected(&["perft", "--variant", "nosuch", "--depth", "1"]);
}

#[test]
fn perft_rejects_an_illegal_move() {
    assert_rejected(&["perft", "--moves", "e2e4", "e7e5", "e1e3", "--depth", "1"]);
}

/// The node count of `vorpal bench` at each game's own depth: the build's signature, as
/// Stockfish pins its bench. A change to the search, the evaluation, move ordering or
/// the bench positions changes it; update it in the same commit, with the measurement
/// (an SPRT for a strength change) that justifies the change.
const BENCH_SIGNATURE: u64 = 5_414_112;

/// The node count of `vorpal bench` with `args`, from its last line `N nodes N nps`.
fn bench_nodes(args: &[&str]) -> u64 {
    let out = vorpal(&[&["bench"], args].concat(), Duration::from_secs(300));
    assert!(out.status.success(), "{}", out.stderr);
    let last = last_line(&out.stdout).to_string();
    let words: Vec<&str> = last.split_whitespace().collect();
    match words[..] {
        [nodes, "nodes", nps, "nps"] if nps.parse::<u64>().is_ok() => match nodes.parse::<u64>() {
            Ok(nodes) if nodes > 0 => nodes,
            _ => panic!("no node count in {last:?}"),
        },
        _ => panic!("last line is not 'N nodes N nps': {last:?}"),
    }
}

#[test]
fn bench_is_deterministic() {
    assert_eq!(
        bench_nodes(&["--depth", "5"]),
        bench_nodes(&["--depth", "5"]),
        "bench node counts differ between runs"
    );
}

#[test]
fn bench_signature_is_pinned() {
    assert_eq!(bench_nodes(&[]), BENCH_SIGNATURE, "the bench signature changed");
}

#[test]
fn perft_threads_are_bounded() {
    assert_rejected(&["perft", "--depth", "1", "--threads", "100000"]);
    assert_rejected(&["perft", "--depth", "1", "--threads", "0"]);
}

/// Waits for `child` to exit within `timeout`, killing it otherwise.
fn exit_status(child: &mut std::process::Child, timeout: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + timeout;
    while Instant::now() < deadline {
        if let Some(status) = child.try_wait().expect("wait for the engine") {
            return Some(status);
        }
        thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    None
}

#[test]
fn a_reader_that_goes_away_ends_the_program_quietly() {
    use std::io::{BufRead, BufReader, Write};
    // perft --divide | head -1
    let mut perft = Command::new(env!("CARGO_BIN_EXE_vorpal"))
        .args(["perft", "--depth", "5", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine starts");
    let mut first = String::new();
    BufReader::new(perft.stdout.take().expect("piped stdout"))
        .read_line(&mut first)
        .expect("a first line");
    assert!(first.contains(": "), "{first:?}");
    let status = exit_status(&mut perft, WAIT).expect("perft exits once its reader is gone");
    assert!(status.success(), "perft ended with {status}");

    // A GUI that stops reading while the engine searches and keeps writing commands.
    let mut engine = Command::new(env!("CARGO_BIN_EXE_vorpal"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine starts");
    let mut input = engine.stdin.take().expect("piped stdin");
    drop(engine.stdout.take());
    for command in ["uci", "isready", "go depth 30", "d", "isready"] {
        if writeln!(input, "{command}").is_err() {
            break;
        }
    }
    let status = exit_status(&mut engine, WAIT).expect("the engine exits once its reader is gone");
    assert!(status.success(), "the engine ended with {status}");
}

#[test]
fn serve_refuses_bad_arguments_with_one_line() {
    for (args, message) in [
        (&["serve", "--nodes", "0"][..], "error: --nodes must be at least 1"),
        (&["serve", "--host", "nonsense"][..], "invalid value 'nonsense'"),
        (&["serve", "--port", "99999"][..], "invalid value '99999'"),
    ] {
        let output = vorpal(args, WAIT);
        assert!(!output.status.success(), "{args:?}");
        assert!(output.stderr.contains(message), "{args:?}: {}", output.stderr);
        assert_eq!(output.stderr.trim().lines().count(), 1, "{args:?}: {}", output.stderr);
    }
}

#[test]
fn serve_reports_a_port_in_use() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = taken.local_addr().expect("its address").port().to_string();
    let output = vorpal(&["serve", "--port", &port], WAIT);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        output
            .stderr
            .starts_with(&format!("error: cannot listen on 127.0.0.1:{port}")),
        "{}",
        output.stderr
    );
}

/// A file name in the temporary directory, unique to this test run.
fn temp_file(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("vorpal-cli-{}-{name}", std::process::id()))
}

#[test]
fn selfplay_writes_quiet_positions_with_results_and_tune_reads_them() {
    use vorpal_engine::{with_game, Notation, Position, Variant};
    for (name, games) in [("chess", "2"), ("alice", "3"), ("jackswitches", "1")] {
        let path = temp_file(&format!("{name}.txt"));
        let args = [
            "selfplay",
            "--variant",
            name,
            "--games",
            games,
            "--nodes",
            "300",
            "--seed",
            "5",
        ];
        let out = vorpal(&[&args[..], &["--out", path.to_str().unwrap()]].concat(), WAIT);
        assert!(out.status.success(), "{name}: {}", out.stderr);
        let text = std::fs::read_to_string(&path).unwrap();
        let header = format!("# vorpal selfplay --variant {name} --games {games} --nodes 300 --seed 5");
        assert!(text.starts_with(&header), "{text}");
        let variant = Variant::from_name(name).unwrap();
        let mut positions = 0;
        for line in text.lines().skip(1) {
            let (fen, result) = line.split_once('\t').expect("a FEN, a tab, a result");
            assert!(["1", "0.5", "0"].contains(&result), "{line}");
            with_game!(variant, G => {
                let pos = G::from_fen(variant, fen).unwrap_or_else(|e| panic!("{line}: {e}"));
                assert!(!pos.in_check(), "{line}");
            });
            positions += 1;
        }
        assert!(positions > 0, "{name}: no positions");
        assert!(
            out.stdout
                .starts_with(&format!("{positions} positions from {games} games")),
            "{}",
            out.stdout
        );
        // The same seed plays the same games.
        let again = temp_file(&format!("{name}-again.txt"));
        let out = vorpal(&[&args[..], &["--out", again.to_str().unwrap()]].concat(), WAIT);
        assert!(out.status.success(), "{name}: {}", out.stderr);
        assert_eq!(std::fs::read_to_string(&again).unwrap(), text, "{name}");

        // One pass over the tempo alone, and the weights come back as Rust source.
        let params = temp_file(&format!("{name}.rs"));
        let out = vorpal(
            &[
                "tune",
                "--variant",
                name,
                "--data",
                path.to_str().unwrap(),
                "--iterations",
                "1",
                "--only",
                "tempo",
                "--holdout",
                "0",
                "--out",
                params.to_str().unwrap(),
            ],
            WAIT,
        );
        assert!(out.status.success(), "{name}: {}", out.stderr);
        assert!(out.stdout.contains("error before"), "{}", out.stdout);
        // Nothing is held out, and its error reads as 0, not -0.
        assert!(out.stdout.contains("held out 0.000000"), "{}", out.stdout);
        assert!(!out.stdout.contains("-0.0"), "{}", out.stdout);
        let source = std::fs::read_to_string(&params).unwrap();
        assert!(source.starts_with("// Tuned by `"), "{source}");
        assert!(source.contains(&header[2..]), "{source}");
        assert!(
            source.trim_end().ends_with('}') && source.contains("    tempo: "),
            "{source}"
        );
        for file in [path, again, params] {
            let _ = std::fs::remove_file(file);
        }
    }
}

#[test]
fn tune_net_writes_a_net_of_the_engine_s_size() {
    let data = temp_file("net-data.txt");
    std::fs::write(
        &data,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\t0.5\n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1\t0.05\n",
    )
    .unwrap();
    let net = temp_file("net.bin");
    let out = vorpal(
        &[
            "tune-net",
            "--data",
            data.to_str().unwrap(),
            "--epochs",
            "2",
            "--holdout",
            "50",
            "--out",
            net.to_str().unwrap(),
        ],
        WAIT,
    );
    assert!(out.status.success(), "{}", out.stderr);
    assert!(out.stdout.contains("epoch 2: error "), "{}", out.stdout);
    let bytes = std::fs::read(&net).unwrap();
    assert_eq!(bytes.len(), vorpal_eval::chess_net::ResidualNet::FILE_SIZE);
    assert!(vorpal_eval::chess_net::ResidualNet::parse(&bytes).is_ok());
    for file in [data, net] {
        let _ = std::fs::remove_file(file);
    }
}

#[test]
fn selfplay_and_tune_refuse_bad_arguments() {
    let out = temp_file("never.txt");
    let out = out.to_str().unwrap();
    let bad_data = temp_file("bad.txt");
    std::fs::write(&bad_data, "not a fen\t1\n").unwrap();
    let bad_data = bad_data.to_str().unwrap();
    // A well-formed file, so that only the flag under test is wrong.
    let good_data = temp_file("good.txt");
    std::fs::write(
        &good_data,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\t0.5\n",
    )
    .unwrap();
    let good_data = good_data.to_str().unwrap();
    for args in [
        &["selfplay", "--games", "0", "--out", out][..],
        &["selfplay", "--games", "1", "--nodes", "0", "--out", out],
        &["selfplay", "--variant", "nonsense", "--games", "1", "--out", out],
        &["selfplay", "--games", "1", "--out", "/nonexistent/dir/file.txt"],
        &["selfplay", "--games", "-3", "--out", out],
        &["tune", "--data", "/nonexistent/data.txt", "--out", out],
        &["tune", "--data", bad_data, "--out", out],
        &["tune", "--data", good_data, "--k=-1", "--out", out],
        &["tune", "--data", good_data, "--holdout", "100", "--out", out],
        &["tune", "--data", good_data, "--ridge=-1e-8", "--out", out],
        &["tune", "--data", good_data, "--ridge", "inf", "--out", out],
        &["tune-net", "--out", out],
        &["tune-net", "--data", "/nonexistent/data.txt", "--out", out],
        &["tune-net", "--data", bad_data, "--out", out],
        &["tune-net", "--data", good_data, "--k", "0", "--out", out],
        &["tune-net", "--data", good_data, "--epochs", "0", "--out", out],
        &["tune-net", "--data", good_data, "--learning-rate", "nan", "--out", out],
        &["tune-net", "--data", good_data, "--penalty=-1", "--out", out],
        &["tune-net", "--data", good_data, "--holdout", "100", "--out", out],
        &[
            "tune-net",
            "--data",
            good_data,
            "--holdout",
            "99",
            "--out",
            "/nonexistent/dir/net.bin",
        ],
    ] {
        assert_rejected(args);
    }
    let _ = std::fs::remove_file(bad_data);
    let _ = std::fs::remove_file(good_data);
}

#[test]
fn eval_prints_the_parts_of_a_position_s_evaluation() {
    let out = vorpal(
        &[
            "eval",
            "--fen",
            "4k3/pppp4/8/8/8/8/PPPP4/1N2K3 b - - 0 1",
            "--moves",
            "e8e7",
        ],
        WAIT,
    );
    assert!(out.status.success(), "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(
        lines.first(),
        Some(&"Static evaluation in centipawns, White's side (White to move)"),
        "{lines:?}"
    );
    let material = lines
        .iter()
        .find_map(|line| line.trim().strip_prefix("material"))
        .and_then(|value| value.trim().parse::<i32>().ok());
    assert!(material.is_some_and(|m| m > 100), "{lines:?}");
    // In check, the search tries the evasions instead, and `eval` says so.
    let check = vorpal(&["eval", "--moves", "e2e4", "f7f6", "d1h5"], WAIT);
    assert!(check.status.success(), "{}", check.stderr);
    assert!(
        check
            .stdout
            .lines()
            .last()
            .is_some_and(|line| line.contains("in check")),
        "{}",
        check.stdout
    );
    assert!(!out.stdout.contains("in check"), "{}", out.stdout);
    let alice = vorpal(&["eval", "--variant", "alice"], WAIT);
    assert!(alice.status.success(), "{}", alice.stderr);
    assert!(
        alice.stdout.lines().any(|line| line.trim().starts_with("total")),
        "{}",
        alice.stdout
    );
}

#[test]
fn eval_rejects_bad_positions_with_one_line() {
    assert_rejected(&["eval", "--fen", "4k3/8/8/8/8/8/8/4K3 x - - 0 1"]);
    assert_rejected(&["eval", "--variant", "nosuch"]);
    assert_rejected(&["eval", "--moves", "e2e5"]);
}
