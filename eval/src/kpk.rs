//! King and pawn against king, solved: whether the side with the pawn wins, from a
//! table `build.rs` makes by retrograde analysis.

use vorpal_engine::{Color, Square};

include!(concat!(env!("OUT_DIR"), "/kpk.rs"));

/// Whether the side with the pawn wins: `strong` owns the king on `strong_king` and
/// the pawn on `pawn`, its opponent the king on `weak_king`, and `strong_to_move` says
/// whose turn it is. The position must be legal.
pub fn wins(strong: Color, strong_king: Square, pawn: Square, weak_king: Square, strong_to_move: bool) -> bool {
    // The table's side with the pawn plays up the board with its pawn on files a-d.
    let mirror = if pawn.file() >= 4 { 7 } else { 0 };
    let normal = |sq: Square| {
        let up = if strong == Color::White { sq } else { sq.flip_rank() };
        up.index() ^ mirror
    };
    let pawn = normal(pawn);
    let pawn_index = (pawn / 8 - 1) * 4 + pawn % 8;
    let index =
        (((usize::from(!strong_to_move) * 24 + pawn_index) * 64) + normal(strong_king)) * 64 + normal(weak_king);
    KPK_WINS[index / 64] >> (index % 64) & 1 == 1
}
