//! The protocol's line handling: any lines, in any order, are answered without a
//! panic. Searches and perft are cut short so that an input cannot run for long.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vorpal_uci::protocol::Protocol;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut protocol = Protocol::new();
    for line in text.lines().take(64) {
        // Long searches and perfts are for people, not for the fuzzer's time budget.
        let words: Vec<&str> = line.split_whitespace().collect();
        // A table of gigabytes is allowed to people; the fuzzer's memory limit is 2 GB.
        if words.first() == Some(&"setoption") && words.iter().any(|w| w.eq_ignore_ascii_case("hash")) {
            continue;
        }
        let bounded = if line.trim_start().starts_with("go") {
            if words.iter().any(|w| *w == "infinite" || *w == "ponder" || *w == "perft") {
                continue;
            }
            format!("{line} depth 2 nodes 2000")
        } else {
            line.to_string()
        };
        if !protocol.handle(&bounded) {
            break;
        }
    }
    protocol.handle("stop");
});
