//! Solves king and pawn against king at build time, by retrograde analysis, into a
//! table of one bit a position: whether the side with the pawn wins.
//!
//! The positions are normalised: the side with the pawn is White and its pawn stands
//! on files a to d, ranks 2 to 7. A position is indexed by the side to move, the pawn,
//! White's king and Black's king (`index`). Every position starts as won, drawn,
//! impossible or not yet known; then each pass settles the unknown positions whose
//! moves lead to settled ones, until a pass settles none, and what is left is drawn.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

const PAWN_SQUARES: usize = 24;
const POSITIONS: usize = 2 * PAWN_SQUARES * 64 * 64;

#[derive(Copy, Clone, PartialEq, Eq)]
enum Verdict {
    Impossible,
    Unknown,
    Draw,
    Win,
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Side {
    White,
    Black,
}

/// The pawn's square from its index (files a-d, ranks 2-7).
fn pawn_square(pawn: usize) -> usize {
    (pawn / 4 + 1) * 8 + pawn % 4
}

fn index(side: Side, pawn_sq: usize, white_king: usize, black_king: usize) -> usize {
    let pawn = (pawn_sq / 8 - 1) * 4 + pawn_sq % 8;
    ((((side == Side::Black) as usize * PAWN_SQUARES + pawn) * 64) + white_king) * 64 + black_king
}

fn distance(a: usize, b: usize) -> usize {
    let (fa, ra) = ((a % 8) as isize, (a / 8) as isize);
    let (fb, rb) = ((b % 8) as isize, (b / 8) as isize);
    (fa - fb).unsigned_abs().max((ra - rb).unsigned_abs())
}

fn king_moves(sq: usize) -> impl Iterator<Item = usize> {
    (0..64).filter(move |&to| distance(sq, to) == 1)
}

/// Whether White's pawn on `pawn` attacks `sq`.
fn pawn_attacks(pawn: usize, sq: usize) -> bool {
    sq / 8 == pawn / 8 + 1 && (sq % 8).abs_diff(pawn % 8) == 1
}

/// Black's king moves: onto squares neither White's king nor its pawn attacks (the
/// pawn itself only when undefended, which `initial` has already judged a draw).
fn black_moves(pawn: usize, white_king: usize, black_king: usize) -> impl Iterator<Item = usize> {
    king_moves(black_king).filter(move |&to| distance(to, white_king) > 1 && !pawn_attacks(pawn, to))
}

/// The positions White reaches in one move, Black to move in each; a pawn on the
/// seventh rank is judged by `initial` and not pushed here.
fn white_moves(pawn: usize, white_king: usize, black_king: usize) -> Vec<usize> {
    let mut next: Vec<usize> = king_moves(white_king)
        .filter(|&to| to != pawn && distance(to, black_king) > 1)
        .map(|to| index(Side::Black, pawn, to, black_king))
        .collect();
    let free = |sq: usize| sq != white_king && sq != black_king;
    if pawn / 8 < 6 && free(pawn + 8) {
        next.push(index(Side::Black, pawn + 8, white_king, black_king));
        if pawn / 8 == 1 && free(pawn + 16) {
            next.push(index(Side::Black, pawn + 16, white_king, black_king));
        }
    }
    next
}

fn initial(side: Side, pawn: usize, white_king: usize, black_king: usize) -> Verdict {
    if white_king == black_king
        || white_king == pawn
        || black_king == pawn
        || distance(white_king, black_king) <= 1
        || (side == Side::White && pawn_attacks(pawn, black_king))
    {
        return Verdict::Impossible;
    }
    match side {
        Side::White => {
            // A pawn that promotes where Black's king cannot take the new queen wins.
            let promotion = pawn + 8;
            if pawn / 8 == 6
                && white_king != promotion
                && black_king != promotion
                && (distance(black_king, promotion) > 1 || distance(white_king, promotion) == 1)
            {
                Verdict::Win
            } else {
                Verdict::Unknown
            }
        }
        Side::Black => {
            let undefended_pawn = distance(black_king, pawn) == 1 && distance(white_king, pawn) > 1;
            match black_moves(pawn, white_king, black_king).next() {
                None if pawn_attacks(pawn, black_king) => Verdict::Win,
                None => Verdict::Draw,
                Some(_) if undefended_pawn => Verdict::Draw,
                Some(_) => Verdict::Unknown,
            }
        }
    }
}

/// A verdict from the verdicts of the positions one move on, or unknown while any that
/// could decide it is unknown.
fn classify(verdicts: &[Verdict], side: Side, pawn: usize, white_king: usize, black_king: usize) -> Verdict {
    let next: Vec<Verdict> = match side {
        Side::White => white_moves(pawn, white_king, black_king)
            .into_iter()
            .map(|i| verdicts[i])
            .collect(),
        Side::Black => black_moves(pawn, white_king, black_king)
            .map(|to| verdicts[index(Side::White, pawn, white_king, to)])
            .collect(),
    };
    let (good, bad) = match side {
        Side::White => (Verdict::Win, Verdict::Draw),
        Side::Black => (Verdict::Draw, Verdict::Win),
    };
    if next.contains(&good) {
        good
    } else if next.iter().all(|&v| v == bad) {
        bad
    } else {
        Verdict::Unknown
    }
}

fn solve() -> Vec<Verdict> {
    let decode = |i: usize| {
        let black_king = i % 64;
        let white_king = i / 64 % 64;
        let pawn = pawn_square(i / 4096 % PAWN_SQUARES);
        let side = if i / (4096 * PAWN_SQUARES) == 0 {
            Side::White
        } else {
            Side::Black
        };
        (side, pawn, white_king, black_king)
    };
    let mut verdicts: Vec<Verdict> = (0..POSITIONS)
        .map(|i| {
            let (side, pawn, white_king, black_king) = decode(i);
            initial(side, pawn, white_king, black_king)
        })
        .collect();
    loop {
        let mut settled = false;
        for i in 0..POSITIONS {
            if verdicts[i] == Verdict::Unknown {
                let (side, pawn, white_king, black_king) = decode(i);
                let verdict = classify(&verdicts, side, pawn, white_king, black_king);
                if verdict != Verdict::Unknown {
                    verdicts[i] = verdict;
                    settled = true;
                }
            }
        }
        if !settled {
            return verdicts;
        }
    }
}

fn main() {
    let verdicts = solve();
    let mut out = String::from("/// One bit a position, set where the side with the pawn wins (`build.rs`).\n");
    writeln!(out, "static KPK_WINS: [u64; {}] = [", POSITIONS / 64).unwrap();
    for chunk in verdicts.chunks(64) {
        let word = chunk
            .iter()
            .enumerate()
            .fold(0u64, |word, (bit, &v)| word | (((v == Verdict::Win) as u64) << bit));
        writeln!(out, "    {word:#018x},").unwrap();
    }
    out.push_str("];\n");
    let path = PathBuf::from(env::var("OUT_DIR").unwrap()).join("kpk.rs");
    fs::write(path, out).unwrap();
    println!("cargo:rerun-if-changed=build.rs");
}
