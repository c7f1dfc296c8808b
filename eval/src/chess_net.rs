//! A small network that corrects chess's hand-written evaluation where it errs: one
//! hidden layer over the men on their squares, seen from each side, added to the
//! hand-written score. It is trained on what the hand-written evaluation leaves over of
//! Stockfish's judgement, so it is tied to the weights it was trained on (the file's
//! name tells the run, `docs/STRENGTH.md` how it was made).

use std::cell::RefCell;
use vorpal_engine::{Bitboard, Chess, Color, Kind, Position, Square};

/// Hidden units per side.
pub const HIDDEN: usize = 32;
/// A man of either colour, of each kind, on each square.
pub const FEATURES: usize = 2 * 6 * 64;
/// The scale of the first layer's weights: an active unit's output is 0 to `QA`.
pub const QA: i32 = 255;
/// The scale of the output weights.
pub const QB: i32 = 512;
/// The network's raw output (an active unit's output 0 to 1) times this is centipawns.
pub const CENTIPAWNS: i32 = 400;
/// The first bytes of a net file.
pub const MAGIC: &[u8; 4] = b"VRES";

/// The feature of a man of `color` and `kind` on `sq` seen from `view`: its own men
/// first, the board turned so that it plays up (a square's rank mirrored for Black).
#[inline(always)]
pub fn feature(view: Color, color: Color, kind: Kind, sq: Square) -> usize {
    let side = usize::from(color != view);
    let turn = if view == Color::White { 0 } else { 56 };
    (side * 6 + kind.index()) * 64 + (sq.index() ^ turn)
}

/// The features of `pos` seen from `view`, its own men first.
pub fn features(pos: &Chess, view: Color) -> impl Iterator<Item = usize> + '_ {
    [view, !view].into_iter().flat_map(move |color| {
        Kind::ALL.into_iter().flat_map(move |kind| {
            pos.board()
                .pieces(color, kind)
                .into_iter()
                .map(move |sq| feature(view, color, kind, sq))
        })
    })
}

/// The same feature with the board mirrored left to right (files a and h swapped),
/// under which a chess evaluation without castling rights is the same.
pub fn mirrored(feature: usize) -> usize {
    feature ^ 7
}

/// The network, quantized: 16-bit weights, integer sums.
pub struct ResidualNet {
    hidden: [[i16; HIDDEN]; FEATURES],
    hidden_bias: [i16; HIDDEN],
    /// The side to move's units first, then the other side's.
    output: [[i16; HIDDEN]; 2],
    output_bias: i32,
}

/// Why a net file cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetError {
    /// Not the size a net of [`HIDDEN`] units has.
    Size,
    /// It does not start with [`MAGIC`] and [`HIDDEN`].
    Header,
    /// A first-layer weight so large that 32 men could overflow a unit's 16-bit sum.
    Overflow,
}

/// The net the engine plays with, read at compile time, so a malformed file does not
/// build.
const EMBEDDED: ResidualNet = match ResidualNet::parse(include_bytes!("../nets/chess-residual-s37.bin")) {
    Ok(net) => net,
    Err(_) => panic!("eval/nets/chess-residual-s37.bin is not a net of this build"),
};
static NET: ResidualNet = EMBEDDED;

/// The men of a position by colour and kind (`colour * 6 + kind`).
type Men = [Bitboard; 12];

/// The first layer's sums over some men, from each side's view (White's first): the
/// same sums as [`ResidualNet::correction`] takes from scratch.
struct Accumulator {
    men: Men,
    sums: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// The sums of an empty board: the biases.
    const fn empty(net: &ResidualNet) -> Accumulator {
        Accumulator {
            men: [Bitboard::EMPTY; 12],
            sums: [net.hidden_bias; 2],
        }
    }

    /// How many men differ between these sums' men and `men`.
    fn distance(&self, men: &Men) -> u32 {
        self.men.iter().zip(men).map(|(&was, &is)| (was ^ is).count()).sum()
    }
}

thread_local! {
    /// The sums of the last position this thread evaluated. Positions the search
    /// evaluates one after another differ by a few men, so updating these sums costs a
    /// few rows of weights where summing from scratch costs one a man. The evaluator is
    /// shared by the search threads, so each keeps its own.
    static LAST: RefCell<Accumulator> = const { RefCell::new(Accumulator::empty(&EMBEDDED)) };
}

/// Each colour and kind with its index in [`Men`].
const MEN: [(Color, Kind, usize); 12] = {
    let mut men = [(Color::White, Kind::Pawn, 0); 12];
    let mut index = 0;
    while index < 12 {
        men[index] = (Color::ALL[index / 6], Kind::ALL[index % 6], index);
        index += 1;
    }
    men
};

fn men(pos: &Chess) -> Men {
    MEN.map(|(color, kind, _)| pos.board().pieces(color, kind))
}

