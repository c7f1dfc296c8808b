//! Generates the sliding-piece attack tables of the 8x8 board at build time.
//!
//! With BMI2 enabled for the target the tables are indexed by PEXT; otherwise by
//! magic multiplication, with the magic numbers found here by a seeded search, so the
//! build is reproducible and nothing is copied from elsewhere.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn ray_attacks(sq: usize, occupied: u64, dirs: &[(i8, i8)]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
        loop {
            f += df;
            r += dr;
            if !(0..8).contains(&f) || !(0..8).contains(&r) {
                break;
            }
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
        }
    }
    attacks
}

/// Squares whose occupancy matters: the rays without their last square.
fn relevant_mask(sq: usize, dirs: &[(i8, i8)]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
        loop {
            let (nf, nr) = (f + df, r + dr);
            if !(0..8).contains(&nf) || !(0..8).contains(&nr) {
                break;
            }
            if (f, r) != ((sq % 8) as i8, (sq / 8) as i8) {
                mask |= 1u64 << (r * 8 + f);
            }
            f = nf;
            r = nr;
        }
    }
    mask
}

fn subsets(mask: u64) -> Vec<u64> {
    let mut out = Vec::with_capacity(1 << mask.count_ones());
    let mut sub = 0u64;
    loop {
        out.push(sub);
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            return out;
        }
    }
}

fn pext(value: u64, mut mask: u64) -> u64 {
    let mut result = 0;
    let mut bit = 0;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if value & low != 0 {
            result |= 1 << bit;
        }
        bit += 1;
        mask &= mask - 1;
    }
    result
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magic(mask: u64, occupancies: &[u64], attacks: &[u64], rng: &mut Rng) -> u64 {
    let bits = mask.count_ones();
    let size = 1usize << bits;
    let mut table = vec![0u64; size];
    let mut epoch = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        let magic = rng.sparse();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let fits = occupancies.iter().zip(attacks).all(|(&occ, &att)| {
            let index = (occ.wrapping_mul(magic) >> (64 - bits)) as usize;
            if epoch[index] != attempt {
                epoch[index] = attempt;
                table[index] = att;
                true
            } else {
                table[index] == att
            }
        });
        if fits {
            return magic;
        }
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let use_pext = env::var("CARGO_CFG_TARGET_FEATURE")
        .map(|features| features.split(',').any(|f| f == "bmi2"))
        .unwrap_or(false);

    let mut rng = Rng(0x05ee_d0fa_11ce_u64);
    let mut table: Vec<u64> = Vec::new();
    let mut src = String::new();
    for (name, dirs) in [("ROOK", &ROOK_DIRS), ("BISHOP", &BISHOP_DIRS)] {
        writeln!(src, "pub(crate) static {name}_MAGICS: [Magic; 64] = [").unwrap();
        for sq in 0..64 {
            let mask = relevant_mask(sq, dirs);
            let bits = mask.count_ones();
            let occupancies = subsets(mask);
            let attacks: Vec<u64> = occupancies.iter().map(|&o| ray_attacks(sq, o, dirs)).collect();
            let offset = table.len();
            table.resize(offset + (1 << bits), 0);
            let magic = if use_pext {
                for (&occ, &att) in occupancies.iter().zip(&attacks) {
                    table[offset + pext(occ, mask) as usize] = att;
                }
                0
            } else {
                let magic = find_magic(mask, &occupancies, &attacks, &mut rng);
                for (&occ, &att) in occupancies.iter().zip(&attacks) {
                    table[offset + (occ.wrapping_mul(magic) >> (64 - bits)) as usize] = att;
                }
                magic
            };
            writeln!(
                src,
                "    Magic {{ mask: {mask:#x}, magic: {magic:#x}, shift: {}, offset: {offset} }},",
                64 - bits
            )
            .unwrap();
        }
        writeln!(src, "];").unwrap();
    }
    writeln!(src, "pub(crate) static SLIDER_ATTACKS: [u64; {}] = [", table.len()).unwrap();
    for chunk in table.chunks(8) {
        let line: Vec<String> = chunk.iter().map(|a| format!("{a:#x}")).collect();
        writeln!(src, "    {},", line.join(", ")).unwrap();
    }
    writeln!(src, "];").unwrap();

    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::write(out.join("slider_tables.rs"), src).expect("OUT_DIR is writable");
}
