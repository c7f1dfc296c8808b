//! Zobrist key tables, generated at compile time from a fixed seed per table.

/// `N` pseudo-random keys from SplitMix64, distinct seeds giving unrelated tables.
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        out[i] = mix(state);
        i += 1;
    }
    out
}

/// SplitMix64's finaliser: every bit of `x` reaches every bit of the result.
#[inline(always)]
pub const fn mix(x: u64) -> u64 {
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_are_distinct_and_nonzero() {
        let table = super::keys::<1024>(7);
        let mut sorted = table.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), table.len());
        assert!(table.iter().all(|&k| k != 0));
        assert_ne!(super::keys::<4>(1), super::keys::<4>(2));
    }
}
