//! A small network that corrects chess's hand-written evaluation where it errs: one
//! hidden layer over the men on their squares, seen from each side, added to the
//! hand-written score. It is trained on what the hand-written evaluation leaves over of
//! Stockfish's judgement, so it is tied to the weights it was trained on (the file's
//! name tells the run, `docs/STRENGTH.md` how it was made).

use vorpal_engine::{Chess, Color, Kind, Position, Square};

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
static NET: ResidualNet = match ResidualNet::parse(include_bytes!("../nets/chess-residual-s37.bin")) {
    Ok(net) => net,
    Err(_) => panic!("eval/nets/chess-residual-s37.bin is not a net of this build"),
};

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
    /// side to move.
    pub fn correction(&self, pos: &Chess) -> i32 {
        let us = pos.side_to_move();
        let views = [us, !us];
        // Both views' sums in one pass over the men.
        let mut sums = [self.hidden_bias; 2];
        for color in Color::ALL {
            for kind in Kind::ALL {
                for sq in pos.board().pieces(color, kind) {
                    for (view, sums) in views.into_iter().zip(&mut sums) {
                        for (sum, w) in sums.iter_mut().zip(&self.hidden[feature(view, color, kind, sq)]) {
                            *sum += w;
                        }
                    }
                }
            }
        }
        // In 64 bits: any weights of the file's range sum without overflow.
        let raw: i64 = sums
            .iter()
            .zip(&self.output)
            .flat_map(|(sums, weights)| sums.iter().zip(weights))
            .map(|(&s, &w)| i64::from(i32::from(s).clamp(0, QA) * i32::from(w)))
            .sum();
        ((raw + i64::from(self.output_bias)) * i64::from(CENTIPAWNS) / i64::from(QA * QB)) as i32
    }
}

/// The embedded network's correction of the hand-written evaluation of `pos`.
pub(crate) fn correction(pos: &Chess) -> i32 {
    NET.correction(pos)
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