const fn read_i16(bytes: &[u8], at: usize) -> i16 {
    i16::from_le_bytes([bytes[at], bytes[at + 1]])
}

impl ResidualNet {
    /// The size of a net file.
    pub const FILE_SIZE: usize = 8 + 2 * (FEATURES * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;

    /// Reads the trainer's file: [`MAGIC`], the hidden size (u32), then little-endian
    /// the first layer's weights by feature, its biases, the output weights (i16) and
    /// the output bias (i32).
    pub const fn parse(bytes: &[u8]) -> Result<ResidualNet, NetError> {
        if bytes.len() != Self::FILE_SIZE {
            return Err(NetError::Size);
        }
        if bytes[0] != MAGIC[0]
            || bytes[1] != MAGIC[1]
            || bytes[2] != MAGIC[2]
            || bytes[3] != MAGIC[3]
            || u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize != HIDDEN
        {
            return Err(NetError::Header);
        }
        let mut net = ResidualNet {
            hidden: [[0; HIDDEN]; FEATURES],
            hidden_bias: [0; HIDDEN],
            output: [[0; HIDDEN]; 2],
            output_bias: 0,
        };
        let mut at = 8;
        let mut largest = 0;
        let mut row = 0;
        while row <= FEATURES {
            let mut unit = 0;
            while unit < HIDDEN {
                let w = read_i16(bytes, at);
                if row < FEATURES {
                    net.hidden[row][unit] = w;
                } else {
                    net.hidden_bias[unit] = w;
                }
                if w.unsigned_abs() > largest {
                    largest = w.unsigned_abs();
                }
                at += 2;
                unit += 1;
            }
            row += 1;
        }
        // 32 men (16 a side at most) and the bias.
        if 33 * largest as u32 > i16::MAX as u32 {
            return Err(NetError::Overflow);
        }
        let mut side = 0;
        while side < 2 {
            let mut unit = 0;
            while unit < HIDDEN {
                net.output[side][unit] = read_i16(bytes, at);
                at += 2;
                unit += 1;
            }
            side += 1;
        }
        net.output_bias = i32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        Ok(net)
    }

    /// The correction of the hand-written evaluation of `pos`, in centipawns for the
    /// side to move, summed from scratch.
    pub fn correction(&self, pos: &Chess) -> i32 {
        let mut sums = Accumulator::empty(self);
        self.update(&mut sums, &men(pos));
        self.output(&sums.sums, pos.side_to_move())
    }

    /// Moves `acc` to the sums over `men`: the men gone taken out and the men come put
    /// in, or, where more men changed than `men` holds, every man of `men` put in afresh.
    fn update(&self, acc: &mut Accumulator, men: &Men) {
        let total = men.iter().fold(Bitboard::EMPTY, |all, &set| all | set).count();
        if acc.distance(men) > total {
            *acc = Accumulator::empty(self);
        }
        // Summed in a local copy, which the compiler can keep in registers.
        let mut sums = acc.sums;
        // Taken out first: every sum on the way is then one over the men of one of the
        // two positions, which the first layer's bound keeps within 16 bits.
        for &(color, kind, index) in &MEN {
            for sq in acc.men[index] & !men[index] {
                self.apply(&mut sums, color, kind, sq, |sum, w| *sum -= w);
            }
        }
        for &(color, kind, index) in &MEN {
            for sq in men[index] & !acc.men[index] {
                self.apply(&mut sums, color, kind, sq, |sum, w| *sum += w);
            }
        }
        *acc = Accumulator { men: *men, sums };
    }

    /// Applies `op` to each view's sums with the weights of the man of `color` and
    /// `kind` on `sq`.
    #[inline(always)]
    fn apply(&self, sums: &mut [[i16; HIDDEN]; 2], color: Color, kind: Kind, sq: Square, op: impl Fn(&mut i16, i16)) {
        let rows = [
            feature(Color::White, color, kind, sq),
            feature(Color::Black, color, kind, sq),
        ];
        for (sums, row) in sums.iter_mut().zip(rows) {
            for (sum, &w) in sums.iter_mut().zip(&self.hidden[row]) {
                op(sum, w);
            }
        }
    }

    /// The output for the side to move `us` from the sums seen from White and Black.
    fn output(&self, sums: &[[i16; HIDDEN]; 2], us: Color) -> i32 {
        let views = [&sums[us.index()], &sums[(!us).index()]];
        // In 32 bits: 64 products of at most 255 x 32,768 stay below 2^31.
        let raw: i32 = views
            .into_iter()
            .zip(&self.output)
            .flat_map(|(sums, weights)| sums.iter().zip(weights))
            .map(|(&s, &w)| i32::from(s.clamp(0, QA as i16)) * i32::from(w))
            .sum();
        ((i64::from(raw) + i64::from(self.output_bias)) * i64::from(CENTIPAWNS) / i64::from(QA * QB)) as i32
    }
}

/// The embedded network's correction of the hand-written evaluation of `pos`.
pub(crate) fn correction(pos: &Chess) -> i32 {
    LAST.with_borrow_mut(|last| {
        NET.update(last, &men(pos));
        NET.output(&last.sums, pos.side_to_move())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use vorpal_engine::{Notation, Variant};

    fn chess(fen: &str) -> Chess {
        Chess::from_fen(Variant::Chess, fen).unwrap()
    }

    #[test]
    fn each_side_sees_its_own_men_first_and_plays_up() {
        let start = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let sorted = |view| {
            let mut list: Vec<usize> = features(&start, view).collect();
            list.sort_unstable();
            list
        };
        // The start is the same position from either side.
        assert_eq!(sorted(Color::White), sorted(Color::Black));
        assert_eq!(sorted(Color::White).len(), 32);
        // White's king on e1 and Black's on e8 are each side's own king on e1.
        let own_king_e1 = 5 * 64 + 4;
        assert!(features(&start, Color::White).any(|f| f == own_king_e1));
        assert!(features(&start, Color::Black).any(|f| f == own_king_e1));
        let lone = chess("8/8/8/8/8/8/8/K6k b - - 0 1");
        // Black's king on h1 is, from Black's side, its own king on h8; White's on a1 is the
        // enemy's on a8.
        let mut black_view: Vec<usize> = features(&lone, Color::Black).collect();
        black_view.sort_unstable();
        assert_eq!(black_view, vec![5 * 64 + 63, (6 + 5) * 64 + 56]);
        assert_eq!(mirrored(5 * 64 + 63), 5 * 64 + 56);
        assert!((0..FEATURES).all(|f| mirrored(mirrored(f)) == f && mirrored(f) / 64 == f / 64));
    }

    #[test]
    fn a_file_that_is_not_a_net_of_this_build_is_refused() {
        let mut bytes = vec![0u8; ResidualNet::FILE_SIZE];
        bytes[..4].copy_from_slice(MAGIC);
        bytes[4..8].copy_from_slice(&(HIDDEN as u32).to_le_bytes());
        assert!(ResidualNet::parse(&bytes).is_ok());
        assert_eq!(ResidualNet::parse(&bytes[1..]).err(), Some(NetError::Size));
        let mut other_size = bytes.clone();
        other_size[4] += 1;
        assert_eq!(ResidualNet::parse(&other_size).err(), Some(NetError::Header));
        let mut too_large = bytes.clone();
        too_large[8..10].copy_from_slice(&1000i16.to_le_bytes());
        assert_eq!(ResidualNet::parse(&too_large).err(), Some(NetError::Overflow));
        // A net of zeros corrects nothing.
        let zero = ResidualNet::parse(&bytes).unwrap();
        assert_eq!(zero.correction(&chess("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")), 0);
    }

    #[test]
    fn the_sums_kept_from_position_to_position_are_the_sums_from_scratch() {
        let start = Chess::startpos(Variant::Chess);
        let kiwipete = chess("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut checked = 0;
        for game in 0..40 {
            // Every other game jumps between two lines, as the search does when it
            // leaves a subtree: many men differ from the last position evaluated.
            let mut lines = [start, kiwipete];
            for ply in 0..120 {
                let line = if game % 2 == 0 { 0 } else { ply % 2 };
                let pos = &lines[line];
                assert_eq!(correction(pos), NET.correction(pos), "{}", pos.fen());
                checked += 1;
                let moves = pos.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[crate::xorshift(&mut seed) as usize % moves.len()];
                lines[line] = pos.play(mv);
            }
        }
        assert!(checked > 2000, "{checked}");
        // The same men with the other side to move: the sums are kept, the output is not.
        let black = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(correction(&black), NET.correction(&black));
        assert_eq!(correction(&start), NET.correction(&start));
    }

    #[test]
    fn the_correction_is_the_same_for_either_colour() {
        let mut corrections = Vec::new();
        for (white, black) in [
            (
                "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
            ),
            ("8/5k2/8/3P4/8/8/2K5/8 w - - 0 1", "8/2k5/8/8/3p4/8/5K2/8 b - - 0 1"),
            // White a knight up.
            (
                "r1bqkb1r/pppp1ppp/5n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
                "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/5N2/PPPP1PPP/R1BQKB1R b KQkq - 0 4",
            ),
        ] {
            let corrected = correction(&chess(white));
            assert_eq!(corrected, correction(&chess(black)), "{white}");
            corrections.push(corrected);
        }
        // Not equal by being nothing: the embedded net corrects some of them.
        assert!(corrections.iter().any(|&c| c != 0), "{corrections:?}");
    }
}
